//! Tests of `json_out.rs` and `json_types.rs`: each written type against `serde_json::to_string`.

use super::*;
use crate::sketch::minhash::MinHashScheme;
use crate::sketch::of_text::ShingleKind;
use crate::text::EvasionReport;

fn same_as_serde<T: WriteJson + serde::Serialize + ?Sized>(value: &T) {
    assert_eq!(to_json(value), serde_json::to_string(value).unwrap());
}

#[test]
fn values_are_written_as_serde_json_writes_them() {
    let every_byte: String = (0u8..=0x7F).map(char::from).collect();
    for text in [
        every_byte.as_str(),
        "",
        "“中文” é \u{2028} \u{FEFF}",
        "\\\"/",
    ] {
        same_as_serde(text);
    }
    for x in [
        0.0,
        -0.0,
        1.0,
        0.1 + 0.2,
        1e-7,
        1e21,
        2.0 / 3.0,
        -123456.789,
        1e300,
    ] {
        same_as_serde(&x);
    }
    for x in [
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::MIN_POSITIVE,
    ] {
        same_as_serde(&x);
    }
    for n in [0, 1, 9, 10, 99, 100, 123_456_789, usize::MAX] {
        same_as_serde(&n);
    }
    same_as_serde(&u32::MAX);
    same_as_serde(&[true, false][..]);
    same_as_serde(&vec![Some(1usize), None]);
    same_as_serde(&Vec::<Span>::new());
}

#[test]
fn an_evasion_report_is_written_as_serde_json_writes_it() {
    let span = |start| Span::new(start, start + 1);
    let mut report = EvasionReport::default();
    same_as_serde(&report);
    report = EvasionReport {
        invisible_characters: 1,
        invisible_spans: vec![span(0), span(5)],
        invisible_removed_total: 2,
        blank_substitutes: 3,
        blank_spans: vec![span(1)],
        replaced_spans: vec![span(2)],
        mixed_script_words: vec![span(3)],
        spacing_characters: 4,
        spacing_spans: vec![span(4)],
        invisible_separators: 5,
        invisible_separator_spans: vec![span(6)],
        reversed_spans: vec![span(7)],
        marked_letters: 6,
        marked_spans: vec![span(8)],
        ..report
    };
    report.replaced_letters.insert("Cyrillic".into(), 3);
    report.replaced_letters.insert("Greek".into(), 1);
    same_as_serde(&report);
}

#[test]
fn sketch_results_and_options_are_written_as_serde_json_writes_them() {
    use crate::sketch::of_text::{shingles_of, winnow_of, ShingleOptions, WinnowOptions};
    let text = "The \u{200B}quick brown fox, 42 times: “jumps” over the lazy dog. 国家保护公民。";
    let analysis = crate::text::analyze(text, &Default::default()).unwrap();
    same_as_serde(&analysis.report());
    let char_shingles = ShingleOptions {
        kind: ShingleKind::Char,
        ..Default::default()
    };
    for options in [ShingleOptions::default(), char_shingles] {
        same_as_serde(&shingles_of(text, &options).unwrap());
        same_as_serde(&options);
    }
    same_as_serde(&winnow_of(text, &WinnowOptions::default()).unwrap());
    same_as_serde(&crate::shared_ngrams(text, "the lazy dog. 国家保护公民", 2).unwrap());
    let mut checker = crate::checker::CheckerOptions::default();
    same_as_serde(&checker);
    checker.minhash_scheme = MinHashScheme::Classic;
    same_as_serde(&checker);
    let mut check = crate::checker::CheckOptions {
        ignore_references: vec!["a \"b\"".into()],
        exclude_spans: vec![Span::new(1, 2), Span::new(3, 4)],
        ..Default::default()
    };
    check.align.rewritten = false;
    same_as_serde(&check);
    same_as_serde(&crate::checker::Defaults::default());
}
