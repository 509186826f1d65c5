//! Prefix sums of token weights ([`Weights`]): the weight of any token range in one subtraction.

/// Prefix sums of token weights, so the weight of any token range is one subtraction.
#[derive(Debug, Clone)]
pub(super) struct Weights(Vec<u32>);

impl Weights {
    pub(super) fn new(weights: &[u32]) -> Self {
        let mut sums = Vec::with_capacity(weights.len() + 1);
        sums.push(0u32);
        let mut total = 0u32;
        for &w in weights {
            total = total.saturating_add(w);
            sums.push(total);
        }
        Weights(sums)
    }

    /// Number of tokens summed.
    pub(super) fn len(&self) -> usize {
        self.0.len() - 1
    }

    /// Weight of tokens `start..end` (0 when empty or reversed).
    pub(super) fn of(&self, start: usize, end: usize) -> u32 {
        if end <= start {
            return 0;
        }
        let end = end.min(self.0.len() - 1);
        self.0[end] - self.0[start.min(end)]
    }
}
