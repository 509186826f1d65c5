//! UAX #29 grapheme clusters and word boundaries of text made of ASCII and CJK (most lines of
//! Chinese and Japanese, once normalized, and the original text they come from), without the
//! Unicode tables:
//! the same clusters and segments `unicode-segmentation` gives (property tests hold them to it),
//! at the cost of a range check per character.
//!
//! The characters taken here ([`is_lone_grapheme_char`], [`is_lone_word_char`]) all have the
//! Grapheme_Cluster_Break and Word_Break property `Other` (and are no emoji): nothing joins them to
//! a neighbour of the same kind (GB999, WB999), so each is a cluster and (CJK) a word segment of
//! its own. Katakana ([`is_katakana_word`]) is the one exception: a run of it is one word segment
//! (WB13), and one beside `_` (ExtendNumLet, WB13a/b) sends the line to the general algorithm.
//! A text with any other character takes the general algorithm.

use unicode_segmentation::UnicodeSegmentation;

use super::ascii_words::ascii_word_bounds;
use super::chars::{cjk_letter_run_len, is_cjk_ideograph, is_katakana_word, is_stable_kana};

/// Printable ASCII, CJK ideographs, kana ([`is_stable_kana`]), the common CJK and general
/// punctuation and U+FFFD (what a wrongly decoded byte becomes, frequent in text from the web):
/// characters whose
/// grapheme cluster is themselves whatever stands next to them, when that is one of them too.
fn is_lone_grapheme_char(c: char) -> bool {
    (c.is_ascii() && !c.is_ascii_control())
        || is_cjk_ideograph(c)
        || is_stable_kana(c)
        || matches!(c as u32, 0x2010..=0x2027 | 0x3000..=0x3029 | 0xFF01..=0xFF5E | 0xFFFD)
}

/// CJK ideographs, Hiragana, CJK and general punctuation and U+FFFD that are a word segment of
/// their own (Word_Break `Other`): not U+3000 (it joins spaces, WB3d), 々 (a letter), ‘ ’ ․ ‧
/// (they join letters or digits on both sides, WB6/7, WB11/12), nor Katakana (WB13).
fn is_lone_word_char(c: char) -> bool {
    is_cjk_ideograph(c)
        || (is_stable_kana(c) && !is_katakana_word(c))
        || matches!(c as u32, 0x2010..=0x2017 | 0x201A..=0x2023 | 0x2025..=0x2026
            | 0x3001..=0x3004 | 0x3006..=0x3029 | 0xFFFD)
}

/// Whether a lone character's cluster ends before `next`: `next` is one too, or an ASCII control
/// (a line end, most often), before which a cluster always ends (GB5).
fn ends_a_lone_cluster(next: char) -> bool {
    is_lone_grapheme_char(next) || next.is_ascii_control()
}

/// The grapheme clusters of `text` with their byte offsets, as
/// `text.grapheme_indices(true)` gives them (see [`first_cluster_len`]); what the property tests
/// compare with the crate.
#[cfg(all(test, not(target_arch = "wasm32")))]
pub(crate) fn grapheme_indices(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut at = 0;
    std::iter::from_fn(move || {
        let rest = &text[at..];
        let len = first_cluster_len(rest);
        let cluster = (at, rest.get(..len).filter(|c| !c.is_empty())?);
        at += len;
        Some(cluster)
    })
}

/// The length in bytes of the grapheme cluster that starts `rest` (0 for an empty text), which
/// must start where a cluster starts: a character between two of [`is_lone_grapheme_char`] is a
/// cluster at once, anything else goes to the general algorithm.
pub(crate) fn first_cluster_len(rest: &str) -> usize {
    let mut chars = rest.chars();
    let Some(c) = chars.next() else {
        return 0;
    };
    if c.is_ascii_control() {
        // A control is a cluster of its own, CR LF the one pair (GB3-5, before any joining rule).
        return if rest.starts_with("\r\n") { 2 } else { 1 };
    }
    if is_lone_grapheme_char(c) && chars.next().is_none_or(ends_a_lone_cluster) {
        c.len_utf8()
    } else {
        rest.graphemes(true).next().map_or(rest.len(), str::len)
    }
}

/// How many of the bytes that start `bytes` (which must start where a cluster starts) are
/// printable ASCII characters that are each a grapheme cluster of their own: the run of printable
/// ASCII, without its last character when a non-ASCII one follows (a combining mark would join it).
pub(crate) fn one_byte_clusters(bytes: &[u8]) -> usize {
    let run = bytes
        .iter()
        .position(|b| !matches!(b, b' '..=b'~'))
        .unwrap_or(bytes.len());
    match bytes.get(run) {
        Some(next) if !next.is_ascii() => run.saturating_sub(1),
        _ => run,
    }
}

