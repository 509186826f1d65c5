//! How a passage explains each paper sentence ([`Judge`]): the thresholds of sentence-true
//! cutting, and the verdict on one sentence.

use std::ops::Range;

use crate::align::context::Context;
use crate::align::options::AlignOptions;
use crate::align::passage::Passage;
use crate::align::segments::SEED_SHARE_PERCENT;
use crate::sketch::sentence_terms::SentenceVectors;
use crate::text::WORD;

use super::exact_share::{exact_share, ExactShare, PLACE_SENTENCES};
use super::paper_sentences::SentenceMatch;

/// Least share of a sentence's weight inside exact runs (with a run of a seed's length) for the
/// runs to explain it. A heavily edited sentence (a third of its words changed) keeps about half
/// its words in runs of three or more; the writer's own sentence shares a stock phrase or two,
/// and a provision drafted in parallel in another law (on a minor's guardian called to an
/// interrogation, "应当通知未成年犯罪嫌疑人、被告人的法定代理人到场") 40-45% of its characters. At 50,
/// heavily edited and human-reworded copies lose sentences they keep at 45
/// (`cargo bench --bench quality`).
pub const EXPLAINED_SHARE_PERCENT: u32 = 45;

/// A sentence lighter than this, in words, between two explained sentences is explained by its
/// content terms alone ([`CONTAINED_PERCENT`]).
pub const SHORT_SENTENCE_WORDS: u32 = 10;

/// Least share of a short sentence's content terms (by idf weight) that consecutive sentences of
/// the passage's source range must hold, in percent.
pub const CONTAINED_PERCENT: u32 = 60;

/// Least share of a longer sentence between two explained ones inside exact runs, with
/// [`CONTAINED_PERCENT`] of its terms in the source range, in percent.
pub const SANDWICHED_SHARE_PERCENT: u32 = 25;

/// Fewest words of a sentence that no other reference shares for the share of them inside exact
/// runs to explain it ([`EXPLAINED_SHARE_PERCENT`]).
pub const RARE_SENTENCE_WORDS: u32 = 3;

/// Share of a sentence's weight inside exact runs that explains it strongly: a copied sentence
/// with a word or two changed.
pub const STRONG_SHARE_PERCENT: u32 = 70;

/// How one paper sentence is explained by one passage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Explained {
    Not,
    Weakly,
    Strongly,
}

/// The thresholds of [`sentence_true`] in tenths of a word.
pub(super) struct Judge<'c> {
    context: &'c Context<'c>,
    /// Both texts' sentence vectors, when they were made (rewritten evidence on).
    vectors: Option<(&'c SentenceVectors, &'c SentenceVectors)>,
    anchor: u32,
    min_matched: u32,
}

impl<'c> Judge<'c> {
    pub(super) fn new(
        context: &'c Context,
        vectors: Option<(&'c SentenceVectors, &'c SentenceVectors)>,
        options: &AlignOptions,
    ) -> Self {
        let words = |n: usize| {
            u32::try_from(n)
                .unwrap_or(u32::MAX / WORD)
                .saturating_mul(WORD)
        };
        Judge {
            context,
            vectors,
            anchor: words(options.anchor_words),
            min_matched: words(options.min_words),
        }
    }

    /// How `passage` explains the paper sentence `unit`.
    pub(super) fn sentence(
        &self,
        passage: &Passage,
        unit: &Range<usize>,
        matches: &[SentenceMatch],
    ) -> Explained {
        let overlaps = |r: &Range<usize>| r.start < unit.end && unit.start < r.end;
        if passage.sentence_pairs.iter().any(|p| overlaps(&p.paper)) {
            return Explained::Strongly;
        }
        // A seed's source sentence lies in the passage's source range, or next to it within a
        // gap a passage would chain over (the copy's edge sentence, rewritten more than the rest).
        let near_source = |r: &Range<usize>| {
            let source = &self.context.source;
            let gap = source
                .of(passage.source_end, r.start)
                .max(source.of(r.end, passage.source_start));
            gap <= self.context.max_gap
        };
        let seed = (matches.iter())
            .filter(|m| overlaps(&m.paper) && near_source(&m.source))
            .map(|m| m.standalone)
            .max();
        let ExactShare {
            matched,
            rare: rare_matched,
            longest,
        } = self.exact_in(passage, unit);
        let weight = self.context.paper.of(unit.start, unit.end).max(1);
        // The phrasing of a domain ("县级以上人民政府", held by other references too) says
        // nothing of who wrote the sentence: a copied sentence of a law is mostly such phrasing, with
        // few runs the check may use, and its own words, the rest, are what it copied.
        let rare = self.context.paper_rare.of(unit.start, unit.end);
        // A single term no other reference holds ("保险金额", a seed's weight) is not yet a copy
        // of the sentence around it: its rare words in runs weigh a whole `seedWords` at least.
        let rare_share = rare >= RARE_SENTENCE_WORDS * WORD
            && rare_matched * 100 >= EXPLAINED_SHARE_PERCENT * rare
            && rare_matched * SEED_SHARE_PERCENT >= self.context.seed * 100;
        if longest >= self.anchor
            || seed == Some(true)
            || matched * 100 >= STRONG_SHARE_PERCENT * weight
        {
            Explained::Strongly
        } else if seed.is_some()
            || (longest >= self.context.seed
                && (rare_share || matched * 100 >= EXPLAINED_SHARE_PERCENT * weight))
        {
            Explained::Weakly
        } else {
            Explained::Not
        }
    }

