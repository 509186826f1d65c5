//! Tests of `report_json.rs`: each written type against `serde_json::to_string`.

use crate::align::Evidence;
use crate::checker::merge_sets::MergeOutcome;
use crate::checker::report::{
    LanguagePair, MethodScores, PairReport, PassageReport, Report, SentencePairReport, SharedRun,
    SourceReport, WordSpan,
};
use crate::checker::{CheckOptions, Checker, CheckerOptions, PairsOptions, Reference};
use crate::exclude::{Exclusion, ExclusionKind};
use crate::json_out::{to_json, WriteJson};
use crate::methods::chinese_ngram::NgramDuplicate;
use crate::methods::combined::CombinedSimilarity;
use crate::methods::weibo::WeiboComparison;
use crate::span::Span;
use crate::text::CountUnit;

/// A source report with every kind of field, numbers that serde_json writes in each of its
/// forms (whole, fraction, exponent, NaN as `null`) and an id and title that need escaping.
fn source(id: &str, x: f64) -> SourceReport {
    let pair = SentencePairReport {
        start: 1,
        end: 2,
        source_start: 3,
        source_end: 4,
        similarity: 0.1 + 0.2,
        shared_words: vec![WordSpan { start: 5, end: 6 }],
        source_shared_words: Vec::new(),
    };
    let passage = |evidence| PassageReport {
        start: 0,
        end: usize::MAX,
        source_start: 7,
        source_end: 8,
        words: 9,
        unit: if evidence == Evidence::Exact {
            CountUnit::Words
        } else {
            CountUnit::Characters
        },
        matched_words: 10,
        longest_run: 11,
        matched_share: x,
        converted_script: evidence == Evidence::Exact,
        ngrams: vec![SharedRun {
            start: 12,
            end: 13,
            source_start: 14,
            source_end: 15,
        }],
        evidence,
        region: 17,
        sentences: 16,
        sentence_pairs: vec![pair.clone(), pair.clone()],
        languages: (evidence == Evidence::Translated).then(|| LanguagePair {
            paper: "zh".into(),
            source: "en".into(),
        }),
    };
    let scores = MethodScores {
        combined: CombinedSimilarity {
            hamming: u32::MAX,
            metadata_jaccard: 1e-7,
            score: 1e21,
        },
        weibo: WeiboComparison {
            hamming: 0,
            dup: f64::NAN,
            sim: -0.0,
            similar: true,
        },
        chinese_ngram: NgramDuplicate {
            characters: 17,
            samples: 18,
            matched: 19,
            share: f64::INFINITY,
            threshold: 0.6,
            duplicate: false,
        },
    };
    SourceReport {
        id: id.to_string(),
        title: "“Quoted” \"title\"\n\u{1}\\ 中文".to_string(),
        similarity: 1.0,
        source_coverage: 0.5,
        jaccard: 2.0 / 3.0,
        containment: 123456.789,
        simhash_distance: 64,
        scores,
        passages: vec![
            passage(Evidence::Exact),
            passage(Evidence::Rewritten),
            passage(Evidence::Translated),
        ],
    }
}

fn same_as_serde_value<T: WriteJson + serde::Serialize + ?Sized>(value: &T) {
    assert_eq!(to_json(value), serde_json::to_string(value).unwrap());
}

fn same_as_serde(report: &Report) {
    let expected = serde_json::to_string(report).unwrap();
    assert_eq!(to_json(report), expected);
}

#[test]
fn every_field_is_written_as_serde_json_writes_it() {
    let mut evasion = crate::text::EvasionReport {
        invisible_characters: 2,
        invisible_spans: vec![Span { start: 1, end: 3 }],
        ..Default::default()
    };
    evasion.replaced_letters.insert("Cyrillic".to_string(), 3);
    let excluded = [
        (ExclusionKind::Quote, Some("ref \"1\"".to_string())),
        (ExclusionKind::Quote, None),
        (ExclusionKind::Bibliography, None),
        (ExclusionKind::Base, None),
        (ExclusionKind::Reader, None),
    ];
    let report = Report {
        similarity: 0.25,
        words: 100,
        total_words: 120,
        unit: CountUnit::Words,
        sources: vec![source("a", 0.75), source("b\u{7f}", 1.0 / 3.0)],
        evasion,
        excluded: (excluded.into_iter().enumerate())
            .map(|(i, (kind, source))| Exclusion {
                kind,
                start: i,
                end: i + 1,
                source,
            })
            .collect(),
    };
    same_as_serde(&report);
    same_as_serde(&Report {
        sources: Vec::new(),
        excluded: Vec::new(),
        ..report.clone()
    });
    let pairs = vec![
        PairReport {
            a: "a".to_string(),
            b: "b".to_string(),
            similarity: 0.5,
            report: source("b", 0.1),
        };
        2
    ];
    assert_eq!(to_json(&pairs), serde_json::to_string(&pairs).unwrap());
    assert_eq!(to_json(&[] as &[PairReport]), "[]");
}

#[test]
fn real_reports_are_written_as_serde_json_writes_them() {
    let source = "The committee met on Tuesday to discuss the budget for the coming year, and \
        after a long debate it approved the new schedule of fees for every public library in \
        the county. The librarians had asked for more money to buy books and computers.";
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    checker
        .add_reference(Reference::new("news", source))
        .unwrap();
    checker
        .add_reference(Reference::new("copy", format!("Before it all. {source}")))
        .unwrap();
    let paper = format!("As reported: “{source}” Then {source} The end.");
    let report = checker.check(&paper, &CheckOptions::default()).unwrap();
    assert!(!report.sources.is_empty() && !report.excluded.is_empty());
    same_as_serde(&report);
    let pairs = checker.pairs(&PairsOptions::default()).unwrap();
    assert!(!pairs.is_empty());
    assert_eq!(to_json(&pairs), serde_json::to_string(&pairs).unwrap());
}

#[test]
fn references_and_merges_are_written_as_serde_json_writes_them() {
    let mut reference = Reference::new("id \"1\"", "A text.\nIts second line.");
    same_as_serde_value(&reference);
    reference.meta.keywords = vec!["k".into(), "l".into()];
    reference.meta.references = vec!["doi:10/1".into()];
    reference.base = true;
    same_as_serde_value(&reference);
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    checker.add_reference(reference).unwrap();
    same_as_serde_value(&checker.references());
    same_as_serde_value(&MergeOutcome {
        added: 3,
        skipped: 1,
    });
}
