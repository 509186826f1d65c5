//! Step 4: a passage's two sides must be the same text.
//!
//! Chaining and merging join exact runs across gaps; on their own they would also join a few
//! stock phrases scattered over a paragraph, or one source phrase matched at several places of
//! the paper. A passage is kept only when its sides correspond: neither side more than
//! [`MAX_LENGTH_RATIO`] times the other, and exact runs covering at least `min_density` percent
//! of each side. Otherwise it is split at its widest gap and each part is judged again.

use super::context::Context;
use super::passage::{Passage, FRAGMENT_ANCHOR_WORDS};
use super::segments::Segment;
use super::weights::Weights;
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
/// they weigh together, when they weigh at most [`FRAGMENT_ANCHOR_WORDS`] and less than the rest: a
/// few short shared phrases just before or after a copied passage are not part of the copy. Paper
/// distances count here; in the source, sentences of a copied passage may have been reordered
/// ([`trim_source_edges`] takes only what lies beyond `mergeGap`).
pub fn trim_edges(context: &Context, passage: Passage) -> Passage {
    let strays = Strays {
        most_weight: FRAGMENT_ANCHOR_WORDS * WORD,
        least_gap: 0,
    };
    let kept = strays.drop(&passage.segments, |s| (s.paper, s.len), &context.paper);
    if kept.len() == passage.segments.len() {
        return passage;
    }
    context.passage(kept)
}

/// The runs of `segments` that trimming the source's edges took out of `trimmed` and that lie
/// outside its paper side, as a passage of their own, when they make one with a run of
/// [`FRAGMENT_ANCHOR_WORDS`]: a copied sentence, then the writer's own, then a block copied from
/// further on in the source is two copies, not one with a stray; a stock phrase matched at
/// another article lies inside the copy's paper side and stays out.
fn apart_in_the_paper(
    context: &Context,
    segments: &[Segment],
    trimmed: &Passage,
) -> Option<Passage> {
    let outside =
        |s: &&Segment| s.paper >= trimmed.paper_end || s.paper + s.len <= trimmed.paper_start;
    let dropped: Vec<Segment> = (segments.iter())
        .filter(|s| !trimmed.segments.contains(s))
        .filter(outside)
        .copied()
        .collect();
    if dropped.is_empty() {
        return None;
    }
    let apart = context.passage(dropped);
    (apart.longest_weight >= FRAGMENT_ANCHOR_WORDS * WORD).then_some(apart)
}

/// Drops the exact runs at an edge of a passage's source side that lie more than `mergeGap` from
/// the rest of it, and further than twice what they weigh. A statute repeats its phrases from
/// article to article ("会计凭证、会计账簿、财务会计报告和其他会计资料"); when the copied place of
/// a sentence was reworded, the same phrase at another article matches the sentence better, and
/// would stretch the source side over every article between. Reordered sentences stay: they lie
/// inside the copied place.
pub fn trim_source_edges(context: &Context, passage: Passage) -> Passage {
    let strays = Strays {
        most_weight: u32::MAX,
        least_gap: context.merge_gap,
    };
    let mut by_source = passage.segments.clone();
    crate::sort::sort_by_key(&mut by_source, |s| s.source);
    let kept = strays.drop(&by_source, |s| (s.source, s.len), &context.source);
    if kept.len() == by_source.len() {
        return passage;
    }
    context.passage(kept)
}

/// What makes the runs at an edge of a passage strays: they weigh at most `most_weight` and less
/// than the rest, and lie further than `least_gap` and than twice their weight from the rest.
struct Strays {
    most_weight: u32,
    least_gap: u32,
}

impl Strays {
    /// `segments` (sorted along one text, whose position and length `place` gives, weighed by
    /// `weights`) without the strays at either end.
    fn drop(
        &self,
        segments: &[Segment],
        place: impl Fn(&Segment) -> (usize, usize),
        weights: &Weights,
    ) -> Vec<Segment> {
        let n = segments.len();
        // prefix[k]: weight covered by the first k runs; end[k]: where they end.
        let (mut prefix, mut end) = (vec![0u32; n + 1], vec![0usize; n + 1]);
        for (k, s) in segments.iter().enumerate() {
            let (at, len) = place(s);
            prefix[k + 1] = prefix[k] + weights.of(at.max(end[k]), at + len);
            end[k + 1] = end[k].max(at + len);
        }
        let total = prefix[n];
        let gap = |k: usize| weights.of(end[k], place(&segments[k]).0);
        let stray = |weight: u32, k: usize| {
            weight <= self.most_weight
                && 2 * weight < total
                && gap(k) > self.least_gap
                && 2 * weight <= gap(k)
        };
        let first = (1..n).rev().find(|&k| stray(prefix[k], k)).unwrap_or(0);
        let last = (first + 1..n)
            .find(|&k| stray(total - prefix[k], k))
            .unwrap_or(n);
        segments[first..last].to_vec()
    }
}

/// `passage` if its sides correspond, else the corresponding parts it splits into.
pub fn corresponding(context: &Context, passage: Passage) -> Vec<Passage> {
    let mut done = Vec::new();
    let mut pending = vec![passage];
    while let Some(passage) = pending.pop() {
        let passage = trim_edges(context, passage);
        if passage.segments.len() == 1 || corresponds(context, &passage) {
            // Only a passage that corresponds as it is loses its far source strays: trimming must
            // not turn two texts' scattered shared phrases into a passage.
            let trimmed = trim_source_edges(context, passage.clone());
            let keep = trimmed.segments.len() == 1 || corresponds(context, &trimmed);
            if !keep {
                done.push(passage);
                continue;
            }
            pending.extend(apart_in_the_paper(context, &passage.segments, &trimmed));
            done.push(trimmed);
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
