//! The third kind of evidence: a translated copy, found sentence by sentence across languages
//! (English ↔ Chinese).
//!
//! A translation shares no word with its source, so neither exact runs nor rewritten sentences see
//! it. Following cross-language plagiarism detection's usual pipeline (Potthast et al., "Cross-
//! language plagiarism detection", 2011: candidates by translated terms, then detailed
//! comparison; PAN's text alignment for the passages):
//!
//! 1. **Candidates** ([`candidates`]): every sentence in the term space of [`pivot`] (a Chinese
//!    sentence as the English terms of its dictionary words, CC-CEDICT); a paper sentence's
//!    candidates are the other language's sentences that share the most of both sentences' words.
//!    Only the terms the paper has are indexed, so a check reads each reference's units once.
//! 2. **Order** ([`chains`]): a source is a candidate only where its candidate pairs follow each
//!    other in both texts for `minSentences` pairs; two texts on one subject share words, not
//!    their order.
//! 3. **Verification**: the sentences of those runs are encoded by the multilingual sentence model
//!    ([`crate::sketch::embeddings`]) and each pair scored by the cosine of its vectors, which
//!    tells a translation from a sentence on the same subject far better than shared words do;
//!    the runs are formed again from the pairs that pass, and a run is a translated passage when
//!    its pairs' mean cosine reaches `translatedSimilarity`, each pair within
//!    [`PAIR_SIMILARITY_MARGIN`] of it.

pub mod candidates;
pub mod chains;
mod extend;
pub mod pivot;
mod runs;
mod scattered;
mod verification;

pub use runs::{translated_runs, units_of};
pub use verification::{Cosines, TranslatedRun, Verification};
pub use verification::{
    ESTABLISHED_SENTENCE_WORDS, EXTENSION_SIMILARITY_MARGIN, MAX_GAP_SENTENCES,
};
pub use verification::{PAIR_SIMILARITY_MARGIN, SHORT_RUN_MARGIN, SHORT_RUN_PAIRS};
pub use verification::{SHORT_RUN_SENTENCE_WORDS, SPECIFICITY_MARGIN};

#[cfg(test)]
mod tests;
