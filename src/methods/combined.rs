//! Weighted SimHash combined with metadata similarity (the first improved SimHash seed).
//!
//! Text similarity comes from a 64-bit SimHash with tf·idf·(1 + len(x)) term weights
//! ([`TermWeighting::TfIdfLength`]); metadata (keywords, tags, references) is compared by the MinHash
//! estimate of the Jaccard similarity of the two metadata sets. The score is
//!
//! ```text
//! score = mu / (Ham + 1) + (1 - mu) · Jaccard(metadata),   mu in [0.8, 0.9]
//! ```
//!
//! so identical text scores at least `mu`, and metadata can lift or lower a pair by up to `1 - mu`.
//! The method's bucket index, which re-splits buckets over `(1 + mu)` times the average, is
//! [`crate::index::simindex::SimIndex`] (`overload_mu`).
//!
//! [`TermWeighting::TfIdfLength`]: crate::sketch::simhash::TermWeighting::TfIdfLength

use crate::error::Error;
use crate::sketch::hash::hash_bytes;
use crate::sketch::minhash::{MinHashSignature, MinHasher};
use crate::sketch::simhash::hamming;
use crate::text::tokenize;

/// Default weight of the text part of the score.
pub const DEFAULT_MU: f64 = 0.85;

crate::options! {
    /// Metadata of a document: each item is compared as a whole (after normalization).
    #[derive(Eq)]
    pub struct Metadata {
        /// Keywords.
        pub keywords: Vec<String> = Vec::new();
        /// Tags or categories.
        pub tags: Vec<String> = Vec::new();
        /// References (citations), e.g. titles or DOIs.
        pub references: Vec<String> = Vec::new();
    }
}

impl Metadata {
    /// Whether there is no metadata at all.
    pub fn is_empty(&self) -> bool {
        self.keywords.is_empty() && self.tags.is_empty() && self.references.is_empty()
    }

    /// The metadata set: one hash per distinct item, tagged by its field, in matching form (so
    /// "Machine  Learning" and "machine learning" are the same keyword).
    pub fn hashes(&self) -> Vec<u64> {
        let fields = [
            ("keyword", &self.keywords),
            ("tag", &self.tags),
            ("reference", &self.references),
        ];
        let mut hashes: Vec<u64> = fields
            .iter()
            .flat_map(|(field, items)| {
                items.iter().filter_map(move |item| {
                    let normalized = tokenize(item).token_texts().collect::<Vec<_>>().join(" ");
                    (!normalized.is_empty())
                        .then(|| hash_bytes(format!("{field}\u{1F}{normalized}").as_bytes()))
                })
            })
            .collect();
        hashes.sort_unstable();
        hashes.dedup();
        hashes
    }

    /// The MinHash signature of the metadata set.
    pub fn signature(&self, hasher: &MinHasher) -> MinHashSignature {
        hasher.signature(&self.hashes())
    }
}

/// `mu / (hamming + 1) + (1 - mu) × metadata_jaccard`. `mu` must be in [0.8, 0.9] and the Jaccard in
/// [0, 1].
///
/// ```
/// use plagscope::methods::combined::combined_score;
/// // Same text (distance 0), half the metadata shared: 0.85 + 0.15 x 0.5.
/// assert!((combined_score(0, 0.5, 0.85).unwrap() - 0.925).abs() < 1e-12);
/// // Three bits apart, no shared metadata: 0.85 / 4.
/// assert!((combined_score(3, 0.0, 0.85).unwrap() - 0.2125).abs() < 1e-12);
/// assert!(combined_score(0, 0.5, 0.5).is_err());
/// ```
pub fn combined_score(hamming: u32, metadata_jaccard: f64, mu: f64) -> Result<f64, Error> {
    if !(0.8..=0.9).contains(&mu) {
        return Err(Error::invalid(
            "mu",
            format!("must be in [0.8, 0.9], got {}", crate::error::Number(mu)),
        ));
    }
    if !(0.0..=1.0).contains(&metadata_jaccard) {
        return Err(Error::invalid(
            "metadataJaccard",
            format!(
                "must be in [0, 1], got {}",
                crate::error::Number(metadata_jaccard)
            ),
        ));
    }
    Ok(mu / (hamming as f64 + 1.0) + (1.0 - mu) * metadata_jaccard)
}

