//! The records of the current format (version 2): plain types that exist only for the file, and
//! their conversions to and from the checker's in-memory types.
//!
//! The body is postcard (serde, positional, varints) of one [`IndexRecordV2`]. Because postcard
//! is positional, these structs *are* the format: a field is never added, removed, reordered or
//! retyped here; a change is a new set of records (`…V3`) and a new format version, with this one
//! kept for reading (as [`super::legacy`] keeps version 1). The in-memory types can change freely:
//! only the conversions below follow them.
//!
//! Hashes and signature slots are stored as fixed-width little-endian bytes (they are uniformly
//! random, so varints would only make them longer); counts and sizes as varints.

use serde::{Deserialize, Serialize};

use crate::checker::{CheckerOptions, Entry, Reference, StoredEntry};
use crate::methods::combined::Metadata;
use crate::sketch::minhash::{MinHashScheme, MinHashSignature, MAX_NUM_PERM};
use crate::sketch::simhash::IdfTable;
use crate::text::TextOptions;

use super::bytes::{u32_bytes, u64_bytes};
use super::entries::EntryRecord;
use super::source::{IndexSource, Window};
use super::Parts;

/// The whole body: the set's options, its references in order, its document frequencies.
/// `References` is a `Vec` of [`ReferenceRecordV2`] (or the borrowing [`ReferencesOut`] when
/// saving); reading takes the fields one by one ([`decode_from`]).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct IndexRecordV2<References = Vec<ReferenceRecordV2>> {
    pub(crate) options: OptionsRecordV2,
    pub(crate) references: References,
    pub(crate) idf: IdfRecordV2,
}

/// The options fixed for a reference set.
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
pub(crate) struct ReferenceRecordV2 {
    pub(crate) id: String,
    pub(crate) title: String,
    pub(crate) text: String,
    pub(crate) base: bool,
    pub(crate) keywords: Vec<String>,
    pub(crate) tags: Vec<String>,
    pub(crate) citations: Vec<String>,
    pub(crate) words: u64,
    pub(crate) shingles: u64,
    /// Distinct winnowed fingerprints, ascending, 8 bytes each.
    #[serde(with = "u64_bytes")]
    pub(crate) fingerprints: Vec<u64>,
    pub(crate) minhash: SignatureRecordV2,
    pub(crate) meta_minhash: SignatureRecordV2,
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

/// The document-frequency table: terms ascending (8 bytes each) and their counts (varints).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct IdfRecordV2 {
    pub(crate) documents: u32,
    #[serde(with = "u64_bytes")]
    pub(crate) terms: Vec<u64>,
    pub(crate) frequencies: Vec<u32>,
}

/// The code of a MinHash scheme in the file (the same in versions 1 and 2).
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
    Ok(IdfTable::from_counts(documents, pairs))
}

/// The document count and `(term, count)` pairs of a table, terms ascending.
fn idf_counts(idf: &IdfTable) -> (u32, Vec<(u64, u32)>) {
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

/// A [`ReferenceRecordV2`] as written: the same fields in the same order, borrowed from the
/// checker (postcard writes `&str` as a `String` and `&[T]` as a `Vec<T>`, byte for byte), so
/// saving copies no text. A test holds the two to the same bytes.
#[derive(Serialize)]
struct ReferenceRecordOut<'a> {
    id: &'a str,
    title: &'a str,
    text: &'a str,
    base: bool,
    keywords: &'a [String],
    tags: &'a [String],
    citations: &'a [String],
    words: u64,
    shingles: u64,
    #[serde(with = "u64_bytes")]
    fingerprints: &'a [u64],
    minhash: SignatureRecordOut<'a>,
    meta_minhash: SignatureRecordOut<'a>,
}

/// A [`SignatureRecordV2`] as written, borrowed.
#[derive(Serialize)]
struct SignatureRecordOut<'a> {
    scheme: u8,
    slots: u32,
    #[serde(with = "u32_bytes")]
    values: &'a [u32],
}

impl<'a> From<&'a MinHashSignature> for SignatureRecordOut<'a> {
    fn from(signature: &'a MinHashSignature) -> Self {
        SignatureRecordOut {
            scheme: scheme_code(signature.scheme),
            slots: signature.slots as u32,
            values: &signature.values,
        }
    }
}

