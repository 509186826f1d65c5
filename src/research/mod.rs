//! Research code: methods from the seed papers kept to study and compare, reached by no product
//! path (a check, all pairs, the saved index, the bindings). Nothing here is part of what a user
//! runs; a method moves into the product when a product path needs it, with its measurement.
//!
//! - [`weibo_buckets`]: the Weibo seed's recursive 8-bit bucketing of 32-bit SimHash fingerprints.
//!
//! The other seeds' indexes serve the product: MinHash LSH banding ([`crate::index::lsh`]) and the
//! permuted-table SimHash index ([`crate::index::simindex`]) give all pairs its candidates
//! ([`crate::checker::Checker::pair_candidates`]).

pub mod weibo_buckets;
