//! Look-alike letters inside words: detection and folding for matching.
//!
//! A classic evasion swaps some Latin letters for Cyrillic or Greek look-alikes ("pаper" with a
//! Cyrillic "а"): the text reads the same but no longer matches. The signal is a *word* mixing
//! scripts; a whole Russian or Greek text has none. Such a word is folded to its dominant script:
//! each letter of another script is replaced by the dominant script's letter with the same Unicode
//! confusable skeleton (UTS #39, via `unicode-security`), e.g. Cyrillic "а" -> Latin "a" inside a
//! Latin word, or Latin "o" -> Cyrillic "о" inside a Cyrillic word.

use std::collections::HashMap;
use std::sync::OnceLock;

use unicode_normalization::UnicodeNormalization;
use unicode_script::{Script, UnicodeScript};
use unicode_security::confusable_detection::skeleton;

/// The scripts whose letters are commonly swapped for each other, in tie-breaking order.
const SCRIPTS: [Script; 3] = [Script::Latin, Script::Cyrillic, Script::Greek];

fn script_index(c: char) -> Option<usize> {
    if !c.is_alphabetic() {
        return None;
    }
    let script = c.script();
    SCRIPTS.iter().position(|&s| s == script)
}

/// The script of a word that mixes Latin, Cyrillic and Greek letters, or `None` for a word written
/// in at most one of them.
///
/// The dominant script is the one with the most letters. On a tie, a script into which every other
/// letter can be folded wins (so "са" with one Cyrillic and one Latin letter goes to whichever side
/// has look-alikes for the other), then Latin, Cyrillic, Greek in that order.
pub fn mixed_word_script(word: &str) -> Option<Script> {
    if word.is_ascii() {
        return None; // the common case, without a script lookup per letter
    }
    let mut counts = [0usize; SCRIPTS.len()];
    for c in word.chars() {
        if c.is_ascii_alphabetic() {
            counts[0] += 1;
        } else if let Some(i) = script_index(c) {
            counts[i] += 1;
        }
    }
    if counts.iter().filter(|&&n| n > 0).count() < 2 {
        return None;
    }
    let most = *counts.iter().max().expect("three counts");
    let tied: Vec<Script> = (0..SCRIPTS.len())
        .filter(|&i| counts[i] == most)
        .map(|i| SCRIPTS[i])
        .collect();
    let folds_completely = |target: Script| {
        word.chars()
            .filter(|&c| script_index(c).is_some_and(|i| SCRIPTS[i] != target))
            .all(|c| fold_letter(c, target).is_some())
    };
    tied.iter()
        .copied()
        .find(|&target| folds_completely(target))
        .or(tied.first().copied())
}

/// The letter of `target` script that looks like `c`, `c` itself if it already is of that script (or
/// not a letter of the three), or `None` if `target` has no look-alike.
///
/// The look-alike has the case of `c` and is left unchanged by normalization (NFKC and case
/// folding), so folding twice gives the same result as folding once.
pub fn fold_letter(c: char, target: Script) -> Option<char> {
    let Some(i) = script_index(c) else {
        return Some(c);
    };
    if SCRIPTS[i] == target {
        return Some(c);
    }
    let pivot = single_char_skeleton(c)?;
    // Caseless letters (modifier letters) get a lowercase look-alike: it survives case folding.
    let lowercase = !c.is_uppercase();
    let table = lookalikes();
    let candidate = if pivot.script() == target && is_stable(pivot) {
        pivot
    } else if let Some(&same_case) = table.get(&(pivot, target as u8, lowercase)) {
        same_case
    } else {
        *table.get(&(pivot, target as u8, !lowercase))?
    };
    // Give the look-alike the case of `c`, so folding keeps lowercased text lowercase.
    let mut recased: Vec<char> = if lowercase {
        candidate.to_lowercase().collect()
    } else {
        candidate.to_uppercase().collect()
    };
    match (recased.pop(), recased.is_empty()) {
        (Some(result), true) if is_stable(result) => Some(result),
        _ => None,
    }
}

/// Whether normalization for matching leaves `c` alone: NFKC does not change it and case folding
/// does not expand it (ß becomes "ss", final ς becomes σ).
fn is_stable(c: char) -> bool {
    std::iter::once(c).nfkc().eq(std::iter::once(c)) && !matches!(c, 'ß' | 'ẞ' | 'ς')
}

/// The confusable skeleton of `c` if it is one character.
fn single_char_skeleton(c: char) -> Option<char> {
    let mut buffer = [0u8; 4];
    let mut chars = skeleton(c.encode_utf8(&mut buffer));
    let first = chars.next()?;
    chars.next().is_none().then_some(first)
}

/// (skeleton, script, is lowercase) -> the first letter of that script and case with that skeleton,
/// for the letters of the three scripts' main blocks. Built once, on first use.
fn lookalikes() -> &'static HashMap<(char, u8, bool), char> {
    static TABLE: OnceLock<HashMap<(char, u8, bool), char>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let blocks = [
            ('A'..='Z'),
            ('a'..='z'),
            ('\u{00C0}'..='\u{024F}'),
            ('\u{0370}'..='\u{03FF}'),
            ('\u{0400}'..='\u{04FF}'),
        ];
        let mut table = HashMap::new();
        for c in blocks.into_iter().flatten() {
            let Some(i) = script_index(c) else { continue };
            // Only letters that normalization leaves alone, or folding would not be idempotent
            // (Greek lunate sigma looks like "c" but NFKC turns it into "σ").
            if !is_stable(c) {
                continue;
            }
            if let Some(pivot) = single_char_skeleton(c) {
                table
                    .entry((pivot, SCRIPTS[i] as u8, c.is_lowercase()))
                    .or_insert(c);
            }
        }
        table
    })
}

/// Human-readable name of a script, as used in reports ("Cyrillic").
pub fn script_name(c: char) -> &'static str {
    c.script().full_name()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_script_words_are_not_mixed() {
        for word in ["paper", "бумага", "χαρτί", "naïve", "3d", "中文"] {
            assert_eq!(mixed_word_script(word), None, "{word}");
        }
    }

    #[test]
    fn cyrillic_letters_in_a_latin_word_fold_to_latin() {
        let word = "p\u{0430}p\u{0435}r"; // Cyrillic а and е
        assert_eq!(mixed_word_script(word), Some(Script::Latin));
        let folded: String = word
            .chars()
            .map(|c| fold_letter(c, Script::Latin).unwrap())
            .collect();
        assert_eq!(folded, "paper");
    }

    #[test]
    fn latin_letters_in_a_cyrillic_word_fold_to_cyrillic() {
        let word = "б\u{0443}м\u{0061}г\u{0061}"; // Latin a twice inside "бумага": 4 Cyrillic, 2 Latin
        assert_eq!(mixed_word_script(word), Some(Script::Cyrillic));
        let folded: String = word
            .chars()
            .map(|c| fold_letter(c, Script::Cyrillic).unwrap())
            .collect();
        assert_eq!(folded, "бумага");
    }

    #[test]
    fn greek_omicron_in_latin_word() {
        let word = "w\u{03BF}rd";
        assert_eq!(mixed_word_script(word), Some(Script::Latin));
        assert_eq!(fold_letter('\u{03BF}', Script::Latin), Some('o'));
    }

    #[test]
    fn folding_keeps_the_case() {
        assert_eq!(fold_letter('b', Script::Cyrillic), Some('ь'));
        assert_eq!(fold_letter('B', Script::Cyrillic), Some('В'));
    }

    #[test]
    fn letters_without_lookalikes_do_not_fold() {
        assert_eq!(fold_letter('ж', Script::Latin), None);
    }
}
