//! Passage alignment: from shared token runs between a paper and a source to passages that
//! tolerate small edits, each with its exact shared pieces and the evidence for it.
//!
//! Lengths are measured in **word equivalents** ([`crate::text::units`]): a word weighs one, a
//! Chinese character 0.6, so every threshold below means the same amount of text in English and
//! in Chinese (12 words = 20 hanzi).
//!
//! 1. **Segments** ([`segments`]): every maximal run of equal tokens carrying at least 80% of
//!    `seed_words` (three words, four Chinese characters), found from seed n-grams of the source.
//!    Only the longest run through a place of either text is kept, so a phrase the source (or the
//!    paper) repeats is not matched at its other occurrences. Runs on one diagonal with only the
//!    paper's common phrasing between them, the same text in both, are one run when their own
//!    words weigh at least half of it: a statute's sentence copied whole, its stock phrases and all.
//! 2. **Fragments** ([`merge::chain`]): segments chained along the diagonal: the next segment
//!    starts at most `max_gap` after the fragment in *both* texts. Gaps are the "imperfections"
//!    (WCopyfind): inserted, deleted or changed words inside a copied passage.
//! 3. **Passages** ([`merge`]): fragments next to each other in the paper whose source ranges are
//!    close are merged (sentences reordered inside a copied paragraph make one passage); weak
//!    fragments (no run of [`FRAGMENT_ANCHOR_WORDS`]) only join an anchored passage next to them;
//!    shorter shared runs inside a passage's gaps are added as evidence of density.
//! 4. **Correspondence** ([`validate`]): the paper side and the source side of a passage must be
//!    the same text: lengths within a factor of two, and matched text covering at least
//!    `min_density` of each side. A passage that fails is split at its widest gap until every
//!    part passes, and runs stranded at its edges are trimmed, so one source phrase is never
//!    stretched over a long stretch of the paper; runs trimmed off the source side that lie apart
//!    in the paper are judged again as a passage of their own (a block copied from further on,
//!    after a sentence of the writer's).
//! 5. **Evidence**: an exact run of `anchor_words` (12 words, 20 hanzi: by itself more than any
//!    stock phrase) makes a passage; without one, an edited copy needs `edited_words` inside
//!    seed-long runs that no other reference shares. Every passage needs `min_words` matched.
//! 6. **Rewritten copies** ([`rewritten`]): when both sides come with sentence vectors, sentences
//!    that share their rare content extend the exact passages near them and, where no exact run
//!    is, make rewritten passages of their own; each passage says which [`Evidence`] found it.
//! 7. **One place each**: where passages overlap in the paper, the strongest is kept.
//! 8. **Sentence-true** ([`sentence_true`], called by the checker once every kind of evidence is
//!    in): a passage is cut around each paper sentence its source does not explain.

mod context;
mod exact;
mod gaps;
mod merge;
mod options;
mod passage;
mod pipeline;
pub mod rewritten;
mod segments;
pub mod sentence_true;
mod side;
#[cfg(feature = "translated")]
pub mod translated;
mod validate;
mod weights;

pub use exact::{align_exact, ExactAlignment};
pub use options::{AlignOptions, DEFAULT_MAX_DOC_FREQUENCY};
pub use passage::{Evidence, Passage, SentencePair, FRAGMENT_ANCHOR_WORDS};
pub use pipeline::{align, finish};
pub use rewritten::{sentence_seeds, SentenceSeed};
pub use segments::{
    exact_segments, exact_segments_from_paper, exact_segments_with, strongest_segments, SeedTable,
    Segment, SEED_SHARE_PERCENT,
};
pub use sentence_true::{sentence_true, sentence_true_both, PaperSentences, SentenceMatch};
pub use side::{Side, WeightSums};

#[cfg(test)]
mod tests;
