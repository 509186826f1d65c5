//! Tests of `text/confusables.rs`.

use super::*;

#[test]
fn the_generated_skeletons_and_upper_cases_are_the_crates_for_every_letter_they_cover() {
    use unicode_security::confusable_detection::skeleton;
    let mut covered = 0;
    for c in (0..=0x10FFFF).filter_map(char::from_u32) {
        if script_index(c).is_none() {
            continue;
        }
        covered += 1;
        let mut buffer = [0u8; 4];
        let mut chars = skeleton(c.encode_utf8(&mut buffer));
        let expected = match (chars.next(), chars.next()) {
            (Some(first), None) => Some(first),
            _ => None,
        };
        // A letter of the three alphabets folded into, or one that looks like one of their
        // letters, has its skeleton; any other may map to itself (it folds into nothing).
        let targets = [Script::Latin, Script::Cyrillic, Script::Greek];
        let needed = targets.contains(&c.script())
            || expected.is_some_and(|s| s.is_alphabetic() && targets.contains(&s.script()));
        let ours = single_char_skeleton(c);
        assert!(
            ours == expected || (!needed && ours == Some(c)),
            "{c:?}: {ours:?}, the crate's {expected:?}"
        );
        let mut upper = c.to_uppercase();
        let expected = match (upper.next(), upper.next()) {
            (Some(only), None) => Some(only),
            _ => None,
        };
        assert_eq!(uppercase(c), expected, "upper case of {c:?}");
    }
    assert!(covered > 2000, "{covered}");
}

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
