//! The references' sentence codes in a saved index (format 5): records of their own, encoded into
//! one byte string of the body ([`super::format_records::CodesBytes`]). Only the engine with the
//! sentence model reads them; the others keep the bytes as they are, for their next save, so that
//! a library moved through the plain engine (the page's, before the model loads) keeps its codes.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::checker::{MeaningCodes, ReferenceCodes};
use crate::sketch::sentence_codes::SentenceCodes;

use super::bytes::{byte_string, u32_bytes};

/// The codes: the width of a vector, and the codes of each reference that has them.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub(crate) struct MeaningRecordV5 {
    pub(crate) dimensions: u32,
    pub(crate) references: Vec<CodesRecordV5>,
}

/// One reference's codes: what they were made from ([`ReferenceCodes::made_from`]); per
/// sentence unit, `dimensions` values (two's complement bytes) and a scale (an `f32`'s bits).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct CodesRecordV5 {
    pub(crate) id: String,
    pub(crate) made_from: u64,
    #[serde(with = "byte_string")]
    pub(crate) values: Vec<u8>,
    #[serde(with = "u32_bytes")]
    pub(crate) scales: Vec<u32>,
}

/// A [`CodesRecordV5`] as written, the values borrowed.
#[derive(Serialize)]
struct CodesRecordOut<'a> {
    id: &'a str,
    made_from: u64,
    #[serde(with = "byte_string")]
    values: &'a [u8],
    #[serde(with = "u32_bytes")]
    scales: Vec<u32>,
}

/// A [`MeaningRecordV5`] as written.
#[derive(Serialize)]
struct MeaningRecordOut<'a> {
    dimensions: u32,
    references: Vec<CodesRecordOut<'a>>,
}

/// The bytes of `codes`, in id order (the same set, the same bytes); none for no codes.
pub(crate) fn encode(codes: &MeaningCodes) -> Vec<u8> {
    if codes.by_id.is_empty() {
        return Vec::new();
    }
    let sorted = codes.sorted();
    let dimensions = sorted.first().map_or(0, |(_, c)| c.codes.dimensions());
    let record = MeaningRecordOut {
        dimensions: dimensions as u32,
        references: (sorted.into_iter())
            .filter(|(_, c)| c.codes.dimensions() == dimensions)
            .map(|(id, c)| CodesRecordOut {
                id,
                made_from: c.made_from,
                values: c.codes.values(),
                scales: c.codes.scales().iter().map(|s| s.to_bits()).collect(),
            })
            .collect(),
    };
    postcard::to_allocvec(&record).expect("postcard writes to a Vec")
}

/// The codes in `bytes` ([`encode`]'s); an error says what does not fit.
pub(crate) fn decode(bytes: &[u8]) -> Result<MeaningCodes, String> {
    let mut codes = MeaningCodes::default();
    if bytes.is_empty() {
        return Ok(codes);
    }
    let record: MeaningRecordV5 = postcard::from_bytes(bytes).map_err(|e| e.to_string())?;
    let dimensions = usize::try_from(record.dimensions).map_err(|e| e.to_string())?;
    for reference in record.references {
        let scales = reference.scales.into_iter().map(f32::from_bits).collect();
        let kept = SentenceCodes::from_saved(dimensions, reference.values, scales)?;
        let kept = ReferenceCodes {
            made_from: reference.made_from,
            codes: Arc::new(kept),
        };
        codes.by_id.insert(reference.id, kept);
    }
    Ok(codes)
}
