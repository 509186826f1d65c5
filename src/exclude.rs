//! What a check leaves out: quotations and the bibliography, found in the original text.
//!
//! - **Quotes**: text between “ and ”, a pair of straight double quotes, « and », 「 and 」, 『 and 』,
//!   each mark pairing only with its own style. A quote never runs past the end of its paragraph
//!   or [`MAX_QUOTE_CHARS`], holds one sentence only where the paragraph's marks do not pair up,
//!   and a straight `"` after a digit is an inch mark, so neither an unmatched quote mark nor quote
//!   marks around a long copy can hide it. These are the marks only: the checker then keeps a
//!   quotation in the check when a source's passage runs across its edge
//!   (`src/checker/quotations.rs`), and names the source a left-out one quotes.
//! - **Bibliography**: from the last line in the second half of the text that is only a heading
//!   like "References", "Bibliography", "Works Cited", "Literature Cited", "Sources" or "参考文献"
//!   (optionally numbered or with `#`) to the end of the text.

use serde::Serialize;

use crate::span::Span;

mod quotes;

pub use quotes::{quotes, MAX_QUOTE_CHARS};

/// Why a part of the paper was excluded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum ExclusionKind {
    /// A quotation.
    Quote,
    /// The bibliography.
    Bibliography,
    /// Text that also appears in a base (template) document.
    Base,
    /// A part the reader left out of this report ([`crate::checker::CheckOptions::exclude_spans`]).
    Reader,
}

/// An excluded part of the paper.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Exclusion {
    /// Why.
    pub kind: ExclusionKind,
    /// First UTF-16 unit.
    pub start: usize,
    /// One past the last UTF-16 unit.
    pub end: usize,
    /// For a quotation, the id of the source it quotes: the reference with a passage there that
    /// does not run on past its quote marks (the one with the most matched words), which would be
    /// reported were the marks not there. Absent for a quotation that matches no source and for
    /// every other kind.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

const BIBLIOGRAPHY_HEADINGS: [&str; 9] = [
    "references",
    "bibliography",
    "works cited",
    "literature cited",
    "sources",
    "reference list",
    "参考文献",
    "參考文獻",
    "引用文献",
];

/// The span from the bibliography heading to the end of `text`, if there is one.
///
/// ```
/// use plagscope::exclude::bibliography;
/// let text = "Body text of the paper, long enough to come first.\n\n## References\n[1] A book.\n";
/// let span = bibliography(text).unwrap();
/// assert!(span.slice_of(text).starts_with("## References"));
/// ```
pub fn bibliography(text: &str) -> Option<Span> {
    let mut found: Option<usize> = None;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let heading = line
            .trim()
            .trim_start_matches(|c: char| {
                c == '#' || c.is_ascii_digit() || c == '.' || c.is_whitespace()
            })
            .trim_end_matches([':', '：'])
            .trim()
            // Per character (no Greek final sigma, which no heading below holds).
            .chars()
            .flat_map(crate::text::case::to_lowercase)
            .collect::<String>();
        // A heading in the first half is no bibliography: a real one is the end of a paper, and
        // a "References" line near the top must not exclude the paper below it.
        if offset >= text.len() / 2 && BIBLIOGRAPHY_HEADINGS.contains(&heading.as_str()) {
            let leading = line.len() - line.trim_start().len();
            found = Some(offset + leading);
        }
        offset += line.len();
    }
    let start = found?;
    let start_units = text[..start].encode_utf16().count();
    Some(Span::new(
        start_units,
        start_units + text[start..].encode_utf16().count(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bibliography_takes_the_last_heading_and_ignores_prose() {
        assert!(bibliography("We list references to prior work.\nMore text.").is_none());
        let text = "Contents\nReferences\nIntro\nThe body of the paper.\n3. References:\nA. Author (2020).";
        let span = bibliography(text).unwrap();
        assert_eq!(span.slice_of(text), "3. References:\nA. Author (2020).");
        let chinese = "正文。正文。正文。正文。正文。正文。\n参考文献\n[1] 作者. 书名.";
        assert!(bibliography(chinese)
            .unwrap()
            .slice_of(chinese)
            .starts_with("参考文献"));
        let hiding = format!("Title\nReferences\n{}", "Copied text. ".repeat(50));
        assert!(bibliography(&hiding).is_none());
    }
}
