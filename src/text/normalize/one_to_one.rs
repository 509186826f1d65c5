//! Both steps of normalizing at once for a line whose every character is printable ASCII, a CJK
//! ideograph, a kana ([`is_stable_kana`](crate::text::chars::is_stable_kana)), one of the common
//! punctuation marks of CJK text or U+FFFD, with perhaps a line feed at the end: nearly every line
//! of Chinese and Japanese. Nothing in such a line is invisible, reversed or a look-alike (a CJK
//! letter that looks like a Latin one is folded only alone between ASCII letters, or in a line of
//! Latin text in disguise: such lines leave), and each character is its own grapheme cluster, one
//! UTF-16 unit, whose matching
//! form is one character; so step 1 would copy the line as it is, and the original span of each
//! character of the result follows from its place ([`Mapping::OneUnitPerChar`]) without a span
//! written per byte.
//! The line is not checked first (a pass of its own, 5% of the time on Chinese): it is normalized
//! run by run, and at the first other character what was done is undone and the general path
//! takes the line. The output is what the general path gives (`fast_runs_change_nothing` and
//! `one_to_one_lines_change_nothing` hold them to it).

use std::cell::Cell;

use super::clusters::lone_punctuation_form;
use super::line::{empty_text_with_room, NormalizedLine};
use super::mapping::Mapping;
use crate::span::Span;
use crate::text::chars::cjk_letter_run_len;
use crate::text::evasion::EvasionBuilder;
use crate::text::foreign_letters::{cjk_letter_look, is_disguised_cjk_line};
use crate::text::marks::MarkStats;
use crate::text::options::TextOptions;

impl NormalizedLine {
    /// Normalizes `line`, which starts at UTF-16 offset `base`, if every character of it is
    /// printable ASCII, a CJK ideograph or kana, one of the common CJK punctuation marks or U+FFFD,
    /// but for a line feed at its end: each run through what the general path's step 2 does with it.
    /// Returns the line's length in characters (and UTF-16 units), or `None`, with nothing changed
    /// that the general path would see, for any other line.
    pub(super) fn normalize_one_to_one(
        &mut self,
        line: &str,
        base: usize,
        options: &TextOptions,
        evasion: &mut EvasionBuilder,
    ) -> Option<usize> {
        self.mapping = Mapping::OneUnitPerChar {
            base,
            cursor: Cell::new((0, 0)),
        };
        empty_text_with_room(&mut self.text, line.len());
        self.lookalike_suspects = false;
        let body = line.strip_suffix('\n').unwrap_or(line);
        // CJK letters that look like Latin letters beside ASCII letters: a line with enough of
        // them may be Latin text in disguise.
        let (mut offset, mut units, mut beside) = (0, 0, 0);
        while offset < body.len() {
            let Some((len, chars)) = self.one_to_one_run(body, offset, options, &mut beside) else {
                return self.give_up();
            };
            offset += len;
            units += chars;
        }
        if beside > 0 && is_disguised_cjk_line(body, beside) {
            return self.give_up();
        }
        if body.len() < line.len() {
            let span = Span::new(base + units, base + units + 1);
            self.styled.cluster(false, span);
            self.normalize_cluster("\n", span, options, evasion);
            units += 1;
        }
        self.marks.finish_line(evasion);
        self.styled.finish(evasion);
        Some(units)
    }

    /// Normalizes the run at byte `offset` of `body`: printable ASCII, CJK letters (counting in
    /// `beside` those that look like a Latin letter beside an ASCII letter), one punctuation mark
    /// or U+FFFD. Returns its length in bytes and characters, or `None` at any other character
    /// and at a CJK letter that [`fold_foreign_letters`](crate::text::foreign_letters) folds.
    fn one_to_one_run(
        &mut self,
        body: &str,
        offset: usize,
        options: &TextOptions,
        beside: &mut usize,
    ) -> Option<(usize, usize)> {
        let rest = &body[offset..];
        let ascii = rest
            .bytes()
            .take_while(|b| matches!(b, b' '..=b'~'))
            .count();
        if ascii > 0 {
            // No character of the line can join the last one's cluster.
            self.normalize_ascii(&rest[..ascii], offset, options);
            Some((ascii, ascii))
        } else if let letters @ 1.. = cjk_letter_run_len(rest) {
            *beside += looks_beside_latin(body, offset, letters)?;
            self.normalize_ideographs(&rest[..letters], offset);
            Some((letters, letters / 3))
        } else if let Some(form) = rest.get(..3).and_then(lone_punctuation_form) {
            self.normalize_punctuation(form, offset);
            Some((3, 1))
        } else if rest.starts_with(char::REPLACEMENT_CHARACTER) {
            // What text decoded with errors is full of (a news article's lost quotes): a
            // cluster of its own here, no letter, its own matching form, like the marks above.
            self.normalize_punctuation(char::REPLACEMENT_CHARACTER, offset);
            Some((3, 1))
        } else {
            None
        }
    }

    /// Leaves the line to the general path: nothing was reported yet (the marks' counts are
    /// reported at the line's end, and no run of styled letters was open), so undoing is starting
    /// the counts afresh, as every line does.
    fn give_up(&mut self) -> Option<usize> {
        self.marks = MarkStats::default();
        self.mapping = Mapping::PerByte;
        None
    }
}

/// How many ends of the run of CJK letters `body[offset..offset + len]` touch an ASCII letter
/// with a letter that looks like a Latin one ([`cjk_letter_look`]); `None` when the run is one
/// such letter between two ASCII letters, which is folded ("wエre").
fn looks_beside_latin(body: &str, offset: usize, len: usize) -> Option<usize> {
    let bytes = body.as_bytes();
    let letter_before = offset > 0 && bytes[offset - 1].is_ascii_alphabetic();
    let letter_after = bytes.get(offset + len).is_some_and(u8::is_ascii_alphabetic);
    if !letter_before && !letter_after {
        return Some(0); // most runs, without the look-up
    }
    let run = &body[offset..offset + len];
    let looks = |c: Option<char>| c.and_then(cjk_letter_look).is_some();
    let before = letter_before && looks(run.chars().next());
    let after = letter_after && looks(run.chars().next_back());
    if len == 3 && before && after {
        return None;
    }
    Some(usize::from(before) + usize::from(after))
}
