//! Word tokens with UTF-16 spans of the original text.
//!
//! Words come from Unicode's word boundaries (UAX #29, via `unicode-segmentation`). UAX #29 alone is
//! wrong for scripts written without spaces: it gives one token per Han character but keeps a run of
//! katakana or a whole Thai phrase as one "word". So inside every word, each grapheme of such a script
//! (Han, kana, Thai, Lao, Khmer, Myanmar) becomes a token of its own, and a mixed run like
//! `用Rust写` yields `用`, `rust`, `写`.
//!
//! Token text is lowercased for matching; the span always points at the original characters.

use unicode_segmentation::UnicodeSegmentation;

use crate::span::{Span, Utf16Cursor};

/// One word (or one character of an unsegmented script) of a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// The token as it is compared: lowercased.
    pub text: String,
    /// Where the token is in the original text, in UTF-16 code units.
    pub span: Span,
}

/// Splits `text` into word tokens, in order, each with its UTF-16 span in `text`.
///
/// Punctuation and whitespace produce no tokens. Runs never fail and never panic, whatever the input.
///
/// ```
/// use plagscope::text::tokenize;
/// let tokens = tokenize("Déjà vu, 中文!");
/// let words: Vec<&str> = tokens.iter().map(|t| t.text.as_str()).collect();
/// assert_eq!(words, ["déjà", "vu", "中", "文"]);
/// assert_eq!(tokens[2].span.slice_of("Déjà vu, 中文!"), "中");
/// ```
pub fn tokenize(text: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut cursor = Utf16Cursor::new(text);
    for (word_start, word) in text.split_word_bound_indices() {
        if !word.chars().any(char::is_alphanumeric) {
            continue;
        }
        if !word.chars().any(is_unsegmented_script) {
            push_token(&mut tokens, &mut cursor, word_start, word);
            continue;
        }
        // Split the word: each grapheme of an unsegmented script alone, runs of anything else together.
        let mut run_start: Option<usize> = None;
        for (offset, grapheme) in word.grapheme_indices(true) {
            let at = word_start + offset;
            let own_token = grapheme.chars().next().is_some_and(is_unsegmented_script);
            if own_token {
                if let Some(start) = run_start.take() {
                    push_token(&mut tokens, &mut cursor, start, &text[start..at]);
                }
                push_token(&mut tokens, &mut cursor, at, grapheme);
            } else if run_start.is_none() {
                run_start = Some(at);
            }
        }
        if let Some(start) = run_start {
            push_token(
                &mut tokens,
                &mut cursor,
                start,
                &text[start..word_start + word.len()],
            );
        }
    }
    tokens
}

fn push_token(tokens: &mut Vec<Token>, cursor: &mut Utf16Cursor<'_>, byte_start: usize, raw: &str) {
    // A run split off a mixed word can be bare punctuation (the "." in "中.文"); it is no token.
    if !raw.chars().any(char::is_alphanumeric) {
        return;
    }
    let start = cursor.advance_to(byte_start);
    let end = cursor.advance_to(byte_start + raw.len());
    tokens.push(Token {
        text: raw.to_lowercase(),
        span: Span::new(start, end),
    });
}

/// Whether `c` belongs to a script written without spaces between words, where each character (or
/// grapheme) is treated as a token.
pub fn is_unsegmented_script(c: char) -> bool {
    matches!(c as u32,
        0x0E00..=0x0E7F       // Thai
        | 0x0E80..=0x0EFF     // Lao
        | 0x1000..=0x109F     // Myanmar
        | 0x1780..=0x17FF     // Khmer
        | 0x2E80..=0x2FDF     // CJK radicals supplement, Kangxi radicals
        | 0x3005..=0x3007     // 々 〆 〇
        | 0x3040..=0x30FF     // Hiragana, Katakana
        | 0x31F0..=0x31FF     // Katakana phonetic extensions
        | 0x3400..=0x4DBF     // CJK extension A
        | 0x4E00..=0x9FFF     // CJK unified ideographs
        | 0xF900..=0xFAFF     // CJK compatibility ideographs
        | 0xFF66..=0xFF9F     // half-width katakana
        | 0x20000..=0x323AF   // CJK extensions B..H
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        tokenize(text).into_iter().map(|t| t.text).collect()
    }

    #[test]
    fn latin_words_are_lowercased_and_punctuation_dropped() {
        assert_eq!(
            words("The cat's HAT, 3.5 times!"),
            ["the", "cat's", "hat", "3.5", "times"]
        );
    }

    #[test]
    fn each_han_character_and_kana_is_a_token() {
        assert_eq!(words("我爱北京"), ["我", "爱", "北", "京"]);
        assert_eq!(words("カタカナ"), ["カ", "タ", "カ", "ナ"]);
    }

    #[test]
    fn mixed_chinese_and_english() {
        assert_eq!(
            words("用Rust写WebAssembly"),
            ["用", "rust", "写", "webassembly"]
        );
    }

    #[test]
    fn thai_is_split_into_graphemes_not_one_word() {
        let tokens = words("ภาษาไทย");
        assert!(tokens.len() > 3, "{tokens:?}");
    }

    #[test]
    fn spans_slice_back_to_the_original() {
        let text = "Ünïcödé 😀 naïve 中文 café";
        for token in tokenize(text) {
            assert_eq!(token.span.slice_of(text).to_lowercase(), token.text);
        }
        let spans: Vec<_> = tokenize(text)
            .iter()
            .map(|t| (t.span.start, t.span.end))
            .collect();
        // "😀" is 2 UTF-16 units and no token; "naïve" starts after it.
        assert_eq!(spans, [(0, 7), (11, 16), (17, 18), (18, 19), (20, 24)]);
    }

    #[test]
    fn empty_and_symbol_only_inputs_give_no_tokens() {
        assert!(tokenize("").is_empty());
        assert!(tokenize("  ,,, 😀 \u{200B} ").is_empty());
    }
}