impl<'a> ReferenceRecordOut<'a> {
    fn new(entry: &'a Entry, fingerprints: &'a [u64]) -> Self {
        let reference = &entry.reference;
        ReferenceRecordOut {
            id: &reference.id,
            title: &reference.title,
            text: &reference.text,
            base: reference.base,
            keywords: &reference.meta.keywords,
            tags: &reference.meta.tags,
            citations: &reference.meta.references,
            words: entry.words as u64,
            shingles: entry.shingles as u64,
            fingerprints,
            minhash: (&entry.minhash).into(),
            meta_minhash: (&entry.meta_minhash).into(),
        }
    }
}

/// Every reference's record, made one at a time as the sequence is written.
pub(crate) struct ReferencesOut<'a> {
    entries: &'a [Entry],
    fingerprints: &'a [Vec<u64>],
}

impl Serialize for ReferencesOut<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(
            (self.entries.iter().zip(self.fingerprints))
                .map(|(entry, fingerprints)| ReferenceRecordOut::new(entry, fingerprints)),
        )
    }
}

#[cfg(test)]
impl ReferenceRecordV2 {
    /// The owned record of an entry: what [`ReferenceRecordOut`] must write the bytes of.
    pub(crate) fn new(entry: &Entry, fingerprints: Vec<u64>) -> Self {
        let reference = &entry.reference;
        ReferenceRecordV2 {
            id: reference.id.clone(),
            title: reference.title.clone(),
            text: reference.text.clone(),
            base: reference.base,
            keywords: reference.meta.keywords.clone(),
            tags: reference.meta.tags.clone(),
            citations: reference.meta.references.clone(),
            words: entry.words as u64,
            shingles: entry.shingles as u64,
            fingerprints,
            minhash: (&entry.minhash).into(),
            meta_minhash: (&entry.meta_minhash).into(),
        }
    }
}

impl EntryRecord for ReferenceRecordV2 {
    fn into_entry(self) -> Result<StoredEntry, String> {
        let signature = |s: SignatureRecordV2| signature(s.scheme.into(), s.slots, s.values);
        let entry = Entry {
            words: size(self.words, "a word count")?,
            shingles: size(self.shingles, "a shingle count")?,
            fingerprint_count: self.fingerprints.len(),
            minhash: signature(self.minhash)?,
            meta_minhash: signature(self.meta_minhash)?,
            reference: Reference {
                id: self.id,
                title: self.title,
                text: self.text,
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
            fingerprints: self.fingerprints,
        })
    }
}

/// The records of a checker's options, references (`fingerprints` by position) and document
/// frequencies, the references borrowed.
pub(crate) fn encode<'a>(
    options: &CheckerOptions,
    entries: &'a [Entry],
    fingerprints: &'a [Vec<u64>],
    idf: &IdfTable,
) -> IndexRecordV2<ReferencesOut<'a>> {
    let (documents, pairs) = idf_counts(idf);
    let (terms, frequencies) = pairs.into_iter().unzip();
    IndexRecordV2 {
        options: options.into(),
        references: ReferencesOut {
            entries,
            fingerprints,
        },
        idf: IdfRecordV2 {
            documents,
            terms,
            frequencies,
        },
    }
}

/// The in-memory parts of a version 2 body, read a record at a time: each reference becomes its
/// entry before the next is read, so the records are never all in memory.
pub(crate) fn decode_from(body: &mut Window<impl IndexSource>) -> Result<Parts, String> {
    let options: OptionsRecordV2 = body.take()?;
    // The sequence's length, a varint as postcard writes it: the file's claim, so no more room is
    // reserved than serde itself would (1 MiB).
    let count: u64 = body.take()?;
    let cautious = (1 << 20) / std::mem::size_of::<StoredEntry>();
    let mut entries = Vec::with_capacity(count.min(cautious as u64) as usize);
    for _ in 0..count {
        entries.push(body.take::<ReferenceRecordV2>()?.into_entry()?);
    }
    let IdfRecordV2 {
        documents,
        terms,
        frequencies,
    } = body.take()?;
    if terms.len() != frequencies.len() {
        return Err(format!(
            "{} document-frequency terms but {} counts",
            terms.len(),
            frequencies.len()
        ));
    }
    let idf = idf_table(documents, terms.into_iter().zip(frequencies).collect())?;
    Ok(Parts {
        options: options.into_options()?,
        entries,
        idf,
    })
}
