//! Files of earlier versions: of an earlier hash scheme (indexed again), of formats 2 and 3 (read
//! through their own fingerprint widths), crafted from the current records.

use super::*;

#[test]
fn an_index_of_an_earlier_hash_scheme_is_indexed_again() {
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    let source = "中华人民共和国个人信息保护法规定，自然人的个人信息受法律保护，任何组织、个人不得侵害自然人的个人信息权益。";
    checker.add_reference(Reference::new("zh", source)).unwrap();
    let mut bytes = export_index(&checker).unwrap();
    bytes[20..24].copy_from_slice(&(HASH_SCHEME_VERSION - 1).to_le_bytes());
    let loaded = import_index(&bytes).unwrap();
    let paper =
        "依照規定，自然人的個人信息受法律保護，任何組織、個人不得侵害自然人的個人信息權益。";
    let report = loaded.check(paper, &CheckOptions::default()).unwrap();
    assert_eq!(report.sources.len(), 1, "{report:?}");
    assert_eq!(
        export_index(&loaded).unwrap()[20..24],
        HASH_SCHEME_VERSION.to_le_bytes()
    );
}

/// `body` as version 2 wrote it: each text as its UTF-8 bytes, each fingerprint as the 64-bit
/// hash it came from (here with bits above the fingerprint's set, that loading drops).
fn version_2_body(mut body: IndexRecordOwned) -> IndexRecordOwned {
    for reference in &mut body.references {
        let stored = crate::checker::StoredText::from_saved(reference.text.clone()).unwrap();
        reference.text = stored.text().unwrap().into_owned().into_bytes();
        reference.fingerprints = widened(&reference.fingerprints, 8);
    }
    body
}

/// `body` as version 3 wrote it: each fingerprint in 6 bytes, the hash's low 48 bits.
fn version_3_body(mut body: IndexRecordOwned) -> IndexRecordOwned {
    for reference in &mut body.references {
        reference.fingerprints = widened(&reference.fingerprints, 6);
    }
    body
}

/// Fingerprints of the current width made `width` bytes each, the bytes above them set as a
/// hash's would be (in an order that puts them out of the fingerprints' order).
fn widened(fingerprints: &[u8], width: usize) -> Vec<u8> {
    let chunks = fingerprints.chunks_exact(crate::checker::FINGERPRINT_BYTES);
    let mut widened = Vec::new();
    for (i, fingerprint) in chunks.enumerate() {
        widened.extend_from_slice(fingerprint);
        let above = [(i as u8).wrapping_mul(37) | 1, 0x5a, 0xc3];
        widened.extend_from_slice(&above[..width - fingerprint.len()]);
    }
    widened
}

#[test]
fn version_2_and_3_files_load_and_save_as_the_current_version() {
    let checker = sample();
    type BodyOf = fn(IndexRecordOwned) -> IndexRecordOwned;
    let earlier: [(u32, BodyOf, usize); 2] = [(2, version_2_body, 8), (3, version_3_body, 6)];
    for (version, body_of, width) in earlier {
        let file = framed(
            version,
            &postcard::to_allocvec(&body_of(sample_body())).unwrap(),
        );
        let loaded = import_index(&file).unwrap();
        let options = CheckOptions::default();
        assert_eq!(
            loaded.check(PAPER, &options).unwrap(),
            checker.check(PAPER, &options).unwrap()
        );
        assert_eq!(
            loaded.reference("a").unwrap(),
            checker.reference("a").unwrap()
        );
        assert_eq!(
            export_index(&loaded).unwrap(),
            export_index(&checker).unwrap(),
            "version {version}"
        );
        let mut body = body_of(sample_body());
        body.references[0].fingerprints.truncate(3 * width);
        body.references[0].fingerprints.push(1);
        let message = message_of(&framed(version, &postcard::to_allocvec(&body).unwrap()));
        assert!(
            message.contains(&format!("not a multiple of {width}")),
            "{message}"
        );
    }
}
