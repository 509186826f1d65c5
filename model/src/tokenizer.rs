//! Text to the embedding table's rows: the encoder's own SentencePiece model (unigram over
//! nmt_nfkc-normalized text), framed by the begin and end pieces as the encoder was trained, then
//! each piece to its row. The file keeps only the rows of the scripts plagscope supports; a piece
//! of another script is read as the unknown piece, the same as a piece the model never saw.

use plagscope::Error;
use sentencepiece_rust::SentencePieceProcessor;

/// The unknown piece, and the pieces that begin and end every sentence.
const UNKNOWN: u32 = 0;
const BEGIN: u32 = 1;
const END: u32 = 2;

/// The most pieces of one sentence the encoder reads: a longer "sentence" (a text without
/// punctuation) is cut, so that its memory stays bounded; real sentences are far shorter.
pub const MAX_PIECES: usize = 512;

/// The tokenizer and the row of each piece.
pub struct Tokenizer {
    pieces: SentencePieceProcessor,
    rows: Vec<u32>,
}

impl Tokenizer {
    /// The tokenizer of the SentencePiece `model` file, with `rows[piece]` the embedding row of
    /// each piece, all below `row_count`.
    pub fn new(model: &[u8], rows: Vec<u32>, row_count: usize) -> Result<Tokenizer, Error> {
        let pieces = SentencePieceProcessor::from_bytes(model)
            .map_err(|e| Error::invalid_model(format!("damaged tokenizer ({e})")))?;
        if pieces.piece_size() != rows.len() {
            return Err(Error::invalid_model(format!(
                "the tokenizer has {} pieces and the table rows for {}",
                pieces.piece_size(),
                rows.len()
            )));
        }
        if let Some(row) = rows.iter().find(|&&row| row as usize >= row_count) {
            return Err(Error::invalid_model(format!(
                "a piece's row {row} is past the table's {row_count}"
            )));
        }
        Ok(Tokenizer { pieces, rows })
    }

    /// The pieces of `sentence`, framed by the begin and end pieces (an empty sentence is the
    /// unknown piece, as in the reference), at most [`MAX_PIECES`].
    pub fn pieces(&self, sentence: &str) -> Vec<u32> {
        let mut ids = vec![BEGIN];
        // The processor fails only on a model it cannot use, which `new` has already refused;
        // an unknown piece is what the reference gives a text it cannot read.
        let pieces = self.pieces.encode(sentence).unwrap_or_default();
        if pieces.is_empty() {
            ids.push(UNKNOWN);
        }
        ids.extend(
            pieces
                .iter()
                .take(MAX_PIECES - 2)
                .map(|&id| u32::try_from(id).unwrap_or(UNKNOWN)),
        );
        ids.push(END);
        ids
    }

    /// Gives `piece` the embedding row `row` (a part of the model file brought its row).
    pub fn set_row(&mut self, piece: u32, row: u32) -> Result<(), Error> {
        let slot = self.rows.get_mut(piece as usize).ok_or_else(|| {
            Error::invalid_model(format!("a part names piece {piece}, past the vocabulary"))
        })?;
        *slot = row;
        Ok(())
    }

    /// The embedding row of `piece` (the unknown piece's row for an id past the vocabulary).
    pub fn row(&self, piece: u32) -> usize {
        let row = self
            .rows
            .get(piece as usize)
            .or(self.rows.get(UNKNOWN as usize));
        row.copied().unwrap_or(0) as usize
    }
}
