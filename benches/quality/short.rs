//! The short cross-language kinds (issue 46), for every pair of `translate.rs` and both host
//! languages, drawn beside the long kinds of `translated.rs` with a seed and a copy of the pool of
//! their own, so those are what they were without them:
//! - xl-short: 2-6 consecutive sentences of a reference's page in the hosts' language, planted in
//!   a host; the case's source range is the same blocks in the reference. The passage is a run of
//!   whole aligned blocks (the ids align blocks, not sentences), each with 6+ words on its English
//!   side (no headings or labels). Its sentences are counted in the planted language by the
//!   bench's own splitter (`corpus::sentences`: English, German and Russian at . ! ? before a
//!   capital, a digit or a quote; Chinese and Japanese at 。！？ and ；), a block's end ending
//!   one. The documents take the lengths 2, 3 and 4-6 sentences in turn, one per reference.
//! - xl-orphan: a run of 2-6 sentences of a pool page on a reference's topic (the page nearest
//!   it by xl-topic's tf·idf cosine, one per reference), planted as xl-short plants: a
//!   translation whose source is not among the references. Pool pages are clean in both
//!   languages, so nothing is to be found.
//!
//! Recall, precision, plagdet and retrieval per length are printed in a table of their own.

use crate::corpus::sentences;
use crate::generate::{Kind, Suspicious};
use crate::matcher;
use crate::record::{self, say};
use crate::report::Checked;
use crate::rng::Rng;
use crate::score;
use crate::translated::Draw;

/// The passage lengths in sentences, taken in turn.
pub const LENGTHS: [(usize, usize); 3] = [(2, 2), (3, 3), (4, 6)];
/// Least English words of each block of a short passage (on its English side).
const BLOCK_WORDS: usize = 6;

pub struct ShortGenerator<'a> {
    pub draw: Draw<'a>,
    pub rng: Rng,
    /// Pool pages not yet used, taken from the end.
    pub pool: Vec<usize>,
    /// Topic cosines of the xl-orphan pages: least, most.
    pub cosines: (f64, f64),
}

impl ShortGenerator<'_> {
    /// Runs of blocks (first, end) of page `page` in the hosts' language holding `least..=most`
    /// sentences.
    fn runs(&self, page: usize, (least, most): (usize, usize)) -> Vec<(usize, usize)> {
        let page = &self.draw.bench.pages[page];
        let blocks = page.blocks(self.draw.foreign);
        let chinese = self.draw.lang.chinese;
        let mut runs = Vec::new();
        for first in 0..blocks.len() {
            let mut count = 0;
            for end in first + 1..=blocks.len() {
                if matcher::count(&page.en[end - 1]) < BLOCK_WORDS {
                    break;
                }
                count += sentences(&blocks[end - 1], chinese).len();
                if count > most {
                    break;
                }
                if count >= least {
                    runs.push((first, end));
                }
            }
        }
        runs
    }

    fn host(&mut self) -> Option<Vec<String>> {
        self.draw.host(&mut self.pool, &mut self.rng)
    }

    /// `per_kind` xl-orphan documents, then `per_kind` xl-short ones.
    pub fn documents(&mut self, per_kind: usize) -> Vec<Suspicious> {
        let mut result = self.orphans(per_kind);
        let mut sources: Vec<usize> = (0..self.draw.bench.refs.len()).collect();
        self.rng.shuffle(&mut sources);
        // A host is used once: kept for the next source when a passage is turned down.
        let (mut made, mut spare) = (0, None);
        for source in sources {
            if made == per_kind {
                break;
            }
            let runs = self.runs(source, LENGTHS[made % LENGTHS.len()]);
            if runs.is_empty() {
                continue;
            }
            let Some(host) = spare.take().or_else(|| self.host()) else {
                eprintln!("[{}] out of pool pages at xl-short", self.draw.label);
                break;
            };
            let (first, end) = runs[self.rng.below(runs.len())];
            let kind = Kind::ShortTranslated;
            match (self.draw).plant(kind, (source, first, end), &host, &mut self.rng) {
                Some(document) => {
                    result.push(document);
                    made += 1;
                }
                None => spare = Some(host),
            }
        }
        result
    }

    /// `count` xl-orphan documents: a short run of each of the pool pages nearest a reference by
    /// topic (one per reference) in a host; those pages are taken out of the pool.
    fn orphans(&mut self, count: usize) -> Vec<Suspicious> {
        let (foreign, bench) = (self.draw.foreign, self.draw.bench);
        let pages = &bench.pages;
        let candidates: Vec<usize> = (self.pool.iter().copied())
            .filter(|&p| !self.runs(p, (2, 6)).is_empty())
            .collect();
        let texts: Vec<String> = candidates.iter().map(|&p| pages[p].text(foreign)).collect();
        let topics = self.draw.topics(&texts);
        let references = self.draw.bench.refs.len();
        let chosen = topics.nearest_one_each(&texts, (references, count), |_| true);
        self.cosines = (
            chosen.last().map_or(0.0, |c| c.0),
            chosen.first().map_or(0.0, |c| c.0),
        );
        let chosen: Vec<usize> = chosen.iter().map(|&(_, i)| candidates[i]).collect();
        self.pool.retain(|p| !chosen.contains(p));
        let mut documents = Vec::new();
        for (n, &page) in chosen.iter().enumerate() {
            let mut runs = self.runs(page, LENGTHS[n % LENGTHS.len()]);
            if runs.is_empty() {
                runs = self.runs(page, (2, 6));
            }
            let (first, end) = runs[self.rng.below(runs.len())];
            let Some(mut host) = self.host() else {
                eprintln!("[{}] out of pool pages at xl-orphan", self.draw.label);
                break;
            };
            let passage = pages[page].blocks(foreign)[first..end].join("\n");
            let point = self.rng.below(host.len() + 1);
            host.insert(point, passage);
            documents.push(Suspicious {
                kind: Kind::CrossOrphan,
                text: host.join(self.draw.lang.paragraph),
                cases: Vec::new(),
            });
        }
        documents
    }
}

