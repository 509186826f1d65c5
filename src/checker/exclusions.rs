//! What a check leaves out of the paper: the reader's spans, quotations, the bibliography and text
//! shared with base documents, unless the reader included them again.

use std::collections::HashSet;

use crate::align::align;
use crate::error::Error;
use crate::exclude::{bibliography, quotes, ExclusionKind};
use crate::span::Span;
use crate::text::Analysis;

use super::options::CheckOptions;
use super::{Checker, Prepared};

/// What a check leaves out: each excluded span with its reason, and per paper token whether it is
/// excluded.
pub(super) type Exclusions = (Vec<(ExclusionKind, Span)>, Vec<bool>);

/// The original span from token `start` to token `end - 1`.
pub(super) fn token_span(analysis: &Analysis, start: usize, end: usize) -> Span {
    Span::new(
        analysis.tokens[start].span.start,
        analysis.tokens[end - 1].span.end,
    )
}

/// Marks the tokens lying inside `span`.
pub(super) fn mark_inside(analysis: &Analysis, span: Span, excluded: &mut [bool]) {
    let first = analysis
        .tokens
        .partition_point(|t| t.span.start < span.start);
    for (i, token) in analysis.tokens.iter().enumerate().skip(first) {
        if token.span.start >= span.end {
            break;
        }
        if token.span.end <= span.end {
            excluded[i] = true;
        }
    }
}

impl Checker {
    /// What is left out of the paper and why: the reader's spans, quotations and the bibliography
    /// (unless the reader included them again), then text shared with base documents. Returns the
    /// spans and, per paper token, whether it is excluded.
    pub(super) fn exclusions(
        &self,
        text: &str,
        paper: &Prepared,
        ignored: &HashSet<&str>,
        options: &CheckOptions,
    ) -> Result<Exclusions, Error> {
        let included_again = |span: &Span| {
            options
                .include_spans
                .iter()
                .any(|i| i.start < span.end && span.start < i.end)
        };
        let mut spans: Vec<(ExclusionKind, Span)> = options
            .exclude_spans
            .iter()
            .filter(|s| s.start < s.end)
            .map(|&s| (ExclusionKind::Reader, s))
            .collect();
        if options.exclude_quotes {
            spans.extend(quotes(text).into_iter().map(|s| (ExclusionKind::Quote, s)));
        }
        if options.exclude_bibliography {
            spans.extend(bibliography(text).map(|s| (ExclusionKind::Bibliography, s)));
        }
        spans.retain(|(kind, span)| *kind == ExclusionKind::Reader || !included_again(span));
        let mut excluded = vec![false; paper.analysis.tokens.len()];
        for (_, span) in &spans {
            mark_inside(&paper.analysis, *span, &mut excluded);
        }
        // Text shared with base documents is excluded like a quote.
        let mut base_spans = Vec::new();
        for (document, _) in self.candidates(paper, &excluded, Some(true)) {
            let entry = &self.entries[document];
            if ignored.contains(entry.reference.id.as_str()) {
                continue;
            }
            let source = self.prepare_source(&entry.reference.text()?)?;
            for passage in align(paper.side(), source.side(), &excluded, &options.align) {
                let span = token_span(&paper.analysis, passage.paper_start, passage.paper_end);
                if !included_again(&span) {
                    base_spans.push((ExclusionKind::Base, span));
                }
            }
        }
        for (_, span) in &base_spans {
            mark_inside(&paper.analysis, *span, &mut excluded);
        }
        spans.extend(base_spans);
        Ok((spans, excluded))
    }
}
