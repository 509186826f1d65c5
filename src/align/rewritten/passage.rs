//! The evidence of a group of seeds without an exact passage: whether it may make a rewritten
//! passage at all, and the passage it makes when it passes the filters (after Sanchez-Perez et al.'s
//! validation).

use std::ops::Range;

use crate::sketch::sentence_terms::{SentenceVectors, WeightedTerm};
use crate::text::WORD;

use crate::align::context::Context;
use crate::align::options::AlignOptions;
use crate::align::passage::{Evidence, Passage};
use crate::align::segments::Segment;

use super::seeds::Seed;
use super::sentences::{pair, Sentences};
use super::thresholds::SHORT_COPY_SENTENCES;
use super::thresholds::{MAX_LENGTH_RATIO, MIN_PASSAGE_COSINE, MIN_SEED_SHARE, MIN_SHARED_WEIGHT};
use super::thresholds::{ORDERED_RUN_EXTRA_SENTENCES, ORDERED_RUN_STANDALONE, ORDERED_RUN_STEP};

/// Whether `seeds` may make a rewritten passage without an exact one: `minSentences` standalone
/// seeds, a short copy's ([`SHORT_COPY_SENTENCES`]), or an ordered run's worth
/// (`is_ordered_run` aside from the order).
pub fn may_make_passage(seeds: &[Seed], options: &AlignOptions) -> bool {
    let standalone = seeds.iter().filter(|s| s.standalone).count();
    standalone >= options.min_sentences.min(SHORT_COPY_SENTENCES)
        || ordered_run_size(standalone, seeds.len(), options)
}

/// Whether `standalone` standalone seeds among `seeds` are enough for an ordered run.
fn ordered_run_size(standalone: usize, seeds: usize, options: &AlignOptions) -> bool {
    standalone >= ORDERED_RUN_STANDALONE
        && seeds >= options.min_sentences + ORDERED_RUN_EXTRA_SENTENCES
}

/// Whether a group of seeds is an ordered run: `minSentences` + [`ORDERED_RUN_EXTRA_SENTENCES`]
/// seeds, [`ORDERED_RUN_STANDALONE`] of them standalone, that follow each other in both texts in
/// the same order, at most [`ORDERED_RUN_STEP`] sentences apart.
/// A run whose pairs are each the next sentence in both texts needs only `minSentences` seeds
/// ([`ORDERED_RUN_STANDALONE`] of them standalone): three sentences rewritten one by one, in order.
pub(super) fn is_ordered_run(seeds: &[&Seed], options: &AlignOptions) -> bool {
    let mut seeds = seeds.to_vec();
    crate::sort::sort_by_key(&mut seeds, |s| s.paper);
    let standalone = seeds.iter().filter(|s| s.standalone).count();
    let follows = |a: &Seed, b: &Seed| {
        a.source < b.source
            && b.source - a.source <= ORDERED_RUN_STEP
            && b.paper - a.paper <= ORDERED_RUN_STEP
    };
    let next = |a: &Seed, b: &Seed| b.source == a.source + 1 && b.paper == a.paper + 1;
    let consecutive = standalone >= ORDERED_RUN_STANDALONE
        && seeds.len() >= options.min_sentences
        && seeds.windows(2).all(|w| next(w[0], w[1]));
    consecutive
        || ordered_run_size(standalone, seeds.len(), options)
            && seeds.windows(2).all(|w| follows(w[0], w[1]))
}

/// The rewritten passage a group of seeds (without an exact passage) makes, if it is evidence.
pub(super) fn rewritten_passage(
    context: &Context,
    seeds: &[&Seed],
    segments: &[Segment],
    sentences: Sentences,
    options: &AlignOptions,
) -> Option<Passage> {
    let paper_units = span(seeds.iter().map(|s| s.paper));
    let source_units = span(seeds.iter().map(|s| s.source));
    let distinct = |units: &mut Vec<usize>| {
        units.sort_unstable();
        units.dedup();
        units.len() as f32
    };
    let paper_seeded = distinct(&mut seeds.iter().map(|s| s.paper).collect());
    let source_seeded = distinct(&mut seeds.iter().map(|s| s.source).collect());
    let (p, s) = (paper_units.len() as f32, source_units.len() as f32);
    let shared: f32 = seeds.iter().map(|s| s.shared_weight).sum();
    let evidence = paper_seeded >= options.min_sentences as f32
        && paper_seeded >= MIN_SEED_SHARE * p
        && source_seeded >= MIN_SEED_SHARE * s
        && p.max(s) <= MAX_LENGTH_RATIO * p.min(s)
        && shared >= MIN_SHARED_WEIGHT;
    if !evidence {
        return None;
    }
    // Like an edited passage without a long exact run, a rewritten one spans `editedWords` (and
    // at least `minWords`): three short clauses that happen to agree are not a copy.
    let least = options.edited_words.max(options.min_words);
    build_rewritten(context, seeds, segments, sentences, least)
}

