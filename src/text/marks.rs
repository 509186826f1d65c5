//! Combining marks over Latin, Greek and Cyrillic letters: dropped for matching, and counted per line
//! to tell a disguise from spelling.
//!
//! Matching ignores these marks (a copy with accents added, "páper", or stripped, "ecole", is the same
//! text), so a mark can never hide a copy. Reporting needs care, because many languages mark
//! letters: marks are reported on a line where most consonants (60%) carry one, which no language
//! does, or on five words in a row with every vowel marked, which only languages that mark tones do,
//! recognised by their marks (Vietnamese horn, hook above, dot below; Yoruba dot below; Pinyin
//! macron and caron, which Czech also uses); a letter with three or more marks stacked on it
//! (so-called Zalgo text) is always reported.

use super::nfkc::decompose_canonical;

use super::chars::is_tone_language_mark;
use super::evasion::EvasionBuilder;
use crate::span::Span;

/// The letter `c` without its marks, with the number of marks and whether one of them is a tone
/// language's ([`is_tone_language_mark`]).
pub fn strip_marks(c: char) -> (char, usize, bool) {
    let (mut base, mut marks, mut tone) = (None, 0, false);
    decompose_canonical(c, |part| {
        if base.is_none() {
            base = Some(part);
        } else {
            marks += 1;
            tone |= is_tone_language_mark(part);
        }
    });
    (base.unwrap_or(c), marks, tone)
}

/// A letter being written: its base, its marks so far, where it is.
#[derive(Debug, Clone, Copy)]
struct Pending {
    base: char,
    marks: usize,
    span: Span,
}

/// Marked letters of one line, counted while its clusters are normalized.
#[derive(Debug, Default)]
pub struct MarkStats {
    consonants: usize,
    marked_consonants: usize,
    tone_language: bool,
    pending: Option<Pending>,
    /// Vowels of the current word, how many are marked, and the word's marked letters.
    word_vowels: usize,
    word_marked_vowels: usize,
    word_marked: Vec<Span>,
    /// Consecutive words with every vowel marked, and their marked letters.
    run_words: usize,
    run_marked: Vec<Span>,
    /// Marked letters of runs long enough to be a disguise.
    disguised: Vec<Span>,
    /// Every marked letter of the line, and those with three marks or more.
    marked: Vec<Span>,
    stacked: Vec<Span>,
}

/// Words in a row with every vowel marked that make a disguise: a French "été" is one word, no
/// language marks every vowel of five words running.
const MARKED_WORDS_IN_A_ROW: usize = 5;

impl MarkStats {
    /// A letter `base` (already without marks) starts, carrying `marks` marks of its own.
    pub fn letter(&mut self, base: char, marks: usize, tone: bool, span: Span) {
        self.end_letter();
        self.tone_language |= tone;
        self.pending = Some(Pending { base, marks, span });
    }

    /// Whether a letter whose marks matching ignores is being written.
    pub fn in_letter(&self) -> bool {
        self.pending.is_some()
    }

    /// A combining mark follows the current letter (it is dropped for matching).
    pub fn mark(&mut self, mark: char) {
        self.tone_language |= is_tone_language_mark(mark);
        if let Some(pending) = &mut self.pending {
            pending.marks += 1;
        }
    }

    /// Something that is not a letter comes, or the cluster ends: the current letter is complete.
    pub fn end_letter(&mut self) {
        let Some(Pending { base, marks, span }) = self.pending.take() else {
            return;
        };
        if marks >= 3 {
            self.stacked.push(span);
        }
        if !base.is_ascii_alphabetic() {
            return;
        }
        let marked = marks > 0;
        if marked {
            self.marked.push(span);
            self.word_marked.push(span);
        }
        if matches!(base.to_ascii_lowercase(), 'a' | 'e' | 'i' | 'o' | 'u' | 'y') {
            self.word_vowels += 1;
            self.word_marked_vowels += usize::from(marked);
        } else {
            self.consonants += 1;
            self.marked_consonants += usize::from(marked);
        }
    }

    /// Printable ASCII characters, each a cluster of its own: the same counts as calling
    /// [`Self::letter`] (no marks) for each letter, [`Self::end_word`] for each character that is
    /// neither letter nor digit, and [`Self::end_letter`] after each.
    pub fn ascii_letters(&mut self, bytes: &[u8]) {
        self.end_letter();
        for &byte in bytes {
            if byte.is_ascii_alphabetic() {
                if matches!(
                    byte.to_ascii_lowercase(),
                    b'a' | b'e' | b'i' | b'o' | b'u' | b'y'
                ) {
                    self.word_vowels += 1;
                } else {
                    self.consonants += 1;
                }
            } else if !byte.is_ascii_digit() {
                self.end_word();
            }
        }
    }

