//! Look-alike letters inside words: detection and folding for matching.
//!
//! A classic evasion swaps some Latin letters for Cyrillic or Greek look-alikes ("pаper" with a
//! Cyrillic "а"): the text reads the same but no longer matches. The signal is a *word* mixing
//! scripts; a whole Russian or Greek text has none. Such a word is folded to its dominant script:
//! each letter of another script is replaced by the dominant script's letter with the same Unicode
//! confusable skeleton (UTS #39, via `unicode-security`), e.g. Cyrillic "а" -> Latin "a" inside a
//! Latin word, or Latin "o" -> Cyrillic "о" inside a Cyrillic word.

use rustc_hash::FxHashMap as HashMap;
use std::sync::OnceLock;

use unicode_normalization::UnicodeNormalization;
use unicode_script::{Script, UnicodeScript};
use unicode_security::confusable_detection::skeleton;

/// The scripts whose letters are swapped for each other's look-alikes, in tie-breaking order.
const SCRIPTS: [Script; 5] = [
    Script::Latin,
    Script::Cyrillic,
    Script::Greek,
    Script::Armenian,
    Script::Cherokee,
];

fn script_index(c: char) -> Option<usize> {
    if super::chars::is_cjk_ideograph(c) || !c.is_alphabetic() {
        return None;
    }
    let script = c.script();
    SCRIPTS.iter().position(|&s| s == script)
}

/// The script of the letter `c` among those whose letters imitate each other (Latin, Cyrillic,
/// Greek, Armenian, Cherokee), or `None`.
pub fn lookalike_script(c: char) -> Option<Script> {
    if c.is_ascii() {
        return c.is_ascii_alphabetic().then_some(Script::Latin);
    }
    // None of the five scripts has letters outside these blocks: most text of other scripts
    // (Chinese, say) needs no script lookup.
    let in_blocks = matches!(c as u32, 0x00C0..=0x058F | 0x13A0..=0x13FF | 0x1C80..=0x1C8F
        | 0x1D00..=0x1FFF | 0x2DE0..=0x2DFF | 0xA640..=0xA69F | 0xA720..=0xA7FF | 0xAB30..=0xABBF
        | 0xFF00..=0xFFEF);
    if !in_blocks {
        return None;
    }
    script_index(c).map(|i| SCRIPTS[i])
}

/// The script to fold a word into when it mixes scripts with look-alike letters (Latin, Cyrillic,
/// Greek, Armenian, Cherokee), or `None` when there is nothing to fold.
///
/// The target is the script with the most letters; on a tie only Latin can be the target (short
/// symbol-like words such as "ΔT" or "kΩ" are science, not disguise). A word is folded only when
/// at least one of its letters of another script has a look-alike in the target: "10 µm", "kΩ",
/// "πr²" keep their Greek letters and report nothing, while "pаper" (Cyrillic а) is folded.
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
    let most = *counts.iter().max().expect("non-empty counts");
    let tied = counts.iter().filter(|&&n| n == most).count();
    // A word whose letters of other scripts all look Latin reads as Latin, whatever the counts:
    // "еѕа" beside a Latin letter is Latin in disguise (and so is a line of them, see `disguise`).
    let all_look_latin = counts[0] > 0
        && word
            .chars()
            .all(|c| script_index(c).is_none_or(|i| i == 0 || latin_twin(c).is_some()));
    let target = if all_look_latin {
        Script::Latin
    } else if tied > 1 {
        (counts[0] == most).then_some(Script::Latin)?
    } else {
        SCRIPTS[counts.iter().position(|&n| n == most)?]
    };
    let folds_something = word.chars().any(|c| {
        script_index(c).is_some_and(|i| SCRIPTS[i] != target)
            && if target == Script::Latin {
                latin_twin(c).is_some() // judged in either case, as `fold_run` folds
            } else {
                fold_letter(c, target).is_some_and(|folded| folded != c)
            }
    });
    folds_something.then_some(target)
}

/// The Latin letter that the letter `c` of another script looks like, in its own case or, failing
/// that, in lower case (a Greek Γ looks like nothing Latin, its γ like y). Letters are judged the
/// same whatever their case, so that analyzing lowercased text again decides the same way.
pub fn latin_twin(c: char) -> Option<char> {
    let twin = |c: char| fold_letter(c, Script::Latin).filter(|&latin| latin != c);
    twin(c).or_else(|| {
        let mut lower = c.to_lowercase();
        match (lower.next(), lower.next()) {
            (Some(l), None) if l != c => twin(l),
            _ => None,
        }
    })
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
    let pivot = lookalike_pivot(c)?;
    // Caseless letters (modifier letters) get a lowercase look-alike: it survives case folding.
    let lowercase = !c.is_uppercase();
    let table = lookalikes();
    let candidate = if pivot == 'l' && !lowercase && target == Script::Latin {
        // UTS #39 gives I and l one skeleton, "l"; a capital that looks like it is an I.
        'I'
    } else if pivot.script() == target && is_stable(pivot) {
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
        (Some(result), true) if is_stable(result) && in_main_block(result, target) => Some(result),
        _ => None,
    }
}

