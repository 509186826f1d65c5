//! One text of an alignment ([`Side`]): its tokens and their weights, with what may be built
//! beforehand for it (its seed table, its weights' prefix sums, its sentence vectors).

use super::segments::SeedTable;
use super::weights::Weights;
use crate::sketch::sentence_terms::SentenceVectors;

/// One text of an alignment: its token hashes and each token's weight in tenths of a word
/// ([`crate::text::token_weights`]).
#[derive(Debug, Clone, Copy)]
pub struct Side<'a> {
    /// Token hashes (equal tokens, equal hashes).
    pub hashes: &'a [u64],
    /// Token weights, as long as `hashes`.
    pub weights: &'a [u32],
    /// Tokens that other references share too (the phrasing of the domain, not of one source);
    /// empty when unknown. They count for an edited passage's evidence only when absent.
    pub shared: &'a [bool],
    /// The paper's common phrasing (stock phrases many references hold, among the tokens that
    /// cannot be evidence); empty when unknown. The same text across it joins two exact runs on
    /// one diagonal into one.
    pub common: &'a [bool],
    /// The seed table of `hashes` when it was built beforehand: a source's in all pairs, a
    /// paper's (with its filter) in a check; one with another window than the options' seed
    /// length is ignored, and a table is built for the call.
    pub seeds: Option<&'a SeedTable>,
    /// The prefix sums of `weights` when built beforehand (a check's paper, aligned with every
    /// candidate); ones of another length are ignored.
    pub sums: Option<&'a WeightSums>,
    /// The text's sentence vectors, when rewritten copies are looked for; `None` on either side
    /// finds exact evidence only.
    pub sentences: Option<&'a SentenceVectors>,
}

impl<'a> Side<'a> {
    /// This side with `sentences` as its sentence vectors.
    pub fn with_sentences(self, sentences: Option<&'a SentenceVectors>) -> Self {
        Side { sentences, ..self }
    }
}

/// A side's prefix sums of its token weights, and of those of the tokens no other reference
/// shares: what every alignment's [`Context`](super::context::Context) computes from its paper side, built once for a
/// paper aligned with many sources (a check's candidates).
#[derive(Debug, Clone)]
pub struct WeightSums {
    pub(super) all: Weights,
    pub(super) rare: Weights,
}

impl WeightSums {
    /// The sums of `side`'s weights (and of those not `shared`).
    pub fn of(side: &Side<'_>) -> Self {
        // Tokens other references share weigh nothing as an edited passage's evidence.
        let rare: Vec<u32> = (side.weights.iter().enumerate())
            .map(|(i, &w)| {
                if side.shared.get(i) == Some(&true) {
                    0
                } else {
                    w
                }
            })
            .collect();
        WeightSums {
            all: Weights::new(side.weights),
            rare: Weights::new(&rare),
        }
    }
}
