//! The second kind of evidence: a rewritten copy, found sentence by sentence.
//!
//! A paraphrase (by hand or by a tool) or a heavy edit keeps the source's sentences and their rare
//! content words but leaves few exact runs. Following the best text-alignment system of PAN 2014
//! (Sanchez-Perez, Sidorov and Gelbukh, "A Winning Approach to Text Alignment for Text Reuse
//! Detection at PAN 2014"):
//!
//! 1. **Seeds** ([`seeds`]): each paper sentence against each source sentence, as tf·idf vectors of
//!    their content terms ([`crate::sketch::sentence_terms`]: truncated words, Chinese character
//!    pairs), weighted by the reference set's idf so that what every text of the domain says
//!    weighs little; a pair is a seed when its cosine and its Dice coefficient pass thresholds and
//!    it shares [`MIN_SHARED_TERMS`] terms.
//! 2. **Extension** ([`clusters`]): seeds and the exact passages of the same source grouped while
//!    they lie within [`MAX_GAP_SENTENCES`] of each other in both texts, in any order inside.
//! 3. **Evidence**: a group holding an exact passage extends it over its seeds, including those
//!    up to [`EXTENSION_SIMILARITY_MARGIN`] under `sentenceSimilarity` (an exact passage covering
//!    the unchanged half of a heavily edited paragraph grows over the rewritten half). A group
//!    without one is a rewritten passage only when it is made of at least `minSentences` seeds
//!    that pass `sentenceSimilarity` on their own, or of an ordered run ([`is_ordered_run`]:
//!    sentences that follow each other in both texts, most of them under the similarity by a
//!    little); when it covers its span densely in both texts ([`MIN_SEED_SHARE`]), both spans are
//!    about as long ([`MAX_LENGTH_RATIO`]), the two spans' vectors as wholes are similar
//!    ([`MIN_PASSAGE_COSINE`], the validation step of Sanchez-Perez et al.), the shared terms weigh
//!    enough ([`MIN_SHARED_WEIGHT`]): topic words alone, which every text on the subject uses,
//!    never make one; and, like an edited passage without a long exact run, it spans
//!    `editedWords`.

mod clusters;
mod seeds;

use std::ops::Range;

use crate::sketch::sentence_terms::{SentenceVectors, WeightedTerm};
use crate::text::WORD;

use super::{AlignOptions, Context, Passage, Segment};
use clusters::{clusters, Item};
pub use seeds::Seed as SentenceSeed;
use seeds::{seeds, Seed, SeedThresholds};

/// Which kind of evidence found a passage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum Evidence {
    /// Exact shared runs: pasted or lightly edited text.
    Exact,
    /// Matching sentences without a long exact run: paraphrased or heavily edited text.
    Rewritten,
}

/// A paper sentence and the source sentence it matches, as token ranges.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SentencePair {
    /// The paper sentence's tokens.
    pub paper: Range<usize>,
    /// The source sentence's tokens.
    pub source: Range<usize>,
    /// tf·idf cosine of the two, in thousandths.
    pub similarity: u16,
}

/// Points of cosine a sentence written in characters (Chinese, Japanese) needs beyond
/// `sentenceSimilarity`: two character pairs meet by chance far more often than two words (a few
/// thousand characters make most text, and a field's clauses reuse the same pairs: "依法给予",
/// "主管部门"), so parallel provisions of two laws reach the cosine a rewritten English sentence
/// has. Chosen on the quality bench (55 + 10: no Chinese near-miss or same-topic document flagged
/// by sentences).
pub const CHARACTER_SIMILARITY_EXTRA: usize = 10;

/// Points of cosine below `sentenceSimilarity` (in either script) that a sentence pair needs when
/// it only extends an exact passage of its source: the exact runs already show which source was
/// copied, so a neighbouring sentence edited more than the rest (a third of a Chinese sentence's
/// characters changed leaves about half its character pairs) still belongs to the copy. Chosen on
/// the quality bench: Chinese heavy recall 0.808 -> 0.825, nothing else moved; 20 points gained
/// 0.005 more.
pub const EXTENSION_SIMILARITY_MARGIN: usize = 10;

