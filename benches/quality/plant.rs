//! Planting passages into a host: choosing a run of source sentences (or, for the traditional
//! kind, of simplified articles; for the rewritten kind, of the other translation: `rewrite.rs`),
//! disguising it, and keeping the document only when the matcher attributes every shared run to
//! the planted passage's own source.

use crate::corpus::{sentences, utf16_len, utf16_range};
use crate::edit;
use crate::generate::{Case, Generator, Kind, Suspicious};
use crate::matcher;
use crate::paraphrase::Paraphraser;
use crate::rewrite::{han, EXCERPT};

/// Attempts per host before it is given up (a passage may share a run with another reference).
const TRIES: usize = 20;

/// A disguised passage, its source (an index into the references) and its UTF-16 range there.
pub(crate) struct Planted {
    pub(crate) text: String,
    pub(crate) source: usize,
    pub(crate) src: (usize, usize),
}

impl Generator<'_> {
    /// A document of `kind` on `host`: the host as is for clean documents, else with 1-2 planted
    /// passages whose shared runs (by the matcher) all lie in them and belong to their source.
    pub(crate) fn document(&mut self, kind: Kind, host: &[String]) -> Option<Suspicious> {
        let paragraph = self.lang.paragraph;
        if kind == Kind::Clean {
            let text = host.join(paragraph);
            return Some(Suspicious {
                kind,
                text,
                cases: Vec::new(),
            });
        }
        for _ in 0..TRIES {
            // A rejected try's paraphrases are not counted in the summary.
            let stats = self.paraphrase_stats;
            // One rewritten page per document: its case spans the whole source page.
            let count = if kind == Kind::Rewritten {
                1
            } else {
                1 + self.rng.below(2)
            };
            let planted: Option<Vec<Planted>> = (0..count).map(|_| self.planted(kind)).collect();
            let Some(planted) = planted else {
                self.paraphrase_stats = stats;
                continue;
            };
            let mut points: Vec<usize> =
                (0..count).map(|_| self.rng.below(host.len() + 1)).collect();
            points.sort_unstable();
            let (text, ranges) = assemble(host, &planted, &points, paragraph);
            let allowed: Vec<_> = ranges
                .iter()
                .zip(&planted)
                .map(|(&r, p)| (r, p.source as u32))
                .collect();
            if self.bench.clean.stray(&text, &allowed) > 0 {
                self.paraphrase_stats = stats;
                continue;
            }
            let cases = ranges
                .iter()
                .zip(&planted)
                .map(|(&range, p)| Case {
                    source: self.bench.refs[p.source].id.clone(),
                    susp: utf16_range(&text, range),
                    src: p.src,
                })
                .collect();
            let document = Suspicious { kind, text, cases };
            self.check_offsets(&document);
            return Some(document);
        }
        None
    }

    /// Guards the ground truth's offsets: a verbatim case's two ranges hold the same text, and a
    /// traditional case's two ranges begin and end with the two versions of an article.
    fn check_offsets(&self, document: &Suspicious) {
        let slice = |text: &str, (s, e): (usize, usize)| {
            let units: Vec<u16> = text.encode_utf16().collect();
            String::from_utf16(&units[s..e]).expect("ranges on character boundaries")
        };
        for case in &document.cases {
            let source = self
                .bench
                .refs
                .iter()
                .find(|r| r.id == case.source)
                .unwrap();
            let (paper, cited) = (
                slice(&document.text, case.susp),
                slice(&source.text, case.src),
            );
            match document.kind {
                Kind::Verbatim => assert_eq!(paper, cited, "verbatim case offsets"),
                Kind::Traditional => {
                    let pairs = source.traditional.as_ref().unwrap();
                    let starts = pairs
                        .iter()
                        .any(|(s, t)| paper.starts_with(s) && cited.starts_with(t));
                    let ends = pairs
                        .iter()
                        .any(|(s, t)| paper.ends_with(s) && cited.ends_with(t));
                    assert!(starts && ends, "traditional case offsets");
                }
                Kind::Rewritten => {
                    let whole = (0, utf16_len(&source.text));
                    let page = source.rewrite.as_deref().unwrap_or("");
                    assert!(
                        case.src == whole && page.contains(&paper),
                        "rewritten case offsets"
                    );
                }
                _ => {}
            }
        }
    }

    fn planted(&mut self, kind: Kind) -> Option<Planted> {
        if kind == Kind::Traditional {
            let source = self.traditional[self.rng.below(self.traditional.len())];
            return self.traditional_passage(source);
        }
        if kind == Kind::Rewritten {
            let source = *self.rewrites.get(self.rng.below(self.rewrites.len()))?;
            return self.rewritten_passage(source);
        }
        if kind == Kind::Paraphrase {
            return self.paraphrased_passage();
        }
        let source = self.sources[self.rng.below(self.sources.len())];
        let text = &self.bench.refs[source].text;
        let range = self.passage(text)?;
        Some(Planted {
            text: self.disguise(kind, &text[range.0..range.1]),
            source,
            src: utf16_range(text, range),
        })
    }

    /// Byte range of a run of whole sentences of `passage` units, cut at the last unit allowed
    /// when a long sentence overshoots.
    pub(crate) fn passage(&mut self, text: &str) -> Option<(usize, usize)> {
        let pieces = sentences(text, self.lang.chinese);
        let counts: Vec<usize> = pieces
            .iter()
            .map(|&(s, e)| matcher::count(&text[s..e]))
            .collect();
        let (first, last) = self.run(&counts, self.lang.passage)?;
        let range = (pieces[first].0, pieces[last - 1].1);
        let units = matcher::units(&text[range.0..range.1]);
        if units.len() < self.lang.passage.0 {
            return None;
        }
        let cut = units
            .get(self.lang.passage.1)
            .map_or(range.1, |u| range.0 + u.start);
        Some((range.0, text[range.0..cut].trim_end().len() + range.0))
    }

    /// A run of simplified articles of a traditional reference, and the range of the same
    /// articles in the traditional text (joined by line feeds, as the reference was built).
    fn traditional_passage(&mut self, source: usize) -> Option<Planted> {
        let pairs = self.bench.refs[source].traditional.as_ref()?;
        let counts: Vec<usize> = pairs.iter().map(|(s, _)| matcher::count(s)).collect();
        let (first, last) = self.run(&counts, self.lang.passage)?;
        let offset: usize = pairs[..first].iter().map(|(_, t)| utf16_len(t) + 1).sum();
        let length: usize = pairs[first..last]
            .iter()
            .map(|(_, t)| utf16_len(t) + 1)
            .sum::<usize>()
            - 1;
        let simplified: Vec<&str> = pairs[first..last].iter().map(|(s, _)| s.as_str()).collect();
        Some(Planted {
            text: simplified.join("\n"),
            source,
            src: (offset, offset + length),
        })
    }

    fn disguise(&mut self, kind: Kind, text: &str) -> String {
        let chinese = self.lang.chinese;
        let tokens = edit::tokens(text, chinese, &mut self.rng);
        let tokens = match kind {
            Kind::Light => edit::word_edits(&tokens, 0.10, &self.vocabulary, &mut self.rng),
            Kind::Heavy => {
                let edited = edit::word_edits(&tokens, 0.30, &self.vocabulary, &mut self.rng);
                edit::reorder_sentences(edited, &mut self.rng)
            }
            Kind::Evasion => edit::evade(tokens, chinese, &self.twins, &mut self.rng),
            _ => return text.to_string(),
        };
        edit::join(&tokens, chinese).trim().to_string()
    }
}

