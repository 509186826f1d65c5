//! Base (template) documents through the Rust API: their text is excluded from a paper, never
//! reported, and the set knows it holds one through merge, save and load, and removal.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{brown_documents as documents, reference, words};

use plagscope::checker::{CheckOptions, Checker, CheckerOptions, Reference};
use plagscope::exclude::ExclusionKind;
use plagscope::store::{export_index, import_index};
use plagscope::Span;

#[test]
fn text_from_a_base_document_is_never_reported() {
    let docs = documents(4);
    let template = words(&docs[0], 0, 50).replace('"', "");
    let checker = with_a_base_document(&template, &docs[1]);
    let paper = format!("{template} {}", words(&docs[2], 0, 200));
    let report = checker.check(&paper, &CheckOptions::default()).unwrap();
    assert!(report.sources.is_empty(), "{:?}", report.sources);
    let base: Vec<_> = report
        .excluded
        .iter()
        .filter(|e| e.kind == ExclusionKind::Base)
        .collect();
    assert_eq!(base.len(), 1);
    assert_eq!(
        Span::new(base[0].start, base[0].end).slice_of(&paper),
        template
    );
}

/// Whether the set holds a base document is kept as references come and go (a check reads it
/// instead of passing over every reference): merged, saved and loaded, and removed.
#[test]
fn a_base_document_is_known_through_merge_save_and_removal() {
    let docs = documents(4);
    let template = words(&docs[0], 0, 50).replace('"', "");
    let paper = format!("{template} {}", words(&docs[2], 0, 200));
    let excludes_the_template = |checker: &Checker| {
        let report = checker.check(&paper, &CheckOptions::default()).unwrap();
        let base = report
            .excluded
            .iter()
            .any(|e| e.kind == ExclusionKind::Base);
        assert_eq!(base, report.sources.is_empty(), "{:?}", report.sources);
        base
    };
    let mut merged = Checker::new(CheckerOptions::default()).unwrap();
    merged
        .merge(with_a_base_document(&template, &docs[1]))
        .unwrap();
    assert!(excludes_the_template(&merged));
    let saved = export_index(&merged).unwrap();
    let mut loaded = import_index(&saved).unwrap();
    assert!(excludes_the_template(&loaded));
    assert!(loaded.remove_reference("assignment").unwrap());
    assert!(
        !excludes_the_template(&loaded),
        "the classmate shares the template"
    );
}

/// A set of a base (template) document, "assignment", and a classmate's essay that also holds
/// the template, followed by 200 words of `own`.
fn with_a_base_document(template: &str, own: &str) -> Checker {
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    checker
        .add_reference(Reference {
            base: true,
            ..reference("assignment", template)
        })
        .unwrap();
    checker
        .add_reference(reference(
            "classmate",
            &format!("{template} {}", words(own, 0, 200)),
        ))
        .unwrap();
    checker
}
