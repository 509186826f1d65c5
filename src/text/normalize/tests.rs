//! Unit tests of `normalize`: kept beside it in a file of their own.
use super::clusters::fullwidth_ascii;
use super::mapping::Mapping;
use super::*;
use crate::span::Span;
use crate::text::evasion::EvasionBuilder;
use crate::text::nfkc::Nfkc;
use crate::text::options::TextOptions;
use std::cell::Cell;

use crate::text::tokenize;

thread_local! {
    /// Off: printable ASCII and CJK ideographs go through one character at a time, as any other text.
    static FAST_RUNS: Cell<bool> = const { Cell::new(true) };
}

pub(crate) fn fast_runs() -> bool {
    FAST_RUNS.with(Cell::get)
}

/// Turns the fast paths on or off for this thread (for the native-only property tests).
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn set_fast_runs(runs: bool) {
    FAST_RUNS.with(|flag| flag.set(runs));
}

/// Everything normalizing `lines` gives: each line's text and the origin of each of its bytes, and
/// the evasion report.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn everything(lines: &[String], options: &TextOptions, runs: bool) -> String {
    FAST_RUNS.with(|flag| flag.set(runs));
    let mut line = NormalizedLine::default();
    let mut evasion = EvasionBuilder::default();
    let mut out = String::new();
    let mut base = 0;
    for text in lines {
        base += line.normalize(text, base, options, &mut evasion);
        let origins: Vec<Span> = (0..line.text.len())
            .filter(|&i| line.text.is_char_boundary(i))
            .map(|i| {
                let end = (i + 1..=line.text.len())
                    .find(|&e| line.text.is_char_boundary(e))
                    .unwrap();
                line.origin_of(i, end)
            })
            .collect();
        out.push_str(&format!("{:?} {origins:?}\n", line.text));
    }
    FAST_RUNS.with(|flag| flag.set(true));
    format!("{out}{:?}", evasion.finish())
}

// proptest forks processes, which wasm32 cannot: natively only.
#[cfg(not(target_arch = "wasm32"))]
proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]

    /// Printable ASCII and CJK ideographs a run at a time give what one character at a time gives,
    /// next to every kind of character that could join them, hide in them or reverse them.
    #[test]
    fn fast_runs_change_nothing(
        lines in proptest::collection::vec(
            "([a-zA-Z0-9 .,'`\"-]{0,6}|[\u{301}\u{308}\u{200B}\u{200D}\u{00AD}\u{2009}\u{202E}\u{202C}\u{0600}\u{1F1E6}\u{1F600}\u{FE0F}\u{0430}\u{03BF}\u{00E9}\u{2019}\u{201C}\u{FF21}\u{4E2D}\u{570B}\u{3400}\u{3002}\u{20000}\u{F900}\u{FF0C}\u{2800}\r\t]|[\u{4E00}-\u{4E0F}\u{570B}\u{9F8D}]{1,5})*\n?",
            1..4,
        ),
        ignore_case in proptest::bool::ANY,
    ) {
        let options = TextOptions { ignore_case, ..TextOptions::default() };
        proptest::prop_assert_eq!(everything(&lines, &options, true), everything(&lines, &options, false));
    }
}