/// Seeds beyond `minSentences` that an ordered run needs: sentence pairs that follow each other
/// in both texts, in the source's order, are evidence together when most of them are extension
/// seeds (a paraphrase that changed every sentence a little more than `sentenceSimilarity`
/// allows). Chosen on the quality bench: Chinese paraphrase recall on draw 4 0.884 -> 0.901 and
/// on draw 3 0.893 -> 0.913, no other figure moved on draws 0-4; with 1, a light-kind host's
/// parallel provisions became a passage.
pub const ORDERED_RUN_EXTRA_SENTENCES: usize = 2;

/// Standalone seeds an ordered run holds at least.
pub const ORDERED_RUN_STANDALONE: usize = 2;

/// Largest step, in sentences, between neighbours of an ordered run in either text.
pub const ORDERED_RUN_STEP: usize = 2;

/// Least Dice coefficient of a seed's two term sets.
pub const MIN_DICE: f32 = 0.4;

/// Fewest distinct terms a seed's sentences share.
pub const MIN_SHARED_TERMS: u16 = 3;

/// Largest gap, in sentences, between pieces of evidence of one passage, in either text
/// (Sanchez-Perez et al. use 4).
pub const MAX_GAP_SENTENCES: usize = 3;

/// Least share of the sentences of a rewritten passage that are seeds, in each text.
pub const MIN_SEED_SHARE: f32 = 0.5;

/// Most one side of a rewritten passage may be longer than the other, in sentences.
pub const MAX_LENGTH_RATIO: f32 = 2.0;

/// Least tf·idf cosine of a rewritten passage's two spans, each as one vector.
pub const MIN_PASSAGE_COSINE: f32 = 0.5;

/// Least idf-weighted mass of the terms a rewritten passage's seeds share (a term every
/// reference holds weighs 1, a term none holds about 1 + ln of the set's size).
pub const MIN_SHARED_WEIGHT: f32 = 30.0;

/// The seeds of a paper and a source: for each paper sentence, the source sentence it matches
/// best, if one passes the thresholds (`sentenceSimilarity`, [`MIN_DICE`], [`MIN_SHARED_TERMS`]).
pub fn sentence_seeds(
    paper: &SentenceVectors,
    source: &SentenceVectors,
    options: &AlignOptions,
) -> Vec<Seed> {
    let characters = (options.sentence_similarity + CHARACTER_SIMILARITY_EXTRA).min(100);
    let extension = (options.sentence_similarity).saturating_sub(EXTENSION_SIMILARITY_MARGIN);
    let thresholds = SeedThresholds {
        cosine: options.sentence_similarity as f32 / 100.0,
        cosine_characters: characters as f32 / 100.0,
        cosine_extension: extension as f32 / 100.0,
        dice: MIN_DICE,
        terms: MIN_SHARED_TERMS,
    };
    seeds(paper, source, thresholds)
}

/// Whether `seeds` may make a rewritten passage without an exact one: `minSentences` standalone
/// seeds, or an ordered run's worth ([`is_ordered_run`] aside from the order).
pub fn may_make_passage(seeds: &[Seed], options: &AlignOptions) -> bool {
    let standalone = seeds.iter().filter(|s| s.standalone).count();
    standalone >= options.min_sentences
        || (standalone >= ORDERED_RUN_STANDALONE
            && seeds.len() >= options.min_sentences + ORDERED_RUN_EXTRA_SENTENCES)
}

/// Whether a group of seeds is an ordered run: `minSentences` + [`ORDERED_RUN_EXTRA_SENTENCES`]
/// seeds, [`ORDERED_RUN_STANDALONE`] of them standalone, that follow each other in both texts in
/// the same order, at most [`ORDERED_RUN_STEP`] sentences apart.
fn is_ordered_run(seeds: &[&Seed], options: &AlignOptions) -> bool {
    let mut seeds = seeds.to_vec();
    crate::sort::sort_by_key(&mut seeds, |s| s.paper);
    let standalone = seeds.iter().filter(|s| s.standalone).count();
    let follows = |a: &Seed, b: &Seed| {
        a.source < b.source
            && b.source - a.source <= ORDERED_RUN_STEP
            && b.paper - a.paper <= ORDERED_RUN_STEP
    };
    standalone >= ORDERED_RUN_STANDALONE
        && seeds.len() >= options.min_sentences + ORDERED_RUN_EXTRA_SENTENCES
        && seeds.windows(2).all(|w| follows(w[0], w[1]))
}

