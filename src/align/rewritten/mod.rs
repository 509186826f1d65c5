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
//!    that pass `sentenceSimilarity` on their own, or of an ordered run (`is_ordered_run`:
//!    sentences that follow each other in both texts, most of them under the similarity by a
//!    little; `minSentences` pairs are enough when each is the next sentence in both); when it
//!    covers its span densely in both texts ([`MIN_SEED_SHARE`]), both spans are about as long
//!    ([`MAX_LENGTH_RATIO`]), the two spans' vectors as wholes are similar
//!    ([`MIN_PASSAGE_COSINE`], the validation step of Sanchez-Perez et al.), the shared terms weigh
//!    enough ([`MIN_SHARED_WEIGHT`]): topic words alone, which every text on the subject uses,
//!    never make one; and, like an edited passage without a long exact run, it spans
//!    `editedWords`.

mod clusters;
mod extend;
mod passage;
mod seeds;
mod short_copy;

use std::ops::Range;

use crate::sketch::sentence_terms::SentenceVectors;

use super::{AlignOptions, Context, Passage, Segment};
use clusters::{clusters, Item};
use extend::extend_exact;
pub use passage::may_make_passage;
use passage::{is_ordered_run, rewritten_passage};
pub use seeds::Seed as SentenceSeed;
use seeds::{seeds, Seed, SeedThresholds};
use short_copy::short_copies;
pub use short_copy::{SHORT_COPY_EXTRA_SIMILARITY, SHORT_COPY_SENTENCES, SHORT_COPY_SHARED_WEIGHT};

/// Which kind of evidence found a passage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum Evidence {
    /// Exact shared runs: pasted or lightly edited text.
    Exact,
    /// Matching sentences without a long exact run: paraphrased or heavily edited text.
    Rewritten,
    /// Sentences of another language that translate the source's, in its order.
    Translated,
}

/// A paper sentence and the source sentence it matches, as token ranges.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SentencePair {
    /// The paper sentence's tokens.
    pub paper: Range<usize>,
    /// The source sentence's tokens.
    pub source: Range<usize>,
    /// How alike the two are, in thousandths: the tf·idf cosine of their content words, or the
    /// sentence model's cosine in a passage it found ([`Passage::by_model`](super::Passage)).
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
/// the quality bench: Chinese heavy recall 0.825 against 0.808 with no margin, no other figure
/// moved; 20 points add only 0.005.
pub const EXTENSION_SIMILARITY_MARGIN: usize = 10;

/// Seeds beyond `minSentences` that an ordered run needs: sentence pairs that follow each other
/// in both texts, in the source's order, are evidence together when most of them are extension
/// seeds (a paraphrase that changed every sentence a little more than `sentenceSimilarity`
/// allows). Chosen on the quality bench: Chinese paraphrase recall 0.901 on draw 4 and 0.913 on
/// draw 3, against 0.884 and 0.893 without ordered runs, no other figure moved on draws 0-4; with
/// 1, a light-kind host's parallel provisions become a passage.
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
    let items = items_of(&exact, found, sentences);
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
        match rewritten_passage(context, &group_seeds, segments, sentences, options) {
            Some(passage) => rewritten.push(passage),
            None => rewritten.extend(short_copies(
                context,
                &group_seeds,
                segments,
                sentences,
                options,
            )),
        }
    }
    exact.extend(rewritten);
    for passage in &mut exact {
        let units = sentence_of(sentences.paper, passage.paper_start)
            ..sentence_of(sentences.paper, passage.paper_end - 1) + 1;
        passage.sentences = units.len();
    }
    exact
}

/// The sentence (unit) of `vectors` that holds `token`.
fn sentence_of(vectors: &SentenceVectors, token: usize) -> usize {
    vectors.units.partition_point(|u| u.end <= token)
}

/// The exact passages and the seeds as items to cluster: each with the sentences it spans.
fn items_of(exact: &[Passage], found: &[Seed], sentences: Sentences<'_>) -> Vec<Item> {
    let (paper, source) = (sentences.paper, sentences.source);
    let mut items: Vec<Item> = (exact.iter().enumerate())
        .map(|(index, p)| Item {
            paper: sentence_of(paper, p.paper_start)..sentence_of(paper, p.paper_end - 1) + 1,
            source: sentence_of(source, p.source_start)..sentence_of(source, p.source_end - 1) + 1,
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
    items
}

/// The report's record of `seed`'s two sentences.
fn pair(seed: &Seed, sentences: Sentences) -> SentencePair {
    SentencePair {
        paper: sentences.paper.units[seed.paper].clone(),
        source: sentences.source.units[seed.source].clone(),
        similarity: (seed.cosine.min(1.0) * 1000.0).round() as u16,
    }
}

#[cfg(test)]
mod tests;
