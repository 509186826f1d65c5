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
//! | n | body: postcard (serde, varints) of the format's records: the options, every reference (id, title, text compressed as the set keeps it, base flag, metadata, word and shingle counts, fingerprints in 5 bytes each, MinHash signatures), the document-frequency table, the references' sentence codes (the model's hash; per reference that has them, 8-bit values and a scale per sentence) |
//! | 8 | XXH3-64 of the body |
//!
//! The body is written from records of its own ([`format_records`], version 5; [`written`] writes them),
//! never from the checker's in-memory structs, so those can change without changing the file. Each
//! format version keeps its records: versions 2 (texts as strings, compressed on loading), 3
//! (fingerprints of 48 bits, cut to 40 on loading) and 4 (no sentence codes) share them with
//! version 5. A version no
//! longer read is refused with a message saying to re-add the references ([`refuse_older`]):
//! version 1 (postcard of the in-memory structs, never released), whose reader would cost 2.9 KB
//! of wasm.
//!
//! Reading checks, in order: length, magic, versions, body length, checksum, then decodes; each
//! failure is its own clear [`ErrorCode::InvalidIndex`](crate::error::ErrorCode::InvalidIndex). The references are then read one at a time,
//! each checked and its stored fingerprints put in the inverted index as it comes
//! (`crate::checker::Loader`), so loading does not re-analyze any text, except for a file of an
//! earlier hash scheme: its stored texts are indexed again.

pub mod archive;
mod bytes;
mod format_records;
#[cfg(feature = "translated")]
pub(crate) mod meaning_record;
mod sink;
mod source;
#[cfg(test)]
mod tests;
mod written;

use crate::checker::Checker;
use crate::error::Error;
use crate::sketch::HASH_SCHEME_VERSION;

pub use sink::{IndexSink, CHUNK as EXPORT_CHUNK};
pub use source::IndexSource;

/// The file's first bytes.
pub const MAGIC: &[u8; 16] = b"PLAGSCOPE-INDEX\n";
/// Version of the layout written; files of a newer version are refused with a clear message.
/// 1: postcard of the in-memory structs (no longer read); 2: the [`format_records`] of the format;
/// 3: the same records with each text compressed as the set keeps it; 4: fingerprints of 40 bits
/// in 5 bytes, where 3 has 48 in 6; 5: the records of 4, then the references' sentence codes.
pub const FORMAT_VERSION: u32 = 5;

const HEADER: usize = 16 + 4 + 4 + 8;
const TRAILER: usize = 8;

/// Serializes the checker's reference set into one `Vec` of the file's exact length (see
/// [`export_index_to`]).
pub fn export_index(checker: &Checker) -> Result<Vec<u8>, Error> {
    let mut bytes = Vec::new();
    export_index_to(checker, &mut bytes)?;
    Ok(bytes)
}

/// Serializes the checker's reference set into `sink`, a piece at a time.
///
/// The body is measured first, so the sink learns the file's length before its first byte; then
/// the body is written from records that borrow the checker's data (no copies of the texts), through
/// a buffer of [`sink::CHUNK`] bytes: the sink's copy is the only copy of the set made.
pub fn export_index_to(checker: &Checker, sink: &mut impl IndexSink) -> Result<(), Error> {
    let runs = || checker.fingerprint_runs();
    let meaning = checker.codes_bytes();
    let set = (
        checker.entries.as_slice(),
        &runs as written::FingerprintRuns<'_>,
    );
    let record = written::encode(&checker.options, set, &checker.idf, &meaning);
    let failed =
        |e: postcard::Error| Error::invalid_index(format!("could not encode the index: {e}"));
    let body_len = postcard::serialize_with_flavor(&record, postcard::ser_flavors::Size::default())
        .map_err(failed)?;
    sink.begin(HEADER + body_len + TRAILER);
    let mut header = Vec::with_capacity(HEADER);
    write_header(&mut header, FORMAT_VERSION, body_len);
    sink.write(&header);
    let checksum =
        postcard::serialize_with_flavor(&record, sink::Chunked::new(sink)).map_err(failed)?;
    sink.write(&checksum.to_le_bytes());
    Ok(())
}

