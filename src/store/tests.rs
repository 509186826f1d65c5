//! The store's own tests: round trips, every damage a clear error, crafted records refused, files
//! of earlier versions ([`earlier_versions`]). (Golden files of every version: `tests/store.rs`.)

mod earlier_versions;
mod meaning_codes;

use super::format_records::{
    CodesBytes, IndexRecord, IndexRecordOwned, ReferenceRecord, SignatureRecordV2,
};
use super::*;
use crate::checker::{CheckOptions, CheckerOptions, Reference};
use crate::sketch::minhash::{MinHashScheme, MinHashSignature};

fn sample() -> Checker {
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    for (id, text) in [
        ("a", "The first reference talks about rivers, deltas and the sediment they carry to the sea."),
        ("b", "The second reference explains how glaciers carve valleys over thousands of years."),
    ] {
        checker
            .add_reference(Reference {
                title: format!("Title {id}"),
                ..Reference::new(id, text)
            })
            .unwrap();
    }
    checker
}

const PAPER: &str = "As we know, glaciers carve valleys over thousands of years, slowly.";

#[test]
fn round_trip_gives_the_same_reports() {
    let checker = sample();
    let bytes = export_index(&checker).unwrap();
    let loaded = import_index(&bytes).unwrap();
    let options = CheckOptions::default();
    assert_eq!(
        checker.check(PAPER, &options).unwrap(),
        loaded.check(PAPER, &options).unwrap()
    );
    assert_eq!(loaded.references(), checker.references());
    assert_eq!(loaded.idf, checker.idf);
    assert_eq!(export_index(&loaded).unwrap(), bytes);
}

/// A file holding `body` with a valid header and checksum, as a crafted file would be.
fn file_with(body: &IndexRecordOwned) -> Vec<u8> {
    framed(FORMAT_VERSION, &postcard::to_allocvec(body).unwrap())
}

fn sample_body() -> IndexRecordOwned {
    owned_body(&sample())
}

/// The body's records of `checker`, owned (as reading gives them, and as a crafted file is made).
fn owned_body(checker: &Checker) -> IndexRecordOwned {
    let fingerprints = checker.fingerprints_by_position();
    let runs = || checker.fingerprint_runs();
    let meaning = checker.codes_bytes();
    let set = (
        checker.entries.as_slice(),
        &runs as written::FingerprintRuns<'_>,
    );
    let written = written::encode(&checker.options, set, &checker.idf, &meaning);
    IndexRecord {
        options: written.options,
        references: (checker.entries.iter().zip(fingerprints.clone()))
            .map(|(entry, fingerprints)| ReferenceRecord::new(entry, fingerprints))
            .collect(),
        idf: written.idf,
        meaning: CodesBytes(meaning.into_owned()),
    }
}

/// Reverses the order of a record's fingerprints (`width` bytes each).
fn reverse_fingerprints(bytes: &mut Vec<u8>, width: usize) {
    let mut chunks: Vec<&[u8]> = bytes.chunks(width).collect();
    chunks.reverse();
    *bytes = chunks.concat();
}

