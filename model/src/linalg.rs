//! The weights as read, and the few operations the network does in floats (its dense layers are
//! `quantized`).

/// A weight matrix, `rows` × `cols`, row-major.
pub struct Matrix {
    pub rows: usize,
    pub cols: usize,
    pub values: Vec<f32>,
}

/// The matrix whose column block `s` (of `cols` columns) is row block `s` of `blocked`
/// (`blocks` × `rows` rows of `cols`): one product then gives every block's product at once.
pub fn blocks_side_by_side(blocked: &Matrix, blocks: usize) -> Matrix {
    let rows = blocked.rows / blocks;
    let cols = blocked.cols;
    let mut values = Vec::with_capacity(blocked.values.len());
    for r in 0..rows {
        for s in 0..blocks {
            let from = (s * rows + r) * cols;
            values.extend_from_slice(&blocked.values[from..from + cols]);
        }
    }
    Matrix {
        rows,
        cols: cols * blocks,
        values,
    }
}

/// Adds `bias` to each row of `rows` (rows of `bias.len()` values).
pub fn add_bias(rows: &mut [f32], bias: &[f32]) {
    for row in rows.chunks_exact_mut(bias.len()) {
        for (x, b) in row.iter_mut().zip(bias) {
            *x += b;
        }
    }
}

/// Clamps every value below zero to zero.
pub fn relu(values: &mut [f32]) {
    for x in values {
        *x = x.max(0.0);
    }
}

/// Layer normalization of each row of `rows` (rows of `gamma.len()` values), in the reference's
/// order of operations: centre, divide by √(variance + eps), scale by `gamma`, shift by `beta`.
pub fn layer_norm(rows: &mut [f32], gamma: &[f32], beta: &[f32], eps: f32) {
    let width = gamma.len();
    for row in rows.chunks_exact_mut(width) {
        let mean = row.iter().sum::<f32>() / width as f32;
        row.iter_mut().for_each(|x| *x -= mean);
        let variance = row.iter().map(|x| x * x).sum::<f32>() / width as f32;
        let inverse = 1.0 / (variance + eps).sqrt();
        for ((x, g), b) in row.iter_mut().zip(gamma).zip(beta) {
            *x = *x * inverse * g + b;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_side_by_side_moves_row_blocks_into_column_blocks() {
        // Two blocks of 2 × 2, one above the other.
        let blocked = Matrix {
            rows: 4,
            cols: 2,
            values: vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0],
        };
        let side = blocks_side_by_side(&blocked, 2);
        assert_eq!((side.rows, side.cols), (2, 4));
        assert_eq!(side.values, vec![1.0, 2.0, 5.0, 6.0, 3.0, 4.0, 7.0, 8.0]);
    }

    #[test]
    fn layer_norm_centres_and_scales_each_row() {
        let mut rows = vec![1.0, 2.0, 3.0, 10.0, 10.0, 10.0];
        layer_norm(&mut rows, &[1.0, 1.0, 2.0], &[0.0, 0.5, 0.0], 1e-12);
        let s = (2.0f32 / 3.0).sqrt();
        let expected = [-1.0 / s, 0.5, 2.0 / s, 0.0, 0.5, 0.0];
        for (x, e) in rows.iter().zip(expected) {
            assert!((x - e).abs() < 1e-5, "{rows:?}");
        }
    }
}
