//! Steps 1-5 of passage alignment ([`align_exact`]): exact shared runs into passages, each with
//! enough exact evidence.

use super::context::Context;
use super::gaps::fill_gaps;
use super::merge;
use super::options::AlignOptions;
use super::passage::{Passage, FRAGMENT_ANCHOR_WORDS};
use super::segments::{exact_segments_from_paper, exact_segments_with, join_across_common};
use super::segments::{strongest_segments, SeedTable, Segment};
use super::side::Side;
use super::validate;
use crate::text::WORD;

/// Steps 1-5 of [`align`](super::align): the passages exact runs make, with the runs.
#[derive(Debug, Clone, Default)]
pub struct ExactAlignment {
    /// The passages, each with enough exact evidence.
    pub passages: Vec<Passage>,
    /// Every exact run found (the strongest through each place).
    pub(super) segments: Vec<Segment>,
}

/// The exact runs `paper` and `source` share, by the seed table one of them was given (the
/// source's when both were: all pairs builds one per reference), or else a table of the source's
/// built for the call.
fn exact_runs(paper: Side<'_>, source: Side<'_>, unusable: &[bool], window: usize) -> Vec<Segment> {
    let fits = |seeds: Option<&SeedTable>| seeds.is_some_and(|seeds| seeds.window() == window);
    match (
        paper.seeds.filter(|_| fits(paper.seeds)),
        source.seeds.filter(|_| fits(source.seeds)),
    ) {
        (_, Some(seeds)) => exact_segments_with(paper.hashes, source.hashes, seeds, unusable),
        (Some(seeds), None) => {
            exact_segments_from_paper(paper.hashes, seeds, source.hashes, unusable)
        }
        (None, None) => {
            let seeds = SeedTable::new(source.hashes, window);
            exact_segments_with(paper.hashes, source.hashes, &seeds, unusable)
        }
    }
}

/// Steps 1-5 of [`align`](super::align): exact runs into passages, without the sentences.
pub fn align_exact(
    paper: Side<'_>,
    source: Side<'_>,
    unusable: &[bool],
    options: &AlignOptions,
) -> ExactAlignment {
    let context = Context::new(&paper, &source, options);
    let fragment_anchor = FRAGMENT_ANCHOR_WORDS * WORD;
    // Steps 1-2: exact runs, the strongest per place, chained along the diagonal.
    let segments = exact_runs(paper, source, unusable, options.seed_words.max(1));
    let texts = (paper.hashes, source.hashes);
    let segments: Vec<Segment> = join_across_common(segments, texts, paper.common, &context.paper)
        .into_iter()
        .filter(|s| context.paper.of(s.paper, s.paper + s.len) >= context.seed)
        .collect();
    let segments = strongest_segments(segments, paper.hashes.len(), source.hashes.len());
    let fragments = merge::chain(&context, &segments, options.seed_words);
    // Step 3: fragments merged; weak ones join an anchored passage nearby; gaps filled.
    let (anchored, weak): (Vec<Passage>, Vec<Passage>) =
        merge::merge(&context, fragments, fragment_anchor)
            .into_iter()
            .partition(|p| p.longest_weight >= fragment_anchor);
    let filled = merge::absorb_weak(&context, anchored, weak)
        .into_iter()
        .map(|p| fill_gaps(&context, p, paper.hashes, source.hashes, unusable));
    // Step 4: both sides correspond; step 5: reordered neighbours merged, evidence required.
    let corresponding: Vec<Passage> = filled
        .flat_map(|p| validate::corresponding(&context, p))
        .filter(|p| p.longest_weight >= fragment_anchor)
        .collect();
    let evidence = ExactEvidence::of(options);
    let passages = merge::merge_reordered(&context, corresponding)
        .into_iter()
        .flat_map(|p| validate::corresponding(&context, p))
        .filter(|p| evidence.enough(p))
        .collect();
    ExactAlignment { passages, segments }
}

/// What a passage must show to be reported, in tenths of a word.
struct ExactEvidence {
    min_matched: u32,
    anchor: u32,
    edited: u32,
    fragment_anchor: u32,
}

impl ExactEvidence {
    fn of(options: &AlignOptions) -> Self {
        let words = |n: usize| {
            u32::try_from(n)
                .unwrap_or(u32::MAX / WORD)
                .saturating_mul(WORD)
        };
        ExactEvidence {
            min_matched: words(options.min_words),
            anchor: words(options.anchor_words),
            edited: words(options.edited_words),
            fragment_anchor: FRAGMENT_ANCHOR_WORDS * WORD,
        }
    }

    /// An exact run of `anchor` is copying by itself; without one, an edited copy needs `edited`
    /// of runs at least a seed long that no other reference shares (the phrasing of a domain,
    /// repeated with small changes from document to document, is not evidence against one).
    fn enough(&self, passage: &Passage) -> bool {
        passage.matched_weight >= self.min_matched
            && (passage.longest_weight >= self.anchor
                || (passage.seeded_weight >= self.edited
                    && passage.longest_weight >= self.fragment_anchor))
    }
}