// Natively only, as above.
#[cfg(not(target_arch = "wasm32"))]
proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]

    /// Lines of printable ASCII, CJK ideographs and common punctuation (normalized both steps at
    /// once, each character's span by its place) give what the general path gives: the text, every
    /// character's span, the tokens and the evasion report; a line of other characters falls back.
    #[test]
    fn one_to_one_lines_change_nothing(
        lines in proptest::collection::vec(
            "([a-zA-Z0-9 .,'`\"-]{0,4}|[\u{4E00}-\u{4E0F}\u{570B}\u{9F8D}\u{3400}\u{4DBF}\u{9FFF}]{1,4}|[\u{FF0C}\u{3002}\u{3001}\u{201C}\u{201D}\u{2018}\u{FF1A}\u{FF08}\u{FF09}\u{300A}\u{2014}\u{FF40}\u{FF5E}\u{FFFD}]|[\u{3000}\u{4DC0}\u{2800}\u{200B}\u{301}\u{FF21}\t\r]{0,1})*\n?",
            1..4,
        ),
        ignore_case in proptest::bool::ANY,
        ignore_punctuation in proptest::bool::ANY,
    ) {
        let options = TextOptions { ignore_case, ignore_punctuation, ..TextOptions::default() };
        proptest::prop_assert_eq!(everything(&lines, &options, true), everything(&lines, &options, false));
        let text = lines.concat();
        let analysis = |runs: bool| {
            FAST_RUNS.with(|flag| flag.set(runs));
            let analysis = crate::text::analyze(&text, &options).unwrap();
            FAST_RUNS.with(|flag| flag.set(true));
            (analysis.normalized, analysis.tokens, format!("{:?}", analysis.evasion))
        };
        proptest::prop_assert_eq!(analysis(true), analysis(false));
    }
}

#[test]
fn a_line_of_one_unit_per_character_maps_spans_asked_in_any_order() {
    let mut line = NormalizedLine::default();
    let mut evasion = EvasionBuilder::default();
    let text = "第一条 Ａ？为了“RUST”。\n";
    assert_eq!(
        line.normalize(text, 0, &TextOptions::default(), &mut evasion),
        16
    );
    assert!(
        matches!(line.mapping, Mapping::PerByte),
        "Ａ is not one of the common marks"
    );
    let text = "第一条 为了“RUST”，鼓勵。\n";
    assert_eq!(
        line.normalize(text, 5, &TextOptions::default(), &mut evasion),
        17
    );
    assert!(matches!(line.mapping, Mapping::OneUnitPerChar { .. }));
    assert_eq!(line.text, "第一条 为了\"rust\",鼓励。\n");
    let utf16: Vec<u16> = text.encode_utf16().collect();
    let slice = |span: Span| String::from_utf16(&utf16[span.start - 5..span.end - 5]).unwrap();
    let rust = line.text.find("rust").unwrap();
    assert_eq!(slice(line.origin_of(rust, rust + 4)), "RUST");
    assert_eq!(slice(line.origin_of(0, 3)), "第"); // backwards from the cursor
    let li = line.text.find("励").unwrap();
    assert_eq!(slice(line.origin_of(li, li + 3)), "勵");
    assert_eq!(slice(line.origin_of(rust - 1, rust)), "“");
    assert_eq!(
        line.origin_of(line.text.len() - 1, line.text.len()),
        Span::new(21, 22)
    );
}

/// A line left half way by the one-to-one path (at `ḃ`) counts the letters before it once: with
/// them counted twice, too few of the consonants would look marked to report the line's marks.
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn a_line_given_up_half_way_counts_its_letters_once() {
    let lines = ["bcd 中文 ḃċḋḟġḣ\n".to_string()];
    let options = TextOptions::default();
    let fast = everything(&lines, &options, true);
    assert_eq!(fast, everything(&lines, &options, false));
    let mut evasion = EvasionBuilder::default();
    NormalizedLine::default().normalize(&lines[0], 0, &options, &mut evasion);
    assert_eq!(evasion.finish().marked_letters, 6);
}

fn normalized(text: &str) -> String {
    let mut line = NormalizedLine::default();
    let mut evasion = EvasionBuilder::default();
    line.normalize(text, 0, &TextOptions::default(), &mut evasion);
    line.text
}

#[test]
fn nfkc_and_case_folding() {
    assert_eq!(normalized("ＡＢＣ１２３"), "abc123");
    assert_eq!(normalized("ﬁnance ½"), "finance 1⁄2");
    assert_eq!(normalized("STRAẞE Straße"), "strasse strasse");
    assert_eq!(normalized("ΟΔΟΣ οδος"), "οδοσ οδοσ");
    assert_eq!(normalized("Ⅻ ㎏"), "xii kg");
}

