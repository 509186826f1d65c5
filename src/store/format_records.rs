//! The records of formats 2 to 4: plain types that exist only for the file, and their conversions
//! to the checker's in-memory types (the other way: [`super::written`]).
//!
//! The body is postcard (serde, positional, varints) of one [`IndexRecord`]. Because postcard
//! is positional, these structs *are* the format: a field is never added, removed, reordered or
//! retyped here; a change is a new set of records and a new format version, with the previous one
//! kept for reading. The in-memory types can change freely: only the conversions follow them.
//! Versions 2 to 4 have the same records and differ in what a reference's text and fingerprint
//! bytes hold ([`BodyVersion`]; postcard writes a `String` and a byte string alike). Version 5
//! adds one byte string at the end: the references' sentence codes for the search by meaning
//! (`super::meaning_record`).
//!
//! Hashes and signature slots are stored as fixed-width little-endian bytes (they are uniformly
//! random, so varints would only make them longer); counts and sizes as varints.

use serde::{Deserialize, Serialize};

use crate::checker::{
    fingerprint_of, Checker, CheckerOptions, Entry, Loader, StoredEntry, StoredReference,
    StoredText, FINGERPRINT_BYTES,
};
use crate::error::Error;
use crate::methods::combined::Metadata;
use crate::sketch::minhash::{MinHashScheme, MinHashSignature, MAX_NUM_PERM};
use crate::sketch::simhash::IdfTable;
use crate::text::TextOptions;

use super::bytes::{byte_string, u32_bytes, u64_bytes};
use super::source::{IndexSource, Window};

/// The whole body: the set's options, its references in order, its document frequencies, and
/// (version 5) the references' sentence codes, as a byte string of their own records
/// (`super::meaning_record`), which an engine without the sentence model keeps unread.
/// `References` is a `Vec` of [`ReferenceRecord`]s (or the borrowing
/// [`super::written::ReferencesOut`] when saving); reading takes the fields one by one
/// ([`load_from`]).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct IndexRecord<References, Meaning: AsRef<[u8]>> {
    pub(crate) options: OptionsRecordV2,
    pub(crate) references: References,
    pub(crate) idf: IdfRecordV2,
    pub(crate) meaning: CodesBytes<Meaning>,
}

/// A body, owned.
#[cfg(test)]
pub(crate) type IndexRecordOwned = IndexRecord<Vec<ReferenceRecord>, Vec<u8>>;

/// The sentence codes' records, encoded: a byte string in the body (empty: no codes).
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct CodesBytes<B: AsRef<[u8]>>(pub(crate) B);

impl<B: AsRef<[u8]>> Serialize for CodesBytes<B> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(self.0.as_ref())
    }
}

impl<'de> Deserialize<'de> for CodesBytes<Vec<u8>> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        byte_string::deserialize(deserializer).map(CodesBytes)
    }
}

/// The options fixed for a reference set (the same in versions 2 to 4).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct OptionsRecordV2 {
    pub(crate) ignore_case: bool,
    pub(crate) ignore_punctuation: bool,
    pub(crate) ignore_numbers: bool,
    pub(crate) remove_stopwords: bool,
    pub(crate) max_word_chars: Option<u32>,
    /// Words per shingle (`k`).
    pub(crate) shingle_words: u32,
    /// Guarantee threshold in words (`t`).
    pub(crate) guarantee_words: u32,
    pub(crate) minhash_slots: u32,
    /// [`scheme_code`].
    pub(crate) minhash_scheme: u8,
}

/// One reference with what the index keeps of it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct ReferenceRecord {
    pub(crate) id: String,
    pub(crate) title: String,
    /// See [`BodyVersion`].
    #[serde(with = "byte_string")]
    pub(crate) text: Vec<u8>,
    pub(crate) base: bool,
    pub(crate) keywords: Vec<String>,
    pub(crate) tags: Vec<String>,
    pub(crate) citations: Vec<String>,
    pub(crate) words: u64,
    pub(crate) shingles: u64,
    /// Distinct fingerprints, ascending, little-endian; see [`BodyVersion`].
    #[serde(with = "byte_string")]
    pub(crate) fingerprints: Vec<u8>,
    pub(crate) minhash: SignatureRecordV2,
    pub(crate) meta_minhash: SignatureRecordV2,
}

/// What a reference record's text and fingerprint bytes hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BodyVersion {
    /// Version 2: the text's UTF-8 bytes; the winnowed shingle hashes, 8 bytes each, whose
    /// fingerprints are their low 48 bits.
    V2,
    /// Version 3: the bytes of a [`StoredText`]; fingerprints of 48 bits, 6 bytes each.
    V3,
    /// Version 4: the bytes of a [`StoredText`]; the fingerprints, [`FINGERPRINT_BYTES`] each.
    V4,
    /// Version 5: the records of version 4, then the sentence codes.
    V5,
}

