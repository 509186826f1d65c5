//! A word broken at a line end with a hyphen (`Adri-\natic`, as PDF text and the page's readers
//! give it) is the one word it was: a short copy holding one is found, and the passage covers the
//! broken word in the paper as written.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{brown_documents, words};

use plagscope::checker::{CheckOptions, Checker, CheckerOptions, Reference};
use plagscope::Span;

/// `copy` with its longest word (of 8 letters or more) broken after its fourth letter by a
/// hyphen and a line end, as a justified PDF line gives it; `None` if it has no such word.
fn broken(copy: &str) -> Option<(String, String)> {
    let words: Vec<&str> = copy.split(' ').collect();
    let (at, word) = (words.iter().enumerate())
        .filter(|(_, w)| w.len() >= 8 && w.chars().all(|c| c.is_ascii_lowercase()))
        .max_by_key(|(_, w)| w.len())?;
    let broken_word = format!("{}-\n{}", &word[..4], &word[4..]);
    let mut parts = words.clone();
    parts[at] = &broken_word;
    Some((parts.join(" "), broken_word))
}

#[test]
fn a_short_copy_with_a_word_broken_at_a_line_end_is_found() {
    let docs = brown_documents(16);
    let own = docs[15].replace('"', "");
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    for (i, doc) in docs[..15].iter().enumerate() {
        checker
            .add_reference(Reference::new(format!("doc{i}"), doc.replace('"', "")))
            .unwrap();
    }
    let (mut trials, mut missed) = (0, Vec::new());
    for (i, doc) in docs[..15].iter().enumerate() {
        // An 18-word copy in the middle of the paper's own words.
        let plain = doc.replace('"', "");
        let Some((copy, broken_word)) = (0..20)
            .map(|k| words(&plain, 300 + 40 * k, 18))
            .find_map(|copy| broken(&copy))
        else {
            continue;
        };
        trials += 1;
        let paper = format!("{} {copy} {}", words(&own, 0, 60), words(&own, 100, 60));
        let report = checker.check(&paper, &CheckOptions::default()).unwrap();
        let id = format!("doc{i}");
        let source = report.sources.iter().find(|s| s.id == id);
        let passages: Vec<&str> = (source.iter().flat_map(|s| &s.passages))
            .map(|p| Span::new(p.start, p.end).slice_of(&paper))
            .collect();
        if !passages.iter().any(|p| p.contains(&broken_word)) {
            missed.push(format!("{id}: {copy:?} not found whole: {passages:?}"));
        }
    }
    assert!(trials >= 10, "only {trials} copies had a word to break");
    assert!(
        missed.is_empty(),
        "{} of {trials} missed: {missed:#?}",
        missed.len()
    );
}
