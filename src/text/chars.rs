//! Character classes that normalization decides by: what is drawn as nothing, what only looks like a
//! space, which punctuation has an ASCII form, which letters carry marks that matching ignores.
//!
//! Each class is a small, explicit table with the reason for its members, because each one is a
//! trade between undoing a disguise and leaving honest text alone.

use super::scripts::{Script, UnicodeScript};

/// What normalization does with a character before anything else.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CharRole {
    /// An ordinary character: normalized and kept.
    Visible,
    /// Drawn as nothing: removed for matching.
    Invisible,
    /// Drawn as an empty space but not a space character: replaced by a space between words,
    /// removed inside a word (where it spaces out its letters).
    Blank,
    /// A no-break or figure space: a space, but between the letters of a word spelled out one
    /// letter at a time ("w o r d") a disguise, removed.
    NoBreak,
    /// A space narrower than a word space (thin, hair, six-per-em, punctuation, medium mathematical,
    /// narrow no-break): honest between digits and around punctuation, a disguise between the
    /// letters of one word (letter-spacing), where it is removed.
    Narrow,
}

/// Classifies `c` for the first normalization step.
pub fn char_role(c: char) -> CharRole {
    if matches!(c, ' '..='~') || is_cjk_ideograph(c) {
        return CharRole::Visible; // most characters, without the search below
    }
    match c as u32 {
        // Braille blank, Hangul fillers (the two conjoining ones too, which are Default_Ignorable
        // but drawn as a blank like the others).
        0x2800 | 0x3164 | 0xFFA0 | 0x115F | 0x1160 => CharRole::Blank,
        0x00A0 | 0x2007 => CharRole::NoBreak,
        0x2006 | 0x2008..=0x200A | 0x202F | 0x205F => CharRole::Narrow,
        // Control characters other than the line and tab controls (drawn as nothing, or not at
        // all) and the interlinear annotation marks.
        0x0000..=0x0008 | 0x000E..=0x001F | 0x007F..=0x0084 | 0x0086..=0x009F => {
            CharRole::Invisible
        }
        0xFFF9..=0xFFFB => CharRole::Invisible,
        // Default_Ignorable_Code_Point (DerivedCoreProperties.txt), minus the blanks above.
        0x00AD
        | 0x034F
        | 0x061C
        | 0x17B4..=0x17B5
        | 0x180B..=0x180F
        | 0x200B..=0x200F
        | 0x202A..=0x202E
        | 0x2060..=0x206F
        | 0xFE00..=0xFE0F
        | 0xFEFF
        | 0xFFF0..=0xFFF8
        | 0x1BCA0..=0x1BCA3
        | 0x1D173..=0x1D17A
        | 0xE0000..=0xE0FFF => CharRole::Invisible,
        _ => CharRole::Visible,
    }
}

/// Whether the invisible `c` right after `previous` is part of how that character is written: a
/// variation selector after an ideograph picks one of its registered glyphs (Japanese names: 葛󠄀
/// is 葛 with VS17, from the Ideographic Variation Database), as one after an emoji picks its
/// presentation. Removed for matching all the same, it is no sign of a disguise.
pub fn selects_variant(c: char, previous: Option<char>) -> bool {
    matches!(c as u32, 0xFE00..=0xFE0F | 0xE0100..=0xE01EF)
        && previous.is_some_and(is_cjk_ideograph)
}

/// Whether the invisible character `c` can stand where a space belongs: the zero-width space, joiners,
/// the word joiner and invisible operators, the zero-width no-break space. A soft hyphen, a bidi
/// control or a variation selector never separates words.
pub fn can_stand_for_space(c: char) -> bool {
    matches!(c as u32, 0x180E | 0x200B..=0x200D | 0x2060..=0x2064 | 0xFEFF)
}

/// Whether an ASCII byte is a control character that [`char_role`] removes.
pub fn is_invisible_control(byte: u8) -> bool {
    (byte < 0x20 && !matches!(byte, b'\t' | b'\n' | b'\r' | 0x0B | 0x0C)) || byte == 0x7F
}

/// The ASCII form of typographic quotes, apostrophes and dashes, or `c` itself.
pub fn unify_punctuation(c: char) -> char {
    match c {
        '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}' | '\u{2032}' | '\u{2035}'
        | '\u{02BC}' | '\u{02B9}' | '\u{00B4}' | '\u{0060}' => '\'',
        '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{201F}' | '\u{2033}' | '\u{2036}'
        | '\u{00AB}' | '\u{00BB}' | '\u{301D}' | '\u{301E}' | '\u{301F}' => '"',
        '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2014}' | '\u{2015}'
        | '\u{2043}' | '\u{2212}' | '\u{FE58}' | '\u{FE63}' | '\u{FF0D}' => '-',
        _ => c,
    }
}