#[test]
fn texts_are_saved_compressed_and_a_damaged_one_is_a_clear_error_when_read() {
    let mut checker = sample();
    let long = "Rivers carry sediment to the sea, and deltas grow where it settles. ".repeat(30);
    checker
        .add_reference(Reference::new("long", long.as_str()))
        .unwrap();
    checker
        .add_reference(Reference::new("tiny", "Too short."))
        .unwrap();
    let mut body = owned_body(&checker);
    // Each text is written as the set keeps it: a kind byte (1: DEFLATE, 0: as it is), its
    // length in bytes, then the payload.
    let stored = &body.references[2].text;
    assert_eq!(
        stored[..5],
        [&[1][..], &(long.len() as u32).to_le_bytes()].concat()
    );
    assert!(stored.len() < long.len() / 4);
    let tiny = &body.references[3].text;
    assert_eq!(tiny[..], [&[0, 10, 0, 0, 0], &b"Too short."[..]].concat());
    // A raw text of the wrong length or not UTF-8 is refused when loading.
    let mut raw = owned_body(&checker);
    raw.references[3].text[1] += 1;
    assert!(message_of(&file_with(&raw)).contains("not UTF-8 of its length"));
    raw.references[3].text[1] -= 1;
    raw.references[3].text[5] = 0xff;
    assert!(message_of(&file_with(&raw)).contains("not UTF-8 of its length"));
    // Compressed bytes that do not give the text load (checking them all would slow every load)
    // and are a clear error when the text is read: by a check that aligns with it, by asking
    // for the reference, by removing it.
    body.references[2].text.truncate(20);
    let mut loaded = import_index(&file_with(&body)).unwrap();
    let damaged = "the saved text of the reference \"long\" is damaged";
    let paper = format!("In short: {}", &long[..400]);
    let message = loaded
        .check(&paper, &CheckOptions::default())
        .unwrap_err()
        .to_string();
    assert!(message.contains(damaged), "{message}");
    assert!(loaded
        .reference("long")
        .unwrap_err()
        .to_string()
        .contains(damaged));
    assert_eq!(
        loaded.reference("a").unwrap(),
        checker.reference("a").unwrap()
    );
    let message = loaded.remove_reference("long").unwrap_err().to_string();
    assert!(message.contains(damaged), "{message}");
    assert_eq!(loaded.len(), 4, "nothing was removed");
    let options = CheckOptions::default();
    let paper = "As the second reference explains, glaciers carve valleys over thousands of years.";
    assert_eq!(
        loaded.check(paper, &options).unwrap(),
        checker.check(paper, &options).unwrap(),
        "the other references still work"
    );
}

#[test]
fn the_written_file_holds_the_owned_records_bytes() {
    // Saving writes borrowed records; they must be the format's records, byte for byte, with
    // metadata, a base document and an empty metadata signature too.
    let mut checker = sample();
    let meta = crate::methods::combined::Metadata {
        keywords: vec!["rivers".into(), "deltas".into()],
        tags: vec!["geography".into()],
        references: vec!["Smith 2001".into()],
    };
    let template = Reference {
        title: "A template".into(),
        meta,
        base: true,
        ..Reference::new(
            "t",
            "Write your name here. Then answer every question below in full.",
        )
    };
    checker.add_reference(template).unwrap();
    let file = export_index(&checker).unwrap();
    assert_eq!(file, file_with(&owned_body(&checker)));
    assert_eq!(export_index(&import_index(&file).unwrap()).unwrap(), file);
}

/// A sink that keeps each piece apart.
#[derive(Default)]
struct Pieces {
    announced: Option<usize>,
    pieces: Vec<Vec<u8>>,
}

impl IndexSink for Pieces {
    fn begin(&mut self, len: usize) {
        assert!(self.announced.replace(len).is_none(), "begun twice");
    }

    fn write(&mut self, bytes: &[u8]) {
        assert!(self.announced.is_some(), "written before begun");
        self.pieces.push(bytes.to_vec());
    }
}

#[test]
fn a_file_written_in_pieces_is_the_file_and_only_long_fields_come_in_long_pieces() {
    // Texts longer than a piece, shorter ones around them: pieces split records anywhere.
    let mut checker = sample();
    // Hexadecimal words, so that the text stays long compressed.
    let long: String = (0..6 * EXPORT_CHUNK / 40)
        .map(|i| {
            format!(
                "{:016x} in a long text, ",
                crate::sketch::hash::hash_bytes(&[i as u8, (i >> 8) as u8])
            )
        })
        .collect();
    assert!(long.len() > 2 * EXPORT_CHUNK);
    for (id, text) in [
        ("long-1", long.as_str()),
        ("short", "A short one."),
        ("long-2", &long[7..]),
    ] {
        checker.add_reference(Reference::new(id, text)).unwrap();
    }
    for _ in 0..300 {
        let id = format!("many-{}", checker.references().len());
        let text = format!("{id}: the many short references of a large set, {long:.300}");
        checker.add_reference(Reference::new(id, text)).unwrap();
    }
    let mut sink = Pieces::default();
    export_index_to(&checker, &mut sink).unwrap();
    let file = sink.pieces.concat();
    assert_eq!(file, export_index(&checker).unwrap());
    assert_eq!(sink.announced, Some(file.len()));
    assert!(sink.pieces.len() > file.len() / EXPORT_CHUNK);
    // Longer pieces are single fields (a long text, its fingerprints, the frequency table),
    // written as they are rather than copied through the buffer.
    let long_pieces: Vec<&[u8]> = (sink.pieces.iter().map(Vec::as_slice))
        .filter(|piece| piece.len() > EXPORT_CHUNK)
        .collect();
    let stored = |position: usize| checker.entries[position].reference.text.bytes();
    assert!(stored(2).len() > EXPORT_CHUNK && stored(4).len() > EXPORT_CHUNK);
    assert!(long_pieces.contains(&stored(2)) && long_pieces.contains(&stored(4)));
    assert!(long_pieces.len() <= 5, "{} long pieces", long_pieces.len());
    assert_eq!(
        import_index(&file).unwrap().references(),
        checker.references()
    );
}