/// The host's paragraphs with each planted passage as a paragraph of its own before host
/// paragraph `points[i]`; returns the text and the planted passages' byte ranges.
pub(crate) fn assemble(
    host: &[String],
    planted: &[Planted],
    points: &[usize],
    separator: &str,
) -> (String, Vec<(usize, usize)>) {
    let mut text = String::new();
    let mut ranges = Vec::new();
    let mut next = 0;
    for i in 0..=host.len() {
        while next < points.len() && points[next] == i {
            if !text.is_empty() {
                text.push_str(separator);
            }
            let start = text.len();
            text.push_str(&planted[next].text);
            ranges.push((start, text.len()));
            next += 1;
        }
        if let Some(paragraph) = host.get(i) {
            if !text.is_empty() {
                text.push_str(separator);
            }
            text.push_str(paragraph);
        }
    }
    (text, ranges)
}

/// The passages of the two kinds rewritten without plagscope: by the thesaurus paraphraser and by
/// real translators (`paraphrase.rs`, `rewrite.rs`).
impl Generator<'_> {
    /// A run of whole sentences of a reference, paraphrased; its source range is the run's.
    pub(crate) fn paraphrased_passage(&mut self) -> Option<Planted> {
        let source = self.sources[self.rng.below(self.sources.len())];
        let text = &self.bench.refs[source].text;
        let range = self.passage(text)?;
        let original = &text[range.0..range.1];
        let rewritten = match self.paraphraser.as_ref()? {
            Paraphraser::English(english) => {
                english.rewrite(original, &mut self.rng, &mut self.paraphrase_stats)
            }
            Paraphraser::Chinese(chinese) => {
                chinese.rewrite(original, &mut self.rng, &mut self.paraphrase_stats)
            }
        };
        self.paraphrase_stats.passages += 1;
        Some(Planted {
            text: rewritten,
            source,
            src: utf16_range(text, range),
        })
    }

    /// A run of whole sentences of the zh-CN page of reference `source`, of `EXCERPT` Han
    /// characters; its source range is the whole zh-TW page.
    pub(crate) fn rewritten_passage(&mut self, source: usize) -> Option<Planted> {
        let reference = &self.bench.refs[source];
        let page = reference.rewrite.as_deref()?;
        let pieces = sentences(page, true);
        let counts: Vec<usize> = pieces.iter().map(|&(s, e)| han(&page[s..e])).collect();
        let (first, mut last) = self.run(&counts, EXCERPT)?;
        let mut total: usize = counts[first..last].iter().sum();
        // A long last sentence may overshoot: drop it while the rest is long enough.
        while total > EXCERPT.1 && last - first > 1 && total - counts[last - 1] >= EXCERPT.0 {
            last -= 1;
            total -= counts[last];
        }
        if total > EXCERPT.1 {
            return None;
        }
        Some(Planted {
            text: page[pieces[first].0..pieces[last - 1].1].to_string(),
            source,
            src: (0, utf16_len(&reference.text)),
        })
    }
}
