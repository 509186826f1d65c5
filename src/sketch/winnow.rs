//! Winnowing (Schleimer, Wilkerson, Aiken: "Winnowing: local algorithms for document
//! fingerprinting", SIGMOD 2003), the algorithm behind MOSS.
//!
//! From a sequence of shingle hashes (k-grams, k = the *noise threshold*: shorter matches are
//! ignored), select in every window of `w` consecutive hashes the minimum. With `w = t - k + 1`,
//! every match of at least `t` tokens (the *guarantee threshold*) between two texts contains a full
//! window, so both texts select that window's minimum: at least one shared fingerprint is
//! guaranteed. Selected density is about `2 / (w + 1)` of all shingles.
//!
//! Ties use *robust winnowing*: if the window's minimum value is still the previously selected
//! one, keep it; otherwise take the rightmost minimal hash. This keeps low-entropy text (repeated
//! words) from producing a fingerprint per position.

use std::collections::VecDeque;

use crate::error::Error;
use crate::span::Span;

use super::shingle::Shingle;

/// A selected shingle: a local fingerprint of the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fingerprint {
    /// The shingle's hash.
    pub hash: u64,
    /// The shingle's position (its first token for word shingles).
    pub position: usize,
    /// The original text the shingle covers, in UTF-16 code units.
    pub span: Span,
}

/// The winnowing window for noise threshold `k` (the shingle size) and guarantee threshold `t`:
/// `w = t - k + 1`. Requires `1 <= k <= t`.
///
/// ```
/// assert_eq!(plagscope::sketch::guarantee_window(5, 12).unwrap(), 8);
/// ```
pub fn guarantee_window(k: usize, t: usize) -> Result<usize, Error> {
    if k == 0 || t < k {
        return Err(Error::invalid(
            "guarantee_words",
            format!("must be at least the shingle length ({k}), got {t}"),
        ));
    }
    Ok(t - k + 1)
}

/// Positions selected by robust winnowing of `hashes` with window `window` (>= 1), in increasing
/// order. A sequence shorter than the window is one window: its minimum is selected.
pub fn winnow_positions(hashes: &[u64], window: usize) -> Vec<usize> {
    let window = window.max(1).min(hashes.len());
    let mut selected = Vec::with_capacity(hashes.len() * 2 / (window + 1) + 1);
    // Candidate minima: positions with strictly increasing hashes, front = rightmost minimum.
    let mut candidates: VecDeque<usize> = VecDeque::with_capacity(window + 1);
    let mut last: Option<usize> = None;
    for (i, &hash) in hashes.iter().enumerate() {
        while candidates.back().is_some_and(|&b| hashes[b] >= hash) {
            candidates.pop_back();
        }
        candidates.push_back(i);
        if i + 1 < window {
            continue;
        }
        let window_start = i + 1 - window;
        while candidates.front().is_some_and(|&f| f < window_start) {
            candidates.pop_front();
        }
        let minimum = candidates[0];
        let keep_last = last.is_some_and(|p| p >= window_start && hashes[p] == hashes[minimum]);
        if !keep_last {
            selected.push(minimum);
            last = Some(minimum);
        }
    }
    selected
}

/// Winnows `shingles` with window `window` (see [`guarantee_window`]) into fingerprints.
///
/// ```
/// use plagscope::sketch::{guarantee_window, winnow, word_shingles};
/// use plagscope::text::tokenize;
/// let text = "a long enough text to select a few fingerprints from its many word shingles";
/// let shingles = word_shingles(&tokenize(text), 3).unwrap();
/// let fingerprints = winnow(&shingles, guarantee_window(3, 6).unwrap());
/// assert!(!fingerprints.is_empty() && fingerprints.len() < shingles.len());
/// ```
pub fn winnow(shingles: &[Shingle], window: usize) -> Vec<Fingerprint> {
    let hashes: Vec<u64> = shingles.iter().map(|s| s.hash).collect();
    winnow_positions(&hashes, window)
        .into_iter()
        .map(|i| Fingerprint {
            hash: shingles[i].hash,
            position: shingles[i].position,
            span: shingles[i].span,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The paper's definition, computed naively: every window's rightmost minimum, robust ties.
    fn naive(hashes: &[u64], window: usize) -> Vec<usize> {
        if hashes.is_empty() {
            return Vec::new();
        }
        let window = window.max(1).min(hashes.len());
        let mut selected: Vec<usize> = Vec::new();
        for start in 0..(hashes.len() + 1).saturating_sub(window) {
            let slice = &hashes[start..start + window];
            let minimum = *slice.iter().min().unwrap();
            if let Some(&p) = selected.last() {
                if p >= start && hashes[p] == minimum {
                    continue;
                }
            }
            let rightmost = start + slice.iter().rposition(|&h| h == minimum).unwrap();
            selected.push(rightmost);
        }
        selected
    }

    #[test]
    fn paper_example() {
        // The hashes of Figure 2 of the paper, window 4.
        let hashes = [
            77, 74, 42, 17, 98, 50, 17, 98, 8, 88, 67, 39, 77, 74, 42, 17, 98,
        ];
        let selected: Vec<u64> = winnow_positions(&hashes, 4)
            .iter()
            .map(|&i| hashes[i])
            .collect();
        assert_eq!(selected, [17, 17, 8, 39, 17]);
    }

    #[test]
    fn matches_the_naive_definition_on_random_and_repetitive_input() {
        let mut next = crate::test_random::below(0x2545_f491_4f6c_dd1d);
        for round in 0..400 {
            let len = next(60) as usize;
            let alphabet = if round % 2 == 0 { 1 << 40 } else { 4 };
            let hashes: Vec<u64> = (0..len).map(|_| next(alphabet)).collect();
            let window = 1 + next(9) as usize;
            assert_eq!(winnow_positions(&hashes, window), naive(&hashes, window));
        }
    }

    #[test]
    fn short_input_selects_its_minimum_and_empty_input_nothing() {
        assert_eq!(winnow_positions(&[5, 3, 9], 10), [1]);
        assert!(winnow_positions(&[], 4).is_empty());
    }

    #[test]
    fn robust_ties_on_constant_input_select_once_per_window_span() {
        let hashes = [7u64; 20];
        // Robust winnowing keeps a selection while it stays in the window: one per w positions.
        assert_eq!(winnow_positions(&hashes, 4), [3, 7, 11, 15, 19]);
    }

    #[test]
    fn guarantee_window_checks_thresholds() {
        assert_eq!(guarantee_window(5, 5).unwrap(), 1);
        assert!(guarantee_window(5, 4).is_err());
        assert!(guarantee_window(0, 4).is_err());
    }
}
