//! A long check tells its progress as it goes, not only between its steps: a paper of several
//! megabytes of real text (Brown texts with quotations and copies of references) moves the
//! `preparing` stage within its steps, in hundredths, never backwards, and every source written up
//! moves the `reporting` stage.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{brown_documents, words};
use plagscope::checker::{CheckOptions, Checker, CheckerOptions, Progress, Reference, Stage};

#[test]
fn a_long_paper_moves_the_progress_within_the_steps_of_preparing_it() {
    let documents = brown_documents(40);
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    for (i, text) in documents.iter().take(10).enumerate() {
        checker
            .add_reference(Reference::new(format!("ref-{i}"), text.clone()))
            .unwrap();
    }
    // About 4 MB: own text, a quotation of a reference and a copy of another, over and over.
    let mut paper = String::new();
    for i in 0.. {
        if paper.len() > 4_000_000 {
            break;
        }
        let own = &documents[10 + i % 30];
        let quoted = words(&documents[i % 10], 40, 30);
        let copied = words(&documents[(i + 3) % 10], 200 + i % 50, 60);
        paper += &format!("{own}\n\nAs it says, \"{quoted}\" and so on.\n\n{copied}\n\n");
    }
    let mut seen: Vec<Progress> = Vec::new();
    let meta = Default::default();
    let options = CheckOptions::default();
    let report = checker
        .check_with_progress(&paper, &meta, &options, &mut |p| {
            seen.push(p);
            Ok(())
        })
        .unwrap();
    assert!(
        report.sources.len() >= 5,
        "{} sources",
        report.sources.len()
    );
    let preparing: Vec<usize> = (seen.iter())
        .filter(|p| p.stage == Stage::Preparing)
        .inspect(|p| assert_eq!(p.total, 700))
        .map(|p| p.done)
        .collect();
    assert!(preparing.windows(2).all(|w| w[0] <= w[1]), "{preparing:?}");
    for step in 0..=7 {
        assert!(
            preparing.contains(&(step * 100)),
            "step {step}: {preparing:?}"
        );
    }
    // Reading the paper (1 MiB at a time) and aligning its quotations report their parts.
    let within = |step: usize| (preparing.iter()).any(|&d| d > step * 100 && d < (step + 1) * 100);
    assert!(within(0) && within(2), "{preparing:?}");
    let reporting = seen.iter().filter(|p| p.stage == Stage::Reporting).count();
    assert!(reporting > report.sources.len(), "{seen:?}");
}
