//! Which scripts' letters are look-alikes of Latin, Greek or Cyrillic letters, decided from the
//! data rather than listed: Latin, Greek and Cyrillic themselves, and every script with a letter
//! whose UTS #39 confusable skeleton is one letter of those three (Cyrillic "а", Lisu "ꓔ", Coptic
//! "ⲟ", Cherokee "Ꭺ" ...), except:
//!
//! - CJK scripts (Han, Bopomofo, Hiragana, Katakana, Hangul): Katakana "ロ" and the ideograph "口"
//!   look alike but are both ordinary Japanese, Bopomofo "ㄚ" is a Taiwanese particle beside
//!   ideographs; CJK look-alikes are folded as ideographs;
//! - right-to-left scripts: a right-to-left letter inside a Latin word is displayed out of place,
//!   so it hides nothing, and Hebrew prefixes on Latin words ("וGoogle") are spelling;
//! - Common and Inherited, which are symbols and marks of every script.

use unicode_normalization::{char::is_combining_mark, UnicodeNormalization};
use unicode_script::{Script, UnicodeScript};
use unicode_security::confusable_detection::skeleton;

// `is_right_to_left`, shared with src/text/chars.rs.
include!("../src/text/right_to_left.rs");

/// The scripts that look-alike letters are folded into.
const TARGETS: [Script; 3] = [Script::Latin, Script::Cyrillic, Script::Greek];

/// The look-alike scripts: the three targets first (Latin first, it wins ties), then the others in
/// the order of their first look-alike letter.
pub fn lookalike_scripts() -> Vec<Script> {
    let mut scripts = TARGETS.to_vec();
    for c in super::all_chars() {
        let script = c.script();
        if !scripts.contains(&script) && !excluded(script) && imitates_a_target(c) {
            scripts.push(script);
        }
    }
    scripts
}

/// Whether folding needs the skeleton `single` (`None`: several characters) of the letter `c` of a
/// look-alike script: every skeleton of the letters of Latin, Greek and Cyrillic, and of the others
/// those that are a letter of the three (the rest fold into nothing).
pub fn needs_skeleton(c: char, single: Option<char>) -> bool {
    TARGETS.contains(&c.script())
        || single.is_some_and(|s| s.is_alphabetic() && TARGETS.contains(&s.script()))
}

/// The scripts left out whatever their letters look like.
fn excluded(script: Script) -> bool {
    matches!(
        script,
        Script::Han
            | Script::Bopomofo
            | Script::Hiragana
            | Script::Katakana
            | Script::Hangul
            | Script::Common
            | Script::Inherited
            | Script::Unknown
    )
}

/// Whether `c` is a left-to-right letter, not changed by NFKC, whose skeleton is one letter of a
/// target script.
fn imitates_a_target(c: char) -> bool {
    if !c.is_alphabetic() || is_combining_mark(c) || is_right_to_left(c) {
        return false;
    }
    if !std::iter::once(c).nfkc().eq(std::iter::once(c)) {
        return false; // NFKC folds it already (a full-width or mathematical letter)
    }
    let mut buffer = [0u8; 4];
    let mut shape = skeleton(c.encode_utf8(&mut buffer));
    match (shape.next(), shape.next()) {
        (Some(letter), None) => {
            letter != c && letter.is_alphabetic() && TARGETS.contains(&letter.script())
        }
        _ => false,
    }
}
