//! Indexes over sketches: candidates without comparing every pair.
//!
//! - [`lsh`]: MinHash LSH banding (near-duplicate candidates by estimated Jaccard).
//! - [`simindex`]: Hamming-distance search over 64-bit SimHash fingerprints with Manku-style
//!   permuted tables, with overloaded buckets re-split.
//! - `postings`: a reference set's winnowed fingerprints and the references holding each, the
//!   index a check retrieves its candidates from (crate-internal: the `Checker` owns it).

pub mod lsh;
pub(crate) mod postings;
pub mod simindex;