crate::report_records! {
    /// The combined comparison of two documents.
    #[derive(Copy)]
    pub struct CombinedSimilarity {
        /// Hamming distance of the weighted SimHashes.
        pub hamming: u32;
        /// MinHash estimate of the metadata sets' Jaccard similarity (0 when either has none).
        pub metadata_jaccard: f64;
        /// The combined score.
        pub score: f64;
    }
}

/// Compares two documents by their weighted SimHashes and metadata signatures.
pub fn combined_similarity(
    simhash_a: u64,
    simhash_b: u64,
    metadata_a: &MinHashSignature,
    metadata_b: &MinHashSignature,
    mu: f64,
) -> Result<CombinedSimilarity, Error> {
    let distance = hamming(simhash_a, simhash_b);
    let metadata_jaccard = metadata_a.jaccard(metadata_b)?;
    Ok(CombinedSimilarity {
        hamming: distance,
        metadata_jaccard,
        score: combined_score(distance, metadata_jaccard, mu)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sketch::minhash::MinHashScheme;
    use crate::sketch::simhash::{text_simhash, IdfTable, TermWeighting};

    #[test]
    fn score_is_mu_for_identical_text_without_metadata_and_grows_with_metadata() {
        assert_eq!(combined_score(0, 0.0, 0.8).unwrap(), 0.8);
        assert_eq!(combined_score(0, 1.0, 0.8).unwrap(), 1.0);
        assert!(combined_score(1, 0.0, 0.9).unwrap() < combined_score(0, 0.0, 0.9).unwrap());
        assert!(combined_score(0, 1.5, 0.85).is_err());
    }

    #[test]
    fn metadata_items_match_in_matching_form() {
        let a = Metadata {
            keywords: vec!["Machine  Learning".into(), "SimHash".into()],
            tags: vec!["cs.IR".into()],
            references: vec!["Charikar 2002".into()],
        };
        let b = Metadata {
            keywords: vec!["machine learning".into(), "simhash".into()],
            tags: vec!["CS.IR".into()],
            references: vec!["Charikar  2002".into()],
        };
        assert_eq!(a.hashes(), b.hashes());
        // A keyword is not the same as a tag with the same text.
        let tag = Metadata {
            tags: vec!["simhash".into()],
            ..Metadata::default()
        };
        let keyword = Metadata {
            keywords: vec!["simhash".into()],
            ..Metadata::default()
        };
        assert_ne!(tag.hashes(), keyword.hashes());
    }

    #[test]
    fn end_to_end_near_duplicate_with_shared_metadata_scores_higher() {
        let texts = [
            "Near-duplicate detection finds web pages whose content is almost the same.",
            "Near-duplicate detection finds web pages whose content is nearly the same.",
            "Protein folding determines the three-dimensional structure of molecules.",
        ];
        let mut idf = IdfTable::new();
        let analyses: Vec<_> = texts.iter().map(|t| tokenize(t)).collect();
        analyses.iter().for_each(|a| idf.add_document(a));
        let fingerprints: Vec<u64> = analyses
            .iter()
            .map(|a| text_simhash(a, TermWeighting::TfIdfLength, Some(&idf)).unwrap())
            .collect();
        let hasher = MinHasher::new(64, MinHashScheme::OnePermutation).unwrap();
        let meta = Metadata {
            keywords: vec!["near-duplicate".into(), "simhash".into()],
            ..Metadata::default()
        }
        .signature(&hasher);
        let other = Metadata {
            keywords: vec!["proteins".into()],
            ..Metadata::default()
        }
        .signature(&hasher);
        let near =
            combined_similarity(fingerprints[0], fingerprints[1], &meta, &meta, 0.85).unwrap();
        let far =
            combined_similarity(fingerprints[0], fingerprints[2], &meta, &other, 0.85).unwrap();
        assert!(near.hamming < far.hamming, "{near:?} {far:?}");
        assert_eq!(near.metadata_jaccard, 1.0);
        assert!(near.score > far.score);
    }
}
