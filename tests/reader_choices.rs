//! The reader's choices in one report: leaving a source or a passage out, and including an
//! automatic exclusion again. Each recomputes the similarity as if the choice had been the input:
//! the answers are compared with checks that need no choice at all (a set without that source, a
//! paper without those words), not with numbers written down here.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::words;

use plagscope::checker::{CheckOptions, Checker, CheckerOptions, Reference};
use plagscope::exclude::ExclusionKind;
use plagscope::options::MAX_LIST_ITEMS as MAX_READER_CHOICES;
use plagscope::Span;

fn brown(count: usize) -> Vec<String> {
    common::corpus("en")
        .into_iter()
        .filter(|(name, _)| name.starts_with("brown"))
        .take(count)
        .map(|(_, text)| text.replace(['"', '“', '”'], ""))
        .collect()
}

fn checker(texts: &[(&str, &str, bool)]) -> Checker {
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    for &(id, text, base) in texts {
        let reference = Reference {
            base,
            ..Reference::new(id, text)
        };
        checker.add_reference(reference).unwrap();
    }
    checker
}

/// The UTF-16 span of `part` inside `text` (ASCII texts here, so bytes are units).
fn span_of(text: &str, part: &str) -> Span {
    let start = text.find(part).expect("part of the text");
    Span::new(start, start + part.len())
}

fn ids(checker: &Checker, paper: &str, options: &CheckOptions) -> (Vec<String>, f64) {
    let report = checker.check(paper, options).unwrap();
    let ids = report.sources.iter().map(|s| s.id.clone()).collect();
    (ids, report.similarity)
}

#[test]
fn leaving_a_source_out_gives_the_report_of_a_set_without_it() {
    let docs = brown(4);
    let (a, b) = (words(&docs[0], 100, 120), words(&docs[1], 300, 80));
    let paper = format!(
        "{} {a} {} {b} {}",
        words(&docs[3], 0, 200),
        words(&docs[3], 200, 100),
        words(&docs[3], 300, 100)
    );
    let full = checker(&[
        ("a", &docs[0], false),
        ("b", &docs[1], false),
        ("c", &docs[2], false),
    ]);
    let without_a = checker(&[("b", &docs[1], false), ("c", &docs[2], false)]);
    let both = ids(&full, &paper, &CheckOptions::default());
    assert_eq!(both.0, ["a", "b"]);
    let leave_a = CheckOptions {
        ignore_references: vec!["a".into()],
        ..CheckOptions::default()
    };
    let left_out = ids(&full, &paper, &leave_a);
    assert_eq!(left_out, ids(&without_a, &paper, &CheckOptions::default()));
    assert_eq!(left_out.0, ["b"]);
    assert!(left_out.1 < both.1 && left_out.1 > 0.0);
    // An unknown id changes nothing.
    let unknown = CheckOptions {
        ignore_references: vec!["nobody".into()],
        ..CheckOptions::default()
    };
    assert_eq!(ids(&full, &paper, &unknown), both);
}

#[test]
fn leaving_a_passage_out_excludes_its_words_and_names_the_reader() {
    let docs = brown(4);
    let (a, b) = (words(&docs[0], 100, 120), words(&docs[1], 300, 80));
    let own = |from| words(&docs[3], from, 150);
    let paper = format!("{} {a} {} {b} {}", own(0), own(150), own(300));
    let set = checker(&[("a", &docs[0], false), ("b", &docs[1], false)]);
    let span = span_of(&paper, &a);
    let options = CheckOptions {
        exclude_spans: vec![span],
        ..CheckOptions::default()
    };
    let report = set.check(&paper, &options).unwrap();
    assert_eq!(
        report
            .sources
            .iter()
            .map(|s| s.id.as_str())
            .collect::<Vec<_>>(),
        ["b"]
    );
    let reader: Vec<_> = report
        .excluded
        .iter()
        .filter(|e| e.kind == ExclusionKind::Reader)
        .collect();
    assert_eq!(
        (reader.len(), reader[0].start, reader[0].end),
        (1, span.start, span.end)
    );
    // The same as checking the paper without those words at all.
    let shorter = paper.replacen(&a, "", 1);
    let plain = set.check(&shorter, &CheckOptions::default()).unwrap();
    assert_eq!(report.words, plain.words);
    assert!(
        (report.similarity - plain.similarity).abs() < 1e-9,
        "{} vs {}",
        report.similarity,
        plain.similarity
    );
}

#[test]
fn including_a_quote_or_a_base_passage_again_reports_it() {
    let docs = brown(4);
    let quoted = words(&docs[0], 100, 60);
    let template = words(&docs[1], 0, 60);
    let own = |from| words(&docs[3], from, 150);
    let paper = format!(
        "{template} {} As they wrote, “{quoted}” we agree. {}",
        own(0),
        own(150)
    );
    let set = checker(&[
        ("quoted", &docs[0], false),
        ("assignment", &template, true),
        ("classmate", &format!("{template} {}", own(600)), false),
    ]);
    let default = set.check(&paper, &CheckOptions::default()).unwrap();
    assert!(default.sources.is_empty(), "{:?}", default.sources);
    let kinds: Vec<_> = default.excluded.iter().map(|e| e.kind).collect();
    assert_eq!(kinds, [ExclusionKind::Base, ExclusionKind::Quote]);

    let quote = &default.excluded[1];
    let include_quote = CheckOptions {
        include_spans: vec![Span::new(quote.start, quote.end)],
        ..CheckOptions::default()
    };
    let (found, similarity) = ids(&set, &paper, &include_quote);
    assert_eq!(found, ["quoted"]);
    assert!(similarity > 0.1);

    let base = &default.excluded[0];
    let include_base = CheckOptions {
        include_spans: vec![Span::new(base.start, base.start + 1)],
        ..CheckOptions::default()
    };
    assert_eq!(ids(&set, &paper, &include_base).0, ["classmate"]);
    // Leaving the base document out of the report has the same effect.
    let ignore_base = CheckOptions {
        ignore_references: vec!["assignment".into()],
        ..CheckOptions::default()
    };
    assert_eq!(ids(&set, &paper, &ignore_base).0, ["classmate"]);
}

#[test]
fn bad_reader_choices_are_refused_with_the_field_named() {
    let set = checker(&[("a", "some reference text of a few words", false)]);
    let backwards = CheckOptions {
        exclude_spans: vec![Span { start: 5, end: 2 }],
        ..CheckOptions::default()
    };
    assert_eq!(
        set.check("paper", &backwards).unwrap_err().to_string(),
        "invalid `exclude_spans`: a span starts after it ends (5..2)"
    );
    let many = CheckOptions {
        ignore_references: vec![String::new(); MAX_READER_CHOICES + 1],
        ..CheckOptions::default()
    };
    assert!(set
        .check("paper", &many)
        .unwrap_err()
        .to_string()
        .starts_with("invalid `ignore_references`: holds 100001 items"));
    // Spans past the end of the paper exclude nothing and are no error.
    let past = CheckOptions {
        exclude_spans: vec![Span::new(1_000, 2_000)],
        include_spans: vec![Span::new(1_000, 2_000)],
        ..CheckOptions::default()
    };
    assert!(set.check("paper", &past).is_ok());
}
