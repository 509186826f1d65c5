//! Charikar's SimHash: a 64-bit fingerprint of a weighted feature set whose Hamming distances track
//! cosine distance (Charikar 2002; used for web-scale near-duplicates by Manku, Jain, Das Sarma 2007).
//!
//! Each feature's 64-bit hash votes `+weight` on the bits where it has a 1 and `-weight` where it has
//! a 0; the fingerprint keeps the bits whose total is positive. Features here are the terms (tokens in
//! matching form, stop words removed) hashed with the shingle hash, weighted by one of
//! [`TermWeighting`]'s schemes.

use rustc_hash::FxHashMap as HashMap;

use serde::{Deserialize, Serialize};

use crate::error::Error;
use crate::text::{is_stopword, Analysis};

use super::hash::hash_bytes;

/// The 64-bit SimHash of `(feature hash, weight)` pairs. Features with zero or negative total
/// weight contribute nothing; an empty set gives 0.
///
/// ```
/// use plagscope::sketch::simhash::{simhash64, hamming};
/// let a = simhash64([(0xF0F0, 2.0), (0x0FF0, 1.0)]);
/// assert_eq!(a, 0xF0F0 | 0x00F0);
/// assert_eq!(hamming(a, a), 0);
/// ```
pub fn simhash64(features: impl IntoIterator<Item = (u64, f64)>) -> u64 {
    let mut votes = [0f64; 64];
    for (hash, weight) in features {
        for (bit, vote) in votes.iter_mut().enumerate() {
            if hash >> bit & 1 == 1 {
                *vote += weight;
            } else {
                *vote -= weight;
            }
        }
    }
    votes
        .iter()
        .enumerate()
        .filter(|(_, &vote)| vote > 0.0)
        .fold(0u64, |fingerprint, (bit, _)| fingerprint | 1 << bit)
}

/// [`simhash64`] of whole-number weights (term counts), the same fingerprint found faster: sums of
/// whole numbers are exact in `f64` (below 2^53) whatever their order, so the votes can be summed as
/// 32-bit integers, four to a SIMD lane rather than two, and the features need no order. The
/// weights of one call must total under 2^31 (a text has at most 16 million tokens).
///
/// ```
/// use plagscope::sketch::simhash::{simhash64, simhash64_counts};
/// let counts = [(0xF0F0, 2), (0x0FF0, 1)];
/// assert_eq!(simhash64_counts(&counts), simhash64(counts.map(|(h, c)| (h, f64::from(c)))));
/// ```
#[inline(never)] // one copy for its two callers: the unrolled SIMD loop is 0.5 KB of wasm
pub fn simhash64_counts(features: &[(u64, u32)]) -> u64 {
    let mut votes = [0i32; 64];
    for &(hash, count) in features {
        let count = count as i32;
        for (bit, vote) in votes.iter_mut().enumerate() {
            *vote += if hash & 1 << bit != 0 { count } else { -count };
        }
    }
    votes
        .iter()
        .enumerate()
        .filter(|(_, &vote)| vote > 0)
        .fold(0u64, |fingerprint, (bit, _)| fingerprint | 1 << bit)
}

/// Number of differing bits.
#[inline]
pub fn hamming(a: u64, b: u64) -> u32 {
    (a ^ b).count_ones()
}

/// How terms are weighted in a SimHash.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum TermWeighting {
    /// Raw term counts (tf).
    #[default]
    Count,
    /// tf × idf, with idf from a reference set ([`IdfTable`]).
    TfIdf,
    /// The seed method's tf × idf × (1 + len(x)), where len(x) is the normal density of the term's
    /// length in characters (mean 4.51, standard deviation 2.207) scaled to 1 at its peak
    /// ([`length_weight`]): terms of typical word length count most.
    TfIdfLength,
}

/// Mean term length of the seed method's length weight.
pub const LENGTH_MEAN: f64 = 4.51;
/// Standard deviation of the seed method's length weight.
pub const LENGTH_SD: f64 = 2.207;

/// The normal density of a term length of `chars` characters (mean 4.51, sd 2.207), scaled so that
/// its peak is 1.
///
/// ```
/// use plagscope::sketch::simhash::length_weight;
/// assert!(length_weight(5) > 0.97 && length_weight(1) < 0.3 && length_weight(15) < 0.01);
/// ```
pub fn length_weight(chars: usize) -> f64 {
    let z = (chars as f64 - LENGTH_MEAN) / LENGTH_SD;
    (-0.5 * z * z).exp()
}

/// Document frequencies of terms over a reference set, for idf weights.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct IdfTable {
    documents: u32,
    /// Hashed for speed (every term of every reference passes here); [`IdfTable::counts`] sorts,
    /// so that a saved index is byte-for-byte reproducible.
    document_frequency: HashMap<u64, u32>,
}

impl IdfTable {
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// Bytes its hash map holds on the heap (16 a term and a control byte per bucket).
    pub fn heap_bytes(&self) -> usize {
        self.document_frequency.capacity() * 17
    }

