//! Both steps of normalizing at once for a line whose every character is printable ASCII, a CJK
//! ideograph or one of the common punctuation marks of CJK text, with perhaps a line feed at the
//! end: nearly every line of Chinese. Nothing in such a line is invisible, reversed or a look-alike,
//! and each character is its own grapheme cluster, one UTF-16 unit, whose matching form is one
//! character; so step 1 would copy the line as it is, and the original span of each character of
//! the result follows from its place ([`Mapping::OneUnitPerChar`]) without a span written per byte.
//! The output is what the general path gives (`fast_runs_change_nothing` and
//! `one_to_one_lines_change_nothing` hold them to it).

use std::cell::Cell;

use super::mapping::Mapping;
use super::runs::{is_lone_punctuation, lone_punctuation_form};
use super::{empty_text_with_room, NormalizedLine};
use crate::span::Span;
use crate::text::chars::{cjk_ideograph_run_len, three_byte_code};
use crate::text::evasion::EvasionBuilder;
use crate::text::TextOptions;

/// The number of characters (and UTF-16 units) of `line` if every character of it is printable
/// ASCII, a CJK ideograph or [`is_lone_punctuation`], but for a line feed at its end; else `None`.
pub(super) fn one_unit_per_char(line: &str) -> Option<usize> {
    let body = line.strip_suffix('\n').unwrap_or(line);
    let bytes = body.as_bytes();
    let (mut at, mut chars) = (0, 0);
    while let Some(&lead) = bytes.get(at) {
        if matches!(lead, b' '..=b'~') {
            at += 1;
            chars += 1;
            continue;
        }
        let ideographs = cjk_ideograph_run_len(&body[at..]);
        if ideographs > 0 {
            at += ideographs;
            chars += ideographs / 3;
            continue;
        }
        // Every lone punctuation mark is three bytes, led by E2, E3 or EF.
        let three = bytes
            .get(at..at + 3)
            .filter(|_| matches!(lead, 0xE2 | 0xE3 | 0xEF))?;
        if !char::from_u32(three_byte_code(three)).is_some_and(is_lone_punctuation) {
            return None;
        }
        at += 3;
        chars += 1;
    }
    Some(chars + (line.len() - body.len()))
}

impl NormalizedLine {
    /// Normalizes `line`, of [`one_unit_per_char`] (its `units` characters), which starts at UTF-16
    /// offset `base`: each run through what the general path's step 2 does with it.
    pub(super) fn normalize_one_to_one(
        &mut self,
        line: &str,
        base: usize,
        units: usize,
        options: &TextOptions,
        evasion: &mut EvasionBuilder,
    ) {
        self.mapping = Mapping::OneUnitPerChar {
            base,
            cursor: Cell::new((0, 0)),
        };
        empty_text_with_room(&mut self.text, line.len());
        self.lookalike_suspects = false;
        let body = line.strip_suffix('\n').unwrap_or(line);
        let mut offset = 0;
        while offset < body.len() {
            let rest = &body[offset..];
            let ascii = rest.bytes().take_while(u8::is_ascii).count();
            let len = if ascii > 0 {
                // No character of the line could join the last one's cluster.
                self.normalize_ascii(&rest[..ascii], offset, options, evasion);
                ascii
            } else if let ideographs @ 1.. = cjk_ideograph_run_len(rest) {
                self.normalize_ideographs(&rest[..ideographs], offset, evasion);
                ideographs
            } else {
                let form = lone_punctuation_form(&rest[..3]).expect("one_unit_per_char");
                self.normalize_punctuation(form, offset, evasion);
                3
            };
            offset += len;
        }
        if body.len() < line.len() {
            let span = Span::new(base + units - 1, base + units);
            self.styled.cluster(false, span, evasion);
            self.normalize_cluster("\n", span, options, evasion);
        }
        self.marks.finish_line(evasion);
        self.styled.finish(evasion);
    }
}