    /// A space or punctuation ends the current word.
    pub fn end_word(&mut self) {
        self.end_letter();
        if self.word_vowels > 0 && self.word_marked_vowels == self.word_vowels {
            self.run_words += 1;
            self.run_marked.append(&mut self.word_marked);
        } else if self.word_vowels > 0 {
            self.end_run();
        }
        self.word_marked.clear();
        (self.word_vowels, self.word_marked_vowels) = (0, 0);
    }

    fn end_run(&mut self) {
        if self.run_words >= MARKED_WORDS_IN_A_ROW {
            self.disguised.append(&mut self.run_marked);
        }
        self.run_marked.clear();
        self.run_words = 0;
    }

    /// The line is done: reports its disguising marks and starts afresh.
    pub fn finish_line(&mut self, evasion: &mut EvasionBuilder) {
        self.end_word();
        self.end_run();
        let consonants_marked =
            self.consonants >= 6 && self.marked_consonants * 10 >= self.consonants * 6;
        let mut spans = std::mem::take(&mut self.stacked);
        // Tone languages mark vowels (and Yoruba an occasional s): most consonants of a line
        // marked is a disguise in any language.
        if consonants_marked {
            spans.append(&mut self.marked);
        } else if !self.tone_language {
            spans.append(&mut self.disguised);
        }
        crate::sort::sort(&mut spans);
        spans.dedup();
        for &span in &spans {
            evasion.marked_letter(span);
        }
        *self = MarkStats::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Marked letters reported for a line of `words`, each letter given with its number of marks.
    fn line(words: &[&[(char, usize)]], tone: bool) -> usize {
        let mut stats = MarkStats::default();
        let mut at = 0;
        for word in words {
            for &(base, marks) in word.iter() {
                stats.letter(base, marks, tone, Span::new(at, at + 1));
                at += 1;
            }
            stats.end_word();
            at += 1;
        }
        let mut evasion = EvasionBuilder::default();
        stats.finish_line(&mut evasion);
        evasion.finish().marked_letters
    }

    fn marked_vowels(word: &str) -> Vec<(char, usize)> {
        word.chars()
            .map(|c| (c, usize::from("aeiouy".contains(c))))
            .collect()
    }

    #[test]
    fn marks_on_every_vowel_of_five_words_are_reported_unless_the_language_marks_tones() {
        let words: Vec<Vec<(char, usize)>> = ["the", "paper", "is", "about", "copying", "text"]
            .iter()
            .map(|w| marked_vowels(w))
            .collect();
        let words: Vec<&[(char, usize)]> = words.iter().map(Vec::as_slice).collect();
        assert_eq!(line(&words, false), 11);
        assert_eq!(line(&words, true), 0);
        assert_eq!(line(&words[..4], false), 0);
        let ete = marked_vowels("ete");
        let plain: Vec<(char, usize)> = "cafe".chars().map(|c| (c, 0)).collect();
        assert_eq!(line(&[&ete, &plain, &ete, &plain], false), 0);
    }

    #[test]
    fn three_stacked_marks_are_always_reported() {
        assert_eq!(line(&[&[('z', 3), ('a', 0), ('l', 0)]], true), 1);
    }

    #[test]
    fn stripping_gives_the_base_letter() {
        assert_eq!(strip_marks('é'), ('e', 1, false));
        assert_eq!(strip_marks('ộ'), ('o', 2, true));
        assert_eq!(strip_marks('ά'), ('α', 1, false));
        assert_eq!(strip_marks('ø'), ('ø', 0, false));
    }

    // proptest forks processes, which wasm32 cannot: natively only.
    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

        /// `ascii_letters` counts what one call per character counts, after any marked letters.
        #[test]
        fn ascii_letters_count_as_one_character_at_a_time(
            before in "[a-zA-Z0-9 .,]{0,12}",
            marked in proptest::collection::vec(0usize..4, 0..12),
            run in "[ -~]{0,40}",
        ) {
            let span = Span::new(0, 1);
            let prepare = |stats: &mut MarkStats| {
                for (c, &marks) in before.chars().zip(marked.iter().cycle()) {
                    if c.is_ascii_alphabetic() {
                        stats.letter(c, marks, false, span);
                    } else {
                        stats.end_word();
                    }
                    stats.end_letter(); // as every cluster ends
                }
            };
            let (mut ours, mut theirs) = (MarkStats::default(), MarkStats::default());
            prepare(&mut ours);
            prepare(&mut theirs);
            ours.ascii_letters(run.as_bytes());
            for c in run.chars() {
                if c.is_ascii_alphabetic() {
                    theirs.letter(c, 0, false, span);
                } else if !c.is_ascii_digit() {
                    theirs.end_word();
                }
                theirs.end_letter();
            }
            proptest::prop_assert_eq!(format!("{ours:?}"), format!("{theirs:?}"));
        }
    }
}