fn message_of(file: &[u8]) -> String {
    import_index(file).unwrap_err().to_string()
}

#[test]
fn a_wrapped_body_length_is_a_truncated_file() {
    // Found by fuzzing: HEADER + u64::MAX + TRAILER wraps around to a small number.
    let mut bytes = export_index(&sample()).unwrap();
    for claimed in [u64::MAX, u64::MAX - 39, u64::MAX / 2, 1 << 40] {
        bytes[24..32].copy_from_slice(&claimed.to_le_bytes());
        let message = message_of(&bytes);
        assert!(message.contains("truncated"), "{claimed}: {message}");
        assert!(message.contains(&claimed.to_string()), "{message}");
    }
}

#[test]
fn signatures_of_another_size_or_scheme_are_refused() {
    let empty = |slots, scheme| MinHashSignature {
        scheme,
        values: Vec::new(),
        slots,
    };
    let cases = [
        (empty(4096, MinHashScheme::OnePermutation), true),
        (empty(128, MinHashScheme::Classic), true),
        (empty(64, MinHashScheme::OnePermutation), false),
    ];
    for (signature, metadata) in cases {
        let mut body = sample_body();
        let record = SignatureRecordV2::from(&signature);
        if metadata {
            body.references[1].meta_minhash = record;
        } else {
            body.references[1].minhash = record;
        }
        let message = message_of(&file_with(&body));
        assert!(message.contains("the reference \"b\""), "{message}");
        assert!(
            message.contains("the index uses 128 OnePermutation slots"),
            "{message}"
        );
    }
}

#[test]
fn signatures_of_impossible_sizes_or_unknown_schemes_are_refused() {
    let cases: [(u8, u32, usize, &str); 4] = [
        (0, 0, 0, "a signature has 0 slots"),
        (0, 4097, 0, "a signature has 4097 slots"),
        (0, 128, 64, "a signature of 128 slots has 256 bytes"),
        (7, 128, 0, "unknown MinHash scheme 7"),
    ];
    for (scheme, slots, values, expected) in cases {
        let mut body = sample_body();
        body.references[0].minhash = SignatureRecordV2 {
            scheme,
            slots,
            values: vec![1; values],
        };
        let message = message_of(&file_with(&body));
        assert!(message.contains("cannot be decoded"), "{message}");
        assert!(message.contains(expected), "{message}");
    }
}

#[test]
fn unsorted_fingerprints_bad_ids_and_bad_frequencies_are_refused() {
    let mut body = sample_body();
    let width = crate::checker::FINGERPRINT_BYTES;
    reverse_fingerprints(&mut body.references[0].fingerprints, width);
    assert!(message_of(&file_with(&body)).contains("out of order"));
    let mut body = sample_body();
    body.references[0].fingerprints.pop();
    let wrong_width = format!("not a multiple of {width}");
    assert!(message_of(&file_with(&body)).contains(&wrong_width));
    let mut body = sample_body();
    body.references[0].id.clear();
    assert!(message_of(&file_with(&body)).contains("id is empty"));
    let mut body = sample_body();
    body.references[1].id = "a".into();
    assert!(message_of(&file_with(&body)).contains("the id \"a\" twice"));
    let mut body = sample_body();
    body.idf.terms.reverse();
    assert!(message_of(&file_with(&body)).contains("terms out of order"));
    let mut body = sample_body();
    body.idf.frequencies.pop();
    assert!(message_of(&file_with(&body)).contains("counts"));
    let mut body = sample_body();
    body.idf.frequencies[0] = 0;
    assert!(message_of(&file_with(&body)).contains("a document frequency of 0"));
    let mut body = sample_body();
    body.options.guarantee_words = 2;
    assert!(message_of(&file_with(&body)).contains("options are invalid"));
}

