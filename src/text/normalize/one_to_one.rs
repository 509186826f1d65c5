//! Both steps of normalizing at once for a line whose every character is printable ASCII, a CJK
//! ideograph, a kana ([`is_stable_kana`](crate::text::chars::is_stable_kana)), one of the common
//! punctuation marks of CJK text or U+FFFD, with perhaps a line feed at the end: nearly every line
//! of Chinese and Japanese. Nothing in such a line is invisible, reversed or a
//! look-alike, and each character is its own grapheme cluster, one UTF-16 unit, whose matching
//! form is one character; so step 1 would copy the line as it is, and the original span of each
//! character of the result follows from its place ([`Mapping::OneUnitPerChar`]) without a span
//! written per byte.
//! The line is not checked first (a pass of its own, 5% of the time on Chinese): it is normalized
//! run by run, and at the first other character what was done is undone and the general path
//! takes the line. The output is what the general path gives (`fast_runs_change_nothing` and
//! `one_to_one_lines_change_nothing` hold them to it).

use std::cell::Cell;

use super::mapping::Mapping;
use super::runs::lone_punctuation_form;
use super::{empty_text_with_room, NormalizedLine};
use crate::span::Span;
use crate::text::chars::cjk_letter_run_len;
use crate::text::evasion::EvasionBuilder;
use crate::text::foreign_letters::ideographs_touch_latin;
use crate::text::marks::MarkStats;
use crate::text::TextOptions;

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
        let (mut offset, mut units) = (0, 0);
        while offset < body.len() {
            let rest = &body[offset..];
            let ascii = rest
                .bytes()
                .take_while(|b| matches!(b, b' '..=b'~'))
                .count();
            let (len, chars) = if ascii > 0 {
                // No character of the line can join the last one's cluster.
                self.normalize_ascii(&rest[..ascii], offset, options);
                (ascii, ascii)
            } else if let ideographs @ 1.. = cjk_run_len(body, offset) {
                self.normalize_ideographs(&rest[..ideographs], offset);
                (ideographs, ideographs / 3)
            } else if let Some(form) = rest.get(..3).and_then(lone_punctuation_form) {
                self.normalize_punctuation(form, offset);
                (3, 1)
            } else if rest.starts_with(char::REPLACEMENT_CHARACTER) {
                // What text decoded with errors is full of (a news article's lost quotes): a
                // cluster of its own here, no letter, its own matching form, like the marks above.
                self.normalize_punctuation(char::REPLACEMENT_CHARACTER, offset);
                (3, 1)
            } else {
                // Another character, or an ideograph that may stand for a Latin letter beside
                // one (crate::text::foreign_letters): nothing was reported yet (the marks' counts are reported at
                // the line's end, and no run of styled letters was open), so undoing is starting
                // the counts afresh, as every line does.
                self.marks = MarkStats::default();
                self.mapping = Mapping::PerByte;
                return None;
            };
            offset += len;
            units += chars;
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
}

/// The length of the run of ideographs and kana at `offset` of `body` (`cjk_letter_run_len`), 0
/// when one of them may stand for a Latin letter beside one ([`touches_latin`]).
fn cjk_run_len(body: &str, offset: usize) -> usize {
    match cjk_letter_run_len(&body[offset..]) {
        len if len > 0 && touches_latin(body, offset, len) => 0,
        len => len,
    }
}

/// Whether the ideographs and kana `body[offset..offset + len]` touch an ASCII letter with one that looks
/// like a Latin letter (`ideographs_touch_latin`).
fn touches_latin(body: &str, offset: usize, len: usize) -> bool {
    let (before, after) = (
        body[..offset].chars().next_back(),
        body[offset + len..].chars().next(),
    );
    let ascii_letter = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphabetic());
    (ascii_letter(before) || ascii_letter(after))
        && ideographs_touch_latin(before, &body[offset..offset + len], after)
}
