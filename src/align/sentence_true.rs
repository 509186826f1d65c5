//! Step 8: passages made sentence-true. A teacher reads a report sentence by sentence, so a
//! passage is a run of paper sentences that each have something of the source explaining them,
//! and never holds a sentence of the writer's own, whatever the gap in words: exact runs chain
//! across a short own sentence (a gap of up to `maxGap` words), and a copied paragraph, the
//! writer's two sentences and a rewritten paragraph of the same source would otherwise be one
//! passage.
//!
//! A paper sentence is **explained** by a source when a sentence pair of the passage covers it
//! (rewritten or translated evidence), when a seed pairs it with a source sentence in or next to
//! the passage's source range, when the passage's exact runs inside it, from one place of the
//! source ([`PLACE_SENTENCES`] consecutive sentences: `exact_share`), carry at least
//! [`EXPLAINED_SHARE_PERCENT`] of its weight with a run of a seed's length, or when one run of
//! `anchorWords` reaches into it (a clause copied into the writer's sentence). Sentences between
//! two explained ones that heavy edits broke up (short, or a quarter in exact runs) are explained
//! when one place of the source range ([`PLACE_SENTENCES`] consecutive sentences) holds
//! [`CONTAINED_PERCENT`] of their content terms. A passage holding an unexplained sentence is
//! cut around it into runs of explained sentences; a run stays a passage when one of its
//! sentences is **strongly** explained (a run of `anchorWords`, [`STRONG_SHARE_PERCENT`] of it in
//! exact runs, or a pair that passes `sentenceSimilarity` on its own) or when it holds two
//! explained sentences, and when it carries `minWords` of matched text: the whole passage showed
//! which source was copied, and each piece must still be a copy of it by itself, or, once another
//! piece of it is, carry half of `minWords` (a short sentence copied word for word).

mod both_sides;
mod cut;
mod exact_share;
mod judge;
mod paper_sentences;
mod piece;

pub use both_sides::sentence_true_both;
pub use cut::sentence_true;
pub use exact_share::PLACE_SENTENCES;
pub use judge::{CONTAINED_PERCENT, EXPLAINED_SHARE_PERCENT, RARE_SENTENCE_WORDS};
pub use judge::{SANDWICHED_SHARE_PERCENT, SHORT_SENTENCE_WORDS, STRONG_SHARE_PERCENT};
pub use paper_sentences::{PaperSentences, SentenceMatch};