/// Whether `c` is a CJK unified ideograph of the Basic Multilingual Plane (extension A and the main
/// block): a letter (alphabetic, script Han) that NFKC, case folding and punctuation unification
/// all leave unchanged, and that has no marks to strip. Chinese and Japanese text is mostly these,
/// so the pipeline answers for them without the Unicode tables (a test checks every one of them
/// against the tables).
#[inline]
pub fn is_cjk_ideograph(c: char) -> bool {
    matches!(c as u32, 0x3400..=0x4DBF | 0x4E00..=0x9FFF)
}

/// The length in bytes of the run of [`is_cjk_ideograph`]s that starts `text`, read from the UTF-8
/// bytes without decoding them: such an ideograph is three bytes, led by E5..E9, by E4 (but
/// U+4DC0..U+4DFF, E4 B7 xx), or by E3 with a second byte from 0x90 (U+3400..).
#[inline]
pub fn cjk_ideograph_run_len(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut len = 0;
    while let [lead, second, _, ..] = bytes[len..] {
        let ideograph = match lead {
            0xE5..=0xE9 => true,
            0xE4 => second != 0xB7,
            0xE3 => second >= 0x90,
            _ => false,
        };
        if !ideograph {
            break;
        }
        len += 3;
    }
    len
}

/// Whether `c` is a kana that the fast paths take as they take a CJK ideograph: the Hiragana
/// letters and iteration marks (U+3041..U+3096, U+309D..U+309E) and the Katakana letters, the
/// prolonged sound mark and the iteration marks (U+30A1..U+30FA, U+30FC..U+30FE). Each is a
/// letter that NFKC, case folding, punctuation unification and Simplified Chinese leave alone, a
/// grapheme cluster of its own and a token of its own (a test checks every one against the
/// tables). Left out: the voiced sound marks U+3099..U+309C (two combine, two NFKC changes), ゟ
/// and ヿ (NFKC spells them out), ・ (punctuation) and half-width Katakana (NFKC widens them).
#[inline]
pub fn is_stable_kana(c: char) -> bool {
    matches!(c as u32, 0x3041..=0x3096 | 0x309D..=0x309E | 0x30A1..=0x30FA | 0x30FC..=0x30FE)
}

/// Whether the [`is_stable_kana`] `c` is Katakana to UAX #29 (Word_Break `Katakana`): a run of
/// them is one word segment (WB13); each Hiragana one is a segment of its own.
#[inline]
pub fn is_katakana_word(c: char) -> bool {
    matches!(c as u32, 0x30A1..=0x30FA | 0x30FC..=0x30FE)
}

/// The length in bytes of the run of [`is_cjk_ideograph`]s and [`is_stable_kana`] that starts
/// `text` (Japanese is mostly these), read from the UTF-8 bytes as [`cjk_ideograph_run_len`]
/// reads ideographs: a kana is E3 81..E3 83 and a third byte.
#[inline]
pub fn cjk_letter_run_len(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut len = 0;
    while let [lead, second, third, ..] = bytes[len..] {
        let letter = match (lead, second) {
            (0xE5..=0xE9, _) => true,
            (0xE4, _) => second != 0xB7,
            (0xE3, 0x90..) => true,
            (0xE3, 0x81) => third != 0x80,
            (0xE3, 0x82) => matches!(third, 0x80..=0x96 | 0x9D..=0x9E | 0xA1..=0xBF),
            (0xE3, 0x83) => matches!(third, 0x80..=0xBA | 0xBC..=0xBE),
            _ => false,
        };
        if !letter {
            break;
        }
        len += 3;
    }
    len
}

/// The code point of a three-byte UTF-8 sequence (`bytes` must start one), decoded without checks.
#[inline]
pub fn three_byte_code(bytes: &[u8]) -> u32 {
    u32::from(bytes[0] & 0x0F) << 12 | u32::from(bytes[1] & 0x3F) << 6 | u32::from(bytes[2] & 0x3F)
}

/// `char::is_alphanumeric`, answered without the tables for ASCII, CJK ideographs, kana and the common
/// punctuation of [`is_common_punctuation`].
#[inline]
pub fn is_alphanumeric_fast(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || is_cjk_ideograph(c)
        || is_stable_kana(c)
        || (!c.is_ascii() && !is_common_punctuation(c) && c.is_alphanumeric())
}

