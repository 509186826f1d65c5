//! Sketches of tokenized text: hashed shingles (word and character n-grams) and winnowed local
//! fingerprints. Everything here works on an [`Analysis`](crate::text::Analysis) and keeps the
//! original UTF-16 spans, so any fingerprint can be highlighted; [`sentence_terms`] gives each
//! sentence a weighted bag of its rare content terms; [`embeddings`] is what the core asks of a
//! sentence model, and [`sentence_codes`] keeps its vectors for a search by meaning.

pub mod background;
pub mod embeddings;
pub mod hash;
pub mod minhash;
pub mod of_text;
pub mod sentence_codes;
pub mod sentence_terms;
pub mod shingle;
pub mod simhash;
pub mod token_terms;
pub mod winnow;

pub use hash::{hash_bytes, HASH_SCHEME_VERSION, SHINGLE_SEED};
pub use of_text::{
    minhash_of, minhash_of_hashes, shingle_hashes_of, shingles_of, simhash_of, winnow_of,
    HashedShingle, MinHashOptions, ShingleKind, ShingleOptions, SimHashOptions, WinnowOptions,
};
pub use shingle::{
    char_shingles, default_char_k, word_shingle_hashes, word_shingles, Shingle, DEFAULT_WORD_N,
    MAX_SHINGLE, MIN_SHINGLE,
};
pub use winnow::{guarantee_window, winnow, winnow_positions, Fingerprint};