impl BodyVersion {
    /// The fingerprints of a record's bytes, ascending and distinct when the file is sound (the
    /// checker checks that).
    fn fingerprints(self, bytes: &[u8]) -> Result<Vec<u64>, String> {
        let width = match self {
            BodyVersion::V2 => 8,
            BodyVersion::V3 => 6,
            BodyVersion::V4 | BodyVersion::V5 => FINGERPRINT_BYTES,
        };
        if bytes.len() % width != 0 {
            return Err(format!("fingerprint bytes are not a multiple of {width}"));
        }
        let mut fingerprints: Vec<u64> = (bytes.chunks_exact(width))
            .map(|chunk| {
                let mut value = [0; 8];
                value[..width].copy_from_slice(chunk);
                fingerprint_of(u64::from_le_bytes(value))
            })
            .collect();
        if matches!(self, BodyVersion::V2 | BodyVersion::V3) {
            // Ascending hashes need not give ascending low bits.
            fingerprints.sort_unstable();
            fingerprints.dedup();
        }
        Ok(fingerprints)
    }
}

/// A MinHash signature: its scheme, its slot count and the slots (none for an empty set).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct SignatureRecordV2 {
    pub(crate) scheme: u8,
    pub(crate) slots: u32,
    /// 4 bytes per slot, or none for an empty set (which must not claim memory it does not hold).
    #[serde(with = "u32_bytes")]
    pub(crate) values: Vec<u32>,
}

/// The document-frequency table (the same in versions 2 to 4): terms ascending (8 bytes each)
/// and their counts (varints).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct IdfRecordV2 {
    pub(crate) documents: u32,
    #[serde(with = "u64_bytes")]
    pub(crate) terms: Vec<u64>,
    pub(crate) frequencies: Vec<u32>,
}

/// The code of a MinHash scheme in the file (the same in every version).
pub(crate) fn scheme_code(scheme: MinHashScheme) -> u8 {
    match scheme {
        MinHashScheme::OnePermutation => 0,
        MinHashScheme::Classic => 1,
    }
}

/// The MinHash scheme of a code read from a file.
pub(crate) fn scheme_from_code(code: u32) -> Result<MinHashScheme, String> {
    match code {
        0 => Ok(MinHashScheme::OnePermutation),
        1 => Ok(MinHashScheme::Classic),
        _ => Err(format!("unknown MinHash scheme {code}")),
    }
}

/// A signature read from a file, its size checked (slots, then values: all or none).
pub(crate) fn signature(
    scheme: u32,
    slots: u32,
    values: Vec<u32>,
) -> Result<MinHashSignature, String> {
    let scheme = scheme_from_code(scheme)?;
    let slots = slots as usize;
    if slots == 0 || slots > MAX_NUM_PERM {
        return Err(format!("a signature has {slots} slots"));
    }
    if !values.is_empty() && values.len() != slots {
        return Err(format!(
            "a signature of {slots} slots has {} bytes",
            values.len() * 4
        ));
    }
    Ok(MinHashSignature {
        scheme,
        values,
        slots,
    })
}

/// A count read from a file as a `usize` (which is 32 bits in wasm).
pub(crate) fn size(value: u64, what: &str) -> Result<usize, String> {
    usize::try_from(value).map_err(|_| format!("{what} {value} is too large"))
}

/// The document-frequency table of `documents` and `(term, count)` pairs in ascending order.
pub(crate) fn idf_table(documents: u32, pairs: Vec<(u64, u32)>) -> Result<IdfTable, String> {
    if pairs.windows(2).any(|w| w[0].0 >= w[1].0) {
        return Err("document-frequency terms out of order".into());
    }
    // A term is kept only while a document holds it.
    if pairs.iter().any(|&(_, count)| count == 0) {
        return Err("a document frequency of 0".into());
    }
    Ok(IdfTable::from_counts(documents, pairs))
}

/// The document count and `(term, count)` pairs of a table, terms ascending.
pub(crate) fn idf_counts(idf: &IdfTable) -> (u32, Vec<(u64, u32)>) {
    (idf.documents(), idf.counts().collect())
}