    /// Sentences between two explained ones whose content terms one place of the source range
    /// holds ([`CONTAINED_PERCENT`]), each short or with a quarter of it in exact runs
    /// ([`SANDWICHED_SHARE_PERCENT`]), are pieces of the copy that heavy edits left without a run
    /// of their own (a full stop moved by a swapped word leaves a fragment), not the writer's.
    pub(super) fn sandwiched(
        &self,
        passage: &Passage,
        units: &[Range<usize>],
        verdicts: &mut [Explained],
    ) {
        let mut i = 0;
        while i < verdicts.len() {
            if verdicts[i] != Explained::Not {
                i += 1;
                continue;
            }
            let end = i + verdicts[i..]
                .iter()
                .take_while(|&&v| v == Explained::Not)
                .count();
            let between = i > 0 && end < verdicts.len();
            if between && units[i..end].iter().all(|u| self.edited_piece(passage, u)) {
                verdicts[i..end].fill(Explained::Weakly);
            }
            i = end;
        }
    }

    /// Whether `unit` reads as a piece of the copy that edits broke up; see [`Self::sandwiched`].
    fn edited_piece(&self, passage: &Passage, unit: &Range<usize>) -> bool {
        let weight = self.context.paper.of(unit.start, unit.end);
        let matched = self.exact_in(passage, unit).matched;
        let short = weight < SHORT_SENTENCE_WORDS * WORD;
        (short || matched * 100 >= SANDWICHED_SHARE_PERCENT * weight)
            && self.contained(passage, unit) * 100.0 >= CONTAINED_PERCENT as f32
    }

    /// Best share of the idf weight of `unit`'s content terms that [`PLACE_SENTENCES`]
    /// consecutive source sentences of the passage's source range (and one sentence on either
    /// side) hold: a sentence whose words are a source sentence's in another order, or with some
    /// replaced, or a fragment that a moved full stop cut from one, is mostly contained in it;
    /// the writer's own sentence on the same subject shares the topic's words, spread over the
    /// range, and no one sentence holds most of them.
    fn contained(&self, passage: &Passage, unit: &Range<usize>) -> f32 {
        let Some((paper, source)) = self.vectors else {
            return 0.0;
        };
        let u = paper.units.partition_point(|r| r.end <= unit.start);
        if u >= paper.len() {
            return 0.0;
        }
        let terms = paper.terms(u);
        let total: f32 = terms.iter().map(|t| t.weight).sum();
        if total <= 0.0 {
            return 0.0;
        }
        let first = source
            .units
            .partition_point(|r| r.end <= passage.source_start);
        let last = source
            .units
            .partition_point(|r| r.start < passage.source_end);
        let range = first.saturating_sub(1)..(last + 1).min(source.len());
        let mut best: f32 = 0.0;
        for start in range.clone() {
            let end = (start + PLACE_SENTENCES).min(range.end);
            let mut held: Vec<u64> = (start..end)
                .flat_map(|s| source.terms(s).iter().map(|t| t.hash))
                .collect();
            held.sort_unstable();
            let inside: f32 = (terms.iter())
                .filter(|t| held.binary_search(&t.hash).is_ok())
                .map(|t| t.weight)
                .sum();
            best = best.max(inside / total);
        }
        best
    }

    /// The exact evidence inside `unit` from its best place in the source ([`exact_share`]).
    fn exact_in(&self, passage: &Passage, unit: &Range<usize>) -> ExactShare {
        let source_units = self.vectors.map(|(_, source)| source.units.as_slice());
        exact_share(self.context, source_units, passage, unit)
    }

    /// Whether a piece still carries `minWords / divisor` of matched text (its exact runs, or its
    /// sentence pairs' paper sentences).
    pub(super) fn enough(&self, piece: &Passage, divisor: u32) -> bool {
        let paired: u32 = (piece.sentence_pairs.iter())
            .map(|p| self.context.paper.of(p.paper.start, p.paper.end))
            .sum();
        piece.matched_weight.max(paired) >= self.min_matched / divisor
    }
}
