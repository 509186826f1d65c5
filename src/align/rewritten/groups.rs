//! Steps 2 and 3 of a rewritten copy ([`with_sentences`]): seeds and exact passages grouped, each
//! group extending its exact passages or, without one, making a rewritten passage or a short copy.

use std::ops::Range;

use crate::align::context::Context;
use crate::align::options::AlignOptions;
use crate::align::passage::Passage;
use crate::align::segments::Segment;
use crate::sketch::sentence_terms::SentenceVectors;

use super::clusters::{clusters, Item};
use super::extend::extend_exact;
use super::passage::{is_ordered_run, rewritten_passage};
use super::seeds::Seed;
use super::sentences::Sentences;
use super::short_copy::short_copies;
use super::thresholds::MAX_GAP_SENTENCES;

/// `exact` passages extended over the matching sentences near them, and the rewritten passages
/// found among the rest; `segments` are the exact runs, shown inside rewritten passages.
pub(in crate::align) fn with_sentences(
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