impl From<&CheckerOptions> for OptionsRecordV2 {
    fn from(options: &CheckerOptions) -> Self {
        let text = &options.text;
        // Every size fits in u32: validated options are far smaller.
        OptionsRecordV2 {
            ignore_case: text.ignore_case,
            ignore_punctuation: text.ignore_punctuation,
            ignore_numbers: text.ignore_numbers,
            remove_stopwords: text.remove_stopwords,
            max_word_chars: text.max_word_chars.map(|max| max as u32),
            shingle_words: options.shingle_words as u32,
            guarantee_words: options.guarantee_words as u32,
            minhash_slots: options.num_perm as u32,
            minhash_scheme: scheme_code(options.minhash_scheme),
        }
    }
}

impl OptionsRecordV2 {
    /// The options (their ranges are checked by the caller, as for every version).
    fn into_options(self) -> Result<CheckerOptions, String> {
        Ok(CheckerOptions {
            text: TextOptions {
                ignore_case: self.ignore_case,
                ignore_punctuation: self.ignore_punctuation,
                ignore_numbers: self.ignore_numbers,
                remove_stopwords: self.remove_stopwords,
                max_word_chars: self.max_word_chars.map(|max| max as usize),
            },
            shingle_words: self.shingle_words as usize,
            guarantee_words: self.guarantee_words as usize,
            num_perm: self.minhash_slots as usize,
            minhash_scheme: scheme_from_code(self.minhash_scheme.into())?,
        })
    }
}

impl From<&MinHashSignature> for SignatureRecordV2 {
    fn from(signature: &MinHashSignature) -> Self {
        SignatureRecordV2 {
            scheme: scheme_code(signature.scheme),
            slots: signature.slots as u32,
            values: signature.values.clone(),
        }
    }
}

impl ReferenceRecord {
    /// The index entry of this record of a body of `version` (checked against the set's options
    /// as it is added, by `Loader::add`).
    pub(crate) fn into_entry(self, version: BodyVersion) -> Result<StoredEntry, String> {
        let text = match version {
            BodyVersion::V2 => StoredText::compress(
                std::str::from_utf8(&self.text).map_err(|_| "a stored text is not UTF-8")?,
            ),
            BodyVersion::V3 | BodyVersion::V4 | BodyVersion::V5 => {
                StoredText::from_saved(self.text)?
            }
        };
        let fingerprints = version.fingerprints(&self.fingerprints)?;
        let signature = |s: SignatureRecordV2| signature(s.scheme.into(), s.slots, s.values);
        let entry = Entry {
            words: size(self.words, "a word count")?,
            shingles: size(self.shingles, "a shingle count")?,
            fingerprint_count: fingerprints.len(),
            minhash: signature(self.minhash)?,
            meta_minhash: signature(self.meta_minhash)?,
            reference: StoredReference {
                id: self.id,
                title: self.title,
                text,
                meta: Metadata {
                    keywords: self.keywords,
                    tags: self.tags,
                    references: self.citations,
                },
                base: self.base,
            },
        };
        Ok(StoredEntry {
            entry,
            fingerprints,
        })
    }
}

/// Reads a body of `version` into a checker, a record at a time: each reference is checked and
/// indexed as it is read ([`Loader`]), its record dropped before the next is read.
pub(crate) fn load_from(
    body: &mut Window<impl IndexSource>,
    version: BodyVersion,
    reindex: bool,
) -> Result<Checker, Error> {
    let options: OptionsRecordV2 = body.take().map_err(undecodable)?;
    let options = options.into_options().map_err(undecodable)?;
    (options.validate())
        .map_err(|e| Error::invalid_index(format!("its options are invalid: {e}")))?;
    let mut loader = Loader::new(options, reindex)?;
    // The sequence's length, a varint as postcard writes it.
    let count: u64 = body.take().map_err(undecodable)?;
    for _ in 0..count {
        let record: ReferenceRecord = body.take().map_err(undecodable)?;
        loader.add(record.into_entry(version).map_err(undecodable)?)?;
    }
    let IdfRecordV2 {
        documents,
        terms,
        frequencies,
    } = body.take().map_err(undecodable)?;
    if terms.len() != frequencies.len() {
        return Err(undecodable(format!(
            "{} document-frequency terms but {} counts",
            terms.len(),
            frequencies.len()
        )));
    }
    let pairs = terms.into_iter().zip(frequencies).collect();
    let mut checker = loader.finish(idf_table(documents, pairs).map_err(undecodable)?);
    if version == BodyVersion::V5 {
        let CodesBytes(codes) = body.take().map_err(undecodable)?;
        checker.keep_saved_codes(codes).map_err(undecodable)?;
    }
    Ok(checker)
}

/// A body that cannot be decoded.
fn undecodable(message: String) -> Error {
    Error::invalid_index(format!("the contents cannot be decoded ({message})"))
}
