//! Common phrasing through the Rust API: a phrase many references share is no evidence, unless
//! it is a popular source's text, long enough to be copying.

mod common;

use common::{brown_documents as documents, reference, utf16_slice, words};

use plagscope::checker::{CheckOptions, Checker, CheckerOptions};

/// A checker whose references `r1..=count` each hold `phrase` between two stretches of their own.
fn checker_sharing(docs: &[String], count: usize, phrase: &str) -> Checker {
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    for i in 1..=count {
        let own = &docs[i % docs.len()];
        let text = format!(
            "{} {phrase} {}",
            words(own, i * 7, 100),
            words(own, 300, 100)
        );
        checker
            .add_reference(reference(&format!("r{i}"), &text))
            .unwrap();
    }
    checker
}

fn passages_found(checker: &Checker, paper: &str, options: &CheckOptions) -> Vec<String> {
    let report = checker.check(paper, options).unwrap();
    report
        .sources
        .iter()
        .flat_map(|s| {
            s.passages
                .iter()
                .map(|p| utf16_slice(paper, p.start, p.end))
        })
        .collect()
}

#[test]
fn phrasing_common_to_many_references_is_not_evidence() {
    let docs = documents(12);
    // A 15-word formula found in five references is a stock phrase.
    let formula = words(&docs[0], 0, 15);
    let checker = checker_sharing(&docs[1..9], 5, &formula);
    let paper = format!(
        "{} {formula} {}",
        words(&docs[9], 0, 100),
        words(&docs[10], 0, 100)
    );
    let mut strict = CheckOptions::default();
    strict.align.max_doc_frequency = 3;
    let found = passages_found(&checker, &paper, &strict);
    assert!(found.is_empty(), "{found:?}");
    assert_eq!(
        passages_found(&checker, &paper, &CheckOptions::default()).len(),
        5
    );
}

#[test]
fn a_popular_source_copied_by_many_references_is_still_found() {
    // Twelve references (more than maxDocFrequency) copied the same 60 words; a paper copying
    // them too is copying, not using a stock phrase.
    let docs = documents(12);
    let popular = words(&docs[0], 200, 60);
    let checker = checker_sharing(&docs[1..9], 12, &popular);
    let paper = format!(
        "{} {popular} {}",
        words(&docs[9], 0, 100),
        words(&docs[10], 0, 100)
    );
    let options = CheckOptions {
        exclude_quotes: false, // the copied news text quotes a jury
        ..CheckOptions::default()
    };
    let report = checker.check(&paper, &options).unwrap();
    assert_eq!(report.sources.len(), 12);
    assert!(report.similarity > 0.2, "{}", report.similarity);
}