/// How many of the bytes that start `text` (which must start where a cluster starts) are CJK
/// ideographs and kana that are each a grapheme cluster of their own: the run of them
/// ([`cjk_letter_run_len`]), without its last one when a character follows that could join it (a
/// combining mark, a joiner).
pub(crate) fn cjk_letter_clusters(text: &str) -> usize {
    let run = cjk_letter_run_len(text);
    match text[run..].chars().next() {
        Some(next) if !ends_a_lone_cluster(next) => run.saturating_sub(3),
        _ => run,
    }
}

/// The UAX #29 word-bound segments of `text`, as byte ranges into `bounds`, when `text` is made
/// of ASCII, [`is_lone_word_char`]s and Katakana: runs of ASCII segmented by
/// [`ascii_word_bounds`], each other character a segment, except that a run of CJK ideographs and
/// kana is one range, which the tokenizer cuts into its characters in one loop (each is a token,
/// whether UAX #29 makes it a segment of its own or, Katakana, one of a run). Returns false (and leaves `bounds` unspecified) for any other text,
/// and for Katakana beside `_`, which joins them (WB13a/b).
pub(crate) fn simple_word_bounds(text: &str, bounds: &mut Vec<(usize, usize)>) -> bool {
    bounds.clear();
    let mut run_start = None;
    let close_run = |start: Option<usize>, end: usize, bounds: &mut Vec<(usize, usize)>| {
        match start {
            // One character is one segment: the comma or full stop between Chinese characters.
            Some(start) if end == start + 1 => bounds.push((start, end)),
            Some(start) => {
                let run = &text[start..end];
                bounds.extend(
                    ascii_word_bounds(run).map(|(at, s)| (start + at, start + at + s.len())),
                );
            }
            None => {}
        }
    };
    let mut at = 0;
    while let Some(&byte) = text.as_bytes().get(at) {
        if byte.is_ascii() {
            run_start.get_or_insert(at);
            at += 1;
            continue;
        }
        close_run(run_start.take(), at, bounds);
        let rest = &text[at..];
        let len = match cjk_letter_run_len(rest) {
            0 => match rest.chars().next() {
                Some(c) if is_lone_word_char(c) => c.len_utf8(),
                _ => return false,
            },
            letters if touches_underscore(text, at, at + letters) => return false,
            letters => letters,
        };
        bounds.push((at, at + len));
        at += len;
    }
    close_run(run_start, text.len(), bounds);
    true
}

