//! Passage alignment: from shared token runs between a paper and a source to passages that
//! tolerate small edits, each with its exact shared pieces and the evidence for it.
//!
//! Lengths are measured in **word equivalents** ([`crate::text::units`]): a word weighs one, a
//! Chinese character 0.6, so every threshold below means the same amount of text in English and
//! in Chinese (12 words = 20 hanzi).
//!
//! 1. **Segments** ([`segments`]): every maximal run of equal tokens weighing at least
//!    `seed_words`, found from seed n-grams of the source.
//! 2. **Fragments** ([`merge::chain`]): segments chained along the diagonal: the next segment
//!    starts at most `max_gap` after the fragment in *both* texts. Gaps are the "imperfections"
//!    (WCopyfind): a few inserted, deleted or changed words inside a copied passage.
//! 3. **Passages** ([`merge::merge`]): fragments next to each other in the paper whose source
//!    ranges are close are merged, so sentences reordered inside a copied paragraph make one
//!    passage.
//! 4. **Correspondence** ([`validate`]): the paper side and the source side of a passage must be
//!    the same text: lengths within a factor of two, and matched text covering at least
//!    `min_density` of each side. A passage that fails is split at its widest gap until every
//!    part passes, so one source phrase is never stretched over a long stretch of the paper.
//! 5. **Evidence**: a passage needs an exact run of at least `anchor_words` and at least
//!    `min_words` of matched text. Reordered passages next to each other are merged once more
//!    (and checked again).
//! 6. **One place each**: where passages overlap in the paper (a source that repeats a phrase
//!    matches it at each repetition), the strongest is kept.

mod merge;
mod segments;
mod validate;

use serde::{Deserialize, Serialize};

use crate::error::Error;
use crate::text::WORD;

pub use segments::{exact_segments, Segment};

/// How passages are aligned. Lengths are in word equivalents (a Chinese character is 0.6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct AlignOptions {
    /// Shortest exact run used, in words (1..=16). Default 3 (5 Chinese characters).
    pub seed_words: usize,
    /// Largest gap inside a passage, in words, in each text (0..=100). Default 30.
    pub max_gap: usize,
    /// Largest distance at which fragments merge into one passage, in words (0..=500). Default 60.
    pub merge_gap: usize,
    /// Fewest matched words in a reported passage: smaller matches are excluded (1..=10000).
    /// Default 12 (20 Chinese characters).
    pub min_words: usize,
    /// A reported passage contains an exact run at least this long, in words (1..=64). Default 6.
    pub anchor_words: usize,
    /// Least share of each side of a passage inside exact runs, in percent (0..=100). Default 50.
    pub min_density: usize,
}

impl Default for AlignOptions {
    fn default() -> Self {
        AlignOptions {
            seed_words: 3,
            max_gap: 30,
            merge_gap: 60,
            min_words: 12,
            anchor_words: 6,
            min_density: 50,
        }
    }
}

impl AlignOptions {
    /// Checks the documented ranges.
    pub fn validate(&self) -> Result<(), Error> {
        let check = |name: &'static str, value: usize, range: std::ops::RangeInclusive<usize>| {
            if range.contains(&value) {
                Ok(())
            } else {
                Err(Error::invalid(
                    name,
                    format!(
                        "must be in {}..={}, got {value}",
                        range.start(),
                        range.end()
                    ),
                ))
            }
        };
        check("seedWords", self.seed_words, 1..=16)?;
        check("maxGap", self.max_gap, 0..=100)?;
        check("mergeGap", self.merge_gap, 0..=500)?;
        check("minWords", self.min_words, 1..=10_000)?;
        check("anchorWords", self.anchor_words, 1..=64)?;
        check("minDensity", self.min_density, 0..=100)
    }
}

/// One text of an alignment: its token hashes and each token's weight in tenths of a word
/// ([`crate::text::token_weights`]).
#[derive(Debug, Clone, Copy)]
pub struct Side<'a> {
    /// Token hashes (equal tokens, equal hashes).
    pub hashes: &'a [u64],
    /// Token weights, as long as `hashes`.
    pub weights: &'a [u32],
}

