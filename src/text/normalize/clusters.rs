//! Shortcuts and case folding for one grapheme cluster's matching form: the clusters that need
//! none of the NFKC machinery (most of real text), a full-width ASCII character, the lone CJK
//! punctuation both steps take a run at a time, and the full case foldings that lowercasing lacks.

use crate::text::case::to_lowercase;
use crate::text::chars::{is_cjk_ideograph, is_lookalike_ideograph, unify_punctuation};
use crate::text::nfkc::is_nfkc_quick_yes;

/// The ASCII character whose fullwidth form (U+FF01..U+FF5E) is the one character of `cluster`:
/// its NFKC.
pub(super) fn fullwidth_ascii(cluster: &str) -> Option<char> {
    let mut chars = cluster.chars();
    match (chars.next(), chars.next()) {
        (Some(c @ '\u{FF01}'..='\u{FF5E}'), None) => char::from_u32(c as u32 - 0xFEE0),
        _ => None,
    }
}

/// The character of a one-character cluster that NFKC, case folding (when `ignore_case`) and
/// punctuation unification all leave unchanged, or `None` when the full path is needed.
pub(super) fn stable_single_char(cluster: &str, ignore_case: bool) -> Option<char> {
    let mut chars = cluster.chars();
    let c = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    if is_cjk_ideograph(c) {
        return Some(c); // stable under all three, without the tables
    }
    if is_lookalike_ideograph(c) || unify_punctuation(c) != c {
        return None;
    }
    if !is_nfkc_quick_yes(c) {
        return None;
    }
    if ignore_case {
        let mut lower = to_lowercase(c);
        if lower.next() != Some(c) || lower.next().is_some() || matches!(c, 'ß' | 'ς') {
            return None;
        }
    }
    Some(c)
}

/// Lowercases `chars` into `out` with the full case foldings that lowercasing lacks (ß→ss, ẞ→ss,
/// ς→σ). Returns whether anything changed.
pub(super) fn fold_case(chars: &[char], out: &mut Vec<char>) -> bool {
    out.clear();
    let mut changed = false;
    for &c in chars {
        match c {
            'ß' | 'ẞ' => {
                out.extend(['s', 's']);
                changed = true;
            }
            'ς' => {
                out.push('σ');
                changed = true;
            }
            _ => {
                let before = out.len();
                out.extend(to_lowercase(c));
                changed |= out.len() != before + 1 || out[before] != c;
            }
        }
    }
    changed
}

/// Whether `c` is one of the common punctuation of CJK text (fullwidth ASCII punctuation, CJK
/// brackets and marks, dashes and quotes) that both steps take a run at a time: step 1 keeps it as
/// it is, within a run of ideographs, and step 2 gives its form by [`lone_punctuation_form`]. All
/// are three bytes of UTF-8 and one UTF-16 unit.
pub(super) fn is_lone_punctuation(c: char) -> bool {
    matches!(c as u32,
        0xFF01..=0xFF0F | 0xFF1A..=0xFF20 | 0xFF3B..=0xFF40 | 0xFF5B..=0xFF5E // fullwidth ASCII
        | 0x3001..=0x3003 | 0x3008..=0x301F // CJK marks and brackets
        | 0x2010 | 0x2012..=0x2016 | 0x2018..=0x2023 // dashes and quotes
    )
}

/// The matching form of a cluster that is one [`is_lone_punctuation`] character, which NFKC, case
/// folding and punctuation unification give without the tables; `None` for any other cluster.
pub(super) fn lone_punctuation_form(cluster: &str) -> Option<char> {
    let mut chars = cluster.chars();
    let c = chars.next()?;
    if chars.next().is_some() || !is_lone_punctuation(c) {
        return None;
    }
    let form = match c as u32 {
        // Fullwidth ASCII punctuation: NFKC gives the ASCII character.
        code @ 0xFF01..=0xFF5E => char::from_u32(code - 0xFEE0)?,
        // The others are their own NFKC form.
        _ => c,
    };
    Some(unify_punctuation(form))
}
