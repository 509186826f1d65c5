//! The text layer: from an original string to tokens that remember where they came from.
//!
//! [`analyze`] runs the whole pipeline: [`normalize`] (NFKC, case folding, unified punctuation,
//! invisible characters removed) line by line with a map back to the original, Unicode word
//! boundaries and per-character tokens for unsegmented scripts ([`tokenize`]), look-alike letters
//! folded inside mixed-script words ([`confusables`]), and an [`EvasionReport`] of what was found.
//! Every token carries its span in the ORIGINAL text as UTF-16 code units.

mod ascii_words;
pub(crate) mod case;
mod chars;
pub mod chinese_script;
pub mod confusables;
mod disguise;
pub mod evasion;
pub mod foreign_letters;
mod gaps;
mod lookalike_lines;
mod marks;
pub mod nfkc;
pub mod normalize;
mod options;
mod pieces;
mod report;
pub mod scripts;
pub mod sentences;
mod simple_bounds;
pub mod stopwords;
pub mod tokenize;
pub mod units;

pub use evasion::EvasionReport;
pub use options::TextOptions;
pub use report::{AnalysisReport, TokenReport};
pub use stopwords::is_stopword;
pub use tokenize::{
    analyze, analyze_with_progress, is_unsegmented_script, tokenize, Analysis, Token, TokenKind,
    MAX_TEXT_BYTES, MAX_TOKENS,
};
pub use units::{token_weights, CountUnit, WORD};
