//! The one shingle hash. Saved indexes and golden tests depend on its exact output, so it is fixed
//! and versioned:
//!
//! - **Scheme 5** (scheme 4 plus a word broken at a line end by a hyphen read as one token,
//!   `Adri-\natic` as `adriatic`: see `text::tokenize::hyphens`; an index of scheme 4 holds the
//!   two halves' shingles and is indexed again from its texts when loaded).
//! - **Scheme 4** (scheme 3 plus a fingerprint for each sentence among a reference's fingerprints,
//!   [`crate::sketch::sentence_terms::sentence_fingerprints`]; an index of scheme 3 lacks them and
//!   is indexed again from its texts when loaded).
//! - **Scheme 3** (scheme 2 plus the marks of Latin, Greek and Cyrillic letters dropped, look-alike
//!   letters judged by line, text under a right-to-left override read in display order, invisible
//!   characters between words read as spaces; scheme 2 folded Traditional Chinese to Simplified):
//!   XXH3-64 (xxHash 0.8, 64-bit variant) with seed [`SHINGLE_SEED`] over UTF-8 bytes.
//!   A word shingle hashes its tokens' matching forms joined by single spaces (tokens never contain
//!   whitespace, so the joined string is unambiguous); a character shingle hashes its characters.
//!
//! Any change to the hash, the seed or what is hashed must bump [`HASH_SCHEME_VERSION`]. The same
//! values come out of any XXH3 implementation, e.g. Python's
//! `xxhash.xxh3_64_intdigest("the quick brown fox jumps".encode(), seed=0x706c616773636f70)`.

use xxhash_rust::xxh3::xxh3_64_with_seed;

/// Version of the shingle hash scheme; stored in every saved index.
pub const HASH_SCHEME_VERSION: u32 = 5;

/// Seed of the shingle hash: the ASCII bytes of "plagscop" read as a big-endian integer.
pub const SHINGLE_SEED: u64 = 0x706C_6167_7363_6F70;

/// Hashes `bytes` with the shingle hash (XXH3-64, seed [`SHINGLE_SEED`]).
///
/// ```
/// use plagscope::sketch::hash_bytes;
/// assert_eq!(hash_bytes(b"the quick brown fox jumps"), 0x3363_df04_1972_e921);
/// ```
#[inline]
pub fn hash_bytes(bytes: &[u8]) -> u64 {
    xxh3_64_with_seed(bytes, SHINGLE_SEED)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Golden vectors, computed independently with Python's `xxhash` 3.x (`xxh3_64_intdigest`).
    /// If one of these changes, saved indexes silently change meaning: bump HASH_SCHEME_VERSION.
    #[test]
    fn golden_vectors() {
        assert_eq!(HASH_SCHEME_VERSION, 5);
        assert_eq!(SHINGLE_SEED.to_be_bytes(), *b"plagscop");
        assert_eq!(hash_bytes(b""), 0x595c_704c_c173_a14a);
        assert_eq!(hash_bytes(b"abc"), 0x19cf_55c0_2e18_7e10);
        assert_eq!(
            hash_bytes(b"the quick brown fox jumps"),
            0x3363_df04_1972_e921
        );
        assert_eq!(
            hash_bytes("我们研究蛋白质".as_bytes()),
            0x7850_55d8_bb25_14db
        );
    }
}