#[test]
fn empty_signatures_hold_no_slots() {
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    checker.add_reference(Reference::new("blank", "")).unwrap();
    let loaded = import_index(&export_index(&checker).unwrap()).unwrap();
    let entry = &loaded.entries[0];
    assert_eq!(entry.meta_minhash.slots, 128);
    assert_eq!(entry.meta_minhash.values.capacity(), 0);
    assert_eq!(entry.minhash.values.capacity(), 0);
}

#[test]
fn a_version_no_longer_read_says_to_add_the_references_again() {
    let message = refuse_older(1).to_string();
    assert_eq!(
        message,
        "cannot read the index file: this index was saved by an older plagscope (format 1); open \
         it in that version or add the references again"
    );
}

#[test]
fn every_damage_is_a_clear_error() {
    let bytes = export_index(&sample()).unwrap();
    assert!(message_of(b"").contains("not a plagscope index"));
    assert!(message_of(b"%PDF-1.7 something else").contains("not a plagscope index"));
    assert!(message_of(&bytes[..20]).contains("truncated"));
    assert!(message_of(&bytes[..bytes.len() - 1]).contains("truncated"));
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(message_of(&longer).contains("unexpected bytes"));
    let mut newer = bytes.clone();
    newer[16..20].copy_from_slice(&(FORMAT_VERSION + 1).to_le_bytes());
    assert!(message_of(&newer).contains("newer plagscope"));
    let mut zero = bytes.clone();
    zero[16..20].copy_from_slice(&0u32.to_le_bytes());
    assert!(message_of(&zero).contains("format version is 0"));
    let mut scheme = bytes.clone();
    scheme[20..24].copy_from_slice(&99u32.to_le_bytes());
    assert!(message_of(&scheme).contains("scheme 99"));
    // Flip every byte of the body in turn: always an error, never a panic or a wrong index.
    for at in HEADER..bytes.len() {
        let mut corrupted = bytes.clone();
        corrupted[at] ^= 0x5A;
        assert!(
            message_of(&corrupted).contains("cannot read the index"),
            "byte {at}"
        );
    }
}

/// A forged file can hold fingerprints its text does not give: removing that reference (which
/// finds its fingerprints by analyzing the text) leaves its other postings behind, and checks,
/// saves and later removals skip them.
#[test]
fn a_reference_with_forged_fingerprints_is_removed_cleanly() {
    let mut body = sample_body();
    // One of b's fingerprints, which the paper below holds.
    let width = crate::checker::FINGERPRINT_BYTES;
    body.references[0].fingerprints = body.references[1].fingerprints[..width].to_vec();
    let mut loaded = import_index(&file_with(&body)).unwrap();
    assert!(loaded.remove_reference("a").unwrap());
    let mut only_b = sample();
    only_b.remove_reference("a").unwrap();
    let paper = "We read that the second reference explains how glaciers carve valleys over \
                 thousands of years, as the first reference talks about rivers, deltas and the \
                 sediment they carry to the sea.";
    let options = CheckOptions::default();
    let report = loaded.check(paper, &options).unwrap();
    assert_eq!(report.sources.len(), 1);
    assert_eq!(report, only_b.check(paper, &options).unwrap());
    let saved = import_index(&export_index(&loaded).unwrap()).unwrap();
    assert_eq!(saved.references(), only_b.references());
    assert!(loaded.remove_reference("b").unwrap());
    assert!(loaded.check(paper, &options).unwrap().sources.is_empty());
}
