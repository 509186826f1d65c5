//! Format version 1, read only: the files saved by plagscope before the format had records of its
//! own, when the body was postcard of the in-memory structs (`CheckerOptions`, `Entry`,
//! `IdfTable`) as they were then. The page keeps its library in IndexedDB as such files, so they
//! load rather than being refused.
//!
//! The records below spell out that layout field by field, frozen: postcard is positional, so
//! only the order and the types matter. `usize` fields were varints (read as `u64`), enums their
//! variant index as a varint (read as `u32`), byte vectors a length and the bytes, a `BTreeMap` a
//! length and its pairs.

use serde::{Deserialize, Serialize};

use crate::checker::{CheckerOptions, StoredEntry};
use crate::text::TextOptions;

use super::bytes::{u32_bytes, u64_bytes};
use super::entries::{Entries, EntryRecord};
use super::records::{idf_table, scheme_from_code, size, ReferenceRecordV2, SignatureRecordV2};
use super::Parts;

/// The version 1 body (Serialize only so that the tests can write version 1 files). `Records` is
/// a `Vec` of [`EntryRecordV1`] when written, and [`Entries`] when read.
#[derive(Serialize, Deserialize)]
pub(crate) struct IndexRecordV1<Records = Vec<EntryRecordV1>> {
    pub(crate) options: OptionsRecordV1,
    pub(crate) entries: Records,
    pub(crate) idf: IdfRecordV1,
}

/// `CheckerOptions` of version 1: text options, k, t, num_perm, scheme.
#[derive(Serialize, Deserialize)]
pub(crate) struct OptionsRecordV1 {
    pub(crate) ignore_case: bool,
    pub(crate) ignore_punctuation: bool,
    pub(crate) ignore_numbers: bool,
    pub(crate) remove_stopwords: bool,
    pub(crate) max_word_chars: Option<u64>,
    pub(crate) k: u64,
    pub(crate) t: u64,
    pub(crate) num_perm: u64,
    pub(crate) minhash_scheme: u32,
}

/// `Entry` of version 1: the reference, its counts, fingerprints and signatures.
#[derive(Serialize, Deserialize)]
pub(crate) struct EntryRecordV1 {
    pub(crate) id: String,
    pub(crate) title: String,
    pub(crate) text: String,
    pub(crate) keywords: Vec<String>,
    pub(crate) tags: Vec<String>,
    pub(crate) citations: Vec<String>,
    pub(crate) base: bool,
    pub(crate) words: u64,
    pub(crate) shingles: u64,
    #[serde(with = "u64_bytes")]
    pub(crate) fingerprints: Vec<u64>,
    pub(crate) minhash: SignatureRecordV1,
    pub(crate) meta_minhash: SignatureRecordV1,
}

/// A MinHash signature of version 1: scheme, slot count, the slots' bytes (none when empty).
#[derive(Serialize, Deserialize)]
pub(crate) struct SignatureRecordV1 {
    pub(crate) scheme: u32,
    pub(crate) slots: u32,
    #[serde(with = "u32_bytes")]
    pub(crate) values: Vec<u32>,
}

/// `IdfTable` of version 1: the document count and the (term, count) map.
#[derive(Serialize, Deserialize)]
pub(crate) struct IdfRecordV1 {
    pub(crate) documents: u32,
    pub(crate) document_frequency: Vec<(u64, u32)>,
}

impl EntryRecord for EntryRecordV1 {
    /// The same fields as version 2 in another order: moved into a version 2 record, whose
    /// conversion checks them.
    fn into_entry(self) -> Result<StoredEntry, String> {
        let signature = |s: SignatureRecordV1| -> Result<SignatureRecordV2, String> {
            scheme_from_code(s.scheme)?; // refused here with version 1's own number
            Ok(SignatureRecordV2 {
                scheme: s.scheme as u8, // a known code: it fits
                slots: s.slots,
                values: s.values,
            })
        };
        ReferenceRecordV2 {
            id: self.id,
            title: self.title,
            text: self.text,
            base: self.base,
            keywords: self.keywords,
            tags: self.tags,
            citations: self.citations,
            words: self.words,
            shingles: self.shingles,
            fingerprints: self.fingerprints,
            minhash: signature(self.minhash)?,
            meta_minhash: signature(self.meta_minhash)?,
        }
        .into_entry()
    }
}

impl OptionsRecordV1 {
    fn into_options(self) -> Result<CheckerOptions, String> {
        let max_word_chars = match self.max_word_chars {
            Some(max) => Some(size(max, "maxWordChars")?),
            None => None,
        };
        Ok(CheckerOptions {
            text: TextOptions {
                ignore_case: self.ignore_case,
                ignore_punctuation: self.ignore_punctuation,
                ignore_numbers: self.ignore_numbers,
                remove_stopwords: self.remove_stopwords,
                max_word_chars,
            },
            shingle_words: size(self.k, "k")?,
            guarantee_words: size(self.t, "t")?,
            num_perm: size(self.num_perm, "numPerm")?,
            minhash_scheme: scheme_from_code(self.minhash_scheme)?,
        })
    }
}

/// The in-memory parts of a version 1 body.
pub(crate) fn decode(body: &[u8]) -> Result<Parts, String> {
    let record: IndexRecordV1<Entries<EntryRecordV1>> =
        postcard::from_bytes(body).map_err(|e| e.to_string())?;
    let entries = record.entries.into_result()?;
    let idf = idf_table(record.idf.documents, record.idf.document_frequency)?;
    Ok(Parts {
        options: record.options.into_options()?,
        entries,
        idf,
    })
}
