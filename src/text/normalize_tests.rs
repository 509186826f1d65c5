//! Unit tests of `normalize`: kept beside it in a file of their own.
use super::*;

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
