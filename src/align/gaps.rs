//! Step 3's evidence of density ([`fill_gaps`]): the shorter exact runs inside a passage's gaps.

use super::context::Context;
use super::passage::Passage;
use super::segments::Segment;
use crate::text::WORD;

/// Shortest run that fills a gap inside a passage, in tokens of a space-separated script.
pub const FILL_TOKENS: usize = 3;

/// Exact runs of at least [`FILL_TOKENS`] tokens (two for characters of a script without
/// spaces) shared by the gaps between consecutive segments of
/// `passage` (in both texts, in order): the pieces a heavy edit left between the longer runs.
/// They add evidence inside the passage but never move its edges.
pub(super) fn fill_gaps(
    context: &Context,
    passage: Passage,
    paper: &[u64],
    source: &[u64],
    unusable: &[bool],
) -> Passage {
    let mut added = Vec::new();
    for pair in passage.segments.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let (p0, p1) = (a.paper + a.len, b.paper);
        let (s0, s1) = (a.source + a.len, b.source);
        if p1 <= p0 || s1 <= s0 || p1 - p0 > 64 || s1 - s0 > 64 {
            continue;
        }
        // Greedy in order: the next shared run after the previous one, in both gaps.
        let (mut i, mut j_from) = (p0, s0);
        while i < p1 {
            let found = (j_from..s1).find_map(|j| {
                let len = (0..(p1 - i).min(s1 - j))
                    .take_while(|&k| {
                        paper[i + k] == source[j + k]
                            && !unusable.get(i + k).copied().unwrap_or(false)
                    })
                    .count();
                // Two characters of a script without spaces already carry a word's worth.
                let enough = len >= FILL_TOKENS
                    || (len >= 2 && context.paper.of(i, i + len) < len as u32 * WORD);
                enough.then_some((j, len))
            });
            match found {
                Some((j, len)) => {
                    added.push(Segment {
                        paper: i,
                        source: j,
                        len,
                    });
                    i += len;
                    j_from = j + len;
                }
                None => i += 1,
            }
        }
    }
    if added.is_empty() {
        return passage;
    }
    let mut segments = passage.segments;
    segments.extend(added);
    context.passage(segments)
}