    /// Counts one document's terms (each distinct term once).
    pub fn add_document(&mut self, analysis: &Analysis) {
        let mut seen: Vec<u64> = terms(analysis).map(|(hash, _)| hash).collect();
        seen.sort_unstable();
        seen.dedup();
        for hash in seen {
            *self.document_frequency.entry(hash).or_default() += 1;
        }
        self.documents += 1;
    }

    /// Removes a document counted before.
    pub fn remove_document(&mut self, analysis: &Analysis) {
        let mut seen: Vec<u64> = terms(analysis).map(|(hash, _)| hash).collect();
        seen.sort_unstable();
        seen.dedup();
        for hash in seen {
            // A count can be lower than the documents holding the term only in a forged index.
            if let Some(count) = self.document_frequency.get_mut(&hash) {
                if *count > 1 {
                    *count -= 1;
                } else {
                    self.document_frequency.remove(&hash);
                }
            }
        }
        self.documents = self.documents.saturating_sub(1);
    }

    /// Adds the counts of `other`, a table over other documents.
    pub fn add_table(&mut self, other: &IdfTable) {
        for (&term, &count) in &other.document_frequency {
            *self.document_frequency.entry(term).or_default() += count;
        }
        self.documents += other.documents;
    }

    /// Number of documents counted.
    pub fn documents(&self) -> u32 {
        self.documents
    }

    /// A table of `documents` documents and `(term, count)` pairs (the saved index's form; a
    /// repeated term keeps its last count).
    pub(crate) fn from_counts(documents: u32, pairs: impl IntoIterator<Item = (u64, u32)>) -> Self {
        IdfTable {
            documents,
            document_frequency: pairs.into_iter().collect(),
        }
    }

    /// The `(term, count)` pairs, terms ascending.
    pub(crate) fn counts(&self) -> impl Iterator<Item = (u64, u32)> + '_ {
        let mut pairs: Vec<(u64, u32)> = self
            .document_frequency
            .iter()
            .map(|(&term, &count)| (term, count))
            .collect();
        // Each term once (they are a map's keys), so sorting whole pairs is sorting by term; it
        // shares the wasm code of the postings' sort of the same pairs.
        pairs.sort_unstable();
        pairs.into_iter()
    }

    /// References of the set holding the term with hash `term`.
    pub fn document_frequency(&self, term: u64) -> u32 {
        self.document_frequency.get(&term).copied().unwrap_or(0)
    }

    /// Smoothed inverse document frequency of the term with hash `term`: `ln((1 + N) / (1 + df)) + 1`,
    /// so an unseen term weighs most and a term in every document still weighs 1.
    pub fn idf(&self, term: u64) -> f64 {
        let df = self.document_frequency(term);
        ((1.0 + self.documents as f64) / (1.0 + df as f64)).ln() + 1.0
    }
}

/// The terms of a text: hash and character count of each non-stop-word token.
fn terms(analysis: &Analysis) -> impl Iterator<Item = (u64, usize)> + '_ {
    analysis
        .token_texts()
        .filter(|text| !is_stopword(text))
        .map(|text| (hash_bytes(text.as_bytes()), text.chars().count()))
}

/// Weighted term features of a text: one `(term hash, weight)` per distinct term (stop words
/// removed). `idf` is required for the tf·idf weightings.
pub fn term_features(
    analysis: &Analysis,
    weighting: TermWeighting,
    idf: Option<&IdfTable>,
) -> Result<Vec<(u64, f64)>, Error> {
    let idf = match (weighting, idf) {
        (TermWeighting::Count, _) => None,
        (_, Some(table)) => Some(table),
        (_, None) => {
            return Err(Error::invalid(
                "weighting",
                "tf-idf weighting needs document frequencies from a reference set",
            ))
        }
    };
    let features: Vec<(u64, f64)> = term_table(analysis)
        .into_iter()
        .map(|(hash, (tf, chars))| {
            let weight = match weighting {
                TermWeighting::Count => tf,
                TermWeighting::TfIdf => tf * idf.map_or(1.0, |t| t.idf(hash)),
                TermWeighting::TfIdfLength => {
                    tf * idf.map_or(1.0, |t| t.idf(hash)) * (1.0 + length_weight(chars))
                }
            };
            (hash, weight)
        })
        .collect();
    // In term order, so that the votes add up in the same order every time. The terms are a map's
    // keys, all distinct, so sorting (term, place) pairs is sorting by term, and it shares the wasm
    // code of the postings' sort of `(u64, u32)` pairs (a sort by key of these would be its own).
    let mut order: Vec<(u64, u32)> = (features.iter().enumerate())
        .map(|(place, &(hash, _))| (hash, place as u32))
        .collect();
    order.sort_unstable();
    Ok(order
        .iter()
        .map(|&(_, place)| features[place as usize])
        .collect())
}

