//! Saved-index import from arbitrary bytes: an error or a working checker, never a panic. A file
//! that loads must check a paper (or say which reference's saved text is damaged), save to a
//! file that loads again, and have a reference removed.
//!
//! Mutated files almost never pass the checksum, which would keep the fuzzer out of the decoder:
//! so half of the inputs get a correct length and checksum written into them first, as a crafted
//! file would have.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plagscope::checker::CheckOptions;
use plagscope::store::{export_index, import_index};
use plagscope::ErrorCode;

const HEADER: usize = 32;
const TRAILER: usize = 8;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, file)) = data.split_first() else {
        return;
    };
    let mut file = file.to_vec();
    if mode & 1 == 1 && file.len() >= HEADER + TRAILER {
        let body_len = file.len() - HEADER - TRAILER;
        file[24..32].copy_from_slice(&(body_len as u64).to_le_bytes());
        let checksum = xxhash_rust::xxh3::xxh3_64(&file[HEADER..HEADER + body_len]);
        file[HEADER + body_len..].copy_from_slice(&checksum.to_le_bytes());
    }
    let Ok(checker) = import_index(&file) else {
        return;
    };
    // A compressed text is checked when it is read, not at loading: a check that reads a damaged
    // one is that error, and only that one.
    match checker.check(
        "a paper of a few words to check against the loaded set",
        &CheckOptions::default(),
    ) {
        Ok(_) => {}
        // The only error a loaded set can give: a saved text that is damaged.
        Err(error) if error.code() == ErrorCode::InvalidIndex => {}
        Err(other) => panic!("a loaded index checks papers: {other}"),
    }
    let saved = export_index(&checker).expect("a loaded index saves");
    let mut again = import_index(&saved).expect("a saved index loads");
    assert_eq!(again.references(), checker.references());
    // A loaded set edits its postings in place: removing a reference works, and the set saves.
    if let Some(first) = checker.references().first() {
        match again.remove_reference(&first.id) {
            Ok(removed) => assert!(removed, "a listed reference is removed"),
            Err(error) if error.code() == ErrorCode::InvalidIndex => return,
            Err(other) => panic!("a loaded reference is removed: {other}"),
        }
        let saved = export_index(&again).expect("a set after a removal saves");
        assert_eq!(import_index(&saved).unwrap().len(), checker.len() - 1);
    }
});
