//! What the text pipeline makes of a text, as callers see it ([`AnalysisReport`]).

use super::evasion::EvasionReport;
use super::tokenize::{Analysis, TokenKind};

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