/// Whether the run of CJK letters `text[start..end]` has Katakana at an end that touches `_`.
fn touches_underscore(text: &str, start: usize, end: usize) -> bool {
    let bytes = text.as_bytes();
    let katakana = |at: usize| is_katakana_word(text[at..].chars().next().unwrap_or(' '));
    (start > 0 && bytes[start - 1] == b'_' && katakana(start))
        || (bytes.get(end) == Some(&b'_') && katakana(end - 3))
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn lone_chars() -> impl Iterator<Item = char> {
        (0..=0xFFFFu32)
            .filter_map(char::from_u32)
            .filter(|&c| is_lone_grapheme_char(c))
    }

    #[test]
    fn every_lone_character_is_a_cluster_and_a_segment_next_to_anything_of_its_kind() {
        for c in lone_chars() {
            for neighbour in ['a', '中', '，', c] {
                let pair = format!("{c}{neighbour}");
                assert_eq!(pair.graphemes(true).count(), 2, "{c:?}{neighbour:?}");
                let pair = format!("{neighbour}{c}");
                assert_eq!(pair.graphemes(true).count(), 2, "{neighbour:?}{c:?}");
            }
            // A control after it (a line end) starts a cluster of its own (GB5).
            for control in ['\n', '\r', '\t', '\u{0}', '\u{7F}'] {
                let pair = format!("{c}{control}");
                assert_eq!(pair.graphemes(true).count(), 2, "{c:?}{control:?}");
            }
            // Not an emoji: an emoji ZWJ sequence does not take it in (GB11).
            assert_eq!(format!("😀\u{200D}{c}").graphemes(true).count(), 2, "{c:?}");
            if is_katakana_word(c) {
                // A run of Katakana is one segment (WB13), ExtendNumLet joins it (WB13a/b).
                for text in [
                    format!("ア{c}"),
                    format!("{c}ー"),
                    format!("_{c}"),
                    format!("{c}_"),
                ] {
                    assert_eq!(text.split_word_bounds().count(), 1, "{text:?}");
                }
                for neighbour in ["a", "1", " ", "中", "あ", ".", "a.", "，", "・"] {
                    let text = format!("{neighbour}{c}{neighbour}");
                    let alone = text.split_word_bounds().any(|s| s == c.to_string());
                    assert!(alone, "{text:?}");
                }
            }
            if is_lone_word_char(c) {
                for neighbour in ["a", "1", " ", "中", ".", "_", "a.", "1,", "，"] {
                    let (before, after) = (format!("{neighbour}{c}"), format!("{c}{neighbour}"));
                    let between = format!("{neighbour}{c}{neighbour}");
                    for text in [before, after, between] {
                        let segments: Vec<_> = text.split_word_bound_indices().collect();
                        assert!(
                            segments.iter().any(|&(_, s)| s == c.to_string()),
                            "{text:?}"
                        );
                    }
                }
            }
        }
    }

    /// The UAX #29 word segments of a run of CJK letters ([`cjk_letter_run_len`]) that starts at
    /// byte `start`: each ideograph and Hiragana alone, each run of Katakana together (WB13).
    fn cjk_letter_segments(start: usize, run: &str) -> Vec<(usize, &str)> {
        let mut bounds: Vec<(usize, usize)> = Vec::new();
        let mut last_katakana = false;
        for (at, c) in run.char_indices() {
            let (end, katakana) = (at + c.len_utf8(), is_katakana_word(c));
            match bounds.last_mut() {
                Some(last) if katakana && last_katakana => last.1 = end,
                _ => bounds.push((at, end)),
            }
            last_katakana = katakana;
        }
        bounds
            .into_iter()
            .map(|(s, e)| (start + s, &run[s..e]))
            .collect()
    }

    fn ours_words(text: &str) -> Option<Vec<(usize, &str)>> {
        let mut bounds = Vec::new();
        // A run of CJK letters is one range, cut here into its segments.
        let segments = |&(start, end): &(usize, usize)| {
            let range = &text[start..end];
            if cjk_letter_run_len(range) == range.len() {
                cjk_letter_segments(start, range)
            } else {
                vec![(start, range)]
            }
        };
        simple_word_bounds(text, &mut bounds).then(|| bounds.iter().flat_map(segments).collect())
    }

    /// Text mixing the fast characters with every kind the general algorithms treat specially:
    /// combining marks, ZWJ, emoji, regional indicators, Hangul jamo, Prepend, ideographic space,
    /// fullwidth forms, curly quotes, CR LF.
    fn mixed_text() -> impl Strategy<Value = String> {
        prop::collection::vec(
            prop_oneof![
                4 => prop::char::range(' ', '~'),
                4 => prop::char::range('\u{4E00}', '\u{4E20}'),
                3 => prop::char::range('\u{3040}', '\u{30FF}'), // kana, and the marks between them
                1 => prop::sample::select(vec!['_', 'ー', 'ｰ', 'ｱ', '\u{FF65}', '\u{FF9F}', '\u{31F0}']),
                2 => prop::sample::select(vec!['\u{FFFD}', '，', '。', '、', '《', '》', '“', '”', '‘', '’', '：',
                    '\u{3000}', '\u{302A}', '\u{3031}', '！', '１', 'Ａ', '．', '＇']),
                1 => prop::sample::select(vec!['\u{301}', '\u{200D}', '😀', '\u{1F1E6}', '\u{1F1E8}',
                    '\u{1100}', '\u{1161}', '\u{11A8}', '가', '\u{600}', '\u{903}', '\r', '\n', 'é', '\t', '\u{0}', '\u{85}',
                    '\u{FE0F}', '\u{3099}', 'カ', 'ｶ', '\u{FF9E}', '\u{2060}', '\u{AD}']),
            ],
            0..24,
        )
        .prop_map(|chars| chars.into_iter().collect())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(5000))]

        #[test]
        fn the_same_clusters_as_unicode_segmentation(text in mixed_text()) {
            let ours: Vec<_> = grapheme_indices(&text).collect();
            let theirs: Vec<_> = text.grapheme_indices(true).collect();
            prop_assert_eq!(ours, theirs);
        }

        #[test]
        fn the_same_word_segments_as_unicode_segmentation(text in mixed_text()) {
            if let Some(ours) = ours_words(&text) {
                let theirs: Vec<_> = text.split_word_bound_indices().collect();
                prop_assert_eq!(ours, theirs);
            }
        }
    }
}
