//! What a check leaves out: quotations and the bibliography, found in the original text.
//!
//! - **Quotes**: text between “ and ”, a pair of straight double quotes, « and », 「 and 」, 『 and 』.
//!   A quote never runs across a blank line or past [`MAX_QUOTE_CHARS`], and a straight `"` after a
//!   digit is an inch mark, so neither an unmatched quote mark nor quote marks around a long copy
//!   can hide it.
//! - **Bibliography**: from the last line in the second half of the text that is only a heading
//!   like "References", "Bibliography", "Works Cited", "Literature Cited", "Sources" or "参考文献"
//!   (optionally numbered or with `#`) to the end of the text.

use serde::Serialize;

use crate::span::{Span, Utf16Cursor};

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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Exclusion {
    /// Why.
    pub kind: ExclusionKind,
    /// First UTF-16 unit.
    pub start: usize,
    /// One past the last UTF-16 unit.
    pub end: usize,
}

/// Longest quotation excluded, in characters (about 100 English words). A longer stretch between
/// two quote marks is not a quotation anyone would leave out unread: more likely an inch mark
/// (`15"`) or an unmatched quote, and excluding it would let quote marks hide a copy.
pub const MAX_QUOTE_CHARS: usize = 600;

/// A quotation being read: its closing mark, where it started, and its length so far.
#[derive(Clone, Copy)]
struct OpenQuote {
    close: char,
    start: usize,
    chars: usize,
}

/// Spans of quotations in `text`, including the quote marks.
///
/// A quotation ends at its closing mark; it is dropped (nothing excluded) when it meets a blank
/// line or grows past [`MAX_QUOTE_CHARS`] first. A straight `"` opens a quotation only where an
/// opening mark can stand (not after a letter or digit: `15"` is 15 inches) and closes one only
/// after a non-space; a straight `"` that can only open while another is open means the first was
/// unmatched.
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
    let mut open: Option<OpenQuote> = None;
    let mut previous: Option<char> = None;
    let mut previous_newline = false;
    let mut chars = text.char_indices().peekable();
    while let Some((byte, c)) = chars.next() {
        let at = cursor.advance_to(byte);
        let next = chars.peek().map(|&(_, n)| n);
        if c == '\n' && std::mem::replace(&mut previous_newline, true) {
            open = None; // a blank line ends any unclosed quote
        } else if !c.is_whitespace() {
            previous_newline = false;
        }
        if let Some(quote) = open.as_mut() {
            quote.chars += 1;
            if quote.chars > MAX_QUOTE_CHARS {
                open = None;
            }
        }
        match open {
            Some(quote) if c == quote.close && can_close(c, previous) => {
                spans.push(Span::new(quote.start, at + c.len_utf16()));
                open = None;
            }
            Some(quote) if !(c == '"' && quote.close == '"' && can_open(c, previous, next)) => {}
            _ => {
                if let Some(close) = closing_mark(c).filter(|_| can_open(c, previous, next)) {
                    open = Some(OpenQuote {
                        close,
                        start: at,
                        chars: 0,
                    });
                }
            }
        }
        previous = Some(c);
    }
    spans
}

/// The mark that closes a quotation opened by `c`, if `c` opens one.
fn closing_mark(c: char) -> Option<char> {
    Some(match c {
        '“' => '”',
        '"' => '"',
        '«' => '»',
        '「' => '」',
        '『' => '』',
        '„' => '“',
        _ => return None,
    })
}

/// Whether `c` can open a quotation between `previous` and `next`: a straight quote needs no
/// letter or digit before it (`15"`, `the "` of a closing mark) and something after it.
fn can_open(c: char, previous: Option<char>, next: Option<char>) -> bool {
    if c != '"' {
        return true;
    }
    let after_word =
        previous.is_some_and(|p| p.is_alphanumeric() || matches!(p, '.' | ',' | '!' | '?'));
    !after_word && next.is_some_and(|n| !n.is_whitespace())
}

/// Whether `c` can close a quotation after `previous`: a straight quote not after a space.
fn can_close(c: char, previous: Option<char>) -> bool {
    c != '"' || previous.is_some_and(|p| !p.is_whitespace())
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
    fn inch_marks_and_unmatched_quotes_exclude_nothing() {
        // PDF text: single newlines between paragraphs, two inch marks far apart.
        let text =
            "The 15\" model is heavy.\nA long paragraph follows here.\nThe 17\" model is lighter.";
        assert!(quotes(text).is_empty(), "{:?}", quotes(text));
        let unmatched = format!("He said “{}", "never closed ".repeat(10));
        assert!(quotes(&unmatched).is_empty());
        // A second straight opening quote shows that the first was never closed.
        let text = r#"An "unclosed one, then later "a real quote" here."#;
        let found: Vec<&str> = quotes(text).iter().map(|s| s.slice_of(text)).collect();
        assert_eq!(found, ["\"a real quote\""]);
    }

    #[test]
    fn a_quotation_longer_than_the_limit_is_not_excluded() {
        let long = format!("“{}”", "copied words ".repeat(MAX_QUOTE_CHARS / 10));
        assert!(quotes(&long).is_empty());
        let short = format!("“{}”", "quoted words ".repeat(MAX_QUOTE_CHARS / 20));
        assert_eq!(quotes(&short).len(), 1);
        // One newline inside a quotation (a wrapped line) does not end it.
        assert_eq!(quotes("“a wrapped\nquotation”").len(), 1);
    }

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
