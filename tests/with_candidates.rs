//! A check with candidates held elsewhere (an archive's): the same report as a set holding them,
//! the candidates it names returned with their texts, and the set as it was afterwards, whether
//! the check succeeded or not.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{brown_documents as documents, words};

use plagscope::checker::{CheckOptions, Checker, CheckerOptions, Paper, Reference};
use plagscope::store::export_index;
use plagscope::ErrorCode;

/// A library of `texts` (ids `lib-0`, `lib-1`, …).
fn library(texts: &[String]) -> Checker {
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    for (i, text) in texts.iter().enumerate() {
        checker
            .add_reference(Reference::new(format!("lib-{i}"), text.clone()))
            .unwrap();
    }
    checker
}

fn candidate(id: &str, text: &str) -> Reference {
    Reference {
        title: format!("Archive document {id}"),
        ..Reference::new(id, text)
    }
}

#[test]
fn candidates_are_reported_as_a_set_holding_them_would_and_leave_no_trace() {
    let docs = documents(8);
    let mut checker = library(&docs[..4]);
    let before = export_index(&checker).unwrap();
    let paper = Paper {
        text: format!(
            "{} {} {}",
            words(&docs[1], 0, 120),
            words(&docs[5], 40, 160),
            words(&docs[7], 0, 150)
        ),
        meta: Default::default(),
    };
    let candidates = vec![
        candidate("archive-5", &docs[5]),
        candidate("archive-6", &docs[6]),
        // A candidate the library holds already is the library's.
        candidate("lib-1", &docs[1]),
    ];
    let options = CheckOptions::default();
    let found = checker
        .check_with_candidates(&paper, candidates, &options, &mut |_| Ok(()))
        .unwrap();
    assert_eq!(
        export_index(&checker).unwrap(),
        before,
        "the set is as it was"
    );

    let mut holding = library(&docs[..4]);
    for id in [5, 6] {
        holding
            .add_reference(candidate(&format!("archive-{id}"), &docs[id]))
            .unwrap();
    }
    let expected = holding.check(&paper.text, &options).unwrap();
    assert_eq!(found.report, expected);
    let ids: Vec<&str> = found.report.sources.iter().map(|s| s.id.as_str()).collect();
    assert!(
        ids.contains(&"lib-1") && ids.contains(&"archive-5"),
        "{ids:?}"
    );
    let sources: Vec<&str> = found.sources.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(
        sources,
        ["archive-5"],
        "only the candidates reported, with their texts"
    );
    assert_eq!(found.sources[0].text, docs[5]);
    assert_eq!(found.sources[0].title, "Archive document archive-5");
    // What the bindings give their callers: the JSON serde would write.
    let json = plagscope::json_out::to_json(&found);
    assert_eq!(json, serde_json::to_string(&found).unwrap());
}

#[test]
fn a_failed_check_or_a_bad_candidate_leaves_the_set_as_it_was() {
    let docs = documents(4);
    let mut checker = library(&docs[..2]);
    let before = export_index(&checker).unwrap();
    let paper = Paper {
        text: words(&docs[2], 0, 200),
        meta: Default::default(),
    };
    let stop = checker.check_with_candidates(
        &paper,
        vec![candidate("archive-2", &docs[2])],
        &CheckOptions::default(),
        &mut |_| Err(plagscope::Error::input("progress", "stopped by the reader")),
    );
    assert!(stop
        .unwrap_err()
        .to_string()
        .contains("stopped by the reader"));
    assert_eq!(export_index(&checker).unwrap(), before);

    let bad = checker.check_with_candidates(
        &paper,
        vec![candidate("archive-2", &docs[2]), candidate("", "no id")],
        &CheckOptions::default(),
        &mut |_| Ok(()),
    );
    let error = bad.unwrap_err();
    assert_eq!(error.code(), ErrorCode::InvalidInput);
    assert!(error.to_string().contains("candidates"), "{error}");
    assert_eq!(export_index(&checker).unwrap(), before);
    assert_eq!(checker.len(), 2);
}
