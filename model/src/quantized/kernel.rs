//! The kernel of `quantized`: the sums of four input rows by one block of eight columns, over
//! every pair of rows of the weights. Each platform's version computes the same exact integer sums.

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
                let a = v128_load32_splat(rows.as_ptr().add(r * stride + pair * 2) as *const u32);
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
pub unsafe fn block_avx2(rows: &[i16], weights: &[i16], pairs: usize) -> [[i32; COLUMNS]; ROWS] {
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
pub unsafe fn block_sse2(rows: &[i16], weights: &[i16], pairs: usize) -> [[i32; COLUMNS]; ROWS] {
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
