//! An aligned passage ([`Passage`]): its ranges in both texts, its exact runs, and the evidence
//! that found it.

use std::ops::Range;

use super::segments::Segment;

/// Which kind of evidence found a passage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum Evidence {
    /// Exact shared runs: pasted or lightly edited text.
    Exact,
    /// Matching sentences without a long exact run: paraphrased or heavily edited text.
    Rewritten,
    /// Sentences of another language that translate the source's, in its order.
    Translated,
}

/// A paper sentence and the source sentence it matches, as token ranges.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SentencePair {
    /// The paper sentence's tokens.
    pub paper: Range<usize>,
    /// The source sentence's tokens.
    pub source: Range<usize>,
    /// How alike the two are, in thousandths: the tf·idf cosine of their content words, or the
    /// sentence model's cosine in a passage it found ([`Passage::by_model`]).
    pub similarity: u16,
}

/// An aligned passage: token ranges in both texts, the exact runs inside, and its evidence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Passage {
    /// First paper token.
    pub paper_start: usize,
    /// One past the last paper token.
    pub paper_end: usize,
    /// First source token.
    pub source_start: usize,
    /// One past the last source token.
    pub source_end: usize,
    /// The exact runs, sorted by paper position.
    pub segments: Vec<Segment>,
    /// Exact runs inside the paper side whose twin lies elsewhere in the source (a sentence copied
    /// from another place of it), sorted by paper position: shown as shared, not aligned.
    pub elsewhere: Vec<Segment>,
    /// Paper tokens inside exact runs (each counted once).
    pub matched_words: usize,
    /// Weight of those tokens, in tenths of a word.
    pub matched_weight: u32,
    /// Weight of the paper tokens inside exact runs at least a seed long that no other reference
    /// shares: the evidence of an edited passage (the short runs between them only show how
    /// dense the copy is, and phrasing common to the references shows nothing).
    pub seeded_weight: u32,
    /// Weight of the source tokens inside exact runs (each counted once).
    pub source_matched_weight: u32,
    /// Tokens of the longest exact run.
    pub longest_run: usize,
    /// Weight of the longest exact run, in tenths of a word.
    pub longest_weight: u32,
    /// What found the passage.
    pub evidence: Evidence,
    /// The matching sentences that found or extended it, in paper order.
    pub sentence_pairs: Vec<SentencePair>,
    /// Paper sentences the passage spans (0 when sentences were not compared).
    pub sentences: usize,
    /// Whether the sentence model found it (a translated passage, or a reworded one in the
    /// paper's language): its sentence pairs' similarity is then the model's cosine.
    pub by_model: bool,
    /// The passage of the source's alignment this one is a piece of ([`sentence_true`] numbers
    /// them and cuts them around sentences the source does not explain): the pieces of one
    /// region are one block copied from one stretch of the source (its sentences in order or
    /// reordered), with the paper's own sentences, or ones rewritten past recognition, between.
    pub region: usize,
}

/// Every part merged into a passage contains an exact run at least this long, in words (9
/// Chinese characters): shorter pieces only join a passage that has one.
pub const FRAGMENT_ANCHOR_WORDS: u32 = 5;
