//! A Chinese–English lexicon, for finding sentences that may be translations of each other.
//!
//! Issue 30's translated evidence needs candidates before a multilingual sentence model can verify
//! them: a Chinese sentence and an English one are a candidate pair when the English words of the
//! Chinese sentence's dictionary words are in the English sentence (or the Chinese words of the
//! English sentence's words are in the Chinese one). This module is that dictionary: CC-CEDICT
//! (CC BY-SA 4.0, MDBG; [`Lexicon::source`] carries its attribution), reduced to what matching needs.
//!
//! - Chinese → English: [`Lexicon::segment`] cuts Chinese text (Simplified or Traditional) into
//!   dictionary words by bidirectional maximum matching ([`segment`]); [`Lexicon::senses`] gives a
//!   word's English terms.
//! - English → Chinese: [`Lexicon::chinese_for`] gives the Chinese words an English word
//!   translates to; [`Lexicon::occurrences`] finds every dictionary word inside a Chinese text, to
//!   look them up in.
//! - English terms are in the core's matching form (the token [`crate::text::tokenize()`] makes of
//!   the word), so they compare equal to the core's own tokens; [`Lexicon::chinese_for_truncated`]
//!   matches them the way sentence terms do ([`crate::sketch::sentence_terms::PREFIX_CHARS`]), so
//!   that "traditions" finds what "tradition" translates.
//!
//! The file ([`mod@format`]) is versioned and checksummed; [`Lexicon::from_cedict`] and
//! [`Lexicon::to_bytes`] write it (`cargo run --release --example make-lexicon`), and
//! [`Lexicon::from_bytes`] reads it back, refusing damaged bytes with an
//! [`ErrorCode::InvalidInput`](crate::error::ErrorCode::InvalidInput) about `lexicon`.

mod bilingual;
mod cedict;
pub mod format;
mod gloss;
pub mod segment;
mod strings;
#[cfg(test)]
mod tests;

pub use bilingual::{matching_form, Lexicon, Sense, WordId};
pub use segment::Segment;