/// General punctuation (dashes, curly quotes, the ellipsis), CJK punctuation (、。「」《》【】...)
/// and fullwidth ASCII punctuation: neither letters nor digits, answered without the tables
/// (Chinese text has one of these every few characters; a test checks every one).
#[inline]
pub fn is_common_punctuation(c: char) -> bool {
    matches!(c as u32, 0x2010..=0x2027 | 0x3000..=0x3004 | 0x3008..=0x3020 | 0xFF01..=0xFF0F
        | 0xFF1A..=0xFF20 | 0xFF3B..=0xFF40 | 0xFF5B..=0xFF65)
}

/// Whether `c` is a compatibility ideograph or radical that NFKC maps to a unified ideograph: a
/// look-alike of a Chinese character.
pub fn is_lookalike_ideograph(c: char) -> bool {
    matches!(c as u32, 0x2E80..=0x2FDF | 0xF900..=0xFAFF | 0x2F800..=0x2FA1F)
}

/// Whether `c` belongs to a script written without spaces between words, where each character (or
/// grapheme) is treated as a token.
pub fn is_unsegmented_script(c: char) -> bool {
    matches!(c as u32,
        0x0E00..=0x0E7F       // Thai
        | 0x0E80..=0x0EFF     // Lao
        | 0x1000..=0x109F     // Myanmar
        | 0x1780..=0x17FF     // Khmer
        | 0x2E80..=0x2FDF     // CJK radicals supplement, Kangxi radicals
        | 0x3005..=0x3007     // 々 〆 〇
        | 0x3040..=0x30FF     // Hiragana, Katakana
        | 0x31F0..=0x31FF     // Katakana phonetic extensions
        | 0x3400..=0x4DBF     // CJK extension A
        | 0x4E00..=0x9FFF     // CJK unified ideographs
        | 0xF900..=0xFAFF     // CJK compatibility ideographs
        | 0xFF66..=0xFF9F     // half-width katakana
        | 0x20000..=0x323AF   // CJK extensions B..H
    )
}

/// Whether `c` is a letter or digit of a script written with spaces between words and never with
/// invisible characters or narrow spaces inside them (or of CJK, which uses neither).
///
/// Joiners are part of Arabic, Indic and emoji spelling, Thai and Khmer use zero-width spaces as word
/// separators, and Mongolian a narrow no-break space before suffixes, so those scripts are left out.
pub fn is_plain_script_alphanumeric(c: char) -> bool {
    if c.is_ascii() || is_cjk_ideograph(c) || is_common_punctuation(c) {
        return c.is_ascii_alphanumeric() || is_cjk_ideograph(c); // Latin, Common digits, Han
    }
    c.is_alphanumeric()
        && matches!(
            c.script(),
            Script::Latin
                | Script::Cyrillic
                | Script::Greek
                | Script::Armenian
                | Script::Georgian
                | Script::Cherokee
                | Script::Han
                | Script::Hiragana
                | Script::Katakana
                | Script::Hangul
                | Script::Common
        )
}

/// Whether an invisible character between `prev` and `next` sits inside a word of a script that
/// never needs one there (see [`is_plain_script_alphanumeric`]).
pub fn hides_inside_word(prev: Option<char>, next: Option<char>) -> bool {
    matches!((prev, next), (Some(p), Some(n)) if is_plain_script_alphanumeric(p) && is_plain_script_alphanumeric(n))
}

/// Whether a narrow space between `prev` and `next` spaces out the letters of one word: both are
/// letters (not digits: "10 000" is a thousands separator) of a plain script.
pub fn spaces_out_letters(prev: Option<char>, next: Option<char>) -> bool {
    matches!((prev, next), (Some(p), Some(n)) if p.is_alphabetic() && n.is_alphabetic() && hides_inside_word(prev, next))
}

// `is_right_to_left`, shared with build/lookalikes.rs.
include!("right_to_left.rs");

/// Whether `c` is a letter of the alphabets whose diacritics matching ignores (Latin, Greek,
/// Cyrillic): a copy with accents added ("páper") or removed ("ecole") is still the same text.
/// Marks of other scripts spell (the dakuten of が, Indic vowel signs) and are kept.
pub fn has_ignorable_marks(c: char) -> bool {
    c.is_ascii_alphabetic()
        || matches!(c as u32, 0x00C0..=0x024F | 0x0370..=0x03FF | 0x0400..=0x04FF | 0x1E00..=0x1FFF)
}