/// The file's header: magic, versions, body length.
fn write_header(bytes: &mut Vec<u8>, version: u32, body_len: usize) {
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&version.to_le_bytes());
    bytes.extend_from_slice(&HASH_SCHEME_VERSION.to_le_bytes());
    bytes.extend_from_slice(&(body_len as u64).to_le_bytes());
}

/// `body` in the file's frame: header, body, checksum (files of other versions, for tests).
#[cfg(test)]
fn framed(version: u32, body: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(HEADER + body.len() + TRAILER);
    write_header(&mut bytes, version, body.len());
    bytes.extend_from_slice(body);
    bytes.extend_from_slice(&xxhash_rust::xxh3::xxh3_64(body).to_le_bytes());
    bytes
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"))
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"))
}

/// The message for a file of a format version this plagscope no longer reads.
fn refuse_older(version: u32) -> Error {
    Error::invalid_index(format!(
        "this index was saved by an older plagscope (format {version}); open it in that version \
         or add the references again"
    ))
}

/// The frame's checks: returns the format version, the hash scheme and the length of the body,
/// whose checksum has been checked.
fn read_frame(source: &mut impl IndexSource) -> Result<(u32, u32, usize), Error> {
    let invalid = |message: String| Err(Error::invalid_index(message));
    let file_len = source.file_len();
    let mut header = [0; HEADER];
    source.read(0, &mut header[..file_len.min(HEADER)]);
    if file_len < MAGIC.len() || &header[..MAGIC.len()] != MAGIC {
        return invalid("this is not a plagscope index (wrong file type)".into());
    }
    if file_len < HEADER + TRAILER {
        return invalid(format!("the file is truncated ({file_len} bytes)"));
    }
    let version = u32_at(&header, 16);
    if version > FORMAT_VERSION {
        return invalid(format!(
            "it was written by a newer plagscope (format {version}; this version reads up to {FORMAT_VERSION}); update plagscope"
        ));
    }
    if version == 0 {
        return invalid("its format version is 0, which no plagscope writes".into());
    }
    let scheme = u32_at(&header, 20);
    if scheme == 0 || scheme > HASH_SCHEME_VERSION {
        return invalid(format!(
            "its shingle hashes are scheme {scheme}, this plagscope uses scheme {HASH_SCHEME_VERSION}; rebuild the index from the documents"
        ));
    }
    let body_len = u64_at(&header, 24);
    // The length is the file's claim: compare it with what is there without ever computing
    // HEADER + body_len + TRAILER, which a damaged or crafted header can make wrap around.
    let available = (file_len - HEADER - TRAILER) as u64;
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
    let mut trailer = [0; TRAILER];
    source.read(HEADER + body_len, &mut trailer);
    if source::checksum(source, HEADER, HEADER + body_len) != u64::from_le_bytes(trailer) {
        return invalid("the checksum does not match: the file is corrupted".into());
    }
    Ok((version, scheme, body_len))
}

/// Reads a saved index back into a checker.
pub fn import_index(bytes: &[u8]) -> Result<Checker, Error> {
    import_index_from(&mut { bytes })
}

/// Reads a saved index back into a checker, a piece at a time: no copy of the file is made, and the
/// decoded records are dropped as their entries are made (see [`source`]).
pub fn import_index_from(source: &mut impl IndexSource) -> Result<Checker, Error> {
    let (version, scheme, body_len) = read_frame(source)?;
    let version = match version {
        2 => format_records::BodyVersion::V2,
        3 => format_records::BodyVersion::V3,
        4 => format_records::BodyVersion::V4,
        FORMAT_VERSION => format_records::BodyVersion::V5,
        older => return Err(refuse_older(older)),
    };
    let mut body = source::Window::new(source, HEADER, HEADER + body_len);
    // An earlier scheme hashed other matching forms: the stored texts are indexed again.
    format_records::load_from(&mut body, version, scheme < HASH_SCHEME_VERSION)
}
