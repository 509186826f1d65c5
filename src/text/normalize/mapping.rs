//! How the bytes of a normalized line map back to the original text: through a span per byte in
//! general, or by arithmetic for the two kinds of line that make up nearly all real text: not
//! writing a span per byte, twice, gives `minhash(text)` 1.14x the throughput on classical Chinese
//! in Chromium.

use std::cell::Cell;

use crate::span::Span;

/// How the bytes of [`super::NormalizedLine::text`] map to original UTF-16 spans.
#[derive(Debug, Default)]
pub(super) enum Mapping {
    /// The line's `origin` holds each byte's span.
    #[default]
    PerByte,
    /// An ASCII line: byte `i` is unit `base + i`.
    Ascii { base: usize },
    /// Each character is one original character of one UTF-16 unit, in the same order
    /// (see `one_to_one.rs`): character `k` is unit `base + k`.
    OneUnitPerChar {
        base: usize,
        /// A byte offset asked about last and how many characters are before it: the tokenizer
        /// walks a line from start to end, so each character is counted about once.
        cursor: Cell<(usize, usize)>,
    },
}

impl Mapping {
    /// Whether each byte's span must be written into `origin`.
    #[inline]
    pub(super) fn per_byte(&self) -> bool {
        matches!(self, Mapping::PerByte)
    }

    /// The original span of the bytes `start..end` of `text` (non-empty, on char boundaries), whose
    /// per-byte spans, for [`Mapping::PerByte`], are `origin`.
    #[inline(always)]
    pub(super) fn span(&self, text: &str, origin: &[Span], start: usize, end: usize) -> Span {
        match self {
            Mapping::Ascii { base } => Span::new(base + start, base + end),
            Mapping::PerByte => Span::new(origin[start].start, origin[end - 1].end),
            Mapping::OneUnitPerChar { .. } => self.counted_span(text, start, end),
        }
    }

    /// [`Mapping::span`] for [`Mapping::OneUnitPerChar`], apart so that the other two, on the
    /// tokenizer's path for every token of English, stay small enough to inline.
    #[inline(never)]
    fn counted_span(&self, text: &str, start: usize, end: usize) -> Span {
        let Mapping::OneUnitPerChar { base, cursor } = self else {
            unreachable!("called for OneUnitPerChar only")
        };
        let bytes = text.as_bytes();
        let first = chars_before(bytes, start, cursor);
        let last = chars_before(bytes, end, cursor);
        Span::new(base + first, base + last)
    }

    /// The original UTF-16 offset of the character at byte `start` of `text` when every character
    /// is one unit of the original in order ([`Mapping::OneUnitPerChar`]), so that the spans of a
    /// run of characters follow from the first; `None` for the other mappings.
    #[inline]
    pub(super) fn unit_per_char_at(&self, text: &str, start: usize) -> Option<usize> {
        match self {
            Mapping::OneUnitPerChar { base, cursor } => {
                Some(base + chars_before(text.as_bytes(), start, cursor))
            }
            _ => None,
        }
    }
}

/// How many characters of `bytes` come before the char boundary `at`, counted from the cursor.
#[inline]
fn chars_before(bytes: &[u8], at: usize, cursor: &Cell<(usize, usize)>) -> usize {
    let (known_at, known) = cursor.get();
    let count = if at >= known_at {
        known + char_starts(&bytes[known_at..at])
    } else {
        known - char_starts(&bytes[at..known_at])
    };
    cursor.set((at, count));
    count
}

/// How many characters start in `bytes`: the bytes that are not UTF-8 continuation bytes.
#[inline]
fn char_starts(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| (b as i8) >= -0x40).count()
}
