//! The forward pass of USE multilingual v3 (a CNN over token n-grams feeding a deep averaging
//! network), ported from the reference implementation's numpy backend and in its order of
//! operations. It runs on a batch of sentences at once: their tokens are rows of one matrix, so
//! that each weight matrix is read once a batch; an n-gram window that would reach into a
//! neighbouring sentence reads zeros instead, which is the reference's per-sentence padding.

use crate::linalg::{add_bias, layer_norm, relu, Matrix};
use crate::weights::{Branch, Weights, BRANCH, DIMENSIONS, ORDERS};

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
pub fn encode(weights: &Weights, batch: &Batch, out: &mut [f32]) {
    let tokens = batch.rows.len();
    let width = DIMENSIONS + BRANCH * ORDERS.len();
    // Each token's features: [embedding | branch 2 | branch 3 | branch 5].
    let mut features = vec![0.0f32; tokens * width];
    for (t, &row) in batch.rows.iter().enumerate() {
        weights.embed(row, &mut features[t * width..t * width + DIMENSIONS]);
    }
    let mut projected = vec![0.0f32; tokens * BRANCH * ORDERS.len()];
    weights
        .projection
        .apply(&features, width, tokens, &mut projected, false);
    add_bias(&mut projected, &weights.projection_bias);
    layer_norm(
        &mut projected,
        &weights.branch_gamma,
        &weights.branch_beta,
        weights.eps,
    );

    let bounds = batch.sentence_bounds();
    let sentence_of = sentence_of_token(&bounds, tokens);
    for (i, branch) in weights.branches.iter().enumerate() {
        let input = column_block(&projected, BRANCH * ORDERS.len(), i * BRANCH, BRANCH);
        let hidden = convolve(
            branch,
            &branch.first,
            &branch.first_bias,
            &input,
            &bounds,
            &sentence_of,
        );
        let output = convolve(
            branch,
            &branch.second,
            &branch.second_bias,
            &hidden,
            &bounds,
            &sentence_of,
        );
        let offset = DIMENSIONS + i * BRANCH;
        for (t, values) in output.chunks_exact(BRANCH).enumerate() {
            features[t * width + offset..t * width + offset + BRANCH].copy_from_slice(values);
        }
    }
    layer_norm(&mut features, &weights.gamma, &weights.beta, weights.eps);
    head(weights, &features, &bounds, out);
}

/// One convolution of a branch with its residual connection: relu(window · w + b) + input.
fn convolve(
    branch: &Branch,
    weights: &Matrix,
    bias: &[f32],
    input: &[f32],
    bounds: &[(usize, usize)],
    sentence_of: &[usize],
) -> Vec<f32> {
    let tokens = sentence_of.len();
    let window = branch.order * BRANCH;
    let mut gathered = vec![0.0f32; tokens * window];
    for t in 0..tokens {
        let (start, end) = bounds[sentence_of[t]];
        for slot in 0..branch.order {
            // Token t's window is t - left ..= t - left + order - 1, inside its own sentence.
            let Some(source) = (t + slot).checked_sub(branch.left) else {
                continue;
            };
            if source < start || source >= end {
                continue;
            }
            let to = t * window + slot * BRANCH;
            gathered[to..to + BRANCH]
                .copy_from_slice(&input[source * BRANCH..(source + 1) * BRANCH]);
        }
    }
    let mut output = vec![0.0f32; tokens * BRANCH];
    weights.apply(&gathered, window, tokens, &mut output, false);
    add_bias(&mut output, bias);
    relu(&mut output);
    for (x, residual) in output.iter_mut().zip(input) {
        *x += residual;
    }
    output
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
    weights
        .pool
        .apply(&sums, width, sentences, &mut pooled, false);
    for (s, &(start, end)) in bounds.iter().enumerate() {
        let count = (end - start) as f32;
        let row = &mut pooled[s * DIMENSIONS..(s + 1) * DIMENSIONS];
        let inverse_root = 1.0 / count.sqrt();
        for (x, b) in row.iter_mut().zip(&weights.pool_bias) {
            *x = (*x + count * b) * inverse_root;
        }
    }
    let layer = |m: &Matrix, input: &[f32], out: &mut Vec<f32>, accumulate: bool| {
        out.resize(sentences * m.cols, 0.0);
        m.apply(input, m.rows, sentences, out, accumulate);
    };
    let (mut y0, mut y1, mut y2) = (Vec::new(), Vec::new(), Vec::new());
    layer(&weights.d0, &pooled, &mut y0, false);
    relu(&mut y0);
    layer(&weights.p1, &pooled, &mut y1, false);
    layer(&weights.d1, &y0, &mut y1, true);
    relu(&mut y1);
    layer(&weights.d2, &y1, &mut y2, false);
    relu(&mut y2);
    let z = &mut out[..sentences * DIMENSIONS];
    weights.p3.apply(&y1, weights.p3.rows, sentences, z, false);
    weights.d3.apply(&y2, weights.d3.rows, sentences, z, true);
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

/// Columns `from..from + count` of a matrix `width` wide, as a matrix of their own.
fn column_block(values: &[f32], width: usize, from: usize, count: usize) -> Vec<f32> {
    values
        .chunks_exact(width)
        .flat_map(|row| &row[from..from + count])
        .copied()
        .collect()
}
