//! What the network computes of a piece on its own, whatever its neighbours: its projection (the
//! three branches' inputs, layer-normalized) and, for each branch, what it adds to each window of
//! the first convolution that holds it. That is 60% of a token's arithmetic, and a text's pieces
//! repeat (the 4,096 most frequent make 88% of English news and all of Chinese law), so the
//! states are kept in a bounded cache and a piece seen before costs a copy.
//!
//! The states are the same numbers however they are reached: a sentence's vector does not depend
//! on what was encoded before it.

use std::collections::HashMap;
use std::sync::Mutex;

use crate::linalg::layer_norm;
use crate::quantized::QuantizedInput;
use crate::weights::{Weights, BRANCH, DIMENSIONS, ORDERS};

/// The width of the branches' input, all three side by side.
pub const PROJECTED: usize = BRANCH * ORDERS.len();

/// Where branch `branch`'s first-convolution terms start in a state.
pub fn first_terms(branch: usize) -> usize {
    PROJECTED
        + BRANCH
            * ORDERS[..branch]
                .iter()
                .map(|&(order, _)| order)
                .sum::<usize>()
}

/// The width of a piece's state: its projection, then each branch's `order` first-convolution
/// terms.
pub const STATE: usize = PROJECTED + BRANCH * (ORDERS[0].0 + ORDERS[1].0 + ORDERS[2].0);

/// Pieces whose states the cache keeps: 4,096 × 6.7 KB, 27 MB at most.
const CACHED: usize = 4096;

/// The states of each row in `rows`, `STATE` values each, into `out`.
pub fn compute(weights: &Weights, rows: &[usize], out: &mut [f32]) {
    let n = rows.len();
    let mut embedded = vec![0.0f32; n * DIMENSIONS];
    for (&row, values) in rows.iter().zip(embedded.chunks_exact_mut(DIMENSIONS)) {
        weights.embed(row, values);
    }
    let mut projected = vec![0.0f32; n * PROJECTED];
    let mut input = QuantizedInput::default();
    weights
        .projection
        .apply(&embedded, n, &mut input, &mut projected);
    crate::linalg::add_bias(&mut projected, &weights.projection_bias);
    layer_norm(
        &mut projected,
        &weights.branch_gamma,
        &weights.branch_beta,
        weights.eps,
    );
    for (state, x) in out
        .chunks_exact_mut(STATE)
        .zip(projected.chunks_exact(PROJECTED))
    {
        state[..PROJECTED].copy_from_slice(x);
    }
    for (b, branch) in weights.branches.iter().enumerate() {
        branch.first.apply_strided(
            (&projected[b * BRANCH..], PROJECTED),
            n,
            &mut input,
            (&mut out[first_terms(b)..], STATE),
            false,
        );
    }
}

/// The 256-value blocks of a state, each kept as 16-bit codes with a scale of its own.
const BLOCKS: usize = STATE / BRANCH;
const CODE_LEVELS: f32 = 32767.0;

/// A state as the cache keeps it: half the bytes of floats, within 1/32,767 of each block's
/// largest value. Every state a batch uses goes through this form, kept before or just computed,
/// so that a sentence's vector never depends on what the cache held.
struct Compact {
    codes: Vec<i16>,
    scales: Vec<f32>,
}

impl Compact {
    fn new(count: usize) -> Compact {
        Compact {
            codes: vec![0; count * STATE],
            scales: vec![0.0; count * BLOCKS],
        }
    }

    /// Stores `state` as entry `i`.
    fn pack(&mut self, i: usize, state: &[f32]) {
        let codes = &mut self.codes[i * STATE..(i + 1) * STATE];
        let scales = &mut self.scales[i * BLOCKS..(i + 1) * BLOCKS];
        for ((block, codes), scale) in state
            .chunks_exact(BRANCH)
            .zip(codes.chunks_exact_mut(BRANCH))
            .zip(scales)
        {
            let most = block.iter().fold(0.0f32, |m, x| m.max(x.abs()));
            *scale = if most > 0.0 { most / CODE_LEVELS } else { 1.0 };
            for (code, x) in codes.iter_mut().zip(block) {
                *code = (x / *scale).round_ties_even() as i16;
            }
        }
    }

