//! A comparison of two documents of the library, each the other's source (all pairs), true to both
//! documents' sentences: cut to the first's by [`sentence_true`], each passage is seen from the
//! second (its runs, pairs and ranges swapped), cut to the second's sentences, and its pieces seen
//! from the first again. A student who copied a classmate's first and third sentences made one
//! stretch of their own text; on the classmate's side it runs across the second sentence, which
//! nobody copied and the report must not mark. A passage the second cut leaves whole is returned
//! as it was.

use std::ops::Range;

use crate::align::context::Context;
use crate::align::options::AlignOptions;
use crate::align::passage::{Passage, SentencePair};
use crate::align::segments::Segment;
use crate::align::side::Side;

use super::cut::{cut, sentence_true};
use super::paper_sentences::PaperSentences;

/// `passages` of `a` against `b` made true to `a`'s sentences (`a_sentences`: its units and the
/// sentence matches with `b`) and then to `b`'s (`b_sentences`, matches seen from `b`).
pub fn sentence_true_both(
    (a, b): (Side<'_>, Side<'_>),
    passages: Vec<Passage>,
    (a_sentences, b_sentences): (PaperSentences<'_>, PaperSentences<'_>),
    options: &AlignOptions,
) -> Vec<Passage> {
    let first = sentence_true(a, b, passages, a_sentences, options);
    if b_sentences.units.is_empty() || first.is_empty() {
        return first;
    }
    let (from_b, from_a) = (Context::new(&b, &a, options), Context::new(&a, &b, options));
    let mut kept = Vec::with_capacity(first.len());
    for passage in first {
        let seen = swapped(&passage, &from_b, b_sentences.units);
        let pieces = cut(b, a, vec![seen.clone()], b_sentences, options);
        if pieces.len() == 1 && pieces[0] == seen {
            kept.push(passage);
        } else {
            kept.extend((pieces.iter()).map(|p| swapped(p, &from_a, a_sentences.units)));
        }
    }
    kept
}

/// `passage` seen from its source: runs, sentence pairs and ranges swapped, its measures
/// recomputed in `context` (the source as the paper), its sentences counted among `units` (the
/// source's).
fn swapped(passage: &Passage, context: &Context, units: &[Range<usize>]) -> Passage {
    let swap = |s: &Segment| Segment {
        paper: s.source,
        source: s.paper,
        len: s.len,
    };
    let mut seen = context.passage(passage.segments.iter().map(swap).collect());
    let mut elsewhere: Vec<Segment> = passage.elsewhere.iter().map(swap).collect();
    crate::sort::sort(&mut elsewhere);
    let mut pairs: Vec<SentencePair> = (passage.sentence_pairs.iter())
        .map(|p| SentencePair {
            paper: p.source.clone(),
            source: p.paper.clone(),
            similarity: p.similarity,
        })
        .collect();
    crate::sort::sort_by_key(&mut pairs, |p| p.paper.start);
    let (start, end) = (passage.source_start, passage.source_end);
    seen.paper_start = start;
    seen.paper_end = end;
    seen.source_start = passage.paper_start;
    seen.source_end = passage.paper_end;
    seen.elsewhere = elsewhere;
    seen.evidence = passage.evidence;
    seen.sentence_pairs = pairs;
    seen.sentences = if passage.sentences > 0 {
        (units.iter())
            .filter(|u| u.start < end && start < u.end)
            .count()
    } else {
        0
    };
    seen.by_model = passage.by_model;
    seen.region = passage.region;
    seen
}
