//! The text layer: from an original string to tokens that remember where they came from.
//!
//! [`analyze`] runs the whole pipeline: [`normalize`] (NFKC, case folding, unified punctuation,
//! invisible characters removed) line by line with a map back to the original, Unicode word
//! boundaries and per-character tokens for unsegmented scripts ([`tokenize`]), look-alike letters
//! folded inside mixed-script words ([`confusables`]), and an [`EvasionReport`] of what was found.
//! Every token carries its span in the ORIGINAL text as UTF-16 code units.

mod chars;
pub mod chinese_script;
pub mod confusables;
mod disguise;
pub mod evasion;
mod gaps;
mod marks;
pub mod normalize;
mod pieces;
pub mod stopwords;
pub mod tokenize;
pub mod units;

use serde::{Deserialize, Serialize};

use crate::error::Error;

pub use evasion::EvasionReport;
pub use stopwords::is_stopword;
pub use tokenize::{
    analyze, is_unsegmented_script, tokenize, Analysis, Token, TokenKind, MAX_TEXT_BYTES,
    MAX_TOKENS,
};
pub use units::{token_weights, WORD};

/// How text is normalized and tokenized for matching. The defaults suit plagiarism checking.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct TextOptions {
    /// Compare case-insensitively (Unicode case folding). Default `true`.
    pub ignore_case: bool,
    /// Drop punctuation and symbols; when `false` each run of them is a token. Default `true`.
    pub ignore_punctuation: bool,
    /// Drop numbers (tokens without a letter). Default `false`.
    pub ignore_numbers: bool,
    /// Drop English and Chinese stop words ([`is_stopword`]). Default `false`: copied text copies
    /// its stop words too, and they make matches longer and more certain.
    pub remove_stopwords: bool,
    /// Drop words longer than this many characters (1..=10000); `None` keeps all. Default `None`.
    pub max_word_chars: Option<usize>,
}

impl Default for TextOptions {
    fn default() -> Self {
        TextOptions {
            ignore_case: true,
            ignore_punctuation: true,
            ignore_numbers: false,
            remove_stopwords: false,
            max_word_chars: None,
        }
    }
}

impl TextOptions {
    /// Checks the documented ranges.
    pub fn validate(&self) -> Result<(), Error> {
        if let Some(max) = self.max_word_chars {
            if !(1..=10_000).contains(&max) {
                return Err(Error::invalid(
                    "maxWordChars",
                    format!("must be in 1..=10000 or absent, got {max}"),
                ));
            }
        }
        Ok(())
    }
}
