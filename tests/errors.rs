//! Every error has a stable code (`ErrorCode`) and the path it is about: callers match on those,
//! not on the wording. Each code here comes from a real failing call of the core's API.

use plagscope::checker::{CheckOptions, Checker, CheckerOptions, PairsOptions, Reference};
use plagscope::store::{export_index, import_index};
use plagscope::text::MAX_TEXT_BYTES;
use plagscope::{Error, ErrorCode};

fn set_of_two() -> Checker {
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    for (id, text) in [("a", "the first reference text"), ("b", "the second one")] {
        checker.add_reference(Reference::new(id, text)).unwrap();
    }
    checker
}

fn code_and_path(error: Error) -> (ErrorCode, String) {
    (error.code(), error.path().to_string())
}

#[test]
fn each_failure_has_its_code_and_path() {
    let mut checker = set_of_two();
    let pairs = PairsOptions::default();
    let narrow = CheckerOptions {
        shingle_words: 4,
        ..CheckerOptions::default()
    };
    let other = export_index(&Checker::new(narrow).unwrap()).unwrap();
    let cases: Vec<(Error, ErrorCode, &str)> = vec![
        (
            Checker::new(CheckerOptions {
                shingle_words: 0,
                ..CheckerOptions::default()
            })
            .unwrap_err(),
            ErrorCode::InvalidOption,
            "shingle_words",
        ),
        (
            checker.add_reference(Reference::new("", "x")).unwrap_err(),
            ErrorCode::InvalidInput,
            "id",
        ),
        (
            checker.add_reference(Reference::new("a", "x")).unwrap_err(),
            ErrorCode::DuplicateId,
            "id",
        ),
        (
            checker.pairs_among(&[("a", "zzz")], &pairs).unwrap_err(),
            ErrorCode::UnknownReference,
            "pairs",
        ),
        (
            checker.pairs_among(&[("a", "a")], &pairs).unwrap_err(),
            ErrorCode::InvalidInput,
            "pairs",
        ),
        (
            import_index(b"not an index").unwrap_err(),
            ErrorCode::InvalidIndex,
            "",
        ),
        (
            checker.merge(import_index(&other).unwrap()).unwrap_err(),
            ErrorCode::IndexMismatch,
            "shingle_words",
        ),
    ];
    for (error, code, path) in cases {
        assert_eq!(
            code_and_path(error.clone()),
            (code, path.to_string()),
            "{error}"
        );
    }
    assert_eq!(checker.len(), 2, "refused calls change nothing");
}

#[test]
fn a_text_too_long_says_its_size_and_the_limit() {
    let error = Checker::new(CheckerOptions::default())
        .unwrap()
        .check(&"a".repeat(MAX_TEXT_BYTES + 1), &CheckOptions::default())
        .unwrap_err();
    assert_eq!(error.code(), ErrorCode::TextTooLong);
    let sizes = error.sizes().expect("sizes");
    assert_eq!(
        (sizes.size, sizes.limit),
        (MAX_TEXT_BYTES + 1, MAX_TEXT_BYTES)
    );
}
