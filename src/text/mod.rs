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
mod pieces;
pub mod scripts;
pub mod sentences;
mod simple_bounds;
pub mod stopwords;
pub mod tokenize;
pub mod units;

pub use evasion::EvasionReport;
pub use stopwords::is_stopword;
pub use tokenize::{
    analyze, analyze_with_progress, is_unsegmented_script, tokenize, Analysis, Token, TokenKind,
    MAX_TEXT_BYTES, MAX_TOKENS,
};
pub use units::{token_weights, CountUnit, WORD};

crate::options! {
    /// How text is normalized and tokenized for matching. The defaults suit plagiarism checking.
    #[derive(Eq)]
    pub struct TextOptions {
        /// Compare case-insensitively (Unicode case folding).
        pub ignore_case: bool = true;
        /// Drop punctuation and symbols; when off, each run of them is a token.
        pub ignore_punctuation: bool = true;
        /// Drop numbers (tokens without a letter).
        pub ignore_numbers: bool = false;
        /// Drop English and Chinese stop words. Off by default: copied text copies its stop words
        /// too, and they make matches longer and more certain.
        pub remove_stopwords: bool = false;
        /// Drop words longer than this many characters; absent keeps every word.
        pub max_word_chars: Option<usize> = None, in 1..=10_000;
    }
}

/// One token as callers see it: its span in the original text, its matching form and its kind.
#[derive(Debug, Clone, serde::Serialize, schemars::JsonSchema)]
pub struct TokenReport<'a> {
    /// First UTF-16 code unit of the token in the original text.
    pub start: usize,
    /// One past its last code unit.
    pub end: usize,
    /// The token in matching form.
    pub text: &'a str,
    /// What kind of token it is.
    pub kind: TokenKind,
}

/// What the text pipeline makes of a text: its matching form, its tokens and the evasion found.
#[derive(Debug, Clone, serde::Serialize, schemars::JsonSchema)]
pub struct AnalysisReport<'a> {
    /// The matching form of the whole text.
    pub normalized: &'a str,
    /// The tokens, in order.
    pub tokens: Vec<TokenReport<'a>>,
    /// Traces of evasion.
    pub evasion: &'a EvasionReport,
}

impl Analysis {
    /// This analysis as callers see it (see [`AnalysisReport`]).
    pub fn report(&self) -> AnalysisReport<'_> {
        AnalysisReport {
            normalized: &self.normalized,
            tokens: self
                .tokens
                .iter()
                .map(|t| TokenReport {
                    start: t.span.start,
                    end: t.span.end,
                    text: self.text_of(t),
                    kind: t.kind,
                })
                .collect(),
            evasion: &self.evasion,
        }
    }
}
