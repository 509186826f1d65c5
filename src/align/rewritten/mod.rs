//! The second kind of evidence: a rewritten copy, found sentence by sentence.
//!
//! A paraphrase (by hand or by a tool) or a heavy edit keeps the source's sentences and their rare
//! content words but leaves few exact runs. Following the best text-alignment system of PAN 2014
//! (Sanchez-Perez, Sidorov and Gelbukh, "A Winning Approach to Text Alignment for Text Reuse
//! Detection at PAN 2014"):
//!
//! 1. **Seeds** ([`seeds`]): each paper sentence against each source sentence, as tf·idf vectors of
//!    their content terms ([`crate::sketch::sentence_terms`]: truncated words, Chinese character
//!    pairs), weighted by the reference set's idf so that what every text of the domain says
//!    weighs little; a pair is a seed when its cosine and its Dice coefficient pass thresholds and
//!    it shares [`MIN_SHARED_TERMS`] terms.
//! 2. **Extension** ([`clusters`]): seeds and the exact passages of the same source grouped while
//!    they lie within [`MAX_GAP_SENTENCES`] of each other in both texts, in any order inside.
//! 3. **Evidence**: a group holding an exact passage extends it over its seeds, including those
//!    up to [`EXTENSION_SIMILARITY_MARGIN`] under `sentenceSimilarity` (an exact passage covering
//!    the unchanged half of a heavily edited paragraph grows over the rewritten half). A group
//!    without one is a rewritten passage only when it is made of at least `minSentences` seeds
//!    that pass `sentenceSimilarity` on their own, or of an ordered run (`is_ordered_run`:
//!    sentences that follow each other in both texts, most of them under the similarity by a
//!    little; `minSentences` pairs are enough when each is the next sentence in both); when it
//!    covers its span densely in both texts ([`MIN_SEED_SHARE`]), both spans are about as long
//!    ([`MAX_LENGTH_RATIO`]), the two spans' vectors as wholes are similar
//!    ([`MIN_PASSAGE_COSINE`], the validation step of Sanchez-Perez et al.), the shared terms weigh
//!    enough ([`MIN_SHARED_WEIGHT`]): topic words alone, which every text on the subject uses,
//!    never make one; and, like an edited passage without a long exact run, it spans
//!    `editedWords`.

mod clusters;
mod extend;
mod groups;
mod passage;
mod seeds;
mod sentences;
mod short_copy;
mod thresholds;

pub use crate::align::passage::{Evidence, SentencePair};
pub(in crate::align) use groups::with_sentences;
pub use passage::may_make_passage;
pub use seeds::{sentence_seeds, Seed as SentenceSeed};
pub use sentences::Sentences;
pub use thresholds::{
    CHARACTER_SIMILARITY_EXTRA, EXTENSION_SIMILARITY_MARGIN, MAX_GAP_SENTENCES, MAX_LENGTH_RATIO,
    MIN_DICE, MIN_PASSAGE_COSINE, MIN_SEED_SHARE, MIN_SHARED_TERMS, MIN_SHARED_WEIGHT,
    ORDERED_RUN_EXTRA_SENTENCES, ORDERED_RUN_STANDALONE, ORDERED_RUN_STEP,
    SHORT_COPY_EXTRA_SIMILARITY, SHORT_COPY_SENTENCES, SHORT_COPY_SENTENCE_WORDS,
    SHORT_COPY_SHARED_WEIGHT,
};

#[cfg(test)]
mod tests;