/// The skeleton letter that `c` imitates. A lowercased Cherokee letter has no skeleton of its own
/// (the confusables list has the capitals), so its capital's is used; a Latin small capital or
/// phonetic letter stands for its ASCII letter.
fn lookalike_pivot(c: char) -> Option<char> {
    let cherokee = c.script() == Script::Cherokee;
    let pivot = single_char_skeleton(c)
        .filter(|&p| p != c || !cherokee)
        .or_else(|| {
            if !cherokee {
                return None;
            }
            let mut upper = c.to_uppercase();
            match (upper.next(), upper.next()) {
                (Some(capital), None) if capital != c => single_char_skeleton(capital),
                _ => None,
            }
        })?;
    Some(latin_lookalike(pivot).unwrap_or(pivot))
}

/// Whether `c` is a letter of `script`'s main alphabet: evasion swaps in ordinary letters, and a
/// fold to a phonetic or archaic letter (Greek δ to Latin ẟ) would fold honest notation.
fn in_main_block(c: char, script: Script) -> bool {
    match script {
        Script::Latin => c.is_ascii_alphabetic() || ('\u{00C0}'..='\u{024F}').contains(&c),
        Script::Cyrillic => ('\u{0400}'..='\u{04FF}').contains(&c),
        Script::Greek => ('\u{0370}'..='\u{03FF}').contains(&c),
        _ => true,
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
            ('\u{0531}'..='\u{058F}'),
            ('\u{13A0}'..='\u{13FF}'),
            ('\u{AB70}'..='\u{ABBF}'),
        ];
        let mut table = HashMap::default();
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

/// Latin small capitals, which no language spells with: each stands for the ASCII letter it shows.
/// (UTS #39 has no skeleton for them; this is the Unicode names' own "LATIN LETTER SMALL CAPITAL X".)
const SMALL_CAPITALS: [(char, char); 25] = [
    ('ᴀ', 'a'),
    ('ʙ', 'b'),
    ('ᴄ', 'c'),
    ('ᴅ', 'd'),
    ('ᴇ', 'e'),
    ('ꜰ', 'f'),
    ('ɢ', 'g'),
    ('ʜ', 'h'),
    ('ɪ', 'i'),
    ('ᴊ', 'j'),
    ('ᴋ', 'k'),
    ('ʟ', 'l'),
    ('ᴍ', 'm'),
    ('ɴ', 'n'),
    ('ᴏ', 'o'),
    ('ᴘ', 'p'),
    ('ꞯ', 'q'),
    ('ʀ', 'r'),
    ('ꜱ', 's'),
    ('ᴛ', 't'),
    ('ᴜ', 'u'),
    ('ᴠ', 'v'),
    ('ᴡ', 'w'),
    ('ʏ', 'y'),
    ('ᴢ', 'z'),
];

/// The ASCII letter that a Latin look-alike outside the alphabets of any language stands for: a
/// small capital (ᴛʜᴇ), an IPA or phonetic letter whose UTS #39 skeleton is one ASCII letter (ɑ, ɡ),
/// a click letter that looks like l (ǀ). Dotless ı is folded too, but it is Turkish and
/// Azerbaijani spelling, so [`is_disguise`] says it is not reported.
pub fn latin_lookalike(c: char) -> Option<char> {
    let code = c as u32;
    let outside_alphabets = matches!(code, 0x0131 | 0x01C0..=0x01C3 | 0x0250..=0x02AF | 0x1D00..=0x1DBF | 0xA730..=0xA731 | 0xA7AF);
    if !outside_alphabets {
        return None;
    }
    if let Some(&(_, letter)) = SMALL_CAPITALS.iter().find(|&&(small, _)| small == c) {
        return Some(letter);
    }
    let pivot = single_char_skeleton(c)?;
    (pivot.is_ascii_alphabetic()).then(|| pivot.to_ascii_lowercase())
}

/// Whether folding `c` with [`latin_lookalike`] undoes a disguise worth reporting (everything but
/// the dotless ı of Turkish).
pub fn is_disguise(c: char) -> bool {
    c != 'ı'
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
    fn capitals_that_look_like_i_fold_to_i() {
        assert_eq!(fold_letter('Ι', Script::Latin), Some('I')); // Greek iota
        assert_eq!(fold_letter('І', Script::Latin), Some('I')); // Cyrillic Byelorussian-Ukrainian I
        assert_eq!(fold_letter('і', Script::Latin), Some('i'));
    }

    #[test]
    fn letters_without_lookalikes_do_not_fold() {
        assert_eq!(fold_letter('ж', Script::Latin), None);
    }
}
