//! The encoder's weights, read by name and checked against the shapes the network needs. The
//! names are those of the reference implementation's `weights.npz`, so that the two can be held
//! to each other tensor by tensor.

use plagscope::Error;

use crate::file::ModelFile;
use crate::linalg::{blocks_side_by_side, Matrix};
use crate::quantized::QuantizedMatrix;

/// The width of a token embedding and of a sentence vector.
pub const DIMENSIONS: usize = 512;
/// The width of each n-gram branch.
pub const BRANCH: usize = 256;
/// The width of the hidden layers of the head.
const HIDDEN: usize = 320;
/// The n-gram branches: their order and how many of their tokens come before the current one.
pub const ORDERS: [(usize, usize); 3] = [(2, 0), (3, 1), (5, 2)];
/// The embedding rows are quantized in this many interleaved chunks (row `piece % CHUNKS`), each
/// with its own scale and offset.
pub const CHUNKS: usize = 17;

/// Tensor names shared by the file's writer (examples/make-model.rs) and this reader.
pub mod names {
    /// The SentencePiece model file, as bytes.
    pub const TOKENIZER: &str = "tokenizer";
    /// The row of each piece in the trimmed table.
    pub const PIECE_ROWS: &str = "pieces.row";
    /// The table's 6-bit codes, rows × 512.
    pub const EMBEDDING: &str = "embedding";
    /// Each row's quantization chunk.
    pub const ROW_CHUNKS: &str = "embedding.chunk";
    /// Each chunk's scale and offset: value = code × scale + offset.
    pub const SCALE: &str = "embedding.scale";
    /// In a part of the file (the rows of another script): the piece of each of its rows.
    pub const PART_PIECES: &str = "part.pieces";
    /// See [`SCALE`].
    pub const OFFSET: &str = "embedding.offset";
}

/// One n-gram branch: two convolutions over `order` tokens, each with a residual connection.
/// Each convolution's weights are kept with its slots side by side (`BRANCH` × `order · BRANCH`):
/// one product of a token's input gives what the token adds to each of the `order` windows that
/// hold it (`network`).
pub struct Branch {
    pub order: usize,
    pub left: usize,
    pub first: QuantizedMatrix,
    pub first_bias: Vec<f32>,
    pub second: QuantizedMatrix,
    pub second_bias: Vec<f32>,
}

/// The embedding table and every layer of the network.
pub struct Weights {
    pub codes: Vec<u8>,
    pub row_chunks: Vec<u8>,
    pub scale: Vec<f32>,
    pub offset: Vec<f32>,
    pub projection: QuantizedMatrix,
    pub projection_bias: Vec<f32>,
    pub branch_gamma: Vec<f32>,
    pub branch_beta: Vec<f32>,
    pub branches: Vec<Branch>,
    pub gamma: Vec<f32>,
    pub beta: Vec<f32>,
    pub pool: QuantizedMatrix,
    pub pool_bias: Vec<f32>,
    pub d0: QuantizedMatrix,
    pub d1: QuantizedMatrix,
    pub p1: QuantizedMatrix,
    pub d2: QuantizedMatrix,
    pub p3: QuantizedMatrix,
    pub d3: QuantizedMatrix,
    pub eps: f32,
}

