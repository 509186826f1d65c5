//! The thresholds a rewritten copy must pass: of a seed, of a passage, of an ordered run and of a
//! short copy.

/// Points of cosine a sentence written in characters (Chinese, Japanese) needs beyond
/// `sentenceSimilarity`: two character pairs meet by chance far more often than two words (a few
/// thousand characters make most text, and a field's clauses reuse the same pairs: "依法给予",
/// "主管部门"), so parallel provisions of two laws reach the cosine a rewritten English sentence
/// has. Chosen on the quality bench (55 + 10: no Chinese near-miss or same-topic document flagged
/// by sentences).
pub const CHARACTER_SIMILARITY_EXTRA: usize = 10;

/// Points of cosine below `sentenceSimilarity` (in either script) that a sentence pair needs when
/// it only extends an exact passage of its source: the exact runs already show which source was
/// copied, so a neighbouring sentence edited more than the rest (a third of a Chinese sentence's
/// characters changed leaves about half its character pairs) still belongs to the copy. Chosen on
/// the quality bench: Chinese heavy recall 0.825 against 0.808 with no margin, no other figure
/// moved; 20 points add only 0.005.
pub const EXTENSION_SIMILARITY_MARGIN: usize = 10;

/// Seeds beyond `minSentences` that an ordered run needs: sentence pairs that follow each other
/// in both texts, in the source's order, are evidence together when most of them are extension
/// seeds (a paraphrase that changed every sentence a little more than `sentenceSimilarity`
/// allows). Chosen on the quality bench: Chinese paraphrase recall 0.901 on draw 4 and 0.913 on
/// draw 3, against 0.884 and 0.893 without ordered runs, no other figure moved on draws 0-4; with
/// 1, a light-kind host's parallel provisions become a passage.
pub const ORDERED_RUN_EXTRA_SENTENCES: usize = 2;

/// Standalone seeds an ordered run holds at least.
pub const ORDERED_RUN_STANDALONE: usize = 2;

/// Largest step, in sentences, between neighbours of an ordered run in either text.
pub const ORDERED_RUN_STEP: usize = 2;

/// Least Dice coefficient of a seed's two term sets.
pub const MIN_DICE: f32 = 0.4;

/// Fewest distinct terms a seed's sentences share.
pub const MIN_SHARED_TERMS: u16 = 3;

/// Largest gap, in sentences, between pieces of evidence of one passage, in either text
/// (Sanchez-Perez et al. use 4).
pub const MAX_GAP_SENTENCES: usize = 3;

/// Least share of the sentences of a rewritten passage that are seeds, in each text.
pub const MIN_SEED_SHARE: f32 = 0.5;

/// Most one side of a rewritten passage may be longer than the other, in sentences.
pub const MAX_LENGTH_RATIO: f32 = 2.0;

/// Least tf·idf cosine of a rewritten passage's two spans, each as one vector.
pub const MIN_PASSAGE_COSINE: f32 = 0.5;

/// Least idf-weighted mass of the terms a rewritten passage's seeds share (a term every
/// reference holds weighs 1, a term none holds about 1 + ln of the set's size).
pub const MIN_SHARED_WEIGHT: f32 = 30.0;

/// Consecutive sentence pairs that make a short copy.
pub const SHORT_COPY_SENTENCES: usize = 2;

/// Points of cosine over `sentenceSimilarity` each pair of a short copy needs.
pub const SHORT_COPY_EXTRA_SIMILARITY: usize = 10;

/// Fewest words in each paper sentence of a short copy: an abbreviation's full stop ("Berry
/// Sr.") cuts one sentence in two, and two news reports of one fact share such a sentence.
pub const SHORT_COPY_SENTENCE_WORDS: u32 = 8;

/// Least idf-weighted mass of the terms a short copy's pairs share, summed.
pub const SHORT_COPY_SHARED_WEIGHT: f32 = 30.0;
