//! plagscope: a plagiarism checker that runs entirely on the user's machine.
//!
//! The crate is a plain Rust library, the "core": it knows no wasm, JS or Python types. The bindings
//! are crates of their own beside it (`bindings/wasm` exposes it to JavaScript). Data flows one way
//! (ARCHITECTURE.md draws it whole):
//!
//! ```text
//! text -> normalized tokens (text) -> shingles, fingerprints, MinHash, SimHash, sentence terms
//!      (sketch) -> a reference set's postings and indexes (checker, index, store)
//!      -> candidates -> passages with their evidence, exact or rewritten (align)
//!      -> exclusions (exclude) -> scores and the report (checker, methods)
//! ```
//!
//! Every span that leaves the core is measured in **UTF-16 code units of the original text**,
//! end-exclusive, so that JavaScript's `text.slice(start, end)` returns exactly the matched passage.
//!
//! ```
//! let shared = plagscope::shared_ngrams("the quick brown fox", "a quick brown fox!", 3).unwrap();
//! assert_eq!(shared.a[0].slice_of("the quick brown fox"), "quick brown fox");
//! ```

#![deny(missing_docs)]

pub mod align;
pub mod checker;
pub mod compare;
pub mod error;
pub mod exclude;
pub mod index;
pub mod json_out;
pub mod json_path;
mod json_types;
// Translated evidence (issue 30): a feature, so that the engine most pages load does without it.
#[cfg(feature = "translated")]
pub mod lexicon;
pub mod methods;
pub mod options;
pub mod records;
pub mod report_records;
// Research code reached by no product path, kept with its tests only: not part of the public crate.
#[cfg(test)]
mod research;
pub mod schema;
pub mod sketch;
mod sort;
pub mod span;
pub mod store;
#[cfg(test)]
mod test_random;
pub mod text;
mod varint;

pub use compare::{shared_ngrams, SharedNgrams, MAX_NGRAM, MIN_NGRAM};
pub use error::{Error, ErrorCode};
pub use span::Span;

/// The plagscope version: the core's, which every binding reports as its own.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
