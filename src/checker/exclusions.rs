//! What a check leaves out of the paper: the reader's spans, quotations (judged against the
//! sources first, `quotations.rs`), reference lists, tables of numbers (unless a source holds the
//! whole table) and text shared with base documents, unless the reader included them again.

use rustc_hash::FxHashSet as HashSet;

use crate::align::align;
use crate::align::exact_segments;
use crate::error::Error;
use crate::exclude::{quotes, reference_lists, tables, Exclusion, ExclusionKind};
use crate::span::Span;
use crate::text::Analysis;

use super::options::CheckOptions;
use super::prepare::{prepare_source, Prepared, PreparedSources};
use super::progress::{preparing, preparing_part, OnProgress};
use super::quotations::quotations;
use super::reference_set::ReferenceSet;
use super::retrieval::{candidates, shingle_hits, ShingleHits};

/// What a check leaves out: each excluded span with its reason (in paper order), and per paper
/// token whether it is excluded.
pub(super) type Exclusions = (Vec<Exclusion>, Vec<bool>);

/// An exclusion of `span`, quoting no source.
fn exclusion(kind: ExclusionKind, span: Span) -> Exclusion {
    Exclusion {
        kind,
        start: span.start,
        end: span.end,
        source: None,
    }
}

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

/// What is left out of the paper and why: the reader's spans, the bibliography and the
/// quotations that are no part of a longer copy (unless the reader included them again), then
/// text shared with base documents. Returns the exclusions and, per paper token, whether it is
/// excluded.
pub(super) fn exclusions(
    (set, sources): (ReferenceSet<'_>, &mut PreparedSources),
    text: &str,
    paper: &Prepared,
    ignored: &HashSet<&str>,
    options: &CheckOptions,
    progress: OnProgress<'_>,
) -> Result<Exclusions, Error> {
    let included_again = |span: &Span| {
        options
            .include_spans
            .iter()
            .any(|i| i.start < span.end && span.start < i.end)
    };
    let mut spans: Vec<Exclusion> = options
        .exclude_spans
        .iter()
        .filter(|s| s.start < s.end)
        .map(|&s| exclusion(ExclusionKind::Reader, s))
        .collect();
    let mut excluded = vec![false; paper.analysis.tokens.len()];
    for span in &spans {
        mark_inside(&paper.analysis, span_of(span), &mut excluded);
    }
    // A reference list or a table is named with the reference sharing most of it: what it would
    // have matched, so a reader sees what was set aside.
    let mut lists = Vec::new();
    if options.exclude_bibliography {
        for span in reference_lists(text)
            .into_iter()
            .filter(|s| !included_again(s))
        {
            let source = holder(set, paper, span, &excluded, ignored);
            lists.push(Exclusion {
                source: source.map(|d| set.entries[d].reference.id.clone()),
                ..exclusion(ExclusionKind::Bibliography, span)
            });
        }
    }
    for list in lists {
        mark_inside(&paper.analysis, span_of(&list), &mut excluded);
        spans.push(list);
    }
    if options.exclude_tables {
        for span in tables(text).into_iter().filter(|s| !included_again(s)) {
            let source = holder(set, paper, span, &excluded, ignored);
            if let Some(document) = source {
                if held_whole(set, paper, span, document)? {
                    continue;
                }
            }
            mark_inside(&paper.analysis, span, &mut excluded);
            spans.push(Exclusion {
                source: source.map(|d| set.entries[d].reference.id.clone()),
                ..exclusion(ExclusionKind::Table, span)
            });
        }
    }
    preparing(progress, 2)?;
    if options.exclude_quotes {
        let found = quotes(text).into_iter().filter(|s| !included_again(s));
        let found = (text, found.collect());
        // Finding the quote marks is about a third of the step, aligning the rest.
        preparing_part(progress, 2, 1, 3)?;
        let mut aligned = |done, total| preparing_part(progress, 2, total + 2 * done, 3 * total);
        let sets = (set, &mut *sources);
        let quotations = quotations(
            sets,
            paper,
            found,
            &excluded,
            ignored,
            options,
            &mut aligned,
        )?;
        for (span, source) in quotations {
            mark_inside(&paper.analysis, span, &mut excluded);
            spans.push(Exclusion {
                source,
                ..exclusion(ExclusionKind::Quote, span)
            });
        }
    }
    preparing(progress, 3)?;
    let base_spans = shared_with_bases(set, paper, &excluded, ignored, options)?
        .into_iter()
        .filter(|span| !included_again(span))
        .collect::<Vec<_>>();
    for span in base_spans {
        mark_inside(&paper.analysis, span, &mut excluded);
        spans.push(exclusion(ExclusionKind::Base, span));
    }
    crate::sort::sort_by_key(&mut spans, |e| (e.start, e.end));
    Ok((spans, excluded))
}

/// The paper's spans shared with base (template) documents, which are excluded like a quote.
/// Without a base document in the set, the paper's fingerprints are not looked up for them (a
/// second of a 20 MB paper's check).
fn shared_with_bases(
    set: ReferenceSet<'_>,
    paper: &Prepared,
    excluded: &[bool],
    ignored: &HashSet<&str>,
    options: &CheckOptions,
) -> Result<Vec<Span>, Error> {
    let mut spans = Vec::new();
    if !set.has_bases {
        return Ok(spans);
    }
    for (document, _) in candidates(set, paper, excluded, Some(true)) {
        let entry = &set.entries[document];
        if ignored.contains(entry.reference.id.as_str()) {
            continue;
        }
        let source = prepare_source(set.options, &entry.reference.text()?)?;
        for passage in align(paper.side(), source.side(), excluded, &options.align) {
            spans.push(token_span(
                &paper.analysis,
                passage.paper_start,
                passage.paper_end,
            ));
        }
    }
    Ok(spans)
}

/// Least share of a table's tokens inside exact runs with one source for the table to be a
/// copy of that source's table, in percent.
pub const WHOLE_TABLE_PERCENT: usize = 80;

/// The paper tokens inside `span`, as a range.
fn tokens_inside(analysis: &Analysis, span: Span) -> std::ops::Range<usize> {
    let first = analysis
        .tokens
        .partition_point(|t| t.span.start < span.start);
    let end = analysis.tokens.partition_point(|t| t.span.end <= span.end);
    first..end.max(first)
}

/// The reference (not `ignored`) holding most of the shingles of the paper's text at `span`, if
/// one holds any.
fn holder(
    set: ReferenceSet<'_>,
    paper: &Prepared,
    span: Span,
    excluded: &[bool],
    ignored: &HashSet<&str>,
) -> Option<usize> {
    let tokens = tokens_inside(&paper.analysis, span);
    let shingles = tokens.start
        ..(tokens.end.saturating_sub(set.options.shingle_words - 1))
            .max(tokens.start)
            .min(paper.shingle_hashes.len());
    let mut found = ShingleHits::default();
    shingle_hits(set, paper, shingles, excluded, Some(false), &mut found);
    (found.ranked().into_iter())
        .map(|(document, _)| document)
        .find(|&d| !ignored.contains(set.entries[d].reference.id.as_str()))
}

/// Whether reference `document` holds the table at `span` whole: [`WHOLE_TABLE_PERCENT`] of its
/// tokens in exact runs of a seed's length. A table sharing its frame (years, row numbers) holds
/// far less.
fn held_whole(
    set: ReferenceSet<'_>,
    paper: &Prepared,
    span: Span,
    document: usize,
) -> Result<bool, Error> {
    let tokens = tokens_inside(&paper.analysis, span);
    let source = prepare_source(set.options, &set.entries[document].reference.text()?)?;
    let table = &paper.token_hashes[tokens];
    let mut covered = vec![false; table.len()];
    for segment in exact_segments(table, &source.token_hashes, &[], 3) {
        covered[segment.paper..segment.paper + segment.len].fill(true);
    }
    Ok(covered.iter().filter(|&&c| c).count() * 100 >= WHOLE_TABLE_PERCENT * table.len().max(1))
}

/// The span an exclusion covers.
fn span_of(exclusion: &Exclusion) -> Span {
    Span::new(exclusion.start, exclusion.end)
}
