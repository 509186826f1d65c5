//! UAX #29 word boundaries for ASCII text, without the Unicode tables: the segments
//! `unicode-segmentation`'s `split_word_bound_indices` gives, found with one byte-class table.
//!
//! Segmenting is the largest cost of the pipeline on English (the general algorithm looks every
//! character up in the Word_Break tables); most lines of English, once normalized, are ASCII. For
//! ASCII only these rules of UAX #29 can apply (Extend, Format, ZWJ, Katakana, Hebrew letters and
//! regional indicators are never ASCII):
//!
//! - WB3–3b: CR × LF; otherwise break around CR, LF and the other newlines (VT, FF);
//! - WB3d: spaces stay together;
//! - WB5–7: letters join, also across one `:`, `.` or `'` between letters ("don't", "e.g");
//! - WB8–12: digits join each other and letters, also across one `,` `;` `.` `'` between digits;
//! - WB13a/b: `_` joins letters, digits and itself;
//! - WB999: everything else is a segment of its own.
//!
//! So a segment is a run of letters, digits and `_` (with those single joiners inside), a run of
//! spaces, CR LF, or one other byte.
//!
//! A property test holds this to `unicode-segmentation` on arbitrary ASCII strings.

/// The Word_Break class of an ASCII byte, as far as the rules above tell them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    Cr,
    Lf,
    Newline,
    Space,
    // The three classes that join each other come together, for a one-comparison test.
    Letter,
    Digit,
    /// `_`
    ExtendNumLet,
    /// `:`
    MidLetter,
    /// `,` and `;`
    MidNum,
    /// `.` and `'` (MidNumLet and Single_Quote: they behave alike here)
    MidNumLet,
    Other,
}

const fn class(byte: u8) -> Class {
    match byte {
        b'\r' => Class::Cr,
        b'\n' => Class::Lf,
        0x0B | 0x0C => Class::Newline,
        b' ' => Class::Space,
        b'a'..=b'z' | b'A'..=b'Z' => Class::Letter,
        b'0'..=b'9' => Class::Digit,
        b':' => Class::MidLetter,
        b',' | b';' => Class::MidNum,
        b'.' | b'\'' => Class::MidNumLet,
        b'_' => Class::ExtendNumLet,
        _ => Class::Other,
    }
}

/// The class of each ASCII byte, looked up rather than matched.
static CLASSES: [Class; 128] = {
    let mut table = [Class::Other; 128];
    let mut byte = 0;
    while byte < 128 {
        table[byte] = class(byte as u8);
        byte += 1;
    }
    table
};

/// Where the segment that starts at `start` ends (`start < bytes.len()`; `bytes` are ASCII).
pub(crate) fn segment_end(bytes: &[u8], start: usize) -> usize {
    use Class::*;
    let at = |i: usize| bytes.get(i).map(|&byte| CLASSES[usize::from(byte & 0x7F)]);
    let word_like = |c: Option<Class>| matches!(c, Some(Letter | Digit | ExtendNumLet));
    match CLASSES[usize::from(bytes[start] & 0x7F)] {
        Letter | Digit | ExtendNumLet => {
            let mut end = start + 1;
            loop {
                // No two of letters, digits and `_` break apart (WB5, WB8-10, WB13a/b).
                while word_like(at(end)) {
                    end += 1;
                }
                // One `:` `.` `'` between letters, or `,` `;` `.` `'` between digits (WB6/7, 11/12).
                let joined = matches!(
                    (at(end - 1), at(end), at(end + 1)),
                    (Some(Letter), Some(MidLetter | MidNumLet), Some(Letter))
                        | (Some(Digit), Some(MidNum | MidNumLet), Some(Digit))
                );
                if !joined {
                    return end;
                }
                end += 2;
            }
        }
        Space => (start + 1..bytes.len())
            .find(|&i| bytes[i] != b' ')
            .unwrap_or(bytes.len()),
        Cr if at(start + 1) == Some(Lf) => start + 2,
        _ => start + 1,
    }
}

/// The UAX #29 word-bound segments of ASCII `text` with their byte offsets, in order, as
/// `split_word_bound_indices` gives them.
pub(crate) fn ascii_word_bounds(text: &str) -> impl Iterator<Item = (usize, &str)> {
    debug_assert!(text.is_ascii());
    let mut start = 0;
    std::iter::from_fn(move || {
        if start >= text.len() {
            return None;
        }
        let end = segment_end(text.as_bytes(), start);
        let segment = (start, &text[start..end]);
        start = end;
        Some(segment)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_segmentation::UnicodeSegmentation;

    fn ours(text: &str) -> Vec<(usize, &str)> {
        let bounds: Vec<(usize, usize)> = ascii_word_bounds(text)
            .map(|(at, segment)| (at, at + segment.len()))
            .collect();
        bounds
            .into_iter()
            .map(|(at, end)| (at, &text[at..end]))
            .collect()
    }

    fn theirs(text: &str) -> Vec<(usize, &str)> {
        text.split_word_bound_indices().collect()
    }

    #[test]
    fn the_rules_on_examples() {
        for text in [
            "",
            "a",
            "Don't stop: e.g. 3.14, 1,000; a_b __ x1 1x",
            "a\r\nb\n\nc\u{b}d\u{c}e  f\t\tg",
            "a:b a:1 1:a 1.a a.1 a'b 1'2 1;2 a;b ''  ..",
            "end. 'quote' a.",
            "_a a_ 1_ _1 ___ a__b",
            "x\r\r\n\ny",
        ] {
            assert_eq!(ours(text), theirs(text), "{text:?}");
        }
    }

    // proptest forks processes, which wasm32 cannot: natively only.
    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]
        #[test]
        fn the_same_segments_as_unicode_segmentation(text in "[ -~\t\r\n\u{b}\u{c}]{0,40}") {
            proptest::prop_assert_eq!(ours(&text), theirs(&text));
        }

        #[test]
        fn the_same_segments_on_word_like_ascii(text in "[a-c0-2 .,;:'_\"\n\r-]{0,40}") {
            proptest::prop_assert_eq!(ours(&text), theirs(&text));
        }
    }
}
