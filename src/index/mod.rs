//! Indexes over sketches: candidates without comparing every pair.
//!
//! - [`lsh`]: MinHash LSH banding (near-duplicate candidates by estimated Jaccard).
//! - [`simindex`]: Hamming-distance search over 64-bit SimHash fingerprints with Manku-style
//!   permuted tables, with overloaded buckets re-split.

pub mod lsh;
pub mod simindex;
