//! Extension: an exact passage grows over the sentence seeds beside it, and over the edges of the
//! sentences it reaches into.

use std::ops::Range;

use crate::align::passage::Passage;

use super::seeds::Seed;
use super::sentences::{pair, Sentences};
use super::thresholds::MAX_LENGTH_RATIO;

/// Extends each exact passage of a group over the seeds nearest to it in the paper. A seed whose
/// two sentences the passage reaches into, in both texts, makes it cover both whole when what it
/// leaves out of them is the same text ([`same_remainders`]): the exact runs stop a few words
/// short of a copied sentence's edges (a changed word, a stock phrase that is no evidence). A seed
/// whose sentence overlaps a passage elsewhere in the source adds nothing: the paper may repeat
/// that sentence near a copy.
pub(super) fn extend_exact(
    exact: &mut [Passage],
    anchors: &[usize],
    seeds: &[&Seed],
    sentences: Sentences,
) {
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
        2 * crate::sort::common_count(&a, &b) >= longer
    })
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