/// Both texts' sentence vectors and token hashes.
#[derive(Debug, Clone, Copy)]
pub struct Sentences<'a> {
    /// The paper's.
    pub paper: &'a SentenceVectors,
    /// The source's.
    pub source: &'a SentenceVectors,
    /// The paper's token hashes.
    pub paper_tokens: &'a [u64],
    /// The source's token hashes.
    pub source_tokens: &'a [u64],
}

/// `exact` passages extended over the matching sentences near them, and the rewritten passages
/// found among the rest; `segments` are the exact runs, shown inside rewritten passages.
pub(super) fn with_sentences(
    context: &Context,
    exact: Vec<Passage>,
    segments: &[Segment],
    sentences: Sentences<'_>,
    found: &[Seed],
    options: &AlignOptions,
) -> Vec<Passage> {
    let unit = |v: &SentenceVectors, token: usize| v.units.partition_point(|u| u.end <= token);
    let mut items: Vec<Item> = (exact.iter().enumerate())
        .map(|(index, p)| Item {
            paper: unit(sentences.paper, p.paper_start)..unit(sentences.paper, p.paper_end - 1) + 1,
            source: unit(sentences.source, p.source_start)
                ..unit(sentences.source, p.source_end - 1) + 1,
            index,
            exact: true,
        })
        .collect();
    items.extend(found.iter().enumerate().map(|(index, s)| Item {
        paper: s.paper..s.paper + 1,
        source: s.source..s.source + 1,
        index,
        exact: false,
    }));
    let mut exact = exact;
    // Source sentences an exact passage already matches: elsewhere in the paper they are no
    // evidence (the paper repeats what it copied), as a source place is matched once.
    let exact_source: Vec<Range<usize>> = (items.iter().filter(|i| i.exact))
        .map(|i| i.source.clone())
        .collect();
    let mut rewritten: Vec<Passage> = Vec::new();
    let mut unanchored: Vec<Item> = Vec::new();
    for group in clusters(items, MAX_GAP_SENTENCES) {
        let anchors: Vec<usize> = (group.iter().filter(|i| i.exact))
            .map(|i| i.index)
            .collect();
        if anchors.is_empty() {
            let seeds: Vec<&Seed> = group.iter().map(|i| &found[i.index]).collect();
            let ordered = is_ordered_run(&seeds, options);
            unanchored.extend(group.into_iter().filter(|i| {
                let seed = &found[i.index];
                let evidence = seed.standalone || ordered;
                evidence && !exact_source.iter().any(|r| r.contains(&seed.source))
            }));
            continue;
        }
        let group_seeds: Vec<&Seed> = (group.iter().filter(|i| !i.exact))
            .map(|i| &found[i.index])
            .collect();
        extend_exact(&mut exact, &anchors, &group_seeds, sentences);
    }
    // Without an exact passage, only standalone seeds and ordered runs are evidence, grouped
    // again without the other seeds, which must not bridge a gap between them.
    for group in clusters(unanchored, MAX_GAP_SENTENCES) {
        let group_seeds: Vec<&Seed> = group.iter().map(|i| &found[i.index]).collect();
        rewritten.extend(rewritten_passage(
            context,
            &group_seeds,
            segments,
            sentences,
            options,
        ));
    }
    exact.extend(rewritten);
    for passage in &mut exact {
        let units = unit(sentences.paper, passage.paper_start)
            ..unit(sentences.paper, passage.paper_end - 1) + 1;
        passage.sentences = units.len();
    }
    exact
}

/// Extends each exact passage of a group over the seeds nearest to it in the paper. A seed whose
/// two sentences the passage reaches into, in both texts, makes it cover both whole when what it
/// leaves out of them is the same text ([`same_remainders`]): the exact runs stop a few words
/// short of a copied sentence's edges (a changed word, a stock phrase that is no evidence). A seed
/// whose sentence overlaps a passage elsewhere in the source adds nothing: the paper may repeat
/// that sentence near a copy.
fn extend_exact(exact: &mut [Passage], anchors: &[usize], seeds: &[&Seed], sentences: Sentences) {
    for seed in seeds {
        let paper = &sentences.paper.units[seed.paper];
        let source = &sentences.source.units[seed.source];
        let overlaps = |p: &Passage| paper.start < p.paper_end && p.paper_start < paper.end;
        if let Some(&inside) = anchors.iter().find(|&&a| overlaps(&exact[a])) {
            let passage = &mut exact[inside];
            let same_place = source.start < passage.source_end && passage.source_start < source.end;
            if same_place && same_remainders(passage, paper, source, sentences) {
                grow(passage, paper, source);
            }
            continue;
        }
        let distance = |p: &Passage| {
            paper.start.saturating_sub(p.paper_end) + p.paper_start.saturating_sub(paper.end)
        };
        let Some(&nearest) = anchors.iter().min_by_key(|&&a| distance(&exact[a])) else {
            continue;
        };
        if grow(&mut exact[nearest], paper, source) {
            exact[nearest].sentence_pairs.push(pair(seed, sentences));
        }
    }
    for passage in exact.iter_mut() {
        crate::sort::sort_by_key(&mut passage.sentence_pairs, |p| p.paper.start);
    }
}

