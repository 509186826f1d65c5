//! The seeds' published methods, one module each, built on the sketches and indexes:
//!
//! - [`combined`]: weighted SimHash (tf·idf·(1+len)) combined with the MinHash Jaccard of metadata,
//!   `mu/(Ham+1) + (1-mu)·J`.
//! - [`weibo`]: 32-bit SimHash for short texts with short-token bit folding, the duplicate rate
//!   `Dup`, `Sim = 1/(Ham+1) + K·Dup` with threshold `1 + 0.2K` (its recursive 8-bit bucketing is research
//!   code: `src/research/weibo_buckets.rs`, built for tests only).
//! - [`chinese_ngram`]: Chinese near-duplicate detection with a common-character filter, 4-gram
//!   hashes in base 44, every D-th hash sampled and looked up by binary search.
//!
//! Charikar SimHash with the Manku permuted-table index, MinHash with LSH banding and winnowing are
//! in [`crate::sketch`] and [`crate::index`].

pub mod chinese_ngram;
pub mod combined;
pub mod weibo;
