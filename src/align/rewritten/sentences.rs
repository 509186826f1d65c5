//! Both texts' sentences as a rewritten copy reads them ([`Sentences`]), and the report's record of
//! a seed's two sentences ([`pair`]).

use crate::align::passage::SentencePair;
use crate::sketch::sentence_terms::SentenceVectors;

use super::seeds::Seed;

/// Both texts' sentence vectors and token hashes.
#[derive(Debug, Clone, Copy)]
pub struct Sentences<'a> {
    /// The paper's.
    pub paper: &'a SentenceVectors,
    /// The source's.
    pub source: &'a SentenceVectors,
    /// The paper's token hashes.
    pub paper_tokens: &'a [u64],
    /// The source's token hashes.
    pub source_tokens: &'a [u64],
}

/// The report's record of `seed`'s two sentences.
pub(super) fn pair(seed: &Seed, sentences: Sentences) -> SentencePair {
    SentencePair {
        paper: sentences.paper.units[seed.paper].clone(),
        source: sentences.source.units[seed.source].clone(),
        similarity: (seed.cosine.min(1.0) * 1000.0).round() as u16,
    }
}
