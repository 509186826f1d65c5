//! The forward pass of USE multilingual v3 (a CNN over token n-grams feeding a deep averaging
//! network), ported from the reference implementation's numpy backend and in its order of
//! operations. It runs on a batch of sentences at once: their tokens are rows of one matrix, so
//! that each weight matrix is read once a batch; an n-gram window that would reach into a
//! neighbouring sentence reads zeros instead, which is the reference's per-sentence padding.

use std::collections::HashMap;

use crate::linalg::{layer_norm, relu};
use crate::quantized::{QuantizedInput, QuantizedMatrix};
use crate::states::{first_terms, StateCache, PROJECTED, STATE};
use crate::weights::{Branch, Weights, BRANCH, DIMENSIONS};

/// The tokens of a batch of sentences: their embedding rows, and where each sentence starts.
pub struct Batch {
    pub rows: Vec<usize>,
    pub starts: Vec<usize>,
}

impl Batch {
    fn sentence_bounds(&self) -> Vec<(usize, usize)> {
        let ends = self.starts.iter().skip(1).copied().chain([self.rows.len()]);
        self.starts.iter().copied().zip(ends).collect()
    }
}

/// The unit vectors of the batch's sentences, 512 values each, into `out`.
pub fn encode(weights: &Weights, cache: &StateCache, batch: &Batch, out: &mut [f32]) {
    let tokens = batch.rows.len();
    let width = DIMENSIONS + PROJECTED;
    // Each token's features: [embedding | branch 2 | branch 3 | branch 5].
    let mut features = vec![0.0f32; tokens * width];
    for (t, &row) in batch.rows.iter().enumerate() {
        weights.embed(row, &mut features[t * width..t * width + DIMENSIONS]);
    }
    let (distinct, state_of) = distinct_rows(&batch.rows);
    let states = cache.states(weights, &distinct);
    let token_state = |t: usize| &states[state_of[t] * STATE..(state_of[t] + 1) * STATE];

    let bounds = batch.sentence_bounds();
    let sentence_of = sentence_of_token(&bounds, tokens);
    let windows = Windows {
        bounds: &bounds,
        sentence_of: &sentence_of,
    };
    let mut quantized = QuantizedInput::default();
    for (b, branch) in weights.branches.iter().enumerate() {
        // The first convolution: each token's window sums the terms its pieces' states hold.
        let mut hidden = vec![0.0f32; tokens * BRANCH];
        let terms = first_terms(b);
        for (t, h) in hidden.chunks_exact_mut(BRANCH).enumerate() {
            windows.sum(branch, t, h, |source, slot| {
                let from = terms + slot * BRANCH;
                &token_state(source)[from..from + BRANCH]
            });
            let input = &token_state(t)[b * BRANCH..(b + 1) * BRANCH];
            activate(h, &branch.first_bias, input);
        }
        // The second: each token's terms for every window that holds it, in one product.
        let window = branch.order * BRANCH;
        let mut terms = vec![0.0f32; tokens * window];
        branch
            .second
            .apply(&hidden, tokens, &mut quantized, &mut terms);
        let offset = DIMENSIONS + b * BRANCH;
        for t in 0..tokens {
            let o = &mut features[t * width + offset..t * width + offset + BRANCH];
            windows.sum(branch, t, o, |source, slot| {
                &terms[source * window + slot * BRANCH..source * window + (slot + 1) * BRANCH]
            });
            activate(
                o,
                &branch.second_bias,
                &hidden[t * BRANCH..(t + 1) * BRANCH],
            );
        }
    }
    layer_norm(&mut features, &weights.gamma, &weights.beta, weights.eps);
    head(weights, &features, &bounds, out);
}

/// The n-gram windows of a batch's tokens, each inside its own sentence.
struct Windows<'a> {
    bounds: &'a [(usize, usize)],
    sentence_of: &'a [usize],
}

impl Windows<'_> {
    /// Sums into `sum` the terms `term(source, slot)` of the tokens in token `t`'s window of
    /// `branch` (t - left ..= t - left + order - 1); a slot outside the sentence adds nothing,
    /// as the reference pads each sentence with zeros.
    fn sum<'t>(
        &self,
        branch: &Branch,
        t: usize,
        sum: &mut [f32],
        term: impl Fn(usize, usize) -> &'t [f32],
    ) {
        let (start, end) = self.bounds[self.sentence_of[t]];
        sum.fill(0.0);
        for slot in 0..branch.order {
            let Some(source) = (t + slot).checked_sub(branch.left) else {
                continue;
            };
            if source < start || source >= end {
                continue;
            }
            sum.iter_mut()
                .zip(term(source, slot))
                .for_each(|(x, y)| *x += y);
        }
    }
}