/// Whether the parts of a paper sentence and a source sentence that `passage` leaves out, before
/// it and after it, are the same text in both (at least half of the longer one's tokens in the
/// other): the edges of one copied sentence, not the paper's own words around a copy that began or
/// ended inside a sentence.
fn same_remainders(
    passage: &Passage,
    paper: &Range<usize>,
    source: &Range<usize>,
    sentences: Sentences,
) -> bool {
    let before = (
        paper.start..passage.paper_start.max(paper.start),
        source.start..passage.source_start.max(source.start),
    );
    let after = (
        passage.paper_end.min(paper.end)..paper.end,
        passage.source_end.min(source.end)..source.end,
    );
    [before, after].into_iter().all(|(p, s)| {
        let mut a = sentences.paper_tokens[p].to_vec();
        let mut b = sentences.source_tokens[s].to_vec();
        let longer = a.len().max(b.len());
        a.sort_unstable();
        b.sort_unstable();
        2 * common_count(&a, &b) >= longer
    })
}

/// How many items two sorted lists have in common, with repeats.
fn common_count(a: &[u64], b: &[u64]) -> usize {
    let (mut i, mut j, mut common) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => (i, j, common) = (i + 1, j + 1, common + 1),
        }
    }
    common
}

/// Widens `passage` to cover the `paper` and `source` token ranges, unless one side would then be
/// more than [`MAX_LENGTH_RATIO`] times the other; whether it did.
fn grow(passage: &mut Passage, paper: &Range<usize>, source: &Range<usize>) -> bool {
    let (paper_start, paper_end) = (
        passage.paper_start.min(paper.start),
        passage.paper_end.max(paper.end),
    );
    let (source_start, source_end) = (
        passage.source_start.min(source.start),
        passage.source_end.max(source.end),
    );
    let (a, b) = (
        (paper_end - paper_start) as f32,
        (source_end - source_start) as f32,
    );
    if a.max(b) > MAX_LENGTH_RATIO * a.min(b) {
        return false;
    }
    (passage.paper_start, passage.paper_end) = (paper_start, paper_end);
    (passage.source_start, passage.source_end) = (source_start, source_end);
    true
}

fn pair(seed: &Seed, sentences: Sentences) -> SentencePair {
    SentencePair {
        paper: sentences.paper.units[seed.paper].clone(),
        source: sentences.source.units[seed.source].clone(),
        similarity: (seed.cosine.min(1.0) * 1000.0).round() as u16,
    }
}

/// The rewritten passage a group of seeds (without an exact passage) makes, if it is evidence.
fn rewritten_passage(
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
        && shared >= MIN_SHARED_WEIGHT
        && span_cosine(
            sentences.paper,
            &paper_units,
            sentences.source,
            &source_units,
        ) >= MIN_PASSAGE_COSINE;
    if !evidence {
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
    // Like an edited passage without a long exact run, a rewritten one spans `editedWords` (and
    // at least `minWords`): three short clauses that happen to agree are not a copy.
    let least = options.edited_words.max(options.min_words);
    let least = u32::try_from(least).unwrap_or(u32::MAX / WORD) * WORD;
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
    crate::sort::sort_by_key(&mut terms, |t| t.hash);
    let mut summed: Vec<WeightedTerm> = Vec::with_capacity(terms.len());
    for term in terms {
        match summed.last_mut() {
            Some(last) if last.hash == term.hash => last.weight += term.weight,
            _ => summed.push(term),
        }
    }
    summed
}

#[cfg(test)]
mod tests;
