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
