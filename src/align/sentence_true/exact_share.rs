//! How much of one paper sentence a passage's exact runs cover, counted from one place of the
//! source. A copied sentence, however edited, keeps its runs in its twin (or in the two source
//! sentences it merged); a sentence of the writer's own in a domain's phrasing (an article of
//! another chapter of the same law, a same-event news story) is a mosaic of short runs from all
//! over the passage's source range, and no one place explains it.

use std::ops::Range;

use crate::align::context::Context;
use crate::align::passage::Passage;
use crate::align::segments::{Segment, SEED_SHARE_PERCENT};

/// How many consecutive source sentences make one place of the source: one sentence, or two a
/// copy merged (or a full stop moved by an edit split across).
pub const PLACE_SENTENCES: usize = 2;

/// The exact evidence inside one paper sentence, in tenths of a word.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct ExactShare {
    /// Weight of its tokens inside runs from its best place in the source.
    pub(super) matched: u32,
    /// The part of `matched` in tokens no other reference shares.
    pub(super) rare: u32,
    /// Weight of the longest run reaching into it (a run crossing the sentence's edge is evidence
    /// for all of it: a copy that begins inside the writer's sentence, or a unit cut inside a long
    /// run-on sentence), but for one that ends inside it within `seedWords` of its start: that is
    /// the source going on past the full stop where the writer stopped copying
    /// ("运费保险适用前款规定。保险金额" before the writer's own "保险金额不得超过保险价值。").
    pub(super) longest: u32,
}

/// A run's part inside the paper sentence: its paper tokens and the source tokens they match.
struct Portion {
    paper: Range<usize>,
    source: Range<usize>,
}

/// The exact evidence of `passage`'s runs (its own and those whose twin lies elsewhere in the
/// source) inside the paper sentence `unit`, from the [`PLACE_SENTENCES`] consecutive
/// source sentences (`source_units`) that explain most of it; all runs count when the source's
/// sentences are unknown.
pub(super) fn exact_share(
    context: &Context,
    source_units: Option<&[Range<usize>]>,
    passage: &Passage,
    unit: &Range<usize>,
) -> ExactShare {
    let mut longest = 0;
    let mut portions = Vec::new();
    for run in passage.segments.iter().chain(&passage.elsewhere) {
        let Some(portion) = portion(run, unit) else {
            continue;
        };
        let runs_on = run.paper + run.len > unit.end;
        // A run that began in the sentence before needs a whole `seedWords` inside this one (three
        // words, five Chinese characters), not the share of it a seed needs: the source's next
        // sentence often opens with the same term as the writer's (a law's "保险金额", four
        // characters).
        let least = if run.paper < unit.start {
            context.seed * 100 / SEED_SHARE_PERCENT
        } else {
            context.seed
        };
        if runs_on || context.paper.of(portion.paper.start, portion.paper.end) >= least {
            longest = longest.max(context.paper.of(run.paper, run.paper + run.len));
        }
        portions.push(portion);
    }
    crate::sort::sort_by_key(&mut portions, |p| p.paper.start);
    let Some(units) = source_units.filter(|u| !u.is_empty()) else {
        let (matched, rare) = union_weight(context, portions.iter());
        return ExactShare {
            matched,
            rare,
            longest,
        };
    };
    let sentence_of = |token: usize| units.partition_point(|r| r.end <= token);
    let spans: Vec<(usize, usize)> = (portions.iter())
        .map(|p| (sentence_of(p.source.start), sentence_of(p.source.end - 1)))
        .collect();
    // Windows of consecutive source sentences, each starting at or just before a run's first.
    let mut windows: Vec<usize> = (spans.iter())
        .flat_map(|&(first, _)| first.saturating_sub(PLACE_SENTENCES - 1)..=first)
        .collect();
    windows.sort_unstable();
    windows.dedup();
    let inside =
        |&(a, b): &(usize, usize), window: usize| a >= window && b < window + PLACE_SENTENCES;
    let mut best = ExactShare {
        longest,
        ..ExactShare::default()
    };
    for window in windows {
        let held = (portions.iter().zip(&spans))
            .filter(|(_, s)| inside(s, window))
            .map(|(p, _)| p);
        let (matched, rare) = union_weight(context, held);
        if matched > best.matched {
            (best.matched, best.rare) = (matched, rare);
        }
    }
    best
}

/// The part of `run` inside the paper tokens `unit`, if any.
fn portion(run: &Segment, unit: &Range<usize>) -> Option<Portion> {
    let start = run.paper.max(unit.start);
    let end = (run.paper + run.len).min(unit.end);
    let source = run.source + (start - run.paper);
    (end > start).then(|| Portion {
        paper: start..end,
        source: source..source + (end - start),
    })
}

/// The weight, and rare weight, of the paper tokens the `portions` (by paper start) cover, each
/// token once.
fn union_weight<'p>(context: &Context, portions: impl Iterator<Item = &'p Portion>) -> (u32, u32) {
    let (mut matched, mut rare, mut covered_to) = (0, 0, 0);
    for portion in portions {
        let start = portion.paper.start.max(covered_to);
        if portion.paper.end > start {
            matched += context.paper.of(start, portion.paper.end);
            rare += context.paper_rare.of(start, portion.paper.end);
        }
        covered_to = covered_to.max(portion.paper.end);
    }
    (matched, rare)
}