/// The sentences of `document`'s planted passage, counted as the generator counted them.
fn planted_sentences(document: &Suspicious, chinese: bool) -> usize {
    let Some(case) = document.cases.first() else {
        return 0;
    };
    let units: Vec<u16> = document.text.encode_utf16().collect();
    let planted = String::from_utf16_lossy(&units[case.susp.0..case.susp.1]);
    sentences(&planted, chinese).len()
}

/// The columns of the by-length table.
const COLUMNS: [&str; 9] = [
    "sentences",
    "docs",
    "found",
    "precision",
    "recall",
    "plagdet",
    "flagged",
    "source found",
    "source first",
];

/// Prints the xl-short documents' scores per passage length: PAN's measures, documents flagged,
/// and documents whose source is reported at all and first (`ranks`: the source's place among
/// the reported sources, per document of `results`).
pub fn length_table(label: &str, chinese: bool, results: &[Checked], ranks: &[Option<usize>]) {
    record::table(format!("[{label}] xl-short by passage length"), &COLUMNS);
    let c = COLUMNS;
    println!(
        "  {:<9} {:>4} {:>5} {:>9} {:>7} {:>7} {:>7} {:>12} {:>12}",
        c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8]
    );
    for (least, most) in LENGTHS {
        let chosen: Vec<usize> = (0..results.len())
            .filter(|&i| results[i].0.kind == Kind::ShortTranslated)
            .filter(|&i| (least..=most).contains(&planted_sentences(&results[i].0, chinese)))
            .collect();
        let subset: Vec<_> = (chosen.iter())
            .map(|&i| (&results[i].0, results[i].1.as_slice()))
            .collect();
        let s = score::score(&subset);
        let found = chosen.iter().filter(|&&i| ranks[i].is_some()).count();
        let first = chosen.iter().filter(|&&i| ranks[i] == Some(0)).count();
        let cells = [
            if least == most {
                least.to_string()
            } else {
                format!("{least}-{most}")
            },
            chosen.len().to_string(),
            s.detections.to_string(),
            format!("{:.3}", s.precision),
            format!("{:.3}", s.recall),
            format!("{:.3}", s.plagdet),
            s.flagged.to_string(),
            found.to_string(),
            first.to_string(),
        ];
        record::row(&cells);
        let c = &cells;
        println!(
            "  {:<9} {:>4} {:>5} {:>9} {:>7} {:>7} {:>7} {:>12} {:>12}",
            c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8]
        );
    }
    let short = (0..results.len()).filter(|&i| results[i].0.kind == Kind::ShortTranslated);
    let (mut documents, mut found) = (0, 0);
    for i in short {
        documents += 1;
        found += usize::from(ranks[i].is_some());
    }
    say!(
        "  xl-short: the source reported in {found} of {documents} documents ({:.1}%; no target)",
        found as f64 * 100.0 / documents.max(1) as f64
    );
}
