//! A dense layer in 16-bit integers: the weights of each output column and the values of each
//! input row scaled to 12 bits (fewer for a layer of more than 512 inputs), multiplied in
//! integers and scaled back. Integer products are
//! what wasm's SIMD does fastest (`i32x4.dot_i16x8_s`: eight products and four sums in one
//! instruction, against four products for `f32x4.mul`), and integer sums are exact in any order,
//! so every platform gets the same numbers. Twelve bits keep a sentence's vector within a cosine
//! of 0.9999 of the float network's (`model/tests/reference.rs`).
//!
//! Bounds: a layer of `rows` inputs sums `rows` products of at most `levels`², so `levels` is
//! √(2³¹ / rows) at most, which keeps every sum inside an `i32`: 2047 up to 512 inputs.

use crate::linalg::Matrix;

mod kernel;

/// The largest magnitude of a quantized weight or input value: 12 bits.
const MOST_LEVELS: usize = 2047;
/// Output columns per block of the kernel, and input rows.
const COLUMNS: usize = 8;
const ROWS: usize = 4;

/// A `rows` × `cols` weight matrix quantized per column, packed for the kernel: for each block of
/// eight columns, for each pair of rows, the two rows' weights of each column side by side.
pub struct QuantizedMatrix {
    pub rows: usize,
    pub cols: usize,
    levels: f32,
    pairs: usize,
    packed: Vec<i16>,
    scales: Vec<f32>,
}

/// An input quantized per row: each row's values as 16-bit integers (rows of `pairs` pairs,
/// padded to a multiple of [`ROWS`] rows) and its scale.
#[derive(Default)]
pub struct QuantizedInput {
    values: Vec<i16>,
    scales: Vec<f32>,
}

impl QuantizedMatrix {
    /// `matrix`, quantized.
    pub fn new(matrix: &Matrix) -> QuantizedMatrix {
        let (rows, cols) = (matrix.rows, matrix.cols);
        let pairs = rows.div_ceil(2);
        let levels = levels(pairs * 2);
        let blocks = cols.div_ceil(COLUMNS);
        let mut most = vec![0.0f32; cols];
        for row in matrix.values.chunks_exact(cols) {
            most.iter_mut()
                .zip(row)
                .for_each(|(m, x)| *m = m.max(x.abs()));
        }
        let scales: Vec<f32> = most.iter().map(|&m| scale_of(m, levels)).collect();
        // Rows and columns past the matrix's (to fill the last pair or block) weigh nothing.
        let weight = |r: usize, c: usize| match r < rows && c < cols {
            true => quantize(matrix.values[r * cols + c], scales[c], levels),
            false => 0,
        };
        let mut packed = Vec::with_capacity(blocks * pairs * COLUMNS * 2);
        for block in 0..blocks {
            for pair in 0..pairs {
                for c in block * COLUMNS..(block + 1) * COLUMNS {
                    packed.extend([weight(pair * 2, c), weight(pair * 2 + 1, c)]);
                }
            }
        }
        QuantizedMatrix {
            rows,
            cols,
            levels,
            pairs,
            packed,
            scales,
        }
    }

    /// `out` (m × cols, row-major) = `a` (m × rows, row-major) · this matrix, through `input`'s
    /// buffers.
    pub fn apply(&self, a: &[f32], m: usize, input: &mut QuantizedInput, out: &mut [f32]) {
        self.apply_strided((a, self.rows), m, input, (out, self.cols), false);
    }

    /// [`QuantizedMatrix::apply`] with the input's rows and the output's rows each a given
    /// stride apart (`(values, stride)`): blocks of wider matrices; the product is added to
    /// `out` when `accumulate`.
    pub fn apply_strided(
        &self,
        (a, a_stride): (&[f32], usize),
        m: usize,
        input: &mut QuantizedInput,
        (out, out_stride): (&mut [f32], usize),
        accumulate: bool,
    ) {
        assert!(
            a_stride >= self.rows && out_stride >= self.cols,
            "strides too small"
        );
        if m == 0 {
            return;
        }
        assert!(a.len() >= (m - 1) * a_stride + self.rows, "input too short");
        assert!(
            out.len() >= (m - 1) * out_stride + self.cols,
            "output too short"
        );
        input.quantize((a, a_stride), m, self);
        let stride = self.pairs * 2;
        for first in (0..m).step_by(ROWS) {
            let rows = &input.values[first * stride..(first + ROWS) * stride];
            for (block, weights) in self
                .packed
                .chunks_exact(self.pairs * COLUMNS * 2)
                .enumerate()
            {
                let sums = kernel::block(rows, weights, self.pairs);
                for (r, row_sums) in sums.iter().enumerate().take(m - first) {
                    let scale = input.scales[first + r];
                    let from = (first + r) * out_stride + block * COLUMNS;
                    let width = COLUMNS.min(self.cols - block * COLUMNS);
                    let columns = &self.scales[block * COLUMNS..block * COLUMNS + width];
                    for ((x, &sum), &c) in out[from..from + width]
                        .iter_mut()
                        .zip(row_sums)
                        .zip(columns)
                    {
                        let product = sum as f32 * (scale * c);
                        *x = if accumulate { *x + product } else { product };
                    }
                }
            }
        }
    }
}

