//! A segment's directory: for each of its files of one kind (postings partitions, or document
//! groups), its length and checksum, so that a check fetches only files that exist and trusts only
//! bytes that match. The manifest holds each directory's own length and checksum: a chain from
//! the one small file fetched first to every byte read after.
//!
//! Layout: magic `PSDIR001`, the count of entries (`u32`), then per entry its length (`u32`, 0
//! for a file not written: an empty partition) and the XXH3-64 of its bytes (`u64`),
//! little-endian.

use xxhash_rust::xxh3::xxh3_64;

use crate::error::Error;

/// The file's first bytes.
const MAGIC: &[u8; 8] = b"PSDIR001";
/// Bytes per entry.
const ENTRY: usize = 12;

/// A file's length and checksum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FileCheck {
    /// Its length in bytes; 0 when there is no file.
    pub bytes: u32,
    /// XXH3-64 of its bytes.
    pub xxh3: u64,
}

impl FileCheck {
    /// The length and checksum of `bytes`.
    pub fn of(bytes: &[u8]) -> Self {
        FileCheck {
            bytes: u32::try_from(bytes.len()).unwrap_or(u32::MAX),
            xxh3: xxh3_64(bytes),
        }
    }

    /// `bytes`, if they are what this entry describes; else an error naming `what`.
    pub fn verify<'a>(&self, bytes: &'a [u8], what: &str) -> Result<&'a [u8], Error> {
        if bytes.len() != self.bytes as usize {
            return Err(Error::invalid_index(format!(
                "{what} has {} bytes where the archive lists {}: it is damaged or from another \
                 version of the archive",
                bytes.len(),
                self.bytes
            )));
        }
        if xxh3_64(bytes) != self.xxh3 {
            return Err(Error::invalid_index(format!(
                "{what} does not match its checksum: it is damaged or from another version of the \
                 archive"
            )));
        }
        Ok(bytes)
    }
}

/// The directory file of `entries`.
pub fn encode_directory(entries: &[FileCheck]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(12 + entries.len() * ENTRY);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&(entries.len() as u32).to_le_bytes());
    for entry in entries {
        bytes.extend_from_slice(&entry.bytes.to_le_bytes());
        bytes.extend_from_slice(&entry.xxh3.to_le_bytes());
    }
    bytes
}

/// The entries of a directory file of `expected` entries.
pub fn decode_directory(
    bytes: &[u8],
    expected: usize,
    what: &str,
) -> Result<Vec<FileCheck>, Error> {
    let damaged = |why: &str| Error::invalid_index(format!("{what} is damaged ({why})"));
    if bytes.len() < 12 || &bytes[..8] != MAGIC {
        return Err(damaged("not a directory file"));
    }
    let count = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes")) as usize;
    if count != expected {
        return Err(damaged(&format!(
            "{count} entries where {expected} are expected"
        )));
    }
    if bytes.len() != 12 + count * ENTRY {
        return Err(damaged("its length does not match its entries"));
    }
    Ok((bytes[12..].chunks_exact(ENTRY))
        .map(|entry| FileCheck {
            bytes: u32::from_le_bytes(entry[..4].try_into().expect("4 bytes")),
            xxh3: u64::from_le_bytes(entry[4..].try_into().expect("8 bytes")),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_verify_their_files() {
        let files: [&[u8]; 3] = [b"one", b"", b"three"];
        let entries: Vec<FileCheck> = files.iter().map(|f| FileCheck::of(f)).collect();
        let bytes = encode_directory(&entries);
        let back = decode_directory(&bytes, 3, "the directory").unwrap();
        assert_eq!(back, entries);
        assert!(back[0].verify(b"one", "partition 0").is_ok());
        let wrong = back[0]
            .verify(b"two", "partition 0")
            .unwrap_err()
            .to_string();
        assert!(
            wrong.contains("partition 0 does not match its checksum"),
            "{wrong}"
        );
        assert!(back[2]
            .verify(b"thre", "group 2")
            .unwrap_err()
            .to_string()
            .contains("4 bytes"));
        assert!(decode_directory(&bytes, 4, "d").is_err());
        assert!(decode_directory(&bytes[..bytes.len() - 1], 3, "d").is_err());
    }
}
