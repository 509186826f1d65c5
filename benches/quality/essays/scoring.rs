//! Scoring per sentence. A sentence is reported when the union of all reported passages' paper
//! spans covers at least a quarter of its non-space characters; a copied sentence is found when
//! the passages naming its true source cover at least half of them. Beside plagscope, an exact
//! matcher: every run of 8 words (15 Chinese units) shared with a library text, merged per text
//! into passages: what plain n-gram matching reports on the same essays, to calibrate.

use plagscope::checker::Report;

use crate::corpus::utf16_range;
use crate::matcher::{self, Index};

use super::{Essay, Label};

/// Share of a sentence's non-space characters that any reported passage must cover.
pub const REPORTED: f64 = 0.25;
/// Share that its true source's passages must cover for a copied sentence to be found.
pub const FOUND: f64 = 0.5;

/// A reported passage: the source's id, its UTF-16 span in the essay, and (plagscope's) its span
/// in the source and the evidence that found it, for QUALITY_DEBUG.
#[derive(Clone)]
pub struct Passage {
    pub source: String,
    pub span: (usize, usize),
    pub src: (usize, usize),
    pub evidence: String,
    /// The sentence pairs behind it: (paper span, source span, similarity), for QUALITY_DEBUG.
    pub pairs: Vec<crate::score::PairSpans>,
}

pub fn from_report(report: &Report) -> Vec<Passage> {
    (report.sources.iter())
        .flat_map(|s| {
            s.passages.iter().map(|p| Passage {
                source: s.id.clone(),
                span: (p.start, p.end),
                src: (p.source_start, p.source_end),
                evidence: format!("{:?}", p.evidence),
                pairs: (p.sentence_pairs.iter())
                    .map(|q| {
                        let span = (q.start, q.end);
                        (span, (q.source_start, q.source_end), q.similarity)
                    })
                    .collect(),
            })
        })
        .collect()
}

/// The exact matcher's passages: maximal stretches of `index.n`-unit runs `text` shares with
/// library text `ids[i]`.
pub fn exact(index: &Index, ids: &[String], text: &str) -> Vec<Passage> {
    let units = matcher::units(text);
    let n = index.n;
    let mut runs: Vec<(u32, usize, usize)> = Vec::new();
    for (i, hash) in matcher::ngrams(&units, n).into_iter().enumerate() {
        for &id in index.get(hash) {
            runs.push((id, units[i].start, units[i + n - 1].end));
        }
    }
    runs.sort_unstable();
    let mut merged: Vec<(u32, usize, usize)> = Vec::new();
    for (id, start, end) in runs {
        match merged.last_mut() {
            Some(last) if last.0 == id && start <= last.2 => last.2 = last.2.max(end),
            _ => merged.push((id, start, end)),
        }
    }
    (merged.into_iter())
        .map(|(id, start, end)| Passage {
            source: ids[id as usize].clone(),
            span: utf16_range(text, (start, end)),
            src: (0, 0),
            evidence: "8-gram".to_string(),
            pairs: Vec::new(),
        })
        .collect()
}

/// The share of `span`'s non-space characters inside the union of `spans` (`chars`: each
/// character's UTF-16 offset and whether it is a space).
fn covered(chars: &[(usize, bool)], span: (usize, usize), spans: &[(usize, usize)]) -> f64 {
    let inside = |at: usize| spans.iter().any(|&(s, e)| s <= at && at < e);
    let (mut total, mut hit) = (0, 0);
    for &(at, space) in chars.iter().filter(|(at, _)| (span.0..span.1).contains(at)) {
        if !space {
            total += 1;
            hit += usize::from(inside(at));
        }
    }
    hit as f64 / total.max(1) as f64
}

fn offsets(text: &str) -> Vec<(usize, bool)> {
    let mut at = 0;
    (text.chars())
        .map(|c| {
            let here = at;
            at += c.len_utf16();
            (here, c.is_whitespace())
        })
        .collect()
}

/// Each sentence's cover by all passages, and (copied sentences) by its source's.
pub struct Verdict {
    pub reported: f64,
    pub by_source: f64,
}

impl Verdict {
    pub fn reported(&self) -> bool {
        self.reported >= REPORTED
    }

    pub fn found(&self) -> bool {
        self.by_source >= FOUND
    }
}

pub fn judge(essay: &Essay, passages: &[Passage]) -> Vec<Verdict> {
    let chars = offsets(&essay.text);
    let all: Vec<(usize, usize)> = passages.iter().map(|p| p.span).collect();
    (essay.sentences.iter())
        .map(|s| {
            let by_source = match &s.label {
                Label::Copied { source, .. } => {
                    let own: Vec<(usize, usize)> = (passages.iter())
                        .filter(|p| &p.source == source)
                        .map(|p| p.span)
                        .collect();
                    covered(&chars, s.span, &own)
                }
                _ => 0.0,
            };
            Verdict {
                reported: covered(&chars, s.span, &all),
                by_source,
            }
        })
        .collect()
}

/// One kind's counts, for one checker.
#[derive(Default)]
pub struct Tally {
    pub essays: usize,
    pub copied: usize,
    pub found: usize,
    pub reported: usize,
    pub reported_copied: usize,
    pub honest: usize,
    pub honest_reported: usize,
    /// Essays with an honest sentence reported.
    pub accused: usize,
    /// Essays with any passage.
    pub flagged: usize,
}

impl Tally {
    pub fn add(&mut self, essay: &Essay, passages: &[Passage]) {
        self.essays += 1;
        self.flagged += usize::from(!passages.is_empty());
        let mut accused = false;
        for (s, v) in essay.sentences.iter().zip(judge(essay, passages)) {
            let honest = s.label.honest();
            self.reported += usize::from(v.reported());
            if honest {
                self.honest += 1;
                self.honest_reported += usize::from(v.reported());
                accused |= v.reported();
            } else {
                self.copied += 1;
                self.found += usize::from(v.found());
                self.reported_copied += usize::from(v.reported());
            }
        }
        self.accused += usize::from(accused);
    }

    pub fn recall(&self) -> f64 {
        self.found as f64 / self.copied.max(1) as f64
    }

    pub fn precision(&self) -> f64 {
        self.reported_copied as f64 / self.reported.max(1) as f64
    }

    pub fn honest_share(&self) -> f64 {
        self.honest_reported as f64 / self.honest.max(1) as f64
    }

    pub fn accused_share(&self) -> f64 {
        self.accused as f64 / self.essays.max(1) as f64
    }
}
