//! Saved indexes: the whole reference set in one versioned, checksummed binary file.
//!
//! Layout (all integers little-endian):
//!
//! | bytes | content |
//! |---|---|
//! | 16 | magic `PLAGSCOPE-INDEX\n` |
//! | 4 | format version ([`FORMAT_VERSION`]) |
//! | 4 | shingle hash scheme version ([`crate::sketch::HASH_SCHEME_VERSION`]) |
//! | 8 | body length `n` |
//! | n | body: postcard (serde, varints) of the options, every reference (id, title, text, metadata, base flag) with its word and shingle counts, fingerprints and MinHash signatures, and the document-frequency table |
//! | 8 | XXH3-64 of the body |
//!
//! Reading checks, in order: length, magic, versions, body length, checksum, then decodes; each
//! failure is its own clear [`Error::InvalidIndex`]. The inverted index is rebuilt from the stored
//! fingerprints, so loading does not re-analyze any text, except for a file of an earlier hash
//! scheme: its stored texts are indexed again.

use serde::{Deserialize, Serialize};
use xxhash_rust::xxh3::xxh3_64;

use crate::checker::{Checker, CheckerOptions, Entry};
use crate::error::Error;
use crate::sketch::simhash::IdfTable;
use crate::sketch::HASH_SCHEME_VERSION;

/// The file's first bytes.
pub const MAGIC: &[u8; 16] = b"PLAGSCOPE-INDEX\n";
/// Version of this layout; files of a newer version are refused with a clear message.
pub const FORMAT_VERSION: u32 = 1;

const HEADER: usize = 16 + 4 + 4 + 8;
const TRAILER: usize = 8;

#[derive(Serialize, Deserialize)]
struct Body {
    options: CheckerOptions,
    entries: Vec<Entry>,
    idf: IdfTable,
}

/// Serializes the checker's reference set.
pub fn export_index(checker: &Checker) -> Result<Vec<u8>, Error> {
    let body = Body {
        options: checker.options.clone(),
        entries: checker.entries.clone(),
        idf: checker.idf.clone(),
    };
    let body = postcard::to_allocvec(&body)
        .map_err(|e| Error::InvalidIndex(format!("could not encode the index: {e}")))?;
    Ok(framed(&body))
}

/// `body` in the file's frame: magic, versions, length, body, checksum.
fn framed(body: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(HEADER + body.len() + TRAILER);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    bytes.extend_from_slice(&HASH_SCHEME_VERSION.to_le_bytes());
    bytes.extend_from_slice(&(body.len() as u64).to_le_bytes());
    bytes.extend_from_slice(body);
    bytes.extend_from_slice(&xxh3_64(body).to_le_bytes());
    bytes
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"))
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"))
}

/// Reads a saved index back into a checker.
pub fn import_index(bytes: &[u8]) -> Result<Checker, Error> {
    let invalid = |message: String| Err(Error::InvalidIndex(message));
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return invalid("this is not a plagscope index (wrong file type)".into());
    }
    if bytes.len() < HEADER + TRAILER {
        return invalid(format!("the file is truncated ({} bytes)", bytes.len()));
    }
    let version = u32_at(bytes, 16);
    if version > FORMAT_VERSION {
        return invalid(format!(
            "it was written by a newer plagscope (format {version}; this version reads up to {FORMAT_VERSION}); update plagscope"
        ));
    }
    if version == 0 {
        return invalid("its format version is 0, which no plagscope writes".into());
    }
    let scheme = u32_at(bytes, 20);
    if scheme == 0 || scheme > HASH_SCHEME_VERSION {
        return invalid(format!(
            "its shingle hashes are scheme {scheme}, this plagscope uses scheme {HASH_SCHEME_VERSION}; rebuild the index from the documents"
        ));
    }
    let body_len = u64_at(bytes, 24);
    // The length is the file's claim: compare it with what is there without ever computing
    // HEADER + body_len + TRAILER, which a damaged or crafted header can make wrap around.
    let available = (bytes.len() - HEADER - TRAILER) as u64;
    if body_len > available {
        return invalid(format!(
            "the file is truncated (its header announces {body_len} bytes of contents, {available} are there)"
        ));
    }
    if body_len < available {
        return invalid(format!(
            "the file has {} unexpected bytes at the end",
            available - body_len
        ));
    }
    let body_len = body_len as usize;
    let body = &bytes[HEADER..HEADER + body_len];
    let checksum = u64_at(bytes, HEADER + body_len);
    if xxh3_64(body) != checksum {
        return invalid("the checksum does not match: the file is corrupted".into());
    }
    let body: Body = postcard::from_bytes(body)
        .map_err(|e| Error::InvalidIndex(format!("the contents cannot be decoded ({e})")))?;
    body.options
        .validate()
        .map_err(|e| Error::InvalidIndex(format!("its options are invalid: {e}")))?;
    if scheme < HASH_SCHEME_VERSION {
        // An earlier scheme hashed other matching forms: the stored texts are re-indexed.
        return reindex(body);
    }
    Checker::from_parts(body.options, body.entries, body.idf)
}

