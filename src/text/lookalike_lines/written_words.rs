//! The Unicode words of a line before normalization, bounded where the tokenizer will bound them
//! in the line's matching form: normalization rewrites punctuation and compatibility characters,
//! and some of them join words differently then (a backtick is no part of a word, the apostrophe
//! it becomes is, between two letters; "¼" is no part of one, the digits of "1⁄4" are).

use unicode_segmentation::UnicodeSegmentation;

use crate::text::chars::unify_punctuation;
use crate::text::nfkc::{is_nfkc_quick_yes, Nfkc};

/// The Unicode word segments of `line` (each with its byte offset), bounded as in the line that
/// normalization writes: "a`b" is one word, as its matching form "a'b" is. Look-alike letters are
/// judged a word at a time, so judging "b" alone while the tokenizer folds "a'b" whole would leave
/// the normalized text, analyzed again, to fold what the first pass kept.
pub(super) fn written_word_bounds(line: &str) -> Vec<(usize, &str)> {
    if !line.chars().any(is_rewritten) {
        return line.split_word_bound_indices().collect(); // nearly every line
    }
    // The line as written, and for each of its bytes the offset in `line` of the character it was
    // written for, if it is the first byte written for that character.
    let mut written = String::with_capacity(line.len() + 8);
    let mut origin = Vec::with_capacity(line.len() + 8);
    for (at, c) in line.char_indices() {
        let start = written.len();
        write_form(c, &mut written);
        origin.push(Some(at));
        origin.extend(std::iter::repeat_n(None, written.len() - start - 1));
    }
    // A boundary inside what one character is written as (between the digits of "1⁄4") has none
    // in `line`: the segments on both sides are one.
    let mut cuts: Vec<usize> = (written.split_word_bound_indices())
        .filter_map(|(at, _)| origin[at])
        .collect();
    cuts.push(line.len());
    cuts.windows(2).map(|w| (w[0], &line[w[0]..w[1]])).collect()
}

/// Whether normalization may write `c` as something else: punctuation it unifies, a character
/// NFKC may change.
fn is_rewritten(c: char) -> bool {
    unify_punctuation(c) != c || !(c.is_ascii() || is_nfkc_quick_yes(c))
}

/// Writes to `written` what normalization writes for `c` (case aside, which moves no word
/// boundary): its compatibility form (a fullwidth grave accent is a grave accent, "¼" is "1⁄4"),
/// with unified punctuation (a backtick, a low quotation mark, a modifier letter apostrophe are
/// apostrophes).
fn write_form(c: char, written: &mut String) {
    if c.is_ascii() || is_nfkc_quick_yes(c) {
        written.push(unify_punctuation(c));
    } else {
        written.extend(std::iter::once(c).nfkc().map(unify_punctuation));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<&str> {
        let bounds = written_word_bounds(line);
        let mut end = 0;
        for &(at, segment) in &bounds {
            assert_eq!(at, end, "{line:?}: segments follow each other");
            end = at + segment.len();
        }
        assert_eq!(end, line.len(), "{line:?}: segments cover the line");
        bounds.into_iter().map(|(_, segment)| segment).collect()
    }

    #[test]
    fn words_are_bounded_as_normalization_writes_the_line() {
        // As the line stands, a backtick, a low quotation mark, a fullwidth grave accent end a
        // word; the apostrophe normalization writes for each does not.
        assert_eq!(words("aA`aж"), ["aA`aж"]);
        assert_eq!(words("don\u{201A}t ꓔꓧꓰ"), ["don\u{201A}t", " ", "ꓔꓧꓰ"]);
        assert_eq!(words("a\u{FF40}ж"), ["a\u{FF40}ж"]);
        // An acute accent is written as a space and a combining mark: a word ends there either way.
        assert_eq!(words("a´ж"), ["a", "´", "ж"]);
        // A superscript two is written as a digit, a fraction as digits: a word holds them.
        assert_eq!(words("a²ж"), ["a²ж"]);
        assert_eq!(words("aǁ¼жᏇ"), ["aǁ¼жᏇ"]);
        assert_eq!(words("¼ ж"), ["¼", " ", "ж"]);
        // A modifier letter apostrophe joins a letter to a digit; the apostrophe it becomes does not.
        assert_eq!(words("aʼ1"), ["a", "ʼ", "1"]);
        // Lines without such characters are cut as they stand.
        assert_eq!(words("pаper’s ꓔꓧꓰ"), ["pаper’s", " ", "ꓔꓧꓰ"]);
        assert_eq!(words("a` b"), ["a", "`", " ", "b"]);
    }
}
