//! What a reported passage shows a reader: every exact run inside it is shared text, even one whose
//! twin lies elsewhere in the source than the place the passage was aligned to.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{brown_documents, words};

use plagscope::checker::{CheckOptions, Checker, CheckerOptions, Reference};
use plagscope::Span;

fn slice(text: &str, start: usize, end: usize) -> String {
    let words: Vec<&str> = Span::new(start, end)
        .slice_of(text)
        .split_whitespace()
        .collect();
    words.join(" ")
}

#[test]
fn a_sentence_copied_from_another_place_of_the_source_is_shown_as_shared() {
    let docs = brown_documents(12);
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    for (i, text) in docs[..11].iter().enumerate() {
        checker
            .add_reference(Reference::new(format!("doc{i}"), text.clone()))
            .unwrap();
    }
    let source = &docs[4];
    // A copied paragraph with, in its middle, a sentence-long run taken from far later in the source.
    let elsewhere = words(source, 900, 16);
    let paper = format!(
        "{}\n\n{} {} {}\n\n{}",
        words(&docs[11], 0, 200),
        words(source, 100, 60),
        elsewhere,
        words(source, 160, 60),
        words(&docs[11], 200, 200)
    );
    let report = checker.check(&paper, &CheckOptions::default()).unwrap();
    let found = report
        .sources
        .iter()
        .find(|s| s.id == "doc4")
        .expect("the source is found");
    let passage = found
        .passages
        .iter()
        .find(|p| slice(&paper, p.start, p.end).contains(&elsewhere))
        .expect("one passage spans the copied paragraph");
    let shown: String = (passage.ngrams.iter())
        .map(|run| slice(&paper, run.start, run.end))
        .collect::<Vec<_>>()
        .join(" ");
    assert!(shown.contains(&elsewhere), "shown as shared: {shown}");
    for run in &passage.ngrams {
        assert_eq!(
            slice(&paper, run.start, run.end),
            slice(source, run.source_start, run.source_end),
            "each run's twin is the same text"
        );
    }
}