#[test]
fn typographic_punctuation_becomes_ascii() {
    assert_eq!(
        normalized("“Don’t” — it’s ‘fine’ – −3"),
        "\"don't\" - it's 'fine' - -3"
    );
}

#[test]
fn invisibles_go_and_blanks_become_spaces() {
    assert_eq!(
        normalized("pla\u{200B}gia\u{00AD}rism\u{FEFF}"),
        "plagiarism"
    );
    assert_eq!(normalized("copied\u{2800}text"), "copied text");
    assert_eq!(normalized("e\u{200B}\u{301}"), "e");
    // Conjoining Hangul fillers are blanks too, not invisible: the words stay apart.
    assert_eq!(
        normalized("copied\u{115F}text\u{1160}here"),
        "copied text here"
    );
}

#[test]
fn a_blank_inside_a_word_of_a_spaced_line_is_removed_and_reported() {
    let analysis = tokenize("the pla\u{3164}giarism of a\u{2800}n essay");
    assert_eq!(analysis.normalized, "the plagiarism of an essay");
    assert_eq!(analysis.evasion.invisible_characters, 2);
    assert_eq!(analysis.evasion.blank_substitutes, 0);
    // Words joined by blanks instead of spaces are still read apart.
    let joined = tokenize(
        "copied\u{2800}passages\u{2800}hide\u{2800}between\u{2800}ordinary\u{2800}words here",
    );
    assert_eq!(
        joined.normalized,
        "copied passages hide between ordinary words here"
    );
}

#[test]
fn cjk_radicals_of_the_supplement_fold_to_their_ideograph_and_are_reported() {
    // U+2EA0 CJK RADICAL CIVILIAN is 民; U+2EF1 CJK RADICAL TURTLE is 龜, Simplified 龟.
    let analysis = tokenize("人\u{2EA0}共和国的\u{2EF1}");
    assert_eq!(analysis.normalized, "人民共和国的龟");
    assert_eq!(analysis.evasion.replaced_letters.get("Han"), Some(&2));
}

#[test]
fn compatibility_hangul_letters_compose_into_syllables() {
    assert_eq!(normalized("ㄱㅕ"), "겨");
    assert_eq!(normalized("ㄱￊ"), "겨");
}

#[test]
fn compatibility_ideographs_and_radicals_fold_to_unified() {
    // U+F900 is a compatibility form of 豈 (Traditional; Simplified 岂); U+2F08 KANGXI
    // RADICAL MAN is 人.
    assert_eq!(normalized("\u{F900}\u{2F08}"), "岂人");
}

#[test]
fn traditional_chinese_folds_to_simplified_in_place() {
    assert_eq!(normalized("個人資料保護"), "个人资料保护");
    assert_eq!(normalized("个人资料保护"), "个人资料保护");
}

#[test]
fn origin_maps_every_byte_to_its_cluster() {
    let mut line = NormalizedLine::default();
    let mut evasion = EvasionBuilder::default();
    let text = "😀Ａ\u{200B}é";
    line.normalize(text, 10, &TextOptions::default(), &mut evasion);
    assert_eq!(line.text, "😀ae");
    assert_eq!(line.origin_of(0, 4), Span::new(10, 12));
    assert_eq!(line.origin_of(4, 5), Span::new(12, 13));
    assert_eq!(line.origin_of(5, 6), Span::new(14, 15));
}

#[test]
fn case_is_kept_when_asked() {
    let mut line = NormalizedLine::default();
    let mut evasion = EvasionBuilder::default();
    let options = TextOptions {
        ignore_case: false,
        ..TextOptions::default()
    };
    line.normalize("Ｈello Wörld", 0, &options, &mut evasion);
    assert_eq!(line.text, "Hello World");
}

