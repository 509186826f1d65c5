//! Between a text's tokens and its original characters: the span a run of tokens covers, the
//! tokens a span holds. Exclusions, quotations, scoring and the sentence pairs' report all read
//! places both ways.

use std::ops::Range;

use crate::span::Span;
use crate::text::Analysis;

/// The original span from token `start` to token `end - 1`.
pub(super) fn token_span(analysis: &Analysis, start: usize, end: usize) -> Span {
    Span::new(
        analysis.tokens[start].span.start,
        analysis.tokens[end - 1].span.end,
    )
}

/// The tokens lying wholly inside `span`, as a range (empty when none does).
pub(super) fn tokens_inside(analysis: &Analysis, span: Span) -> Range<usize> {
    let tokens = &analysis.tokens;
    let first = tokens.partition_point(|t| t.span.start < span.start);
    let end = tokens.partition_point(|t| t.span.end <= span.end);
    first..end.max(first)
}

/// Marks the tokens lying wholly inside `span`.
pub(super) fn mark_inside(analysis: &Analysis, span: Span, marked: &mut [bool]) {
    marked[tokens_inside(analysis, span)].fill(true);
}