/// Whether a Latin letter written with `mark` belongs to a language that puts marks on most
/// vowels (Vietnamese horn, hook above and dot below; Yoruba dot below; Pinyin tones with macron and
/// caron), so that marks on every vowel of its lines are spelling, not disguise.
pub fn is_tone_language_mark(mark: char) -> bool {
    matches!(mark as u32, 0x031B | 0x0309 | 0x0323 | 0x0304 | 0x030C)
}

/// Appends `s` to `text`, in wasm a short `s` (a word, a character, a mark) a byte at a time. A
/// copy of a length the compiler cannot see is a `memory.copy` in wasm, which V8 runs as a call out
/// of the wasm code: dearer than a few stores for the few bytes of a token, on the path of every
/// token (`minhash(text)` +6% on Chinese laws for the shingle stream's copies alone, in Node).
/// Natively `memcpy` is the cheaper (5% fewer instructions for the pipeline on English news).
#[inline(always)]
pub(crate) fn push_short(text: &mut String, s: &str) {
    if !cfg!(target_arch = "wasm32") || s.len() > 16 {
        text.push_str(s);
        return;
    }
    // SAFETY: all of `s`, valid UTF-8, is appended after whole characters: `text` stays UTF-8.
    let bytes = unsafe { text.as_mut_vec() };
    bytes.reserve(s.len());
    for &byte in s.as_bytes() {
        bytes.push(byte);
    }
}

/// Whether `word` is mathematical notation rather than a word: two letters at most (`αx`, `x_α`,
/// `dθ`). A variable beside a Greek one mixes scripts as a disguised word does, but a disguise
/// that changes letters changes the longer words too, and those are reported.
pub fn is_notation(word: &str) -> bool {
    word.chars().filter(|c| c.is_alphabetic()).take(3).count() <= 2
}

#[cfg(test)]
mod cjk_tests {
    use super::*;
    use unicode_normalization::{is_nfkc_quick, IsNormalized};
    use unicode_script::{Script, UnicodeScript};

    #[test]
    fn every_cjk_ideograph_is_what_the_fast_checks_take_it_for() {
        for c in (0x3400..=0x4DBF)
            .chain(0x4E00..=0x9FFF)
            .filter_map(char::from_u32)
        {
            assert!(is_cjk_ideograph(c));
            assert!(c.is_alphabetic() && c.is_alphanumeric(), "{c}");
            assert_eq!(c.script(), Script::Han, "{c}");
            assert_eq!(is_nfkc_quick(std::iter::once(c)), IsNormalized::Yes, "{c}");
            assert!(c.to_lowercase().eq(std::iter::once(c)), "{c}");
            assert_eq!(unify_punctuation(c), c);
            assert!(!has_ignorable_marks(c) && !is_lookalike_ideograph(c));
            assert!(is_unsegmented_script(c));
            assert!(is_plain_script_alphanumeric(c));
        }
        for c in (0..0x80u32)
            .filter_map(char::from_u32)
            .chain(['é', 'ж', '中', '。', '豈'])
        {
            assert_eq!(is_alphanumeric_fast(c), c.is_alphanumeric(), "{c:?}");
        }
        for c in (0..0x80u32).filter_map(char::from_u32) {
            let by_tables =
                c.is_alphanumeric() && matches!(c.script(), Script::Latin | Script::Common);
            assert_eq!(is_plain_script_alphanumeric(c), by_tables, "{c:?}");
        }
    }

    #[test]
    fn ideograph_runs_are_read_from_the_bytes_as_from_the_characters() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let text = format!("{c}中{c}");
            let expected: usize = text
                .chars()
                .take_while(|&c| is_cjk_ideograph(c))
                .map(char::len_utf8)
                .sum();
            assert_eq!(cjk_ideograph_run_len(&text), expected, "{c:?}");
        }
    }

    #[test]
    fn common_punctuation_is_neither_letter_nor_digit() {
        let punctuation: Vec<char> = (0..=0x10FFFF)
            .filter_map(char::from_u32)
            .filter(|&c| is_common_punctuation(c))
            .collect();
        assert_eq!(punctuation.len(), 93);
        for c in punctuation {
            assert!(!c.is_alphanumeric() && !c.is_alphabetic(), "{c:?}");
            assert!(
                !is_alphanumeric_fast(c) && !is_plain_script_alphanumeric(c),
                "{c:?}"
            );
        }
    }
}
