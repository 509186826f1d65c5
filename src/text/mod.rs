//! The text layer: from an original string to tokens that remember where they came from.
//!
//! Only tokenization lives here for now; normalization (NFKC, invisible characters, look-alike
//! letters) will sit in front of it and keep the same promise: every token carries its span in the
//! original text.

pub mod tokenize;

pub use tokenize::{tokenize, Token};
