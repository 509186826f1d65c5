//! Sentence embeddings: what the core asks of a multilingual sentence model, and nothing of how it
//! is computed. The model is a crate of its own (`plagscope-model`, loaded on demand with its
//! weights); the core only holds something that turns sentences into unit vectors, which the
//! translated evidence ([`crate::align::translated`]) compares.

use crate::error::Error;

/// Turns sentences into unit vectors, a sentence and its translation close together. Send and
/// Sync, as a checker is: a host's single-threaded encoder (a JS callback in wasm) says so itself.
pub trait SentenceEncoder: Send + Sync {
    /// The width of a vector.
    fn dimensions(&self) -> usize;

    /// Which model reads `text`: equal for two encoders that give its sentences the same
    /// vectors, different otherwise (a hash of the weights that text reads). Saved sentence
    /// codes are used only by a model that reads their text as the one that made them did.
    fn identity(&self, text: &str) -> u64;

    /// The unit vectors of `sentences`, [`SentenceEncoder::dimensions`] values each, one after
    /// another. An error (a host's callback that failed) stops the check that asked.
    fn encode(&self, sentences: &[String]) -> Result<Vec<f32>, Error>;
}

/// The cosine of two unit vectors: their dot product.
pub fn cosine(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}
