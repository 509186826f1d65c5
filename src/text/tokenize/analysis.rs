//! What the text pipeline gives: a text's matching form, its tokens (each with its span in the
//! original text) and its evasion report.

use crate::span::Span;
use crate::text::evasion::EvasionReport;

/// What kind of token a [`Token`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum TokenKind {
    /// A word of a space-separated script (it contains a letter).
    Word,
    /// A number: digits, possibly with separators ("3.5", "1,000"), and no letter.
    Number,
    /// One character (grapheme) of a script written without spaces: Han, kana, Thai, ...
    Character,
    /// Punctuation or a symbol; only produced when `ignore_punctuation` is off.
    Punctuation,
}

/// One token of a text: where its matching form is in [`Analysis::normalized`] and where it came
/// from in the original text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    /// Original span, in UTF-16 code units: `text.slice(span.start, span.end)` in JS.
    pub span: Span,
    /// Byte range of the token's matching form in [`Analysis::normalized`].
    pub norm_start: usize,
    /// End (exclusive) of that byte range.
    pub norm_end: usize,
    /// What kind of token this is.
    pub kind: TokenKind,
}

/// A text after the pipeline: its matching form, its tokens and the evasion report.
#[derive(Debug, Clone, Default)]
pub struct Analysis {
    /// The whole text in matching form: normalized, with look-alike letters folded and every run of
    /// whitespace reduced to one line break if it holds one, else to one space. Normalizing it again
    /// gives the same string.
    pub normalized: String,
    /// The tokens, in text order.
    pub tokens: Vec<Token>,
    /// What the text contains that looks like an attempt to evade matching.
    pub evasion: EvasionReport,
    /// Length of the original text in UTF-16 code units.
    pub utf16_len: usize,
}

impl Analysis {
    /// The matching form of `token`.
    pub fn text_of(&self, token: &Token) -> &str {
        &self.normalized[token.norm_start..token.norm_end]
    }

    /// The matching forms of all tokens, in order.
    pub fn token_texts(&self) -> impl Iterator<Item = &str> + '_ {
        self.tokens.iter().map(|t| self.text_of(t))
    }
}
