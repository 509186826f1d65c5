//! Writing the records of the current format (version 5, see [`super::format_records`]) from the
//! checker's own data, borrowed: saving copies no text.

use serde::Serialize;

use crate::checker::{CheckerOptions, Entry};
use crate::sketch::minhash::MinHashSignature;
use crate::sketch::simhash::IdfTable;

use super::bytes::{byte_string, fingerprint_bytes, u32_bytes};
#[cfg(test)]
use super::format_records::ReferenceRecord;
use super::format_records::{idf_counts, scheme_code, CodesBytes, IdfRecordV2, IndexRecord};

/// A [`ReferenceRecord`] as written: the same fields in the same order, borrowed from the
/// checker (postcard writes `&str` as a `String` and `&[T]` as a `Vec<T>`, byte for byte), so
/// saving copies no text. A test holds the two to the same bytes.
#[derive(Serialize)]
struct ReferenceRecordOut<'a> {
    id: &'a str,
    title: &'a str,
    #[serde(with = "byte_string")]
    text: &'a [u8],
    base: bool,
    keywords: &'a [String],
    tags: &'a [String],
    citations: &'a [String],
    words: u64,
    shingles: u64,
    #[serde(with = "fingerprint_bytes")]
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
            text: reference.text.bytes(),
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

/// Each reference's fingerprints, ascending, in the order of the references, a run of references
/// at a time (`Checker::fingerprint_runs`): called once per pass of a save.
pub(crate) type FingerprintRuns<'a> = &'a dyn Fn() -> Box<dyn Iterator<Item = Vec<Vec<u64>>> + 'a>;

/// Every reference's record, made one at a time as the sequence is written.
pub(crate) struct ReferencesOut<'a> {
    entries: &'a [Entry],
    fingerprints: FingerprintRuns<'a>,
}

impl Serialize for ReferencesOut<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{Error, SerializeSeq};
        let mut sequence = serializer.serialize_seq(Some(self.entries.len()))?;
        let mut entries = self.entries.iter();
        for run in (self.fingerprints)() {
            for fingerprints in &run {
                let entry = entries
                    .next()
                    .ok_or_else(|| S::Error::custom("more fingerprint lists than references"))?;
                sequence.serialize_element(&ReferenceRecordOut::new(entry, fingerprints))?;
            }
        }
        if entries.next().is_some() {
            return Err(S::Error::custom("fewer fingerprint lists than references"));
        }
        sequence.end()
    }
}

#[cfg(test)]
impl ReferenceRecord {
    /// The owned record of an entry: what [`ReferenceRecordOut`] must write the bytes of.
    pub(crate) fn new(entry: &Entry, fingerprints: Vec<u64>) -> Self {
        let reference = &entry.reference;
        ReferenceRecord {
            id: reference.id.clone(),
            title: reference.title.clone(),
            text: reference.text.bytes().to_vec(),
            base: reference.base,
            keywords: reference.meta.keywords.clone(),
            tags: reference.meta.tags.clone(),
            citations: reference.meta.references.clone(),
            words: entry.words as u64,
            shingles: entry.shingles as u64,
            fingerprints: super::bytes::low_bytes(&fingerprints, crate::checker::FINGERPRINT_BYTES),
            minhash: (&entry.minhash).into(),
            meta_minhash: (&entry.meta_minhash).into(),
        }
    }
}

/// The records of a checker's options, references (their `fingerprints` in runs), document
/// frequencies and sentence codes (their bytes), the references and codes borrowed.
pub(crate) fn encode<'a>(
    options: &CheckerOptions,
    (entries, fingerprints): (&'a [Entry], FingerprintRuns<'a>),
    idf: &IdfTable,
    meaning: &'a [u8],
) -> IndexRecord<ReferencesOut<'a>, &'a [u8]> {
    let (documents, pairs) = idf_counts(idf);
    let (terms, frequencies) = pairs.into_iter().unzip();
    IndexRecord {
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
        meaning: CodesBytes(meaning),
    }
}
