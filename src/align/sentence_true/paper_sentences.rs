//! The paper's sentences and what matches them in one source ([`PaperSentences`],
//! [`SentenceMatch`]): what a passage is made true to.

use std::ops::Range;

use crate::align::rewritten::SentenceSeed;
use crate::sketch::sentence_terms::SentenceVectors;

/// A paper sentence matched with a source sentence (a seed of the rewritten evidence), as token
/// ranges.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SentenceMatch {
    /// The paper sentence.
    pub paper: Range<usize>,
    /// The source sentence.
    pub source: Range<usize>,
    /// Whether the pair passes `sentenceSimilarity` by itself.
    pub standalone: bool,
}

impl SentenceMatch {
    /// The `seeds` of a paper (`paper`'s units) and a source (`source`'s) as sentence matches of
    /// token ranges, in paper order.
    pub fn from_seeds(
        seeds: &[SentenceSeed],
        paper: &SentenceVectors,
        source: &SentenceVectors,
    ) -> Vec<SentenceMatch> {
        let mut matches: Vec<SentenceMatch> = (seeds.iter())
            .map(|seed| SentenceMatch {
                paper: paper.units[seed.paper].clone(),
                source: source.units[seed.source].clone(),
                standalone: seed.standalone,
            })
            .collect();
        crate::sort::sort_by_key(&mut matches, |m| m.paper.start);
        matches
    }
}

/// The paper's sentences and what matches them in one source, beside the passages' own evidence.
#[derive(Debug, Clone, Copy)]
pub struct PaperSentences<'a> {
    /// The paper's sentence units, in order, covering every token
    /// ([`crate::text::sentences::sentence_units`]); empty leaves passages as they are.
    pub units: &'a [Range<usize>],
    /// Sentence pairs with this source, sorted by paper position.
    pub matches: &'a [SentenceMatch],
}
