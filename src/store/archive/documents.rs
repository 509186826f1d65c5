//! A document group: consecutive documents of a segment with what a check needs of each (its id,
//! title, word count and text, compressed as a saved index keeps it), as one file.
//!
//! Layout: magic `PSDOCS01`, the group number (`u32`), then postcard of the group's
//! [`DocumentRecord`]s in order. Postcard is positional: the record *is* the format, changed only
//! with the archive's format version. The n-th record of group `g` is document `g × group size
//! + n` of its segment.

use serde::{Deserialize, Serialize};

use crate::checker::StoredText;
use crate::error::Error;

/// The file's first bytes.
const MAGIC: &[u8; 8] = b"PSDOCS01";

/// One archived document as its group file keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct DocumentRecord {
    id: String,
    title: String,
    words: u64,
    /// The text as [`StoredText`] keeps it: a kind byte, the length, DEFLATE or raw bytes.
    #[serde(with = "super::super::bytes::byte_string")]
    text: Vec<u8>,
}

/// An archived document, as a check reads it back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArchivedDocument {
    /// Its id, unique in the archive.
    pub id: String,
    /// Its title for reports.
    pub title: String,
    /// Its words as the engine counts them.
    pub words: u64,
    /// Its full text.
    pub text: String,
}

/// The file of group `group` holding `documents` (id, title, word count, text) in order.
pub fn encode_group(group: u32, documents: &[(&str, &str, u64, &str)]) -> Result<Vec<u8>, Error> {
    let records: Vec<DocumentRecord> = (documents.iter())
        .map(|&(id, title, words, text)| DocumentRecord {
            id: id.to_string(),
            title: title.to_string(),
            words,
            text: StoredText::compress(text).bytes().to_vec(),
        })
        .collect();
    let mut bytes = MAGIC.to_vec();
    bytes.extend_from_slice(&group.to_le_bytes());
    let body = postcard::to_allocvec(&records)
        .map_err(|e| Error::invalid_index(format!("could not encode a document group: {e}")))?;
    bytes.extend_from_slice(&body);
    Ok(bytes)
}

/// The documents of group file `bytes`, checking that it is group `group` and that every text
/// decompresses to what it claims.
pub fn decode_group(group: u32, bytes: &[u8]) -> Result<Vec<ArchivedDocument>, Error> {
    let damaged = |what: String| {
        Error::invalid_index(format!("document group {group:x} is damaged ({what})"))
    };
    if bytes.len() < MAGIC.len() + 4 || &bytes[..MAGIC.len()] != MAGIC {
        return Err(damaged("not a document group file".into()));
    }
    let number = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
    if number != group {
        return Err(damaged(format!("it holds group {number:x}")));
    }
    let (records, rest): (Vec<DocumentRecord>, &[u8]) =
        postcard::take_from_bytes(&bytes[12..]).map_err(|e| damaged(e.to_string()))?;
    if !rest.is_empty() {
        return Err(damaged("unexpected bytes at the end".into()));
    }
    (records.into_iter())
        .map(|record| {
            let stored = StoredText::from_saved(record.text).map_err(damaged)?;
            let text = (stored.text())
                .ok_or_else(|| damaged(format!("the text of {:?} does not decompress", record.id)))?
                .into_owned();
            Ok(ArchivedDocument {
                id: record.id,
                title: record.title,
                words: record.words,
                text,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_group_round_trips_with_long_and_short_texts() {
        let long = "The committee met on Tuesday to discuss the budget. ".repeat(40);
        let documents = [("a", "First", 400, long.as_str()), ("b", "", 2, "短文")];
        let bytes = encode_group(3, &documents).unwrap();
        assert!(bytes.len() < long.len(), "texts are compressed");
        let back = decode_group(3, &bytes).unwrap();
        assert_eq!(back.len(), 2);
        assert_eq!(
            (back[0].id.as_str(), back[0].title.as_str(), back[0].words),
            ("a", "First", 400)
        );
        assert_eq!(back[0].text, long);
        assert_eq!(back[1].text, "短文");
    }

    #[test]
    fn a_damaged_or_misplaced_group_is_refused() {
        let text = "A text long enough to be compressed, repeated. ".repeat(20);
        let bytes = encode_group(7, &[("x", "X", 9, text.as_str())]).unwrap();
        assert!(decode_group(8, &bytes)
            .unwrap_err()
            .to_string()
            .contains("group 8"));
        for cut in [0, 11, 12, 20, bytes.len() - 1] {
            assert!(decode_group(7, &bytes[..cut]).is_err(), "cut at {cut}");
        }
        // Damage inside a text's DEFLATE stream can decode to other text of the same length:
        // the directory's checksum is what finds it (tests/archive.rs).
        let mut other = bytes.clone();
        other[0] = b'X';
        assert!(decode_group(7, &other).is_err());
    }
}
