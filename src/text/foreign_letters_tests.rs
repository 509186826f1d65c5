//! Tests of [`super`]: letters of other scripts inside Latin words are named and folded, honest
//! text of those scripts beside Latin words is not.

use crate::text::tokenize;

fn folded(text: &str) -> String {
    tokenize(text).token_texts().collect::<Vec<_>>().join(" ")
}

#[test]
fn letters_without_a_skeleton_inside_latin_words_are_folded_and_named() {
    // Issue 43: Coptic ⲉ and ⲁ, Canadian syllabics ᗩ, ideographs, Katakana, Bopomofo, Hangul jamo.
    for (disguised, plain) in [
        ("thⲉ pⲁper", "the paper"),
        ("the ᗩpple", "the apple"),
        ("w工nd口w", "window"),
        ("wエre", "wire"),
        ("aㄈtion", "action"),
        ("wㅇrd", "word"),
    ] {
        assert_eq!(folded(disguised), plain, "{disguised}");
        let evasion = tokenize(disguised).evasion;
        assert!(
            !evasion.mixed_script_words.is_empty(),
            "{disguised}: {evasion:?}"
        );
        assert!(
            !evasion.replaced_letters.is_empty(),
            "{disguised}: {evasion:?}"
        );
    }
    let evasion = tokenize("w工nd口w").evasion;
    assert_eq!(evasion.replaced_letters[super::HAN_LOOKALIKE], 2);
    assert_eq!(tokenize("pⲁper").evasion.replaced_letters["Coptic"], 1);
}

#[test]
fn a_letter_with_no_look_alike_inside_a_latin_word_is_still_named() {
    // A Cyrillic ж looks like no Latin letter; between Latin letters it is a disguise all the same.
    let evasion = tokenize("the wжrd").evasion;
    assert_eq!(evasion.mixed_script_words.len(), 1, "{evasion:?}");
}

#[test]
fn a_line_of_latin_words_with_cjk_look_alikes_at_their_edges_is_folded() {
    let text = "工 wrote t口 the p口int s口 that";
    assert_eq!(folded(text), "i wrote to the point so that");
    assert!(!tokenize(text).evasion.is_clean());
}

#[test]
fn cjk_text_beside_latin_words_is_honest() {
    for honest in [
        "用Rust写代码，DNA和RNA是分子，A股B股，地铁A口出站。",
        "PythonとJavaを使います。Tシャツを買った。",
        "The character 口 means mouth and 工 means work.",
        "서울은 Seoul이라고 씁니다. ㅋㅋ",
        "ᓄᓇᕗᒻᒥ Nunavut. Ⲡⲉⲛⲓⲱⲧ ⲉⲧϧⲉⲛ ⲛⲓⲫⲏⲟⲩⲓ.",
        "We measured 5 μmol of TGFβ.",
        "இது Googleல் உள்ளது.",
    ] {
        let evasion = tokenize(honest).evasion;
        assert!(evasion.is_clean(), "{honest}: {evasion:?}");
    }
}

/// How [`super::kind`] judges `c` by the tables alone.
fn kind_by_tables(c: char) -> super::Kind {
    use super::{judged, Kind};
    use crate::text::scripts::{Script, UnicodeScript};
    let c = judged(c);
    if !c.is_alphabetic() || crate::text::nfkc::is_combining_mark(c) {
        return Kind::Not;
    }
    match c.script() {
        Script::Han | Script::Katakana => Kind::Ideographic,
        _ => Kind::Not,
    }
}

#[test]
fn cjk_letters_are_judged_without_the_tables_as_with_them() {
    use crate::text::chars::{is_cjk_ideograph, is_common_punctuation, is_stable_kana};
    let cjk = (0x3000..=0x9FFF)
        .filter_map(char::from_u32)
        .filter(|&c| is_cjk_ideograph(c) || is_stable_kana(c));
    for c in cjk {
        assert_eq!(super::kind(c), kind_by_tables(c), "{c}");
        // Judged as normalization writes it: in Simplified Chinese.
        let simplified = crate::text::chinese_script::to_simplified(c);
        let look =
            (kind_by_tables(c) == super::Kind::Ideographic).then(|| super::wide_twin(simplified));
        assert_eq!(super::cjk_letter_look(c), look.flatten(), "{c}");
        assert_eq!(super::judged(c), simplified, "{c}");
        assert!(!super::latin_like(c) && !super::is_latin(c), "{c}");
    }
    // The other characters of the one-to-one path: only the ASCII letters look Latin.
    let others = (0x20..0x7F)
        .chain(0x2000..=0xFFFF)
        .filter_map(char::from_u32)
        .filter(|&c| c.is_ascii() || is_common_punctuation(c) || c == '\u{FFFD}');
    for c in others {
        let latin = c.is_ascii_alphabetic();
        assert_eq!(super::latin_like(c), latin, "{c:?}");
        assert_eq!(super::is_latin(c), latin, "{c:?}");
        assert_eq!(super::kind(c), super::Kind::Not, "{c:?}");
    }
}

#[test]
fn japanese_beside_latin_words_is_honest_and_disguises_are_still_found() {
    for honest in [
        "Subプロシージャを呼び出す",
        "Basicマクロ、Functionプロシージャ、Calc",
    ] {
        assert!(tokenize(honest).evasion.is_clean(), "{honest}");
    }
    assert_eq!(folded("wエre"), "wire");
    assert_eq!(folded("tロ sトロp wエth"), "to stop with");
}

#[test]
fn a_symbol_that_expands_into_latin_letters_makes_a_latin_word_of_its_neighbours() {
    // NFKC writes the rupee sign ₨ as "Rs" and the square ㎏ as "kg": the Sinhala ඉ beside them
    // stands in a Latin word, as the normalized text, analyzed again, shows.
    for (disguised, plain) in [("ඉ₨", "ors"), ("ඉ㎏x", "okgx"), ("ᗩ™", "atm")] {
        assert_eq!(folded(disguised), plain, "{disguised}");
        let evasion = tokenize(disguised).evasion;
        assert!(
            !evasion.replaced_letters.is_empty(),
            "{disguised}: {evasion:?}"
        );
    }
}