/// relu(`sum` + `bias`) + `residual`, in place: a convolution's output.
fn activate(sum: &mut [f32], bias: &[f32], residual: &[f32]) {
    for ((x, b), r) in sum.iter_mut().zip(bias).zip(residual) {
        *x = (*x + b).max(0.0) + r;
    }
}

/// The batch's distinct rows, and the index among them of each token's row.
fn distinct_rows(rows: &[usize]) -> (Vec<usize>, Vec<usize>) {
    let mut index = HashMap::new();
    let mut distinct = Vec::new();
    let of = rows
        .iter()
        .map(|&row| {
            *index.entry(row).or_insert_with(|| {
                distinct.push(row);
                distinct.len() - 1
            })
        })
        .collect();
    (distinct, of)
}

/// The sentence vectors: features summed over each sentence's tokens, projected, scaled by
/// 1/√tokens (the sum commutes with the projection: one row per sentence instead of per token),
/// then the deep averaging network's layers and a unit length.
fn head(weights: &Weights, features: &[f32], bounds: &[(usize, usize)], out: &mut [f32]) {
    let width = features.len() / bounds.last().map_or(1, |&(_, end)| end.max(1));
    let sentences = bounds.len();
    let mut sums = vec![0.0f32; sentences * width];
    for (s, &(start, end)) in bounds.iter().enumerate() {
        let sum = &mut sums[s * width..(s + 1) * width];
        for token in features[start * width..end * width].chunks_exact(width) {
            sum.iter_mut().zip(token).for_each(|(a, b)| *a += b);
        }
    }
    let mut pooled = vec![0.0f32; sentences * DIMENSIONS];
    let mut input = QuantizedInput::default();
    weights
        .pool
        .apply(&sums, sentences, &mut input, &mut pooled);
    for (s, &(start, end)) in bounds.iter().enumerate() {
        let count = (end - start) as f32;
        let row = &mut pooled[s * DIMENSIONS..(s + 1) * DIMENSIONS];
        let inverse_root = 1.0 / count.sqrt();
        for (x, b) in row.iter_mut().zip(&weights.pool_bias) {
            *x = (*x + count * b) * inverse_root;
        }
    }
    let mut layer = |m: &QuantizedMatrix, x: &[f32], out: &mut Vec<f32>, accumulate: bool| {
        out.resize(sentences * m.cols, 0.0);
        m.apply_strided(
            (x, m.rows),
            sentences,
            &mut input,
            (out, m.cols),
            accumulate,
        );
    };
    let (mut y0, mut y1, mut y2) = (Vec::new(), Vec::new(), Vec::new());
    layer(&weights.d0, &pooled, &mut y0, false);
    relu(&mut y0);
    layer(&weights.p1, &pooled, &mut y1, false);
    layer(&weights.d1, &y0, &mut y1, true);
    relu(&mut y1);
    layer(&weights.d2, &y1, &mut y2, false);
    relu(&mut y2);
    let mut z = Vec::new();
    layer(&weights.p3, &y1, &mut z, false);
    layer(&weights.d3, &y2, &mut z, true);
    out[..sentences * DIMENSIONS].copy_from_slice(&z);
    let z = &mut out[..sentences * DIMENSIONS];
    for row in z.chunks_exact_mut(DIMENSIONS) {
        row.iter_mut().for_each(|x| *x = x.tanh());
        let norm = row
            .iter()
            .map(|x| x * x)
            .sum::<f32>()
            .max(weights.eps)
            .sqrt();
        row.iter_mut().for_each(|x| *x /= norm);
    }
}

/// The sentence each token belongs to.
fn sentence_of_token(bounds: &[(usize, usize)], tokens: usize) -> Vec<usize> {
    let mut of = vec![0; tokens];
    for (s, &(start, end)) in bounds.iter().enumerate() {
        of[start..end].fill(s);
    }
    of
}
