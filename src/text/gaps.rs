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
        if c.is_whitespace() && role != CharRole::Narrow {
            if word_count.joins_words() {
                stretches.push(Span::new(word_start, at));
            }
            // Only a space after a word counts: indentation separates nothing.
            line_count.spaces += usize::from(after_letter);
            word_count = GapCount::default();
            (in_gap, after_letter, word_start) = (false, false, unit);
            continue;
        }
        if matches!(role, CharRole::Narrow | CharRole::Blank) || can_stand_for_space(c) {
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

/// Finds the words of `line` (which starts at UTF-16 offset `base`) spelled out one letter at a
/// time with no-break or figure spaces ("w\u{A0}o\u{A0}r\u{A0}d"), and appends their original spans
/// to `stretches`, in order.
///
/// Honest text binds words with those spaces ("10\u{A0}km", "Louis\u{A0}XIV", and in Czech or Polish
/// a one-letter word to the next: "a\u{A0}k\u{A0}tomu"), so a spelled-out word is at least three
/// one-letter pieces in a row, not bound to a longer piece after them; in a line that has one,
/// two-letter words ("o\u{A0}f") count too.
pub fn spelled_out_stretches(line: &str, base: usize, stretches: &mut Vec<Span>) {
    let first = stretches.len();
    let mut strong = false;
    let mut run = SpelledRun::default();
    let mut unit = base;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        let at = unit;
        unit += c.len_utf16();
        if is_combining_mark(c) || char_role(c) == CharRole::Invisible {
            continue; // part of the letter before it, or nothing
        }
        let single_letter = c.is_alphabetic()
            && run.after_space_or_start
            && !chars.peek().is_some_and(|&n| n.is_alphabetic());
        if single_letter {
            run.letters += 1;
            run.start.get_or_insert(at);
            run.end = unit;
            run.after_space_or_start = false;
            continue;
        }
        if char_role(c) == CharRole::NoBreak && run.letters > 0 && run.end == at {
            run.after_space_or_start = true; // the run goes on if a single letter follows
            continue;
        }
        // Anything else ends the run; a longer piece right after its last no-break space binds it.
        let bound = run.after_space_or_start && c.is_alphanumeric();
        strong |= run.finish(bound, stretches);
        run.after_space_or_start = !c.is_alphanumeric();
    }
    strong |= run.finish(false, stretches);
    if !strong {
        stretches.truncate(first);
    }
}

/// One-letter pieces in a row, joined by no-break spaces.
#[derive(Debug)]
struct SpelledRun {
    letters: usize,
    start: Option<usize>,
    end: usize,
    /// Whether the last character was a space or punctuation (or the line starts): a letter here
    /// starts a piece.
    after_space_or_start: bool,
}

impl Default for SpelledRun {
    fn default() -> Self {
        SpelledRun {
            letters: 0,
            start: None,
            end: 0,
            after_space_or_start: true,
        }
    }
}

impl SpelledRun {
    /// The run ends (`bound` to a longer piece after it or not): a spelled-out word of two letters
    /// or more is appended. Returns whether it was three letters or more.
    fn finish(&mut self, bound: bool, stretches: &mut Vec<Span>) -> bool {
        let (letters, start) = (self.letters, self.start.take());
        self.letters = 0;
        match start {
            Some(start) if letters >= 2 && !bound => {
                stretches.push(Span::new(start, self.end));
                letters >= 3
            }
            _ => false,
        }
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

    fn spelled_out(line: &str) -> Vec<Span> {
        let mut stretches = Vec::new();
        spelled_out_stretches(line, 0, &mut stretches);
        stretches
    }

    #[test]
    fn words_spelled_out_with_no_break_spaces_are_found_and_bound_words_are_not() {
        assert_eq!(
            spelled_out("the w\u{A0}o\u{A0}r\u{A0}d o\u{2007}f it"),
            [Span::new(4, 11), Span::new(12, 15)]
        );
        assert!(spelled_out("o\u{A0}f it").is_empty(), "two letters alone");
        assert!(spelled_out("a\u{A0}k\u{A0}v\u{A0}tomu a\u{A0}v\u{A0}Praze").is_empty());
        assert!(spelled_out("10\u{A0}km, Louis\u{A0}XIV, x\u{A0}=\u{A0}y").is_empty());
        assert!(spelled_out("dit\u{A0}: « bonjour\u{A0}»").is_empty());
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
