//! A piece of a passage cut by [`sentence_true`](super::sentence_true): its runs clipped to the
//! piece, its sentence pairs inside it, its ranges and measures recomputed.

use std::ops::Range;

use crate::align::context::Context;
use crate::align::passage::{Evidence, Passage, FRAGMENT_ANCHOR_WORDS};
use crate::align::segments::Segment;
use crate::text::WORD;

/// The part of `passage` inside the paper tokens `tokens` (a run of `sentences` explained
/// sentences): its runs clipped, its sentence pairs inside, its ranges and measures recomputed.
pub(super) fn piece(
    context: &Context,
    passage: &Passage,
    tokens: Range<usize>,
    sentences: usize,
) -> Option<Passage> {
    let clip = |s: &Segment| {
        let start = s.paper.max(tokens.start);
        let end = (s.paper + s.len).min(tokens.end);
        (end > start).then(|| Segment {
            paper: start,
            source: s.source + (start - s.paper),
            len: end - start,
        })
    };
    let mut segments: Vec<Segment> = passage.segments.iter().filter_map(clip).collect();
    let mut elsewhere: Vec<Segment> = passage.elsewhere.iter().filter_map(clip).collect();
    // A piece whose only runs have their twin elsewhere in the source (sentences copied from
    // another place of it) is a copy of that place.
    if segments.is_empty() {
        segments = std::mem::take(&mut elsewhere);
    }
    let pairs: Vec<_> = (passage.sentence_pairs.iter())
        .filter(|p| p.paper.start < tokens.end && tokens.start < p.paper.end)
        .cloned()
        .collect();
    if segments.is_empty() && pairs.is_empty() {
        return None;
    }
    let mut piece = context.passage(segments);
    let has_runs = !piece.segments.is_empty();
    let paper_ends =
        (pairs.iter()).map(|p| (p.paper.start.max(tokens.start), p.paper.end.min(tokens.end)));
    let source_ends = pairs.iter().map(|p| (p.source.start, p.source.end));
    let (mut paper_start, mut paper_end) = (usize::MAX, 0);
    let (mut source_start, mut source_end) = (usize::MAX, 0);
    if has_runs {
        (paper_start, paper_end) = (piece.paper_start, piece.paper_end);
        (source_start, source_end) = (piece.source_start, piece.source_end);
    }
    for ((ps, pe), (ss, se)) in paper_ends.zip(source_ends) {
        (paper_start, paper_end) = (paper_start.min(ps), paper_end.max(pe));
        (source_start, source_end) = (source_start.min(ss), source_end.max(se));
    }
    piece.paper_start = paper_start;
    piece.paper_end = paper_end;
    piece.source_start = source_start;
    piece.source_end = source_end;
    piece.elsewhere = elsewhere;
    piece.evidence = match passage.evidence {
        Evidence::Exact
            if piece.longest_weight < FRAGMENT_ANCHOR_WORDS * WORD && !pairs.is_empty() =>
        {
            Evidence::Rewritten
        }
        evidence => evidence,
    };
    piece.sentence_pairs = pairs;
    piece.sentences = if passage.sentences > 0 { sentences } else { 0 };
    piece.by_model = passage.by_model;
    piece.region = passage.region;
    Some(piece)
}