/// An aligned passage: token ranges in both texts, the exact runs inside, and its evidence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Passage {
    /// First paper token.
    pub paper_start: usize,
    /// One past the last paper token.
    pub paper_end: usize,
    /// First source token.
    pub source_start: usize,
    /// One past the last source token.
    pub source_end: usize,
    /// The exact runs, sorted by paper position.
    pub segments: Vec<Segment>,
    /// Paper tokens inside exact runs (each counted once).
    pub matched_words: usize,
    /// Weight of those tokens, in tenths of a word.
    pub matched_weight: u32,
    /// Weight of the source tokens inside exact runs (each counted once).
    pub source_matched_weight: u32,
    /// Tokens of the longest exact run.
    pub longest_run: usize,
    /// Weight of the longest exact run, in tenths of a word.
    pub longest_weight: u32,
}

/// Prefix sums of token weights, so the weight of any token range is one subtraction.
struct Weights(Vec<u32>);

impl Weights {
    fn new(weights: &[u32]) -> Self {
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
    fn of(&self, start: usize, end: usize) -> u32 {
        if end <= start {
            return 0;
        }
        let end = end.min(self.0.len() - 1);
        self.0[end] - self.0[start.min(end)]
    }
}

/// Both texts' weights and the options in tenths of a word: what every stage needs.
struct Context {
    paper: Weights,
    source: Weights,
    seed: u32,
    max_gap: u32,
    merge_gap: u32,
    min_density: u32,
}

impl Context {
    /// Recomputes a passage's ranges and evidence from its segments.
    fn passage(&self, mut segments: Vec<Segment>) -> Passage {
        segments.sort_unstable();
        let (mut matched_words, mut matched_weight, mut covered_to) = (0, 0, 0);
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
            longest = longest.max((weight, s.len));
        }
        let mut by_source: Vec<(usize, usize)> = segments
            .iter()
            .map(|s| (s.source, s.source + s.len))
            .collect();
        by_source.sort_unstable();
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
            matched_words,
            matched_weight,
            source_matched_weight,
            longest_run: longest.1,
            longest_weight: longest.0,
        }
    }

    /// Weight of a passage's paper range.
    fn paper_length(&self, p: &Passage) -> u32 {
        self.paper.of(p.paper_start, p.paper_end)
    }

    /// Weight of a passage's source range.
    fn source_length(&self, p: &Passage) -> u32 {
        self.source.of(p.source_start, p.source_end)
    }
}

/// Aligns `paper` with `source` into passages; see the module docs. `unusable` paper tokens
/// (excluded text, common phrasing) never belong to an exact run.
pub fn align(
    paper: Side<'_>,
    source: Side<'_>,
    unusable: &[bool],
    options: &AlignOptions,
) -> Vec<Passage> {
    let words = |n: usize| u32::try_from(n).unwrap_or(u32::MAX / WORD) * WORD;
    let context = Context {
        paper: Weights::new(paper.weights),
        source: Weights::new(source.weights),
        seed: words(options.seed_words),
        max_gap: words(options.max_gap),
        merge_gap: words(options.merge_gap),
        min_density: u32::try_from(options.min_density).unwrap_or(100),
    };
    let anchor = words(options.anchor_words);
    let min_matched = words(options.min_words);
    let segments = exact_segments(paper.hashes, source.hashes, unusable, options.seed_words)
        .into_iter()
        .filter(|s| context.paper.of(s.paper, s.paper + s.len) >= context.seed)
        .collect::<Vec<_>>();
    let fragments = merge::chain(&context, &segments, options.seed_words);
    let anchored: Vec<Passage> = merge::merge(&context, fragments, anchor)
        .into_iter()
        .flat_map(|p| validate::corresponding(&context, p))
        .filter(|p| p.longest_weight >= anchor)
        .collect();
    let passages = merge::merge_reordered(&context, anchored)
        .into_iter()
        .flat_map(|p| validate::corresponding(&context, p))
        .filter(|p| p.longest_weight >= anchor && p.matched_weight >= min_matched)
        .collect();
    merge::one_source_place_per_paper_place(passages)
}

#[cfg(test)]
mod tests;
