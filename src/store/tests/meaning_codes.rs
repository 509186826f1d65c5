//! The references' sentence codes in a saved index (version 5): kept through a save and a load
//! by a checker without a model, the same bytes again; codes that do not fit are clear errors.

use std::sync::Arc;

use super::*;
use crate::checker::{MeaningCodes, ReferenceCodes};
use crate::sketch::sentence_codes::SentenceCodes;

/// `sample()` with codes for reference "a" (two sentences of 4 dimensions) from model 42.
fn with_codes() -> Checker {
    let mut checker = sample();
    let vectors = [0.5, -0.5, 0.5, 0.5, 0.9, 0.1, -0.3, 0.3];
    let mut codes = MeaningCodes::default();
    let kept = ReferenceCodes {
        model: 42,
        codes: Arc::new(SentenceCodes::new(&vectors, 4)),
    };
    codes.by_id.insert("a".to_string(), kept);
    checker.adopt_meaning_codes(codes);
    checker
}

#[test]
fn codes_are_saved_and_read_back_as_they_were() {
    let checker = with_codes();
    let bytes = export_index(&checker).unwrap();
    let loaded = import_index(&bytes).unwrap();
    let codes = loaded.meaning_codes();
    assert_eq!(codes.by_id["a"].model, 42);
    assert_eq!(codes.by_id["a"], checker.meaning_codes().by_id["a"]);
    assert!(!codes.by_id.contains_key("b"));
    assert_eq!(export_index(&loaded).unwrap(), bytes);
    // A removed reference's codes go with it.
    let mut loaded = loaded;
    loaded.remove_reference("a").unwrap();
    assert!(loaded.meaning_codes().by_id.is_empty());
}

#[test]
fn a_version_4_file_has_no_codes_and_loads() {
    let body = sample_body();
    let mut bytes = postcard::to_allocvec(&body).unwrap();
    // Version 4 ends with the document frequencies: no codes record.
    let empty = postcard::to_allocvec(&MeaningRecordV5::default()).unwrap();
    bytes.truncate(bytes.len() - empty.len());
    let loaded = import_index(&framed(4, &bytes)).unwrap();
    assert_eq!(loaded.references(), sample().references());
    assert!(loaded.meaning_codes().by_id.is_empty());
}

/// A version 5 body of `sample()` holding `codes`.
fn body_with(codes: CodesRecordV5) -> Vec<u8> {
    let mut body = sample_body();
    body.meaning = MeaningRecordV5 {
        dimensions: 4,
        references: vec![codes],
    };
    file_with(&body)
}

#[test]
fn codes_that_do_not_fit_are_clear_errors() {
    let codes = |id: &str, values: usize, scales: Vec<u32>| CodesRecordV5 {
        id: id.to_string(),
        model: 1,
        values: vec![1; values],
        scales,
    };
    let fits = body_with(codes("a", 8, vec![1.0f32.to_bits(); 2]));
    assert!(import_index(&fits).is_ok());
    let message = message_of(&body_with(codes("z", 8, vec![1.0f32.to_bits(); 2])));
    assert!(message.contains("does not hold (\"z\")"), "{message}");
    let message = message_of(&body_with(codes("a", 7, vec![1.0f32.to_bits(); 2])));
    assert!(
        message.contains("7 code bytes for 2 sentences"),
        "{message}"
    );
    let message = message_of(&body_with(codes("a", 4, vec![f32::NAN.to_bits()])));
    assert!(message.contains("not a number"), "{message}");
}
