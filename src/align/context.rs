//! What every alignment stage needs: both texts' token weights as prefix sums, the options in
//! tenths of a word, and the computation of a passage's ranges and evidence from its runs.

use std::borrow::Cow;

use super::{AlignOptions, Passage, Segment, Side, SEED_SHARE_PERCENT};
use crate::text::WORD;

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

    /// Weight of tokens `start..end` (0 when empty or reversed).
    pub(super) fn of(&self, start: usize, end: usize) -> u32 {
        if end <= start {
            return 0;
        }
        let end = end.min(self.0.len() - 1);
        self.0[end] - self.0[start.min(end)]
    }
}

/// A side's prefix sums of its token weights, and of those of the tokens no other reference
/// shares: what every alignment's [`Context`] computes from its paper side, built once for a
/// paper aligned with many sources (a check's candidates).
#[derive(Debug, Clone)]
pub struct WeightSums {
    all: Weights,
    rare: Weights,
}

impl WeightSums {
    /// The sums of `side`'s weights (and of those not `shared`).
    pub fn of(side: &Side<'_>) -> Self {
        // Tokens other references share weigh nothing as an edited passage's evidence.
        let rare: Vec<u32> = (side.weights.iter().enumerate())
            .map(|(i, &w)| {
                if side.shared.get(i) == Some(&true) {
                    0
                } else {
                    w
                }
            })
            .collect();
        WeightSums {
            all: Weights::new(side.weights),
            rare: Weights::new(&rare),
        }
    }
}

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
            .filter(|sums| sums.all.0.len() == paper.weights.len() + 1);
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
            evidence: super::Evidence::Exact,
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
