//! The lexicon file: one versioned, checksummed frame, written and read here only.
//!
//! Layout (integers little-endian; `varint` is LEB128, 7 bits a byte):
//!
//! | bytes | content |
//! |---|---|
//! | 16 | magic `PLAGSCOPE-LEXICN` |
//! | 4 | format version ([`FORMAT_VERSION`]) |
//! | 8 | body length `n` |
//! | n | body (below) |
//! | 8 | XXH3-64 of the body |
//!
//! Body: five sections in order, each a varint length then its bytes or values:
//! 1. the source: UTF-8, the dictionary's name, date and licence (shown to users, kept with the data
//!    so that the attribution CC BY-SA asks for travels with every copy);
//! 2. the Chinese words, sorted, `\n`-separated UTF-8;
//! 3. the English terms, sorted, `\n`-separated UTF-8;
//! 4. per word, its number of senses (varint), then its term ids as varint gaps (sorted ids,
//!    each `gap << 1 | whole`, where `whole` says a gloss of the word is that term alone).
//!
//! Strings are separated, not length-prefixed: neither side ever holds a line break, and a sorted
//! list of short strings compresses best as text (the gzipped file is what a page downloads).
//! The English → Chinese direction is not stored: [`super::Lexicon::from_bytes`] inverts the links,
//! which keeps one copy of them in the file.

use xxhash_rust::xxh3::xxh3_64;

use crate::error::Error;
use crate::varint::{read_varint, write_varint};

/// The file's first bytes.
pub const MAGIC: &[u8; 16] = b"PLAGSCOPE-LEXICN";
/// Version of the layout written and read. 1: the layout above.
pub const FORMAT_VERSION: u32 = 1;

const HEADER: usize = 16 + 4 + 8;
const TRAILER: usize = 8;

/// The decoded sections of a body, borrowing the file's bytes.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Sections<'a> {
    pub source: &'a str,
    pub words: &'a str,
    pub terms: &'a str,
    /// Per word, `(term id, whole)`, in word order.
    pub links: Vec<Vec<(u32, bool)>>,
}

/// A damaged or foreign lexicon file. The bytes are an argument the caller passed, and what the user
/// can do is the same whatever the damage: fetch the file again, so one code, and a message that
/// says which file and what was found.
pub(super) fn invalid(message: impl std::fmt::Display) -> Error {
    Error::input(
        "lexicon",
        format!("the bilingual lexicon file cannot be read: {message}; download or build it again"),
    )
}

/// The whole file for `sections`.
pub(super) fn write(sections: &Sections<'_>) -> Vec<u8> {
    let mut body = Vec::new();
    for text in [sections.source, sections.words, sections.terms] {
        write_varint(&mut body, text.len() as u64);
        body.extend_from_slice(text.as_bytes());
    }
    let mut links = Vec::new();
    for senses in &sections.links {
        write_varint(&mut links, senses.len() as u64);
        let mut previous = 0;
        for &(id, whole) in senses {
            write_varint(
                &mut links,
                (u64::from(id - previous) << 1) | u64::from(whole),
            );
            previous = id;
        }
    }
    write_varint(&mut body, links.len() as u64);
    body.extend_from_slice(&links);
    framed(&body)
}

/// `body` in the file's frame: header, body, checksum.
pub(super) fn framed(body: &[u8]) -> Vec<u8> {
    let mut file = Vec::with_capacity(HEADER + body.len() + TRAILER);
    file.extend_from_slice(MAGIC);
    file.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    file.extend_from_slice(&(body.len() as u64).to_le_bytes());
    file.extend_from_slice(body);
    file.extend_from_slice(&xxh3_64(body).to_le_bytes());
    file
}

/// The frame's checks, in order (magic, length, version, body length, checksum), then the body's
/// sections. The links' counts and ids are checked against the strings by the caller.
pub(super) fn read(bytes: &[u8]) -> Result<Sections<'_>, Error> {
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Err(invalid("it is not a plagscope lexicon (wrong file type)"));
    }
    if bytes.len() < HEADER + TRAILER {
        return Err(invalid(format!("it is truncated ({} bytes)", bytes.len())));
    }
    let version = u32::from_le_bytes(bytes[16..20].try_into().expect("4 bytes"));
    if version != FORMAT_VERSION {
        return Err(invalid(format!(
            "it is format {version}, this plagscope reads format {FORMAT_VERSION}"
        )));
    }
    let body_len = u64::from_le_bytes(bytes[20..28].try_into().expect("8 bytes"));
    // Compared with what is there, never added to HEADER: a damaged length could wrap around.
    let available = (bytes.len() - HEADER - TRAILER) as u64;
    if body_len != available {
        return Err(invalid(format!(
            "its header announces {body_len} bytes of contents, {available} are there (truncated or padded)"
        )));
    }
    let body = &bytes[HEADER..bytes.len() - TRAILER];
    let stored = u64::from_le_bytes(bytes[bytes.len() - TRAILER..].try_into().expect("8 bytes"));
    if xxh3_64(body) != stored {
        return Err(invalid(
            "the checksum does not match: the file is corrupted",
        ));
    }
    read_body(body)
}

fn read_body(body: &[u8]) -> Result<Sections<'_>, Error> {
    let mut cursor = Cursor { bytes: body, at: 0 };
    let source = cursor.text("source")?;
    let words = cursor.text("words")?;
    let terms = cursor.text("terms")?;
    let links_len = cursor.len("links")?;
    let mut links_cursor = Cursor {
        bytes: cursor.take(links_len, "links")?,
        at: 0,
    };
    if cursor.at != body.len() {
        return Err(invalid("its contents have unexpected bytes at the end"));
    }
    let mut links = Vec::new();
    while links_cursor.at < links_cursor.bytes.len() {
        let count = links_cursor.len("a word's senses")?;
        let mut senses = Vec::with_capacity(count.min(1024));
        let mut id = 0u64;
        for _ in 0..count {
            let value = links_cursor.varint("a sense")?;
            id += value >> 1;
            let id = u32::try_from(id).map_err(|_| invalid("a term id is out of range"))?;
            senses.push((id, value & 1 == 1));
        }
        links.push(senses);
    }
    Ok(Sections {
        source,
        words,
        terms,
        links,
    })
}

/// Reads a body front to back; every read says what it was reading when the bytes ran out.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn varint(&mut self, what: &str) -> Result<u64, Error> {
        read_varint(self.bytes, &mut self.at).ok_or_else(|| {
            if self.at >= self.bytes.len() {
                invalid(format!("its {what} section is cut short"))
            } else {
                invalid(format!("its {what} section holds a malformed number"))
            }
        })
    }

    /// A length, which must fit in what is left.
    fn len(&mut self, what: &str) -> Result<usize, Error> {
        let len = self.varint(what)?;
        let left = (self.bytes.len() - self.at) as u64;
        if len > left {
            return Err(invalid(format!(
                "its {what} section announces {len} items or bytes, {left} bytes are left"
            )));
        }
        Ok(len as usize)
    }

    fn take(&mut self, len: usize, what: &str) -> Result<&'a [u8], Error> {
        let end = self
            .at
            .checked_add(len)
            .filter(|&end| end <= self.bytes.len());
        let end = end.ok_or_else(|| invalid(format!("its {what} section is cut short")))?;
        let taken = &self.bytes[self.at..end];
        self.at = end;
        Ok(taken)
    }

    fn text(&mut self, what: &str) -> Result<&'a str, Error> {
        let len = self.len(what)?;
        let bytes = self.take(len, what)?;
        std::str::from_utf8(bytes).map_err(|_| invalid(format!("its {what} are not UTF-8")))
    }
}
