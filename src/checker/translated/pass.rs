//! What a pass of stage 5b looks at (translated pairs, or reworded pairs in one language) and the
//! least a passage it finds must hold.

use crate::align::Evidence;

/// Which sentence pairs a pass of stage 5b looks at, and what it needs of them.
#[derive(Debug, Clone, Copy)]
pub(super) struct Pass {
    /// Pairs within one language (reworded copies) rather than across languages.
    pub(super) same_language: bool,
    /// Least mean cosine of a run's pairs.
    pub(super) min_similarity: f32,
    /// What the passages found are reported as.
    pub(super) evidence: Evidence,
}

/// Fewest word equivalents (a Chinese character is 0.6) of a translated passage on the paper's
/// side: about four sentences. Texts on one subject share shorter translated stretches (a standard
/// definition, a list of a dialog's options) that are no copy; on the quality bench, every
/// translated passage under 80 words in a same-topic document of the other language was one.
pub(super) const MIN_PASSAGE_WORDS: u32 = 80;

/// Fewest word equivalents of those in the paper sentences that the passage's pairs match. A help
/// page that names a dialog's fields ("Portrait", "Landscape") pairs field by field with another
/// language's page on that dialog, around sentences of its own: on the quality bench (draw 0),
/// such a same-topic page matched 46 of its passage's 123 words, while a translated table of
/// keyboard shortcuts, the sparsest planted passage found, matched 74 of 151.
pub(super) const MIN_PAIRED_WORDS: u32 = 60;

/// Sentence pairs beyond `minSentences` that a reworded passage needs (with 2, the English
/// rendered kind lost a tenth of its recall and nothing else changed).
pub(super) const SAME_LANGUAGE_EXTRA_PAIRS: usize = 1;
