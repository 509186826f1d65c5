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

/// The kernel: the sums of four input rows by one block of eight columns, over every pair of
/// rows of the weights. Each platform's version computes the same exact integer sums.
mod kernel {
    use super::{COLUMNS, ROWS};

    /// `rows`: four input rows of `pairs` pairs; `weights`: one block as `QuantizedMatrix` packs
    /// it.
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    pub fn block(rows: &[i16], weights: &[i16], pairs: usize) -> [[i32; COLUMNS]; ROWS] {
        use core::arch::wasm32::*;
        assert!(rows.len() >= ROWS * pairs * 2 && weights.len() >= pairs * COLUMNS * 2);
        let mut sums = [[i32x4_splat(0); 2]; ROWS];
        let stride = pairs * 2;
        for pair in 0..pairs {
            // SAFETY: the assertion keeps pair·16 + 16 ≤ weights.len() and every row's pair
            // r·stride + 2·pair + 2 ≤ rows.len(); wasm loads need no alignment.
            unsafe {
                let w = weights.as_ptr().add(pair * COLUMNS * 2) as *const v128;
                let (low, high) = (v128_load(w), v128_load(w.add(1)));
                for (r, sum) in sums.iter_mut().enumerate() {
                    let a =
                        v128_load32_splat(rows.as_ptr().add(r * stride + pair * 2) as *const u32);
                    sum[0] = i32x4_add(sum[0], i32x4_dot_i16x8(a, low));
                    sum[1] = i32x4_add(sum[1], i32x4_dot_i16x8(a, high));
                }
            }
        }
        sums.map(|[low, high]| {
            let lane = |v: v128, i: usize| match i {
                0 => i32x4_extract_lane::<0>(v),
                1 => i32x4_extract_lane::<1>(v),
                2 => i32x4_extract_lane::<2>(v),
                _ => i32x4_extract_lane::<3>(v),
            };
            std::array::from_fn(|c| {
                if c < 4 {
                    lane(low, c)
                } else {
                    lane(high, c - 4)
                }
            })
        })
    }

    /// On x86_64, AVX2 where the processor has it (eight columns of two rows in one register),
    /// else SSE2, which every x86_64 has.
    #[cfg(target_arch = "x86_64")]
    pub fn block(rows: &[i16], weights: &[i16], pairs: usize) -> [[i32; COLUMNS]; ROWS] {
        assert!(rows.len() >= ROWS * pairs * 2 && weights.len() >= pairs * COLUMNS * 2);
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2; the assertion bounds every load (see block_avx2).
            unsafe { block_avx2(rows, weights, pairs) }
        } else {
            // SAFETY: SSE2 is part of x86_64; the assertion bounds every load.
            unsafe { block_sse2(rows, weights, pairs) }
        }
    }

    /// SAFETY: needs AVX2, `rows.len() ≥ ROWS · pairs · 2` and `weights.len() ≥ pairs · 16`:
    /// then every load (unaligned) is inside its slice.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    pub unsafe fn block_avx2(
        rows: &[i16],
        weights: &[i16],
        pairs: usize,
    ) -> [[i32; COLUMNS]; ROWS] {
        use core::arch::x86_64::*;
        let stride = pairs * 2;
        let mut sums = [_mm256_setzero_si256(); ROWS];
        for pair in 0..pairs {
            let w = _mm256_loadu_si256(weights.as_ptr().add(pair * COLUMNS * 2) as *const __m256i);
            for (r, sum) in sums.iter_mut().enumerate() {
                let at = rows.as_ptr().add(r * stride + pair * 2) as *const i32;
                let a = _mm256_set1_epi32(at.read_unaligned());
                *sum = _mm256_add_epi32(*sum, _mm256_madd_epi16(a, w));
            }
        }
        sums.map(|sum| std::mem::transmute::<__m256i, [i32; COLUMNS]>(sum))
    }

    /// SAFETY: as [`block_avx2`], with SSE2 (every x86_64 processor).
    #[cfg(target_arch = "x86_64")]
    pub unsafe fn block_sse2(
        rows: &[i16],
        weights: &[i16],
        pairs: usize,
    ) -> [[i32; COLUMNS]; ROWS] {
        use core::arch::x86_64::*;
        let stride = pairs * 2;
        let mut sums = [[_mm_setzero_si128(); 2]; ROWS];
        for pair in 0..pairs {
            let w = weights.as_ptr().add(pair * COLUMNS * 2) as *const __m128i;
            let (low, high) = (_mm_loadu_si128(w), _mm_loadu_si128(w.add(1)));
            for (r, sum) in sums.iter_mut().enumerate() {
                let at = rows.as_ptr().add(r * stride + pair * 2) as *const i32;
                let a = _mm_set1_epi32(at.read_unaligned());
                sum[0] = _mm_add_epi32(sum[0], _mm_madd_epi16(a, low));
                sum[1] = _mm_add_epi32(sum[1], _mm_madd_epi16(a, high));
            }
        }
        sums.map(|pair| std::mem::transmute::<[__m128i; 2], [i32; COLUMNS]>(pair))
    }

    /// Elsewhere, plain Rust.
    #[cfg(not(any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    )))]
    pub fn block(rows: &[i16], weights: &[i16], pairs: usize) -> [[i32; COLUMNS]; ROWS] {
        portable(rows, weights, pairs)
    }

    /// The sums in plain Rust: the other platforms' kernel, and what the tests hold the SIMD
    /// kernels to.
    #[cfg_attr(
        any(
            target_arch = "x86_64",
            all(target_arch = "wasm32", target_feature = "simd128")
        ),
        allow(dead_code)
    )]
    pub fn portable(rows: &[i16], weights: &[i16], pairs: usize) -> [[i32; COLUMNS]; ROWS] {
        let stride = pairs * 2;
        let mut sums = [[0i32; COLUMNS]; ROWS];
        for pair in 0..pairs {
            let w = &weights[pair * COLUMNS * 2..(pair + 1) * COLUMNS * 2];
            for (r, sum) in sums.iter_mut().enumerate() {
                let a = &rows[r * stride + pair * 2..r * stride + pair * 2 + 2];
                for (c, s) in sum.iter_mut().enumerate() {
                    *s += i32::from(a[0]) * i32::from(w[2 * c])
                        + i32::from(a[1]) * i32::from(w[2 * c + 1]);
                }
            }
        }
        sums
    }
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
