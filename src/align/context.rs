//! What every alignment stage needs ([`Context`]): both texts' token weights as prefix sums, the
//! options in tenths of a word, and the computation of a passage's ranges and evidence from its
//! runs.

use std::borrow::Cow;

use super::options::AlignOptions;
use super::passage::{Evidence, Passage};
use super::segments::{Segment, SEED_SHARE_PERCENT};
use super::side::{Side, WeightSums};
use super::weights::Weights;
use crate::text::WORD;

/// Both texts' weights and the options in tenths of a word: what every stage needs.
pub(super) struct Context<'a> {
    pub(super) paper: Cow<'a, Weights>,
    /// Paper weights counting only tokens no other reference shares.
    pub(super) paper_rare: Cow<'a, Weights>,
    pub(super) source: Weights,
    pub(super) seed: u32,
    pub(super) max_gap: u32,
    pub(super) merge_gap: u32,
    pub(super) min_density: u32,
}

impl<'a> Context<'a> {
    /// The context of aligning `paper` with `source` (the paper's sums taken from it when it
    /// has them).
    pub(super) fn new(paper: &Side<'a>, source: &Side<'_>, options: &AlignOptions) -> Self {
        let words = |n: usize| {
            u32::try_from(n)
                .unwrap_or(u32::MAX / WORD)
                .saturating_mul(WORD)
        };
        let given = paper
            .sums
            .filter(|sums| sums.all.len() == paper.weights.len());
        let (paper_sums, paper_rare) = match given {
            Some(sums) => (Cow::Borrowed(&sums.all), Cow::Borrowed(&sums.rare)),
            None => {
                let WeightSums { all, rare } = WeightSums::of(paper);
                (Cow::Owned(all), Cow::Owned(rare))
            }
        };
        Context {
            paper: paper_sums,
            paper_rare,
            source: Weights::new(source.weights),
            seed: words(options.seed_words) * SEED_SHARE_PERCENT / 100,
            max_gap: words(options.max_gap),
            merge_gap: words(options.merge_gap),
            min_density: u32::try_from(options.min_density).unwrap_or(100),
        }
    }

    /// Recomputes a passage's ranges and evidence from its segments.
    pub(super) fn passage(&self, mut segments: Vec<Segment>) -> Passage {
        crate::sort::sort(&mut segments);
        let (mut matched_words, mut matched_weight, mut covered_to) = (0, 0, 0);
        let (mut seeded_weight, mut seeded_to) = (0, 0);
        let mut longest = (0, 0);
        for s in &segments {
            let from = s.paper.max(covered_to);
            let to = s.paper + s.len;
            if to > from {
                matched_words += to - from;
                matched_weight += self.paper.of(from, to);
                covered_to = to;
            }
            let weight = self.paper.of(s.paper, s.paper + s.len);
            if weight >= self.seed && to > s.paper.max(seeded_to) {
                seeded_weight += self.paper_rare.of(s.paper.max(seeded_to), to);
                seeded_to = to;
            }
            longest = longest.max((weight, s.len));
        }
        let mut by_source: Vec<(usize, usize)> = segments
            .iter()
            .map(|s| (s.source, s.source + s.len))
            .collect();
        crate::sort::sort(&mut by_source);
        let (mut source_matched_weight, mut covered_to) = (0, 0);
        for &(start, end) in &by_source {
            source_matched_weight += self.source.of(start.max(covered_to), end);
            covered_to = covered_to.max(end);
        }
        Passage {
            paper_start: segments.iter().map(|s| s.paper).min().unwrap_or(0),
            paper_end: segments.iter().map(|s| s.paper + s.len).max().unwrap_or(0),
            source_start: by_source.first().map_or(0, |r| r.0),
            source_end: by_source.iter().map(|r| r.1).max().unwrap_or(0),
            segments,
            elsewhere: Vec::new(),
            matched_words,
            matched_weight,
            seeded_weight,
            source_matched_weight,
            longest_run: longest.1,
            longest_weight: longest.0,
            evidence: Evidence::Exact,
            sentence_pairs: Vec::new(),
            sentences: 0,
            by_model: false,
            region: 0,
        }
    }

    /// Weight of a passage's paper range.
    pub(super) fn paper_length(&self, p: &Passage) -> u32 {
        self.paper.of(p.paper_start, p.paper_end)
    }

    /// Weight of a passage's source range.
    pub(super) fn source_length(&self, p: &Passage) -> u32 {
        self.source.of(p.source_start, p.source_end)
    }
}
