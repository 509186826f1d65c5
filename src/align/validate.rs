//! Step 4: a passage's two sides must be the same text.
//!
//! Chaining and merging join exact runs across gaps; on their own they would also join a few
//! stock phrases scattered over a paragraph, or one source phrase matched at several places of
//! the paper. A passage is kept only when its sides correspond: neither side more than
//! [`MAX_LENGTH_RATIO`] times the other, and exact runs covering at least `min_density` percent
//! of each side. Otherwise it is split at its widest gap and each part is judged again.

use super::{Context, Passage, Segment, FRAGMENT_ANCHOR_WORDS};
use crate::text::WORD;

/// Largest ratio between the lengths of a passage's two sides.
pub const MAX_LENGTH_RATIO: u32 = 2;

/// Whether `passage`'s two sides correspond (see the module docs).
fn corresponds(context: &Context, passage: &Passage) -> bool {
    let paper = context.paper_length(passage);
    let source = context.source_length(passage);
    // In u64: a 64 MB text weighs up to about 2^28, times 100 overflows u32.
    let dense = |matched: u32, length: u32| {
        u64::from(matched) * 100 >= u64::from(context.min_density) * u64::from(length)
    };
    u64::from(paper.max(source)) <= u64::from(MAX_LENGTH_RATIO) * u64::from(paper.min(source))
        && dense(passage.matched_weight, paper)
        && dense(passage.source_matched_weight, source)
}

/// Where to cut a passage that does not correspond: after the segment (in paper order) followed by
/// the widest gap, measured in both texts.
fn widest_gap(context: &Context, segments: &[Segment]) -> usize {
    let mut best = (0, 0);
    let mut paper_end = 0;
    for (i, pair) in segments.windows(2).enumerate() {
        let (a, b) = (pair[0], pair[1]);
        paper_end = paper_end.max(a.paper + a.len);
        let paper_gap = context.paper.of(paper_end, b.paper);
        let source_jump = if b.source >= a.source + a.len {
            context.source.of(a.source + a.len, b.source)
        } else {
            context.source.of(b.source, a.source + a.len)
        };
        best = best.max((paper_gap + source_jump, i + 1));
    }
    best.1.max(1)
}

/// Drops the exact runs at an edge of a passage that lie further from the rest than twice what
/// they weigh together, when they weigh at most [`FRAGMENT_ANCHOR_WORDS`] and less than the rest: a few short shared phrases just
/// before or after a copied passage are not part of the copy. Only paper distances count: in the
/// source, sentences of a copied passage may have been reordered.
pub fn trim_edges(context: &Context, passage: Passage) -> Passage {
    let segments = &passage.segments;
    let n = segments.len();
    // prefix[k]: weight covered by the first k runs (paper order); end[k]: where they end.
    let (mut prefix, mut end) = (vec![0u32; n + 1], vec![0usize; n + 1]);
    for (k, s) in segments.iter().enumerate() {
        let from = s.paper.max(end[k]);
        prefix[k + 1] = prefix[k] + context.paper.of(from, s.paper + s.len);
        end[k + 1] = end[k].max(s.paper + s.len);
    }
    let total = prefix[n];
    let gap = |k: usize| context.paper.of(end[k], segments[k].paper);
    // Strays are short: at most a fragment anchor's worth of shared text.
    let stray = |weight: u32, k: usize| {
        weight <= FRAGMENT_ANCHOR_WORDS * WORD && 2 * weight <= gap(k) && 2 * weight < total
    };
    let first = (1..n).rev().find(|&k| stray(prefix[k], k)).unwrap_or(0);
    let last = (first + 1..n)
        .find(|&k| stray(total - prefix[k], k))
        .unwrap_or(n);
    if first == 0 && last == n {
        return passage;
    }
    context.passage(passage.segments[first..last].to_vec())
}

/// `passage` if its sides correspond, else the corresponding parts it splits into.
pub fn corresponding(context: &Context, passage: Passage) -> Vec<Passage> {
    let mut done = Vec::new();
    let mut pending = vec![passage];
    while let Some(passage) = pending.pop() {
        let passage = trim_edges(context, passage);
        if passage.segments.len() == 1 || corresponds(context, &passage) {
            done.push(passage);
            continue;
        }
        let mut first = passage.segments;
        let second = first.split_off(widest_gap(context, &first));
        pending.push(context.passage(first));
        pending.push(context.passage(second));
    }
    crate::sort::sort_by_key(&mut done, |p| p.paper_start);
    done
}