#[test]
fn fullwidth_ascii_is_what_nfkc_gives() {
    for c in ('\u{FF01}'..='\u{FF5E}').chain(['\u{FF00}', '\u{FF5F}', 'a', '中']) {
        let mut nfkc = std::iter::once(c).nfkc();
        let expected = match (nfkc.next(), nfkc.next()) {
            (Some(only), None) if only.is_ascii() && only != c => Some(only),
            _ => None,
        };
        assert_eq!(
            fullwidth_ascii(c.encode_utf8(&mut [0; 4])),
            expected,
            "{c:?}"
        );
    }
    assert_eq!(
        fullwidth_ascii("\u{FF21}\u{301}"),
        None,
        "a cluster of two characters"
    );
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
fn each_common_punctuation_mark_alone_is_normalized_as_the_general_path_does() {
    // Every character the punctuation path could take, next to what ends a word, a letter,
    // ideographs (with which step 1 takes it in one run, also after an invisible character it
    // removes), a mark that joins it (not then a cluster of its own) and line ends.
    let candidates = (0x2000..=0x206F)
        .chain(0x3000..=0x303F)
        .chain(0xFF00..=0xFF65);
    let mut taken = 0;
    for c in candidates.filter_map(char::from_u32) {
        taken += usize::from(clusters::lone_punctuation_form(&c.to_string()).is_some());
        // The last: words with every vowel marked, separated by the mark: five in a row are reported.
        let marked_words = "tá{}mé{}lí{}pó{}kú{}dé{}rá";
        for context in [
            "中{}中",
            "中\u{200B}{}\u{200D}中{}",
            "{}",
            "a{}B",
            "{}\u{301}x",
            "é{}1",
            "ｘ{} {}",
            marked_words,
        ] {
            let lines = vec![context.replace("{}", &c.to_string())];
            for ignore_case in [false, true] {
                let options = TextOptions {
                    ignore_case,
                    ..TextOptions::default()
                };
                assert_eq!(
                    everything(&lines, &options, true),
                    everything(&lines, &options, false),
                    "U+{:04X} in {context:?}",
                    c as u32
                );
            }
        }
    }
    assert_eq!(taken, 77, "characters that take the punctuation path");
}

#[test]
fn styled_letters_are_reported_in_a_line_with_three_styled_words() {
    let styled = |text: &str| {
        tokenize(text)
            .evasion
            .replaced_letters
            .get("Styled")
            .copied()
    };
    assert_eq!(
        styled("We apply 𝑠𝑜𝑓𝑡𝑚𝑎𝑥(𝑧) and minimize 𝑙𝑜𝑠𝑠 = −𝑙𝑜𝑔 𝑝(𝑦|𝑥)."),
        None
    );
    assert_eq!(styled("𝑠𝑜𝑓𝑡𝑚𝑎𝑥 and 𝑙𝑜𝑠𝑠 and 𝑡𝑟𝑎𝑖𝑛"), Some(16));
    assert_eq!(
        styled("𝐓𝐡𝐞 𝐩𝐚𝐩𝐞𝐫 𝐰𝐚𝐬 𝐰𝐫𝐢𝐭𝐭𝐞𝐧 𝐛𝐲 𝐦𝐞"),
        None,
        "two words of four"
    );
    assert_eq!(styled("𝐓𝐡𝐞 𝐩𝐚𝐩𝐞𝐫 𝐰𝐚𝐬 𝐰𝐫𝐢𝐭𝐭𝐞𝐧 𝐟𝐫𝐨𝐦 𝐦𝐞"), Some(16));
}

#[test]
fn invisibles_beside_a_no_break_space_or_a_blank_are_beside_a_space() {
    // A zero-width space next to a space between words hides nothing inside a word.
    for text in [
        "one\u{A0}\u{200B}two",
        "one\u{200B}\u{A0}two",
        "one\u{2800}\u{200B}two",
    ] {
        let analysis = tokenize(text);
        assert_eq!(analysis.evasion.invisible_characters, 0, "{text:?}");
        assert_eq!(analysis.normalized, "one two", "{text:?}");
    }
}
