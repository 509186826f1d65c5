//! What a check leaves out of the paper: the reader's spans, quotations (judged against the
//! sources first, `quotations.rs`), reference lists, tables of numbers (unless a source holds the
//! whole table) and text shared with base documents, unless the reader included them again.

use crate::align::align;
use crate::align::exact_segments;
use crate::error::Error;
use crate::exclude::{quotes, reference_lists, tables, Exclusion, ExclusionKind};
use crate::span::Span;

use super::context::Check;
use super::progress::{preparing, preparing_part};
use super::retrieval::{candidates, shingle_hits, ShingleHits};
use super::token_spans::{mark_inside, token_span, tokens_inside};

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

/// What is left out so far: each span with its reason, and per paper token whether it is.
struct LeftOut {
    spans: Vec<Exclusion>,
    excluded: Vec<bool>,
}

impl LeftOut {
    /// Leaves `exclusion` out of the paper (of `check`).
    fn add(&mut self, check: &Check<'_>, exclusion: Exclusion) {
        mark_inside(
            &check.paper.analysis,
            span_of(&exclusion),
            &mut self.excluded,
        );
        self.spans.push(exclusion);
    }
}

impl Check<'_> {
    /// Stage 2, what is left out of the paper and why: the reader's spans, the bibliography,
    /// tables and the quotations that are no part of a longer copy (unless the reader included
    /// them again), then text shared with base documents. Returns the exclusions and, per paper
    /// token, whether it is excluded.
    pub(super) fn exclusions(&mut self) -> Result<Exclusions, Error> {
        let mut left_out = LeftOut {
            spans: Vec::new(),
            excluded: vec![false; self.paper.analysis.tokens.len()],
        };
        for &span in self.options.exclude_spans.iter() {
            if span.start < span.end {
                left_out.add(self, exclusion(ExclusionKind::Reader, span));
            }
        }
        if self.options.exclude_bibliography {
            self.leave_out_lists(&mut left_out);
        }
        if self.options.exclude_tables {
            self.leave_out_tables(&mut left_out)?;
        }
        preparing(self.progress, 2)?;
        if self.options.exclude_quotes {
            self.leave_out_quotations(&mut left_out)?;
        }
        preparing(self.progress, 3)?;
        for span in self.shared_with_bases(&left_out.excluded)? {
            if !self.included_again(&span) {
                left_out.add(self, exclusion(ExclusionKind::Base, span));
            }
        }
        let LeftOut {
            mut spans,
            excluded,
        } = left_out;
        crate::sort::sort_by_key(&mut spans, |e| (e.start, e.end));
        Ok((spans, excluded))
    }

    /// Whether the reader included `span` again.
    fn included_again(&self, span: &Span) -> bool {
        (self.options.include_spans.iter()).any(|i| i.start < span.end && span.start < i.end)
    }

    /// The reference lists, each named with the reference sharing most of it: what it would have
    /// matched, so a reader sees what was set aside.
    fn leave_out_lists(&self, left_out: &mut LeftOut) {
        let lists = reference_lists(self.text).into_iter();
        let lists: Vec<Exclusion> = (lists.filter(|s| !self.included_again(s)))
            .map(|span| Exclusion {
                source: self.holder(span, &left_out.excluded).map(|d| self.id(d)),
                ..exclusion(ExclusionKind::Bibliography, span)
            })
            .collect();
        for list in lists {
            left_out.add(self, list);
        }
    }

    /// The tables of numbers, unless the reference sharing most of one holds it whole.
    fn leave_out_tables(&mut self, left_out: &mut LeftOut) -> Result<(), Error> {
        for span in tables(self.text) {
            if self.included_again(&span) {
                continue;
            }
            let source = self.holder(span, &left_out.excluded);
            if let Some(document) = source {
                if self.held_whole(span, document)? {
                    continue;
                }
            }
            let table = Exclusion {
                source: source.map(|d| self.id(d)),
                ..exclusion(ExclusionKind::Table, span)
            };
            left_out.add(self, table);
        }
        Ok(())
    }

    /// The quotations that the sources show are quotations ([`Check::quotations`]).
    fn leave_out_quotations(&mut self, left_out: &mut LeftOut) -> Result<(), Error> {
        let found = quotes(self.text).into_iter();
        let found: Vec<Span> = found.filter(|s| !self.included_again(s)).collect();
        // Finding the quote marks is about a third of the step, aligning the rest.
        preparing_part(self.progress, 2, 1, 3)?;
        for (span, source) in self.quotations(found, &left_out.excluded)? {
            left_out.add(
                self,
                Exclusion {
                    source,
                    ..exclusion(ExclusionKind::Quote, span)
                },
            );
        }
        Ok(())
    }

    /// The paper's spans shared with base (template) documents, which are excluded like a
    /// quote. Without a base document in the set, the paper's fingerprints are not looked up for
    /// them (a second of a 20 MB paper's check).
    fn shared_with_bases(&mut self, excluded: &[bool]) -> Result<Vec<Span>, Error> {
        let mut spans = Vec::new();
        if !self.set.has_bases {
            return Ok(spans);
        }
        for (document, _) in candidates(self.set, self.paper, excluded, Some(true)) {
            if self.ignores(document) {
                continue;
            }
            // No later stage reads a base document.
            let source = self.sources.get_once(document)?;
            let sides = (self.paper.side(), source.prepared.side());
            for passage in align(sides.0, sides.1, excluded, &self.options.align) {
                let (start, end) = (passage.paper_start, passage.paper_end);
                spans.push(token_span(&self.paper.analysis, start, end));
            }
        }
        Ok(spans)
    }

    /// The id of reference `document`.
    fn id(&self, document: usize) -> String {
        self.set.entries[document].reference.id.clone()
    }
}

/// Least share of a table's tokens inside exact runs with one source for the table to be a
/// copy of that source's table, in percent.
pub const WHOLE_TABLE_PERCENT: usize = 80;

impl Check<'_> {
    /// The reference (not one the reader left out) holding most of the shingles of the paper's
    /// text at `span`, if one holds any.
    fn holder(&self, span: Span, excluded: &[bool]) -> Option<usize> {
        let tokens = tokens_inside(&self.paper.analysis, span);
        let shingles = tokens.start
            ..(tokens
                .end
                .saturating_sub(self.set.options.shingle_words - 1))
            .max(tokens.start)
            .min(self.paper.shingle_hashes.len());
        let mut found = ShingleHits::default();
        let paper = self.paper;
        shingle_hits(self.set, paper, shingles, excluded, Some(false), &mut found);
        (found.ranked().into_iter())
            .map(|(document, _)| document)
            .find(|&d| !self.ignores(d))
    }

    /// Whether reference `document` holds the table at `span` whole: [`WHOLE_TABLE_PERCENT`] of
    /// its tokens in exact runs of a seed's length. A table sharing its frame (years, row
    /// numbers) holds far less.
    fn held_whole(&mut self, span: Span, document: usize) -> Result<bool, Error> {
        let tokens = tokens_inside(&self.paper.analysis, span);
        let source = self.sources.get(document)?;
        let table = &self.paper.token_hashes[tokens];
        let mut covered = vec![false; table.len()];
        for segment in exact_segments(table, &source.prepared.token_hashes, &[], 3) {
            covered[segment.paper..segment.paper + segment.len].fill(true);
        }
        let held = covered.iter().filter(|&&c| c).count();
        Ok(held * 100 >= WHOLE_TABLE_PERCENT * table.len().max(1))
    }
}

/// The span an exclusion covers.
fn span_of(exclusion: &Exclusion) -> Span {
    Span::new(exclusion.start, exclusion.end)
}
