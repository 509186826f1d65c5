//! The few dense operations the network needs, over row-major `f32` matrices.

/// A weight matrix, `rows` × `cols`, row-major.
pub struct Matrix {
    pub rows: usize,
    pub cols: usize,
    pub values: Vec<f32>,
}

impl Matrix {
    /// `out` (m × cols, row-major) = `a` (m × rows, rows `a_stride` apart) · this matrix, plus
    /// `out` itself when `accumulate`.
    pub fn apply(&self, a: &[f32], a_stride: usize, m: usize, out: &mut [f32], accumulate: bool) {
        assert!(
            m == 0 || a.len() >= (m - 1) * a_stride + self.rows,
            "input too short"
        );
        assert!(out.len() >= m * self.cols, "output too short");
        if m == 0 {
            return;
        }
        let beta = if accumulate { 1.0 } else { 0.0 };
        // SAFETY: the assertions above keep every access of the m × rows input (row stride
        // a_stride), the rows × cols weights and the m × cols output inside their slices.
        unsafe {
            matrixmultiply::sgemm(
                m,
                self.rows,
                self.cols,
                1.0,
                a.as_ptr(),
                a_stride as isize,
                1,
                self.values.as_ptr(),
                self.cols as isize,
                1,
                beta,
                out.as_mut_ptr(),
                self.cols as isize,
                1,
            );
        }
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
    fn apply_multiplies_strided_rows_and_accumulates() {
        // 2 × 3 weights; the input's two rows are 4 apart (the 4th value of each is skipped).
        let w = Matrix {
            rows: 3,
            cols: 2,
            values: vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
        };
        let a = [1.0, 0.0, -1.0, 99.0, 2.0, 1.0, 0.0];
        let mut out = vec![0.0; 4];
        w.apply(&a, 4, 2, &mut out, false);
        assert_eq!(out, vec![-4.0, -4.0, 5.0, 8.0]);
        w.apply(&a, 4, 2, &mut out, true);
        assert_eq!(out, vec![-8.0, -8.0, 10.0, 16.0]);
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
