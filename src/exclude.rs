//! What a check leaves out: quotations and the bibliography, found in the original text.
//!
//! - **Quotes**: text between “ and ”, a pair of straight double quotes, « and », 「 and 」, 『 and 』.
//!   A quote never runs across a blank line, so one unmatched quote mark cannot swallow the rest of
//!   the paper.
//! - **Bibliography**: from the last line that is only a heading like "References", "Bibliography",
//!   "Works Cited", "Literature Cited", "Sources" or "参考文献" (optionally numbered or with `#`) to the
//!   end of the text.

use serde::Serialize;

use crate::span::{Span, Utf16Cursor};

/// Why a part of the paper was excluded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum ExclusionKind {
    /// A quotation.
    Quote,
    /// The bibliography.
    Bibliography,
    /// Text that also appears in a base (template) document.
    Base,
}

/// An excluded part of the paper.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Exclusion {
    /// Why.
    pub kind: ExclusionKind,
    /// First UTF-16 unit.
    pub start: usize,
    /// One past the last UTF-16 unit.
    pub end: usize,
}

/// Spans of quotations in `text`, including the quote marks.
///
/// ```
/// use plagscope::exclude::quotes;
/// let text = "He said “to be or not to be” and «c'est la vie».";
/// let found: Vec<String> = quotes(text).iter().map(|s| s.slice_of(text).to_string()).collect();
/// assert_eq!(found, ["“to be or not to be”", "«c'est la vie»"]);
/// ```
pub fn quotes(text: &str) -> Vec<Span> {
    let mut spans = Vec::new();
    let mut cursor = Utf16Cursor::new(text);
    // The open quote: its closing mark and where it started.
    let mut open: Option<(char, usize)> = None;
    let mut previous_newline = false;
    for (byte, c) in text.char_indices() {
        let at = cursor.advance_to(byte);
        if c == '\n' {
            if previous_newline {
                open = None; // a blank line ends any unclosed quote
            }
            previous_newline = true;
            continue;
        }
        if !c.is_whitespace() {
            previous_newline = false;
        }
        match open {
            Some((close, start)) if c == close => {
                spans.push(Span::new(start, at + c.len_utf16()));
                open = None;
            }
            Some(_) => {}
            None => {
                let close = match c {
                    '“' => '”',
                    '"' => '"',
                    '«' => '»',
                    '「' => '」',
                    '『' => '』',
                    '„' => '“',
                    _ => continue,
                };
                open = Some((close, at));
            }
        }
    }
    spans
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
/// let text = "Body text.\n\n## References\n[1] Someone. A book. 2001.\n";
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
            .to_lowercase();
        if BIBLIOGRAPHY_HEADINGS.contains(&heading.as_str()) {
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
    fn straight_and_cjk_quotes() {
        let text = r#"A "quoted part" and 「引用文字」 and 『書名』."#;
        let found: Vec<&str> = quotes(text).iter().map(|s| s.slice_of(text)).collect();
        assert_eq!(found, ["\"quoted part\"", "「引用文字」", "『書名』"]);
    }

    #[test]
    fn an_unclosed_quote_stops_at_a_blank_line() {
        let text = "He said “this never closes.\n\nNew paragraph “closed” here.";
        let found: Vec<&str> = quotes(text).iter().map(|s| s.slice_of(text)).collect();
        assert_eq!(found, ["“closed”"]);
    }

    #[test]
    fn bibliography_takes_the_last_heading_and_ignores_prose() {
        assert!(bibliography("We list references to prior work.\nMore text.").is_none());
        let text = "Contents\nReferences\nIntro\n...\n3. References:\nA. Author (2020).";
        let span = bibliography(text).unwrap();
        assert_eq!(span.slice_of(text), "3. References:\nA. Author (2020).");
        let chinese = "正文。\n参考文献\n[1] 作者. 书名.";
        assert!(bibliography(chinese)
            .unwrap()
            .slice_of(chinese)
            .starts_with("参考文献"));
    }
}
