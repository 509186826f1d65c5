//! Characters between letters that are either intrusions inside words (letter-spacing with narrow
//! spaces, words split by zero-width characters) or stand-ins for the spaces between them (words
//! joined by a word joiner, a line typeset with thin spaces). The decision needs the whole line, so
//! normalization asks for it before it removes anything.

use super::nfkc::is_combining_mark;

use super::chars::{
    can_stand_for_space, char_role, is_cjk_ideograph, is_plain_script_alphanumeric, CharRole,
};
use crate::span::Span;

/// Finds where the invisible characters and narrow spaces between letters of `line` (which starts
/// at UTF-16 offset `base`) separate words rather than sit inside them, and appends those stretches
/// to `stretches` as original spans, in order.
///
/// A writer who spaces out letters ("c o p y" with hair spaces) or splits words with zero-width
/// characters keeps ordinary spaces between the words, and the pieces between such characters are
/// short. Words joined with a word joiner instead of spaces make one "word" of many word-long
/// pieces (at least 5 gaps and 30 letters: longer than any real word); a typesetter who separates
/// all words with thin spaces leaves a line with almost no ordinary space and word-long pieces.
pub fn separator_stretches(line: &str, base: usize, stretches: &mut Vec<Span>) {
    let mut line_count = GapCount::default();
    let mut word_count = GapCount::default();
    let (mut after_letter, mut in_gap) = (false, false);
    let (mut unit, mut word_start) = (base, base);
    let first = stretches.len();
    for c in line.chars() {
        let role = char_role(c);
        let at = unit;
        unit += c.len_utf16();
        if role == CharRole::Blank || (c.is_whitespace() && role != CharRole::Narrow) {
            if word_count.joins_words() {
                stretches.push(Span::new(word_start, at));
            }
            // Only a space after a word counts: indentation separates nothing.
            line_count.spaces += usize::from(after_letter);
            word_count = GapCount::default();
            (in_gap, after_letter, word_start) = (false, false, unit);
            continue;
        }
        if role == CharRole::Narrow || can_stand_for_space(c) {
            in_gap |= after_letter;
            continue;
        }
        if role == CharRole::Invisible || is_combining_mark(c) {
            continue; // a mark belongs to the letter before it
        }
        let letter = is_plain_script_alphanumeric(c) && (is_cjk_ideograph(c) || c.is_alphabetic());
        if letter {
            for count in [&mut line_count, &mut word_count] {
                count.letters += 1;
                count.gaps += usize::from(in_gap);
            }
        }
        (in_gap, after_letter) = (false, letter);
    }
    if word_count.joins_words() {
        stretches.push(Span::new(word_start, unit));
    }
    if line_count.separates_words() {
        stretches.truncate(first);
        stretches.push(Span::new(base, unit));
    }
}

/// Gaps between letters, ordinary spaces after words, and letters, in a line or a word.
#[derive(Debug, Default, Clone, Copy)]
struct GapCount {
    gaps: usize,
    spaces: usize,
    letters: usize,
}

impl GapCount {
    /// A "word" of many word-long pieces: words joined by invisible characters.
    fn joins_words(&self) -> bool {
        self.gaps >= 5 && self.letters >= 30 && self.letters * 2 >= (self.gaps + 1) * 5
    }

    /// A line whose words are separated by such characters rather than spaces.
    fn separates_words(&self) -> bool {
        let pieces = self.gaps + self.spaces + 1;
        self.gaps >= 3 && self.spaces * 4 < self.gaps && self.letters * 2 >= pieces * 5
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn separates(line: &str) -> bool {
        let mut stretches = Vec::new();
        separator_stretches(line, 0, &mut stretches);
        !stretches.is_empty()
    }

    #[test]
    fn letter_spacing_is_inside_words_and_joined_words_are_separated() {
        let spaced = "c\u{200A}o\u{200A}p\u{200A}y the t\u{200A}e\u{200A}x\u{200A}t now";
        assert!(!separates(spaced));
        let joined = "copy\u{2060}the\u{2060}text\u{2060}now\u{2060}please";
        assert!(separates(joined));
        let thin_typeset = "words\u{2009}set\u{2009}with\u{2009}thin\u{2009}spaces";
        assert!(separates(thin_typeset));
        let split = "pla\u{200B}gia\u{200B}rism is a pro\u{200B}blem for every\u{200B}one";
        assert!(!separates(split));
        assert!(!separates("pla\u{200B}gia\u{200B}rism"));
        assert!(!separates("hy\u{AD}phen\u{AD}ation\u{AD}ally"));
        assert!(!separates("10\u{2009}000 people, « mot\u{202F}»"));
    }

    #[test]
    fn words_joined_inside_an_ordinary_line_are_found() {
        let joined =
            "copied\u{2060}passages\u{2060}hide\u{2060}between\u{2060}ordinary\u{2060}words";
        let line = format!("An honest opening sentence with spaces. {joined} and more.");
        let mut stretches = Vec::new();
        separator_stretches(&line, 10, &mut stretches);
        let start = 10 + line.find("copied").unwrap();
        assert_eq!(
            stretches,
            [Span::new(start, start + joined.chars().count())]
        );
    }
}
