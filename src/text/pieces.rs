//! Cuts a text into the pieces that normalization handles one at a time.
//!
//! Normalization keeps a map from each byte of its output to the original text, as large as the
//! piece it works on, so pieces must stay small whatever the input: a PDF's text or a crafted paper
//! can be one 60 MB line. Every line is a piece (Unicode word boundaries always fall around a line
//! feed, UAX #29 WB3a/b), and a long line is cut where cutting changes nothing: before a letter or
//! digit that follows a space or tab (a word boundary and a grapheme boundary, with no invisible
//! character pending), or between two Chinese characters (each is a word of its own). A line of
//! more than [`FORCED_CUT_BYTES`] with no such place (one giant "word") is cut at a character
//! boundary: such a word is no text anyone copies.

use super::nfkc::is_combining_mark;

use super::chars::{char_role, CharRole};

/// A long line is cut at the last safe place before it reaches this many bytes.
pub const PIECE_BYTES: usize = 1 << 16;
/// Without a safe place, a line is cut after this many bytes whatever is there.
pub const FORCED_CUT_BYTES: usize = 2 * PIECE_BYTES;

/// The pieces of `text`, in order; concatenated they are `text`.
pub fn pieces(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let (piece, tail) = rest.split_at(piece_end(rest));
        rest = tail;
        Some(piece)
    })
}

/// The length of the first piece of non-empty `text`.
fn piece_end(text: &str) -> usize {
    // Most lines end before a piece is full: then the piece is the line, and no place in it needs
    // judging (which costs a few table lookups per character).
    let window = &text.as_bytes()[..text.len().min(PIECE_BYTES)];
    if let Some(newline) = window.iter().position(|&b| b == b'\n') {
        return newline + 1;
    }
    if text.len() <= PIECE_BYTES {
        return text.len();
    }
    piece_end_by_scan(text)
}

/// [`piece_end`] the long way: every place judged, the last safe one before a full piece taken.
fn piece_end_by_scan(text: &str) -> usize {
    let mut last_cut = None;
    let mut previous = None;
    for (at, c) in text.char_indices() {
        if at >= FORCED_CUT_BYTES {
            return last_cut.unwrap_or(at);
        }
        if let (true, Some(cut)) = (at >= PIECE_BYTES, last_cut) {
            return cut;
        }
        if c == '\n' {
            return at + 1;
        }
        if previous.is_some_and(|p| safe_cut(p, c)) {
            last_cut = Some(at);
        }
        previous = Some(c);
    }
    text.len()
}

/// Whether a cut between `previous` and `next` leaves words, grapheme clusters and evasion
/// signals exactly as they are without it.
fn safe_cut(previous: char, next: char) -> bool {
    let starts_word =
        next.is_alphanumeric() && !is_combining_mark(next) && char_role(next) == CharRole::Visible;
    ((previous == ' ' || previous == '\t') && starts_word)
        || (is_ideograph(previous) && is_ideograph(next))
}

fn is_ideograph(c: char) -> bool {
    matches!(c as u32, 0x4E00..=0x9FFF)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shortcut_ends_pieces_where_the_scan_does() {
        let line = "word ".repeat(20_000);
        for text in [
            "one line\nand another".to_string(),
            "no newline at all".to_string(),
            format!("{line}\nshort"),
            format!("{}\n{line}", "x".repeat(PIECE_BYTES - 1)),
            format!("{}\nrest", "x".repeat(PIECE_BYTES)),
            "中文".repeat(30_000),
        ] {
            assert_eq!(
                piece_end(&text),
                piece_end_by_scan(&text),
                "{}",
                &text[..40.min(text.len())]
            );
        }
    }
    use crate::text::options::TextOptions;
    use crate::text::tokenize::analyze;

    #[test]
    fn pieces_put_together_are_the_text() {
        let long_line = "word ".repeat(40_000);
        let chinese = "中文".repeat(40_000);
        let giant_word = "x".repeat(300_000);
        for text in [
            "",
            "one line",
            "a\nb\n\nc",
            &long_line,
            &chinese,
            &giant_word,
        ] {
            let pieces: Vec<&str> = pieces(text).collect();
            assert_eq!(pieces.concat(), text);
            assert!(pieces.iter().all(|p| p.len() <= FORCED_CUT_BYTES));
        }
        assert!(pieces(&long_line).count() >= 3);
    }

    #[test]
    fn cutting_a_long_line_changes_no_token() {
        // Every token of a long line is the token it would be if the line were short.
        let sentence = "Th\u{0435} qu\u{200B}ick brown fox, déjà vu, 中文字 and Ｆｕｌｌ width. ";
        let text = sentence.repeat(3_000);
        let options = TextOptions::default();
        let whole = analyze(&text, &options).unwrap();
        let one = analyze(sentence, &options).unwrap();
        assert_eq!(whole.tokens.len(), one.tokens.len() * 3_000);
        let expected: Vec<&str> = one.token_texts().collect();
        for (i, token) in whole.token_texts().enumerate() {
            assert_eq!(token, expected[i % expected.len()], "token {i}");
        }
        assert_eq!(
            whole.evasion.invisible_characters,
            one.evasion.invisible_characters * 3_000
        );
    }
}