/// A checker built afresh from the references stored in an index of an earlier hash scheme.
fn reindex(body: Body) -> Result<Checker, Error> {
    let mut checker = Checker::new(body.options)?;
    for entry in body.entries {
        checker
            .add_reference(entry.reference)
            .map_err(|e| Error::InvalidIndex(format!("a stored reference is invalid: {e}")))?;
    }
    Ok(checker)
}

/// Serde helper: a `Vec<u64>` as its little-endian bytes (8 per value, no varints: fingerprints are
/// uniformly random, so varints would only make them longer).
pub(crate) mod u64_bytes {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(values: &[u64], serializer: S) -> Result<S::Ok, S::Error> {
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        serializer.serialize_bytes(&bytes)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u64>, D::Error> {
        let bytes: &[u8] = Deserialize::deserialize(deserializer)?;
        if bytes.len() % 8 != 0 {
            return Err(serde::de::Error::custom(
                "fingerprint bytes are not a multiple of 8",
            ));
        }
        Ok(bytes
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checker::{CheckOptions, Reference};

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

    #[test]
    fn round_trip_gives_the_same_reports() {
        let checker = sample();
        let bytes = export_index(&checker).unwrap();
        let loaded = import_index(&bytes).unwrap();
        let paper = "As we know, glaciers carve valleys over thousands of years, slowly.";
        let options = CheckOptions::default();
        assert_eq!(
            checker.check(paper, &options).unwrap(),
            loaded.check(paper, &options).unwrap()
        );
        assert_eq!(loaded.references(), checker.references());
        assert_eq!(export_index(&loaded).unwrap(), bytes);
    }

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

    /// A file holding `body` with a valid header and checksum, as a crafted file would be.
    fn file_with(body: &Body) -> Vec<u8> {
        framed(&postcard::to_allocvec(body).unwrap())
    }

    fn sample_body() -> Body {
        let checker = sample();
        Body {
            options: checker.options.clone(),
            entries: checker.entries.clone(),
            idf: checker.idf.clone(),
        }
    }

    #[test]
    fn a_wrapped_body_length_is_a_truncated_file() {
        // Found by fuzzing: HEADER + u64::MAX + TRAILER wraps around to a small number.
        let mut bytes = export_index(&sample()).unwrap();
        for claimed in [u64::MAX, u64::MAX - 39, u64::MAX / 2, 1 << 40] {
            bytes[24..32].copy_from_slice(&claimed.to_le_bytes());
            let message = import_index(&bytes).unwrap_err().to_string();
            assert!(message.contains("truncated"), "{claimed}: {message}");
            assert!(message.contains(&claimed.to_string()), "{message}");
        }
    }

    #[test]
    fn signatures_of_another_size_or_scheme_are_refused() {
        use crate::sketch::minhash::{MinHashScheme, MinHashSignature};
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
            if metadata {
                body.entries[1].meta_minhash = signature.clone();
            } else {
                body.entries[1].minhash = signature.clone();
            }
            let message = import_index(&file_with(&body)).unwrap_err().to_string();
            assert!(message.contains("the reference \"b\""), "{message}");
            assert!(
                message.contains("the index uses 128 OnePermutation slots"),
                "{message}"
            );
        }
    }

    #[test]
    fn unsorted_fingerprints_and_bad_ids_are_refused() {
        let mut body = sample_body();
        body.entries[0].fingerprints.reverse();
        let message = import_index(&file_with(&body)).unwrap_err().to_string();
        assert!(message.contains("out of order"), "{message}");
        let mut body = sample_body();
        body.entries[0].reference.id.clear();
        let message = import_index(&file_with(&body)).unwrap_err().to_string();
        assert!(message.contains("id is empty"), "{message}");
    }

    #[test]
    fn every_damage_is_a_clear_error() {
        let bytes = export_index(&sample()).unwrap();
        let message = |bytes: &[u8]| import_index(bytes).unwrap_err().to_string();
        assert!(message(b"").contains("not a plagscope index"));
        assert!(message(b"%PDF-1.7 something else").contains("not a plagscope index"));
        assert!(message(&bytes[..20]).contains("truncated"));
        assert!(message(&bytes[..bytes.len() - 1]).contains("truncated"));
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(message(&longer).contains("unexpected bytes"));
        let mut newer = bytes.clone();
        newer[16..20].copy_from_slice(&(FORMAT_VERSION + 1).to_le_bytes());
        assert!(message(&newer).contains("newer plagscope"));
        let mut scheme = bytes.clone();
        scheme[20..24].copy_from_slice(&99u32.to_le_bytes());
        assert!(message(&scheme).contains("scheme 99"));
        // Flip every byte of the body in turn: always an error, never a panic or a wrong index.
        for at in HEADER..bytes.len() {
            let mut corrupted = bytes.clone();
            corrupted[at] ^= 0x5A;
            assert!(
                message(&corrupted).contains("cannot read the index"),
                "byte {at}"
            );
        }
    }
}
