//! Steps 2, 3 and 6: exact runs chained into fragments, fragments merged into passages, and one
//! source place per paper place. Distances are weights of token ranges ([`Context`]).

use super::context::Context;
use super::passage::Passage;
use super::segments::Segment;

/// Step 2: chains segments (sorted by paper position) along the diagonal with gaps of at most
/// `max_gap` in both texts. A segment continues a fragment only forwards in the source
/// (overlapping it by less than a seed).
pub(super) fn chain(context: &Context, segments: &[Segment], seed_tokens: usize) -> Vec<Passage> {
    // (segments, paper end, source end) of the fragments still open.
    let mut open: Vec<(Vec<Segment>, usize, usize)> = Vec::new();
    let mut done: Vec<Vec<Segment>> = Vec::new();
    for &segment in segments {
        // Close fragments that can no longer be continued.
        let (still_open, closed): (Vec<_>, Vec<_>) = open
            .into_iter()
            .partition(|f| context.paper.of(f.1, segment.paper) <= context.max_gap);
        done.extend(closed.into_iter().map(|f| f.0));
        open = still_open;
        let continues = |&(_, paper_end, source_end): &(Vec<Segment>, usize, usize)| {
            segment.paper + segment.len > paper_end
                && segment.source + seed_tokens >= source_end
                && segment.source + segment.len > source_end
                && context.source.of(source_end, segment.source) <= context.max_gap
        };
        // Prefer the fragment whose source end is closest to this segment's source start.
        let best = open
            .iter_mut()
            .filter(|f| continues(f))
            .min_by_key(|f| segment.source.abs_diff(f.2));
        match best {
            Some(fragment) => {
                fragment.0.push(segment);
                fragment.1 = fragment.1.max(segment.paper + segment.len);
                fragment.2 = fragment.2.max(segment.source + segment.len);
            }
            None => open.push((
                vec![segment],
                segment.paper + segment.len,
                segment.source + segment.len,
            )),
        }
    }
    done.extend(open.into_iter().map(|f| f.0));
    done.into_iter().map(|s| context.passage(s)).collect()
}

/// Distance between two source ranges (0 when they overlap), as a weight.
fn source_gap(context: &Context, a: (usize, usize), b: (usize, usize)) -> u32 {
    context.source.of(a.1, b.0).max(context.source.of(b.1, a.0))
}

/// Merges fragments (in paper order) into the nearby passage whose source range is closest, when
/// they are within `merge_gap` in the paper and `accept(passage, fragment, source distance)`.
/// Every passage still open in the paper is considered, not only the last one, so a stray
/// fragment in between does not cut a passage in two.
fn merge_by(
    context: &Context,
    mut fragments: Vec<Passage>,
    accept: impl Fn(&Passage, &Passage, u32) -> bool,
) -> Vec<Passage> {
    crate::sort::sort_by_key(&mut fragments, |f| {
        (f.paper_start, std::cmp::Reverse(f.matched_weight))
    });
    let mut passages: Vec<Passage> = Vec::new();
    for fragment in fragments {
        let best = passages
            .iter_mut()
            .rev()
            .take_while(|p| {
                context.paper.of(p.paper_end, fragment.paper_start) <= 4 * context.merge_gap
            })
            .filter(|p| context.paper.of(p.paper_end, fragment.paper_start) <= context.merge_gap)
            .map(|p| {
                let distance = source_gap(
                    context,
                    (p.source_start, p.source_end),
                    (fragment.source_start, fragment.source_end),
                );
                (distance, p)
            })
            .filter(|(distance, p)| accept(p, &fragment, *distance))
            .min_by_key(|(distance, _)| *distance);
        match best {
            Some((_, passage)) => {
                let mut segments = std::mem::take(&mut passage.segments);
                segments.extend(fragment.segments);
                *passage = context.passage(segments);
            }
            None => passages.push(fragment),
        }
    }
    passages
}

/// Step 3: merges fragments that are close in the paper and in the source. A strong fragment (at
/// least twice the anchor) may lie anywhere within the passage's length in the source; a weak one
/// is only taken in when it lies inside the passage in both texts, so a stray common phrase
/// cannot stretch a passage (chaining already joined the weak pieces along its diagonal).
pub(super) fn merge(context: &Context, fragments: Vec<Passage>, anchor: u32) -> Vec<Passage> {
    merge_by(context, fragments, |passage, fragment, distance| {
        if fragment.matched_weight >= 2 * anchor {
            distance <= context.merge_gap.max(context.source_length(passage))
        } else {
            fragment.paper_start >= passage.paper_start
                && fragment.paper_end <= passage.paper_end
                && fragment.source_start >= passage.source_start
                && fragment.source_end <= passage.source_end
        }
    })
}

/// Step 5: once weak strays are filtered out, passages next to each other in the paper whose
/// source ranges lie within their combined length are one copied block with reordered sentences.
pub(super) fn merge_reordered(context: &Context, passages: Vec<Passage>) -> Vec<Passage> {
    merge_by(context, passages, |passage, fragment, distance| {
        distance
            <= context
                .merge_gap
                .max(context.paper_length(passage) + context.paper_length(fragment))
    })
}

/// Step 3b: weak fragments (no anchor of their own) next to an anchored passage in the paper
/// whose source range lies within the passage's source range widened by `max_gap` are the rest
/// of a heavily edited copy (a sentence rewritten more than the others, or moved).
pub(super) fn absorb_weak(
    context: &Context,
    anchored: Vec<Passage>,
    weak: Vec<Passage>,
) -> Vec<Passage> {
    let mut passages = anchored;
    crate::sort::sort_by_key(&mut passages, |p| p.paper_start);
    for fragment in weak {
        let near = passages.iter_mut().find(|p| {
            let paper_gap = context
                .paper
                .of(p.paper_end, fragment.paper_start)
                .max(context.paper.of(fragment.paper_end, p.paper_start));
            let source_gap = source_gap(
                context,
                (p.source_start, p.source_end),
                (fragment.source_start, fragment.source_end),
            );
            paper_gap <= context.max_gap && source_gap <= context.max_gap
        });
        if let Some(passage) = near {
            let mut segments = std::mem::take(&mut passage.segments);
            segments.extend(fragment.segments);
            *passage = context.passage(segments);
        }
    }
    passages
}

/// Step 6: a part of the paper is copied from one place. When a source repeats itself ("the
/// Secretary of the Treasury" ten times in a statute), a copied passage also matches those other
/// places: keep the strongest passage and drop weaker ones lying mostly inside it in the paper.
pub(super) fn one_source_place_per_paper_place(mut passages: Vec<Passage>) -> Vec<Passage> {
    crate::sort::sort_by_key(&mut passages, |p| {
        std::cmp::Reverse((p.matched_weight, p.paper_end - p.paper_start))
    });
    let mut kept: Vec<Passage> = Vec::new();
    for passage in passages {
        let length = passage.paper_end - passage.paper_start;
        let overlapped: usize = kept
            .iter()
            .map(|k| {
                passage
                    .paper_end
                    .min(k.paper_end)
                    .saturating_sub(passage.paper_start.max(k.paper_start))
            })
            .sum();
        if overlapped * 2 <= length {
            kept.push(passage);
        }
    }
    crate::sort::sort_by_key(&mut kept, |p| p.paper_start);
    kept
}
