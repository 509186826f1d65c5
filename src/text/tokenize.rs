//! Tokens with UTF-16 spans of the original text: the text pipeline's main entry, [`analyze`].
//!
//! Each line is normalized for matching (see [`super::normalize`]), then cut into words at Unicode
//! word boundaries (UAX #29, via `unicode-segmentation`). UAX #29 alone is wrong for scripts written
//! without spaces: it gives one token per Han character but keeps a run of katakana or a whole Thai
//! phrase as one "word". So inside every word each grapheme of such a script (Han, kana, Thai, Lao,
//! Khmer, Myanmar) becomes a token of its own, and a mixed run like `用Rust写` yields `用`, `rust`,
//! `写`. Words that mix Latin, Cyrillic and Greek letters are folded to their main script (see
//! [`super::confusables`]). A word broken at a line end by a hyphen (`Adri-\natic`) is one token
//! (see `hyphens`). Options then drop punctuation, numbers, stop words or overlong words.

mod analysis;
mod analyze;
mod ascii;
mod builder;
mod hyphens;
mod ideographs;
mod limits;
mod words;

pub use super::chars::is_unsegmented_script;
pub use analysis::{Analysis, Token, TokenKind};
pub use analyze::{analyze, analyze_with_progress, tokenize, PROGRESS_BYTES};
pub(crate) use limits::check_size;
pub use limits::{MAX_TEXT_BYTES, MAX_TOKENS};

#[cfg(test)]
#[path = "tokenize_tests.rs"]
mod tests;
