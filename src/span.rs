//! Spans of the original text, in UTF-16 code units, and the cursor that converts byte offsets to them.
//!
//! Rust strings are indexed by UTF-8 bytes, JavaScript strings by UTF-16 code units. Every span that
//! leaves the core is in UTF-16 units of the *original* text so that `text.slice(start, end)` in JS
//! returns the highlighted passage: a character outside the Basic Multilingual Plane (most emoji) is 4
//! bytes in UTF-8 but 2 units in UTF-16, an accented Latin letter 2 bytes but 1 unit.

use crate::json_path::{missing_field, read_fields, FromJson, PathError, Value};
use serde::{Deserialize, Serialize};

/// A half-open range `[start, end)` of UTF-16 code units in an original text.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Span {
    /// First code unit of the span.
    pub start: usize,
    /// One past the last code unit of the span.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end` (end-exclusive).
    pub fn new(start: usize, end: usize) -> Self {
        debug_assert!(start <= end, "span start {start} after end {end}");
        Span { start, end }
    }

    /// Number of UTF-16 code units covered.
    pub fn len(&self) -> usize {
        self.end - self.start
    }

    /// Whether the span covers nothing.
    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }

    /// The part of `text` this span covers, for tests and native callers.
    ///
    /// Returns `None` if the span is out of range or splits a surrogate pair (which would be a bug in
    /// whatever produced the span).
    pub fn try_slice_of<'a>(&self, text: &'a str) -> Option<&'a str> {
        let start = utf16_to_byte(text, self.start)?;
        let end = utf16_to_byte(text, self.end)?;
        text.get(start..end)
    }

    /// Like [`Span::try_slice_of`], panicking on a span that does not fit `text`.
    pub fn slice_of<'a>(&self, text: &'a str) -> &'a str {
        self.try_slice_of(text)
            .unwrap_or_else(|| panic!("span {self:?} does not fit the text"))
    }
}

impl FromJson for Span {
    /// Reads `{ start, end }`, both required.
    fn from_json(value: &Value) -> Result<Self, PathError> {
        let mut bounds = [None, None];
        read_fields(value, &["start", "end"], &mut |index, inner| {
            bounds[index] = Some(usize::from_json(inner)?);
            Ok(())
        })?;
        let [Some(start), Some(end)] = bounds else {
            return Err(missing_field(if bounds[0].is_none() {
                "start"
            } else {
                "end"
            }));
        };
        Ok(Span { start, end })
    }
}

/// Byte offset of the UTF-16 offset `units` in `text`, or `None` if it is past the end or inside a
/// character.
fn utf16_to_byte(text: &str, units: usize) -> Option<usize> {
    let mut seen = 0;
    for (byte, ch) in text.char_indices() {
        if seen == units {
            return Some(byte);
        }
        if seen > units {
            return None;
        }
        seen += ch.len_utf16();
    }
    (seen == units).then_some(text.len())
}

/// Converts increasing byte offsets of one text to UTF-16 offsets in amortized O(1) each.
///
/// Tokenizers visit a text from left to right, so instead of rescanning from the start for every
/// token the cursor remembers where it stopped.
#[derive(Debug)]
pub struct Utf16Cursor<'a> {
    text: &'a str,
    byte: usize,
    unit: usize,
}

impl<'a> Utf16Cursor<'a> {
    /// A cursor at the start of `text`.
    pub fn new(text: &'a str) -> Self {
        Utf16Cursor {
            text,
            byte: 0,
            unit: 0,
        }
    }

    /// UTF-16 offset of byte offset `byte`, which must be on a char boundary and not before the
    /// previous call's offset.
    pub fn advance_to(&mut self, byte: usize) -> usize {
        debug_assert!(byte >= self.byte, "cursor moved backwards");
        self.unit += self.text[self.byte..byte]
            .chars()
            .map(char::len_utf16)
            .sum::<usize>();
        self.byte = byte;
        self.unit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursor_counts_surrogate_pairs_and_multibyte_letters() {
        let text = "é😀中a";
        let mut cursor = Utf16Cursor::new(text);
        assert_eq!(cursor.advance_to(0), 0);
        assert_eq!(cursor.advance_to(2), 1); // after é (2 bytes, 1 unit)
        assert_eq!(cursor.advance_to(6), 3); // after 😀 (4 bytes, 2 units)
        assert_eq!(cursor.advance_to(9), 4); // after 中 (3 bytes, 1 unit)
        assert_eq!(cursor.advance_to(10), 5);
    }

    #[test]
    fn slice_of_round_trips_and_rejects_half_surrogates() {
        let text = "a😀b";
        assert_eq!(Span::new(1, 3).slice_of(text), "😀");
        assert_eq!(Span::new(3, 4).slice_of(text), "b");
        assert_eq!(Span::new(0, 2).try_slice_of(text), None);
        assert_eq!(Span::new(0, 5).try_slice_of(text), None);
        assert_eq!(Span::new(4, 4).slice_of(text), "");
    }
}