/// The 64-bit SimHash of a text's terms under `weighting`.
///
/// ```
/// use plagscope::sketch::simhash::{hamming, text_simhash, TermWeighting};
/// use plagscope::text::tokenize;
/// let a = text_simhash(&tokenize("the cat sat on the mat with another cat"), TermWeighting::Count, None).unwrap();
/// let b = text_simhash(&tokenize("the cat sat on the mat with another dog"), TermWeighting::Count, None).unwrap();
/// let c = text_simhash(&tokenize("quantum chromodynamics of heavy quarks"), TermWeighting::Count, None).unwrap();
/// assert!(hamming(a, b) < hamming(a, c));
/// ```
pub fn text_simhash(
    analysis: &Analysis,
    weighting: TermWeighting,
    idf: Option<&IdfTable>,
) -> Result<u64, Error> {
    if weighting == TermWeighting::Count {
        return Ok(simhash64_counts(&term_counts(analysis)));
    }
    Ok(simhash64(term_features(analysis, weighting, idf)?))
}

/// Each distinct term of a text (stop words removed) with how often it occurs, in no order: the
/// features of [`TermWeighting::Count`], for [`simhash64_counts`].
pub fn term_counts(analysis: &Analysis) -> Vec<(u64, u32)> {
    let table = term_table(analysis);
    table
        .into_iter()
        .map(|(hash, (tf, _))| (hash, tf as u32))
        .collect()
}

/// Each distinct term of a text with its count (as `f64`, the weight it starts from) and length in
/// characters, in the order the terms first occur. One table type for every weighting, and the
/// terms found through a map of `u32` places, the type of the idf table's own map: each map type
/// is its own copy of the hash map's code in the wasm.
fn term_table(analysis: &Analysis) -> Vec<(u64, (f64, usize))> {
    let mut places: HashMap<u64, u32> = HashMap::default();
    let mut table: Vec<(u64, (f64, usize))> = Vec::new();
    for (hash, chars) in terms(analysis) {
        let place = *places.entry(hash).or_insert_with(|| {
            table.push((hash, (0.0, chars)));
            (table.len() - 1) as u32
        });
        table[place as usize].1 .0 += 1.0;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::tokenize;

    #[test]
    fn whole_number_votes_give_the_fingerprint_of_f64_votes() {
        let mut below = crate::test_random::below(0x5EED_5140);
        for case in 0..2_000 {
            // Few features with few bits set tie often: ties must fall the same way (no bit).
            let bits = if case % 2 == 0 { u64::MAX } else { 0x0F0F };
            let features: Vec<(u64, u32)> = (0..below(12))
                .map(|_| (below(u64::MAX) & bits, 1 + below(4) as u32))
                .collect();
            let as_f64 = features.iter().map(|&(h, c)| (h, f64::from(c)));
            assert_eq!(
                simhash64_counts(&features),
                simhash64(as_f64),
                "{features:?}"
            );
        }
    }

    #[test]
    fn a_texts_count_simhash_is_the_simhash_of_its_count_features() {
        let text = "the cat sat on the mat, the cat sat again. 猫坐在垫子上，猫又坐下。";
        let analysis = tokenize(text);
        let features = term_features(&analysis, TermWeighting::Count, None).unwrap();
        assert_eq!(
            text_simhash(&analysis, TermWeighting::Count, None).unwrap(),
            simhash64(features)
        );
    }

    #[test]
    fn heavier_features_win_the_vote() {
        assert_eq!(simhash64([(0b1010, 3.0), (0b0101, 1.0)]) & 0xF, 0b1010);
        assert_eq!(simhash64([]), 0);
    }

    #[test]
    fn idf_weights_rare_terms_more_and_needs_a_table() {
        let mut table = IdfTable::new();
        for text in ["protein folding", "protein structure", "river delta"] {
            table.add_document(&tokenize(text));
        }
        let protein = hash_bytes(b"protein");
        let delta = hash_bytes(b"delta");
        assert!(table.idf(delta) > table.idf(protein));
        assert_eq!(table.documents(), 3);
        table.remove_document(&tokenize("river delta"));
        assert_eq!(table.idf(delta), table.idf(hash_bytes(b"unseen")));
        assert!(term_features(&tokenize("x"), TermWeighting::TfIdf, None).is_err());
    }

    #[test]
    fn length_weight_peaks_near_four_and_a_half() {
        assert!(length_weight(4) > length_weight(2));
        assert!(length_weight(5) > length_weight(8));
        let tf_idf_length = term_features(
            &tokenize("a wonderful day"),
            TermWeighting::TfIdfLength,
            Some(&IdfTable::new()),
        )
        .unwrap();
        // "a" is a stop word; "wonderful" (9 chars) weighs less than "day" (3 chars).
        assert_eq!(tf_idf_length.len(), 2);
        let weight = |word: &str| {
            tf_idf_length
                .iter()
                .find(|f| f.0 == hash_bytes(word.as_bytes()))
                .unwrap()
                .1
        };
        assert!(weight("day") > weight("wonderful"));
    }
}
