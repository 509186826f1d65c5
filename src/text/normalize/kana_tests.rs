//! Kana on the fast paths (normalizing a line run by run or in one go, segmenting it without the
//! Unicode tables) give what the general path gives: each kana the paths take checked against the
//! tables, each in the contexts that could join, fold or hide it, and random Japanese-like text.

use unicode_normalization::{is_nfkc_quick, IsNormalized};
use unicode_segmentation::UnicodeSegmentation;

use super::tests::{everything, set_fast_runs};
use super::*;
use crate::text::chars::has_ignorable_marks;
use crate::text::chars::{
    cjk_letter_run_len, is_alphanumeric_fast, is_cjk_ideograph, is_katakana_word,
    is_lookalike_ideograph, is_stable_kana, is_unsegmented_script,
};
use crate::text::chinese_script::to_simplified;
use crate::text::confusables::latin_lookalike;
use crate::text::lookalike_lines::is_lookalike_suspect;
use crate::text::nfkc::is_combining_mark;
use crate::text::options::TextOptions;

fn stable_kana() -> impl Iterator<Item = char> {
    (0x3000..=0x30FF)
        .filter_map(char::from_u32)
        .filter(|&c| is_stable_kana(c))
}

#[test]
fn every_stable_kana_is_what_the_fast_checks_take_it_for() {
    assert_eq!(stable_kana().count(), 86 + 2 + 90 + 3);
    for c in stable_kana() {
        assert!(
            c.is_alphabetic() && c.is_alphanumeric() && is_alphanumeric_fast(c),
            "{c}"
        );
        assert_eq!(is_nfkc_quick(std::iter::once(c)), IsNormalized::Yes, "{c}");
        assert!(c.to_lowercase().eq(std::iter::once(c)), "{c}");
        assert_eq!(unify_punctuation(c), c);
        assert_eq!(to_simplified(c), c);
        assert_eq!(char_role(c), CharRole::Visible);
        assert!(!has_ignorable_marks(c) && !is_lookalike_ideograph(c) && !is_combining_mark(c));
        assert!(
            !is_lookalike_suspect(c) && latin_lookalike(c).is_none(),
            "{c}"
        );
        assert!(is_unsegmented_script(c));
        // Katakana beside Katakana is one word segment (WB13), any other pair two.
        let pair = format!("{c}{c}");
        assert_eq!(pair.graphemes(true).count(), 2, "{c}");
        let segments = if is_katakana_word(c) { 1 } else { 2 };
        assert_eq!(pair.split_word_bounds().count(), segments, "{c}");
    }
}

#[test]
fn kana_runs_are_read_from_the_bytes_as_from_the_characters() {
    for c in (0..=0x10FFFF).filter_map(char::from_u32) {
        let text = format!("{c}あ{c}");
        let expected: usize = text
            .chars()
            .take_while(|&c| is_cjk_ideograph(c) || is_stable_kana(c))
            .map(char::len_utf8)
            .sum();
        assert_eq!(cjk_letter_run_len(&text), expected, "{c:?}");
    }
}

/// The analysis of `text` with the fast paths on or off: the matching form, the tokens, the
/// evasion report.
fn analysis(text: &str, options: &TextOptions, runs: bool) -> String {
    set_fast_runs(runs);
    let analysis = crate::text::analyze(text, options).unwrap();
    set_fast_runs(true);
    format!(
        "{:?} {:?} {:?}",
        analysis.normalized, analysis.tokens, analysis.evasion
    )
}

/// Fast and general paths agree on `text`, normalized line by line and analyzed whole.
fn assert_same(text: &str, options: &TextOptions) {
    let lines: Vec<String> = text.split_inclusive('\n').map(String::from).collect();
    let fast = everything(&lines, options, true);
    assert_eq!(fast, everything(&lines, options, false), "{text:?}");
    let fast = analysis(text, options, true);
    assert_eq!(fast, analysis(text, options, false), "{text:?}");
}

#[test]
fn each_kana_alone_is_analyzed_as_the_general_path_does() {
    // Beside Latin letters (which may fold a Katakana look-alike), ideographs, Katakana it joins,
    // `_` that joins Katakana, combining voiced marks, half-width forms, an invisible character,
    // a line end, a hyphen at a line end.
    let contexts = [
        "a{}B",
        "x{}",
        "{}y 1",
        "中{}中",
        "ア{}ー",
        "_{}_",
        "{}\u{3099}",
        "ｶ{}ﾞ",
        "{}\u{200B}あ",
        "t{}o{}",
        "w{}{}d l{}",
        "{} {} {}\n{}。",
        "re-\n{}",
        "{}-\nab",
    ];
    let options = [
        TextOptions::default(),
        TextOptions {
            ignore_case: false,
            ignore_punctuation: false,
            remove_stopwords: true,
            ..TextOptions::default()
        },
    ];
    for c in stable_kana() {
        for context in contexts {
            let text = context.replace("{}", &c.to_string());
            for options in &options {
                assert_same(&text, options);
            }
        }
    }
}

/// Japanese-like text: kana (with the marks, iteration marks and middle dot between them),
/// ideographs, ASCII, CJK punctuation, `_`, combining marks, half-width Katakana and fullwidth
/// forms, invisible characters, line ends.
fn japanese_like() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    prop::collection::vec(
        prop_oneof![
            8 => prop::char::range('\u{3040}', '\u{30FF}'),
            3 => prop::char::range('\u{4E00}', '\u{4E10}'),
            1 => prop::sample::select(vec!['広', '國', '工', '口', '卜', '々']),
            6 => prop::sample::select(vec!['a', 'B', 'x', 't', 'o', '1', ' ', '.', '_', '-', '\'']),
            3 => prop::sample::select(vec!['、', '。', '「', '」', '（', '）', '・', '：', '\u{3000}', '１', 'Ａ']),
            1 => prop::sample::select(vec!['\u{3099}', '\u{309A}', '\u{301}', 'ｱ', 'ｶ', 'ﾞ', 'ﾟ', 'ｰ', '\u{FF65}',
                '\u{200B}', '\u{200D}', '\u{FE0E}', '\u{A0}', 'é', 'а', '\n', '\r', '\u{202E}', '😀']),
        ],
        0..32,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

// proptest forks processes, which wasm32 cannot: natively only.
#[cfg(not(target_arch = "wasm32"))]
proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]

    /// Japanese through the fast paths gives what the general path gives: each line's matching
    /// form and the span of each of its characters, the tokens and the evasion report.
    #[test]
    fn kana_on_the_fast_paths_change_nothing(
        text in japanese_like(),
        ignore_case in proptest::bool::ANY,
        ignore_punctuation in proptest::bool::ANY,
        remove_stopwords in proptest::bool::ANY,
    ) {
        let options = TextOptions { ignore_case, ignore_punctuation, remove_stopwords, ..TextOptions::default() };
        assert_same(&text, &options);
    }
}