/// The rewritten passage of `seeds` when the two spans they cover are alike as wholes
/// ([`MIN_PASSAGE_COSINE`], the validation step of Sanchez-Perez et al.) and the paper's spans at
/// least `least_words`.
pub(super) fn build_rewritten(
    context: &Context,
    seeds: &[&Seed],
    segments: &[Segment],
    sentences: Sentences,
    least_words: usize,
) -> Option<Passage> {
    let paper_units = span(seeds.iter().map(|s| s.paper));
    let source_units = span(seeds.iter().map(|s| s.source));
    let alike = span_cosine(
        sentences.paper,
        &paper_units,
        sentences.source,
        &source_units,
    ) >= MIN_PASSAGE_COSINE;
    if !alike {
        return None;
    }
    let paper = sentences.paper.units[paper_units.start].start
        ..sentences.paper.units[paper_units.end - 1].end;
    let source = sentences.source.units[source_units.start].start
        ..sentences.source.units[source_units.end - 1].end;
    let inside: Vec<Segment> = (segments.iter())
        .filter(|g| paper.start <= g.paper && g.paper + g.len <= paper.end)
        .filter(|g| source.start <= g.source && g.source + g.len <= source.end)
        .copied()
        .collect();
    let least = u32::try_from(least_words).unwrap_or(u32::MAX / WORD) * WORD;
    if context.paper.of(paper.start, paper.end) < least {
        return None;
    }
    let mut passage = context.passage(inside);
    (passage.paper_start, passage.paper_end) = (paper.start, paper.end);
    (passage.source_start, passage.source_end) = (source.start, source.end);
    passage.evidence = Evidence::Rewritten;
    passage.sentence_pairs = seeds.iter().map(|s| pair(s, sentences)).collect();
    crate::sort::sort_by_key(&mut passage.sentence_pairs, |p| p.paper.start);
    Some(passage)
}

/// The unit range from the least to the greatest of `units`.
fn span(units: impl Iterator<Item = usize> + Clone) -> Range<usize> {
    let start = units.clone().min().unwrap_or(0);
    start..units.max().map_or(start, |u| u + 1)
}

/// Cosine of two unit spans, each summed into one vector.
fn span_cosine(
    a: &SentenceVectors,
    a_units: &Range<usize>,
    b: &SentenceVectors,
    b_units: &Range<usize>,
) -> f32 {
    let (a, b) = (summed(a, a_units), summed(b, b_units));
    let norm = |v: &[WeightedTerm]| v.iter().map(|t| t.weight * t.weight).sum::<f32>().sqrt();
    let (mut dot, mut j) = (0.0, 0);
    for term in &a {
        while j < b.len() && b[j].hash < term.hash {
            j += 1;
        }
        if j < b.len() && b[j].hash == term.hash {
            dot += term.weight * b[j].weight;
        }
    }
    let norms = norm(&a) * norm(&b);
    if norms > 0.0 {
        dot / norms
    } else {
        0.0
    }
}

/// The terms of `units` summed into one vector, sorted by hash.
fn summed(vectors: &SentenceVectors, units: &Range<usize>) -> Vec<WeightedTerm> {
    let mut terms: Vec<WeightedTerm> = units
        .clone()
        .flat_map(|u| vectors.terms(u).iter().copied())
        .collect();
    crate::sort::sort_by_u64_key(&mut terms, |t| t.hash);
    let mut summed: Vec<WeightedTerm> = Vec::with_capacity(terms.len());
    for term in terms {
        match summed.last_mut() {
            Some(last) if last.hash == term.hash => last.weight += term.weight,
            _ => summed.push(term),
        }
    }
    summed
}