impl QuantizedInput {
    fn quantize(&mut self, (a, stride): (&[f32], usize), m: usize, layer: &QuantizedMatrix) {
        let (width, pairs, levels) = (layer.rows, layer.pairs, layer.levels);
        let padded = m.div_ceil(ROWS) * ROWS;
        self.values.clear();
        self.values.resize(padded * pairs * 2, 0);
        self.scales.clear();
        for (r, values) in self.values.chunks_exact_mut(pairs * 2).take(m).enumerate() {
            let row = &a[r * stride..r * stride + width];
            let scale = scale_of(row.iter().fold(0.0, |most, x| x.abs().max(most)), levels);
            for (q, &x) in values.iter_mut().zip(row) {
                *q = quantize(x, scale, levels);
            }
            self.scales.push(scale);
        }
    }
}

/// The most levels each side of zero for a layer of `rows` inputs: the products' sum stays
/// below 2³¹.
fn levels(rows: usize) -> f32 {
    let most = (i32::MAX as f64 / rows.max(1) as f64).sqrt() as usize;
    most.min(MOST_LEVELS) as f32
}

/// The scale that maps values of magnitude up to `most` onto ±`levels` (1 for all zeros).
fn scale_of(most: f32, levels: f32) -> f32 {
    if most > 0.0 {
        most / levels
    } else {
        1.0
    }
}

fn quantize(x: f32, scale: f32, levels: f32) -> i16 {
    (x / scale).round_ties_even().clamp(-levels, levels) as i16
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deterministic matrix of `rows` × `cols` values in about ±1.
    fn matrix(rows: usize, cols: usize, seed: u32) -> Matrix {
        let mut state = seed;
        let values = (0..rows * cols)
            .map(|_| {
                state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                (state >> 8) as f32 / (1u32 << 23) as f32 - 1.0
            })
            .collect();
        Matrix { rows, cols, values }
    }

    #[test]
    fn products_match_the_float_layer_on_odd_sizes() {
        for (m, k, n) in [(1, 1, 1), (5, 7, 9), (4, 256, 16), (9, 33, 20)] {
            let (a, w) = (matrix(m, k, 1), matrix(k, n, 2));
            let expected: Vec<f32> = (0..m * n)
                .map(|i| {
                    (0..k)
                        .map(|j| a.values[i / n * k + j] * w.values[j * n + i % n])
                        .sum()
                })
                .collect();
            let mut actual = vec![f32::NAN; m * n];
            let q = QuantizedMatrix::new(&w);
            q.apply(&a.values, m, &mut QuantizedInput::default(), &mut actual);
            for (x, e) in actual.iter().zip(&expected) {
                // Each product is off by at most 2 / 2047 of its magnitude's bound.
                assert!(
                    (x - e).abs() <= 2e-3 * k as f32,
                    "{m}×{k}×{n}: {x} against {e}"
                );
            }
        }
    }

    #[test]
    fn every_kernel_makes_the_same_sums() {
        let pairs = 37;
        let mut state = 7u32;
        let mut next = || {
            state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            ((state >> 16) % 4095) as i16 - 2047
        };
        let rows: Vec<i16> = (0..ROWS * pairs * 2).map(|_| next()).collect();
        let weights: Vec<i16> = (0..pairs * COLUMNS * 2).map(|_| next()).collect();
        let expected = kernel::portable(&rows, &weights, pairs);
        assert_eq!(kernel::block(&rows, &weights, pairs), expected);
        #[cfg(target_arch = "x86_64")]
        // SAFETY: SSE2 is part of x86_64, AVX2 is checked; the slices are as long as the kernels
        // need.
        unsafe {
            assert_eq!(kernel::block_sse2(&rows, &weights, pairs), expected);
            if std::is_x86_feature_detected!("avx2") {
                assert_eq!(kernel::block_avx2(&rows, &weights, pairs), expected);
            }
        }
    }

    #[test]
    fn wide_layers_take_fewer_levels_and_never_overflow() {
        assert_eq!(levels(512), 2047.0);
        assert_eq!(levels(1280), 1295.0);
        // Every input and weight at its extreme: the largest sum the layer can make.
        let k = 1280;
        let w = Matrix {
            rows: k,
            cols: 8,
            values: vec![-1.0; k * 8],
        };
        let mut out = vec![0.0; 8];
        let q = QuantizedMatrix::new(&w);
        q.apply(&vec![-1.0; k], 1, &mut QuantizedInput::default(), &mut out);
        assert!(out.iter().all(|&x| (x - k as f32).abs() < 1e-2), "{out:?}");
    }

    #[test]
    fn zeros_and_the_largest_values_stay_exact() {
        let w = Matrix {
            rows: 2,
            cols: 1,
            values: vec![1.0, -1.0],
        };
        let q = QuantizedMatrix::new(&w);
        let mut out = vec![0.0; 2];
        q.apply(
            &[0.0, 0.0, 3.0, -3.0],
            2,
            &mut QuantizedInput::default(),
            &mut out,
        );
        assert_eq!(out, vec![0.0, 6.0]);
    }
}