impl Weights {
    /// The weights in `file`, whose table has `rows` rows.
    pub fn read(file: &ModelFile, rows: usize) -> Result<Weights, Error> {
        let matrix = |name: &str, r: usize, c: usize| -> Result<Matrix, Error> {
            Ok(Matrix {
                rows: r,
                cols: c,
                values: file.f32s(name, &[r, c])?,
            })
        };
        let vector = |name: &str, n: usize| file.f32s(name, &[n]);
        let concat = |prefix: &str| -> Result<Vec<f32>, Error> {
            let parts = ORDERS
                .iter()
                .map(|(n, _)| vector(&format!("{prefix}{n}"), BRANCH));
            Ok(parts.collect::<Result<Vec<_>, Error>>()?.concat())
        };
        let mut projection = Vec::with_capacity(DIMENSIONS * BRANCH * ORDERS.len());
        let parts = ORDERS
            .iter()
            .map(|(n, _)| matrix(&format!("proj{n}"), DIMENSIONS, BRANCH));
        let parts = parts.collect::<Result<Vec<_>, Error>>()?;
        for row in 0..DIMENSIONS {
            for part in &parts {
                projection.extend_from_slice(&part.values[row * BRANCH..(row + 1) * BRANCH]);
            }
        }
        let features = DIMENSIONS + BRANCH * ORDERS.len();
        Ok(Weights {
            codes: file
                .bytes(names::EMBEDDING, Some(&[rows, DIMENSIONS]))?
                .to_vec(),
            row_chunks: row_chunks(file, rows)?,
            scale: vector(names::SCALE, CHUNKS)?,
            offset: vector(names::OFFSET, CHUNKS)?,
            projection: QuantizedMatrix::new(&Matrix {
                rows: DIMENSIONS,
                cols: BRANCH * ORDERS.len(),
                values: projection,
            }),
            projection_bias: concat("proj_b")?,
            branch_gamma: concat("ln_g")?,
            branch_beta: concat("ln_b")?,
            branches: branches(file)?,
            gamma: vector("ln_g", features)?,
            beta: vector("ln_b", features)?,
            pool: QuantizedMatrix::new(&matrix("cnn_W", features, DIMENSIONS)?),
            pool_bias: vector("cnn_b", DIMENSIONS)?,
            d0: QuantizedMatrix::new(&matrix("d0", DIMENSIONS, HIDDEN)?),
            d1: QuantizedMatrix::new(&matrix("d1", HIDDEN, HIDDEN)?),
            p1: QuantizedMatrix::new(&matrix("p1", DIMENSIONS, HIDDEN)?),
            d2: QuantizedMatrix::new(&matrix("d2", HIDDEN, DIMENSIONS)?),
            p3: QuantizedMatrix::new(&matrix("p3", HIDDEN, DIMENSIONS)?),
            d3: QuantizedMatrix::new(&matrix("d3", DIMENSIONS, DIMENSIONS)?),
            eps: vector("eps", 1)?[0],
        })
    }

    /// Appends the rows of a part of the model file, `codes` (rows × 512) and their `chunks`;
    /// returns the first new row.
    pub fn add_rows(&mut self, codes: &[u8], chunks: &[u8]) -> Result<usize, Error> {
        if codes.len() != chunks.len() * DIMENSIONS
            || chunks.iter().any(|&c| usize::from(c) >= CHUNKS)
        {
            return Err(Error::invalid_model(
                "a part's rows do not match its chunks",
            ));
        }
        let first = self.row_chunks.len();
        self.codes.extend_from_slice(codes);
        self.row_chunks.extend_from_slice(chunks);
        Ok(first)
    }

    /// The embedding of table row `row`, dequantized into `out`.
    pub fn embed(&self, row: usize, out: &mut [f32]) {
        let chunk = usize::from(self.row_chunks[row]);
        let (scale, offset) = (self.scale[chunk], self.offset[chunk]);
        let codes = &self.codes[row * DIMENSIONS..(row + 1) * DIMENSIONS];
        for (x, &code) in out.iter_mut().zip(codes) {
            *x = f32::from(code) * scale + offset;
        }
    }
}

fn row_chunks(file: &ModelFile, rows: usize) -> Result<Vec<u8>, Error> {
    let chunks = file.bytes(names::ROW_CHUNKS, Some(&[rows]))?;
    if chunks.iter().any(|&c| usize::from(c) >= CHUNKS) {
        return Err(Error::invalid_model(
            "a row's quantization chunk is out of range",
        ));
    }
    Ok(chunks.to_vec())
}

fn branches(file: &ModelFile) -> Result<Vec<Branch>, Error> {
    let matrix = |name: String, r: usize| -> Result<Matrix, Error> {
        Ok(Matrix {
            rows: r,
            cols: BRANCH,
            values: file.f32s(&name, &[r, BRANCH])?,
        })
    };
    ORDERS
        .iter()
        .map(|&(order, left)| {
            Ok(Branch {
                order,
                left,
                first: QuantizedMatrix::new(&blocks_side_by_side(
                    &matrix(format!("w1_{order}"), order * BRANCH)?,
                    order,
                )),
                first_bias: file.f32s(&format!("b1_{order}"), &[BRANCH])?,
                second: QuantizedMatrix::new(&blocks_side_by_side(
                    &matrix(format!("w2_{order}"), order * BRANCH)?,
                    order,
                )),
                second_bias: file.f32s(&format!("b2_{order}"), &[BRANCH])?,
            })
        })
        .collect()
}
