//! The references' sentence codes in a saved index (version 5): their bytes kept through a save
//! and a load by a checker without a model, the same file again; with the model, codes that do
//! not fit are clear errors.

use super::*;

/// The bytes of codes for reference "a" (two sentences of 4 dimensions): as the model's engine
/// writes them, or any bytes for an engine that keeps them unread.
fn some_codes() -> Vec<u8> {
    #[cfg(feature = "translated")]
    {
        use crate::checker::{MeaningCodes, ReferenceCodes};
        use crate::sketch::sentence_codes::SentenceCodes;
        let vectors = [0.5, -0.5, 0.5, 0.5, 0.9, 0.1, -0.3, 0.3];
        let mut codes = MeaningCodes::default();
        let kept = ReferenceCodes {
            made_from: 42,
            codes: std::sync::Arc::new(SentenceCodes::new(&vectors, 4)),
        };
        codes.by_id.insert("a".to_string(), kept);
        super::super::meaning_record::encode(&codes)
    }
    #[cfg(not(feature = "translated"))]
    vec![3, 1, 4, 1, 5, 9, 2, 6]
}

#[test]
fn codes_are_saved_and_read_back_as_they_were() {
    let mut checker = sample();
    checker.keep_saved_codes(some_codes()).unwrap();
    let bytes = export_index(&checker).unwrap();
    let loaded = import_index(&bytes).unwrap();
    assert_eq!(loaded.codes_bytes().as_ref(), some_codes().as_slice());
    assert_eq!(export_index(&loaded).unwrap(), bytes);
    // A set of none writes none.
    assert!(sample().codes_bytes().is_empty());
}

#[test]
fn a_version_4_file_has_no_codes_and_loads() {
    let body = sample_body();
    let mut bytes = postcard::to_allocvec(&body).unwrap();
    // Version 4 ends with the document frequencies: no codes' byte string (here empty: 1 byte).
    bytes.truncate(bytes.len() - 1);
    let loaded = import_index(&framed(4, &bytes)).unwrap();
    assert_eq!(loaded.references(), sample().references());
    assert!(loaded.codes_bytes().is_empty());
}

#[cfg(feature = "translated")]
#[test]
fn codes_that_do_not_fit_are_clear_errors() {
    use super::super::meaning_record::{CodesRecordV5, MeaningRecordV5};
    let file = |values: usize, scales: Vec<u32>| {
        let record = MeaningRecordV5 {
            dimensions: 4,
            references: vec![CodesRecordV5 {
                id: "a".to_string(),
                made_from: 1,
                values: vec![1; values],
                scales,
            }],
        };
        let mut body = sample_body();
        body.meaning = CodesBytes(postcard::to_allocvec(&record).unwrap());
        file_with(&body)
    };
    assert!(import_index(&file(8, vec![1.0f32.to_bits(); 2])).is_ok());
    let message = message_of(&file(7, vec![1.0f32.to_bits(); 2]));
    assert!(
        message.contains("7 code bytes for 2 sentences"),
        "{message}"
    );
    let message = message_of(&file(4, vec![f32::NAN.to_bits()]));
    assert!(message.contains("not a number"), "{message}");
    let mut body = sample_body();
    body.meaning = CodesBytes(vec![200, 1]);
    let message = message_of(&file_with(&body));
    assert!(message.contains("cannot be decoded"), "{message}");
}
