//! A segment's ids: every document's id in number order, as one file, so that growing an archive
//! checks the new documents' ids against the old without reading the old documents back.
//!
//! Layout: magic `PSIDS001`, then postcard of the ids (`Vec<String>`). A check never reads it.

use crate::error::Error;

use super::directory::FileCheck;

/// The file's first bytes.
const MAGIC: &[u8; 8] = b"PSIDS001";

/// The ids file of a segment whose documents have `ids`, in number order.
pub fn encode_ids(ids: &[&str]) -> Vec<u8> {
    let mut bytes = MAGIC.to_vec();
    let body = postcard::to_allocvec(ids).expect("a list of strings always encodes");
    bytes.extend_from_slice(&body);
    bytes
}

/// The ids in file `bytes`, which `check` (the manifest's entry for it) must describe.
pub fn decode_ids(bytes: &[u8], check: FileCheck, what: &str) -> Result<Vec<String>, Error> {
    let bytes = check.verify(bytes, what)?;
    let damaged = |why: String| Error::invalid_index(format!("{what} is damaged ({why})"));
    let body = bytes
        .strip_prefix(MAGIC.as_slice())
        .ok_or_else(|| damaged("not an ids file".into()))?;
    let (ids, rest): (Vec<String>, &[u8]) =
        postcard::take_from_bytes(body).map_err(|e| damaged(e.to_string()))?;
    if !rest.is_empty() {
        return Err(damaged("unexpected bytes at the end".into()));
    }
    Ok(ids)
}

/// How many characters of an id a message quotes: enough to recognize it, short enough that a
/// 100 KB id does not make a 100 KB message (a cluster's scheduler cuts those at 10 KB).
const QUOTED_CHARACTERS: usize = 60;

/// `id` quoted as a message names it: `"b/7.txt"`, or, when longer than [`QUOTED_CHARACTERS`],
/// its beginning and its length: `"xxxx…" (100000 characters)`.
pub fn quoted_id(id: &str) -> String {
    match id.char_indices().nth(QUOTED_CHARACTERS) {
        None => format!("{id:?}"),
        Some((end, _)) => {
            let beginning = format!("{:?}", &id[..end]);
            let open = &beginning[..beginning.len() - 1];
            format!("{open}…\" ({} characters)", id.chars().count())
        }
    }
}

/// Refuses a manifest's `removed` list that lists an id twice or more ids than the archive's
/// `documents`: the ids of documents the archive does not hold, which a reader would subtract
/// from its count of documents.
pub fn check_removed(removed: &[String], documents: u64) -> Result<(), Error> {
    if removed.len() as u64 > documents {
        return Err(Error::invalid_index(format!(
            "the manifest lists {} removed ids, and the archive holds {documents} documents: \
             they are not all its documents'",
            removed.len()
        )));
    }
    let mut seen = rustc_hash::FxHashSet::default();
    if let Some(twice) = removed.iter().find(|id| !seen.insert(id.as_str())) {
        return Err(Error::invalid_index(format!(
            "the manifest lists removed id {} twice",
            quoted_id(twice)
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_must_match_their_check() {
        let bytes = encode_ids(&["a", "论文 7", ""]);
        let check = FileCheck::of(&bytes);
        assert_eq!(
            decode_ids(&bytes, check, "ids").unwrap(),
            ["a", "论文 7", ""]
        );
        let mut other = bytes.clone();
        other[9] ^= 1;
        assert!(decode_ids(&other, check, "b1/ids.bin")
            .unwrap_err()
            .to_string()
            .contains("b1/ids.bin"));
        assert!(decode_ids(b"PSIDS001\x05ab", FileCheck::of(b"PSIDS001\x05ab"), "ids").is_err());
    }
}
