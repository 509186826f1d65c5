//! Step 1: the maximal exact runs two token sequences share.

use std::collections::HashMap;

/// An exact shared run: `len` tokens from `paper` in the paper and from `source` in the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Segment {
    /// First token in the paper.
    pub paper: usize,
    /// First token in the source.
    pub source: usize,
    /// Number of tokens.
    pub len: usize,
}

/// Seeds occurring more often than this in the source are skipped (they would only add noise).
const MAX_SEED_OCCURRENCES: usize = 64;

fn seed_hash(tokens: &[u64]) -> u64 {
    tokens.iter().fold(0x9E37_79B9_7F4A_7C15u64, |h, &t| {
        (h.rotate_left(17) ^ t).wrapping_mul(0xFF51_AFD7_ED55_8CCD)
    })
}

/// All maximal exact runs of at least `seed_tokens` tokens shared by `paper` and `source` (token
/// hashes), never starting on or running through an `excluded` paper token.
pub fn exact_segments(
    paper: &[u64],
    source: &[u64],
    excluded: &[bool],
    seed_tokens: usize,
) -> Vec<Segment> {
    let n = seed_tokens.max(1);
    if paper.len() < n || source.len() < n {
        return Vec::new();
    }
    let mut seeds: HashMap<u64, Vec<usize>> = HashMap::new();
    for (j, window) in source.windows(n).enumerate() {
        seeds.entry(seed_hash(window)).or_default().push(j);
    }
    let is_excluded = |i: usize| excluded.get(i).copied().unwrap_or(false);
    let mut segments = Vec::new();
    for (i, window) in paper.windows(n).enumerate() {
        if (i..i + n).any(is_excluded) {
            continue;
        }
        let Some(positions) = seeds.get(&seed_hash(window)) else {
            continue;
        };
        if positions.len() > MAX_SEED_OCCURRENCES {
            continue;
        }
        for &j in positions {
            if paper[i..i + n] != source[j..j + n] {
                continue; // a seed hash collision
            }
            // Only maximal runs: skip seeds that continue a run started earlier.
            if i > 0 && j > 0 && paper[i - 1] == source[j - 1] && !is_excluded(i - 1) {
                continue;
            }
            let mut len = n;
            while i + len < paper.len()
                && j + len < source.len()
                && paper[i + len] == source[j + len]
                && !is_excluded(i + len)
            {
                len += 1;
            }
            segments.push(Segment {
                paper: i,
                source: j,
                len,
            });
        }
    }
    segments.sort_unstable();
    segments
}
