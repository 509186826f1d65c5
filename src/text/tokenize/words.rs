//! Words into tokens: which words are one token as they stand, how a word with characters of
//! scripts written without spaces splits into one token per such character, and what needs no
//! trimming.

use unicode_segmentation::UnicodeSegmentation;

use super::analysis::TokenKind;
use crate::text::chars::{
    cjk_ideograph_run_len, is_alphanumeric_fast, is_cjk_ideograph, is_unsegmented_script,
};

/// The kind of the one token a word is when nothing in it needs splitting or folding: an ASCII
/// word or number (most words of most text), or one CJK ideograph (every Chinese word), as
/// [`pieces`] would find it.
pub(super) fn single_piece(word: &str) -> Option<TokenKind> {
    if word.is_ascii() {
        return Some(ascii_word_kind(word));
    }
    is_one_ideograph(word).then_some(TokenKind::Character)
}

/// The kind of an ASCII word: a word if it has a letter, else a number.
pub(super) fn ascii_word_kind(word: &str) -> TokenKind {
    if word.bytes().any(|b| b.is_ascii_alphabetic()) {
        TokenKind::Word
    } else {
        TokenKind::Number
    }
}

/// Whether `text` is one CJK ideograph (three bytes: found without decoding them).
#[inline]
pub(super) fn is_one_ideograph(text: &str) -> bool {
    text.len() == 3 && cjk_ideograph_run_len(text) == 3
}

/// Splits a UAX #29 word into token byte ranges (into `pieces`): the whole word, or for words containing an
/// unsegmented script each such grapheme alone and runs of anything else together. Ranges without a
/// letter or digit (the "." in "中.文") are skipped.
pub(super) fn pieces(word: &str, pieces: &mut Vec<(usize, usize, TokenKind)>) {
    let plain_kind = |text: &str| {
        if text
            .chars()
            .any(|c| is_cjk_ideograph(c) || c.is_alphabetic())
        {
            TokenKind::Word
        } else {
            TokenKind::Number
        }
    };
    pieces.clear();
    let mut chars = word.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        // One character (every Chinese character is its own UAX #29 word): no graphemes to find.
        let kind = if is_unsegmented_script(c) {
            TokenKind::Character
        } else {
            plain_kind(word)
        };
        pieces.push((0, word.len(), kind));
        return;
    }
    if word.is_ascii() || !word.chars().any(is_unsegmented_script) {
        pieces.push((0, word.len(), plain_kind(word)));
        return;
    }
    // The current run of other graphemes, from its first to its last grapheme holding a letter or
    // digit: punctuation left at the edges by the split (the "'" of "ႃ'0") is no part of a token.
    let mut run: Option<(usize, usize)> = None;
    let close_run = |run: &mut Option<(usize, usize)>,
                     pieces: &mut Vec<(usize, usize, TokenKind)>| {
        if let Some((start, end)) = run.take() {
            pieces.push((start, end, plain_kind(&word[start..end])));
        }
    };
    for (at, grapheme) in word.grapheme_indices(true) {
        if grapheme.chars().next().is_some_and(is_unsegmented_script) {
            close_run(&mut run, pieces);
            pieces.push((at, at + grapheme.len(), TokenKind::Character));
        } else if grapheme.chars().any(is_alphanumeric_fast) {
            let start = run.map_or(at, |(start, _)| start);
            run = Some((start, at + grapheme.len()));
        }
    }
    close_run(&mut run, pieces);
}

/// Whether `segment` starts with a printable ASCII character or a CJK ideograph: nothing to trim,
/// without the Unicode white-space table.
pub(super) fn starts_visibly(segment: &str) -> bool {
    match segment.as_bytes().first() {
        Some(b'!'..=b'~') => true,
        Some(0xE3..=0xE9) => segment.chars().next().is_some_and(is_cjk_ideograph),
        _ => false,
    }
}
