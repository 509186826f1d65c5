//! The whole alignment of two sides ([`align`]): the exact passages, extended over matching
//! sentences and joined by the rewritten passages they make, one source place per paper place.

use super::context::Context;
use super::exact::{align_exact, ExactAlignment};
use super::merge;
use super::options::AlignOptions;
use super::passage::Passage;
use super::rewritten::{self, sentence_seeds, SentenceSeed};
use super::segments::Segment;
use super::side::Side;

/// Aligns `paper` with `source` into passages; see the module docs. `unusable` paper tokens
/// (excluded text, common phrasing) never belong to an exact run.
pub fn align(
    paper: Side<'_>,
    source: Side<'_>,
    unusable: &[bool],
    options: &AlignOptions,
) -> Vec<Passage> {
    let exact = align_exact(paper, source, unusable, options);
    let seeds = match (paper.sentences, source.sentences) {
        (Some(paper), Some(source)) if options.rewritten => sentence_seeds(paper, source, options),
        _ => Vec::new(),
    };
    finish(paper, source, exact, &seeds, options)
}

/// Steps 6-7 of [`align`]: the exact passages extended over the matching sentences `seeds`, the
/// rewritten passages they make elsewhere, one source place per paper place.
pub fn finish(
    paper: Side<'_>,
    source: Side<'_>,
    exact: ExactAlignment,
    seeds: &[SentenceSeed],
    options: &AlignOptions,
) -> Vec<Passage> {
    let ExactAlignment { passages, segments } = exact;
    let passages = match (paper.sentences, source.sentences) {
        (Some(paper_sentences), Some(source_sentences)) if options.rewritten => {
            let context = Context::new(&paper, &source, options);
            let sentences = rewritten::Sentences {
                paper: paper_sentences,
                source: source_sentences,
                paper_tokens: paper.hashes,
                source_tokens: source.hashes,
            };
            rewritten::with_sentences(&context, passages, &segments, sentences, seeds, options)
        }
        _ => passages,
    };
    let mut passages = merge::one_source_place_per_paper_place(passages);
    for passage in &mut passages {
        show_inner_runs(passage, &segments);
    }
    passages
}

/// Sets `passage.elsewhere`: every exact run of `segments` inside its paper side that overlaps none
/// of its runs, wherever its twin lies in the source. A sentence copied verbatim from another place
/// of the source (or a stray trimmed off the source side) is copied text, and a reader must see it
/// as shared, not as words that differ; the passage's alignment and measures stay as they are.
fn show_inner_runs(passage: &mut Passage, segments: &[Segment]) {
    let (start, end) = (passage.paper_start, passage.paper_end);
    let mut covered = vec![false; end - start];
    for s in &passage.segments {
        covered[s.paper.max(start) - start..(s.paper + s.len).min(end) - start].fill(true);
    }
    let inner = segments.iter().filter(|s| {
        s.paper >= start
            && s.paper + s.len <= end
            && !covered[s.paper - start..s.paper + s.len - start].contains(&true)
    });
    passage.elsewhere = inner.copied().collect();
}
