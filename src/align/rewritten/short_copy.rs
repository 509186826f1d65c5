//! Short copies: students copy two or three sentences, not a page. A group of seeds too small for a
//! rewritten passage (`minSentences`) is still one when it holds [`SHORT_COPY_SENTENCES`] paper
//! sentences in a row, each rewritten from the next sentence of the source in its order, with
//! strong and specific evidence: each pair [`SHORT_COPY_EXTRA_SIMILARITY`] points over
//! `sentenceSimilarity`, each paper sentence [`SHORT_COPY_SENTENCE_WORDS`] long, their shared terms' idf mass over [`SHORT_COPY_SHARED_WEIGHT`] (rare
//! words, not the topic's), and the two spans as wholes alike ([`MIN_PASSAGE_COSINE`](super::MIN_PASSAGE_COSINE)).
//! The bar is the evidence's specificity, not the passage's length: texts on one subject share
//! its words, not two consecutive sentences that say the same rare things in the same order.
//! Sentences written in characters (Chinese, Japanese) are left out: two laws' parallel
//! provisions (a fund manager's duties and its custodian's) pair up two by two at the cosine a
//! rewritten sentence has, which made three same-topic documents of the quality bench's 40
//! short copies.

use super::passage::build_rewritten;
use super::seeds::Seed;
use super::sentences::Sentences;
use super::thresholds::{SHORT_COPY_EXTRA_SIMILARITY, SHORT_COPY_SENTENCES};
use super::thresholds::{SHORT_COPY_SENTENCE_WORDS, SHORT_COPY_SHARED_WEIGHT};
use crate::align::context::Context;
use crate::align::options::AlignOptions;
use crate::align::passage::Passage;
use crate::align::segments::Segment;
use crate::text::WORD;

/// The short copies among `seeds` (standalone ones, of a group without an exact passage and too
/// small for a rewritten passage); see the module docs.
pub(super) fn short_copies(
    context: &Context,
    seeds: &[&Seed],
    segments: &[Segment],
    sentences: Sentences,
    options: &AlignOptions,
) -> Vec<Passage> {
    let mut strong: Vec<&Seed> = (seeds.iter().copied())
        .filter(|s| !sentences.paper.is_characters(s.paper))
        .filter(|s| s.standalone && s.cosine >= least_cosine(options))
        .filter(|s| {
            let unit = &sentences.paper.units[s.paper];
            context.paper.of(unit.start, unit.end) >= SHORT_COPY_SENTENCE_WORDS * WORD
        })
        .collect();
    crate::sort::sort_by_key(&mut strong, |s| s.paper);
    let mut passages = Vec::new();
    let mut start = 0;
    for end in 1..=strong.len() {
        let follows = end < strong.len()
            && strong[end].paper == strong[end - 1].paper + 1
            && strong[end].source == strong[end - 1].source + 1;
        if follows {
            continue;
        }
        let run = &strong[start..end];
        let shared: f32 = run.iter().map(|s| s.shared_weight).sum();
        if run.len() >= SHORT_COPY_SENTENCES && shared >= SHORT_COPY_SHARED_WEIGHT {
            passages.extend(build_rewritten(
                context,
                run,
                segments,
                sentences,
                options.min_words,
            ));
        }
        start = end;
    }
    passages
}

/// The cosine a pair of a short copy needs.
fn least_cosine(options: &AlignOptions) -> f32 {
    (options.sentence_similarity + SHORT_COPY_EXTRA_SIMILARITY).min(100) as f32 / 100.0
}
