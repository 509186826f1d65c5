//! Characters that NFKC writes as several, letters among them (an Armenian ligature ﬓ, a rupee
//! sign ₨ as "Rs", a square ㌀ as Katakana): written out before the letters of a line are judged,
//! so that each letter is judged where the tokenizer will see it.

use super::touches_latin;
use crate::span::Span;
use crate::text::nfkc::{is_nfkc_quick_yes, Nfkc};

/// Whether NFKC writes `c` as several characters with a letter among them: a letter (ﬓ) or a
/// symbol (₨, ™, ㎏). Such a symbol is no letter itself, but the normalized text, analyzed again,
/// holds its letters, and they may make a Latin word of the letters beside them ("ඉ₨" is read
/// "ඉrs").
fn expands_to_letters(c: char) -> bool {
    if c.is_ascii() || is_nfkc_quick_yes(c) {
        return false; // nearly every character, without the decomposition
    }
    let mut nfkc = std::iter::once(c).nfkc();
    let (first, second) = (nfkc.next(), nfkc.next());
    let several = first.is_some() && second.is_some();
    several
        && (c.is_alphabetic()
            || first
                .into_iter()
                .chain(second)
                .chain(nfkc)
                .any(char::is_alphabetic))
}

/// Writes each character of `text` that NFKC expands into letters ([`expands_to_letters`]) as
/// those characters, as normalization will, each with the original span of the character
/// (`positions` holds one per byte), when the line written so touches a Latin letter with a
/// letter of another script (else nothing will be judged, and the line stays as it is). Returns
/// whether it changed `text`.
pub fn expand_compatibility_letters(text: &mut String, positions: &mut Vec<Span>) -> bool {
    if !text.chars().any(expands_to_letters) {
        return false; // the common case
    }
    let mut expanded = String::with_capacity(text.len() + 8);
    let mut expanded_positions = Vec::with_capacity(positions.len() + 8);
    for (at, c) in text.char_indices() {
        if expands_to_letters(c) {
            for form in std::iter::once(c).nfkc() {
                expanded.push(form);
                expanded_positions.extend(std::iter::repeat_n(positions[at], form.len_utf8()));
            }
        } else {
            expanded.push(c);
            expanded_positions.extend_from_slice(&positions[at..at + c.len_utf8()]);
        }
    }
    if !touches_latin(&expanded) {
        return false;
    }
    *text = expanded;
    *positions = expanded_positions;
    true
}