    /// Entry `i` as floats, into `out`.
    fn unpack(&self, i: usize, out: &mut [f32]) {
        let codes = &self.codes[i * STATE..(i + 1) * STATE];
        let scales = &self.scales[i * BLOCKS..(i + 1) * BLOCKS];
        for ((out, codes), scale) in out
            .chunks_exact_mut(BRANCH)
            .zip(codes.chunks_exact(BRANCH))
            .zip(scales)
        {
            for (x, &code) in out.iter_mut().zip(codes) {
                *x = f32::from(code) * scale;
            }
        }
    }

    fn copy(&mut self, to: usize, from: &Compact, i: usize) {
        self.codes[to * STATE..(to + 1) * STATE]
            .copy_from_slice(&from.codes[i * STATE..(i + 1) * STATE]);
        self.scales[to * BLOCKS..(to + 1) * BLOCKS]
            .copy_from_slice(&from.scales[i * BLOCKS..(i + 1) * BLOCKS]);
    }
}

/// The states of the pieces encoded most recently, up to [`CACHED`] of them (6.7 KB each); an
/// old state makes room for a new one by the clock rule (a state used since the hand last passed
/// stays).
pub struct StateCache {
    inner: Mutex<Slots>,
}

struct Slots {
    slot_of: HashMap<usize, usize>,
    row_of: Vec<usize>,
    used: Vec<bool>,
    hand: usize,
    states: Compact,
}

impl Default for StateCache {
    fn default() -> StateCache {
        StateCache {
            inner: Mutex::new(Slots {
                slot_of: HashMap::new(),
                row_of: Vec::new(),
                used: Vec::new(),
                hand: 0,
                states: Compact::new(0),
            }),
        }
    }
}

impl StateCache {
    /// The states of `rows` (distinct), `STATE` values each, from the cache where it has them and
    /// computed (and kept) where it has not.
    pub fn states(&self, weights: &Weights, rows: &[usize]) -> Vec<f32> {
        let mut out = vec![0.0f32; rows.len() * STATE];
        let mut missing = Vec::new();
        {
            let mut slots = self.inner.lock().unwrap_or_else(|e| e.into_inner());
            for (i, row) in rows.iter().enumerate() {
                match slots.slot_of.get(row).copied() {
                    Some(slot) => {
                        slots.used[slot] = true;
                        slots
                            .states
                            .unpack(slot, &mut out[i * STATE..(i + 1) * STATE]);
                    }
                    None => missing.push(i),
                }
            }
        }
        if missing.is_empty() {
            return out;
        }
        let missing_rows: Vec<usize> = missing.iter().map(|&i| rows[i]).collect();
        let mut computed = vec![0.0f32; missing.len() * STATE];
        compute(weights, &missing_rows, &mut computed);
        let mut compact = Compact::new(missing.len());
        for (j, (&i, state)) in missing.iter().zip(computed.chunks_exact(STATE)).enumerate() {
            compact.pack(j, state);
            compact.unpack(j, &mut out[i * STATE..(i + 1) * STATE]);
        }
        let mut slots = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        for (j, &row) in missing_rows.iter().enumerate() {
            slots.keep(row, &compact, j);
        }
        out
    }
}

impl Slots {
    /// Keeps entry `i` of `compact` as the state of `row`.
    fn keep(&mut self, row: usize, compact: &Compact, i: usize) {
        if self.slot_of.contains_key(&row) {
            return;
        }
        let slot = if self.row_of.len() < CACHED {
            self.row_of.push(row);
            self.used.push(false);
            self.states.codes.resize(self.row_of.len() * STATE, 0);
            self.states.scales.resize(self.row_of.len() * BLOCKS, 0.0);
            self.row_of.len() - 1
        } else {
            while std::mem::take(&mut self.used[self.hand]) {
                self.hand = (self.hand + 1) % CACHED;
            }
            let slot = self.hand;
            self.hand = (self.hand + 1) % CACHED;
            self.slot_of.remove(&self.row_of[slot]);
            self.row_of[slot] = row;
            slot
        };
        self.states.copy(slot, compact, i);
        self.slot_of.insert(row, slot);
    }
}
