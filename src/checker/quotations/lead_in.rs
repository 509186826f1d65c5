//! A quotation's lead-in: the matched text before it in a passage, and whether it is stock
//! phrasing that classmates quoting the same line share, which is no evidence of a copy.

use std::ops::Range;

use crate::align::Passage;
use crate::span::Span;
use crate::text::Analysis;

/// The matched text of a passage before a quotation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum LeadIn {
    /// Text of the source's own, of this weight.
    Copied(u32),
    /// Mostly text other references hold too: a stock lead-in, whatever its length; with the
    /// first token of the run of matched text that ends at the quotation, if one does.
    Stock(Option<usize>),
}

/// The matched text of `passage` before a quotation (its `tokens`) from token `since` on, however
/// far; see [`LeadIn`] (`shared`: the tokens other references hold too).
pub(super) fn lead_in(
    tokens: &Range<usize>,
    since: usize,
    passage: &Passage,
    matched: &[bool],
    (weights, shared): (&[u32], &[bool]),
) -> LeadIn {
    let range = since.max(passage.paper_start)..tokens.start.max(passage.paper_start);
    let is_matched = |t: &usize| matched[t - passage.paper_start];
    let (all, own) = (range.clone().filter(is_matched)).fold((0, 0), |(all, own), t| {
        (
            all + weights[t],
            own + if shared[t] { 0 } else { weights[t] },
        )
    });
    if all == 0 || own * 2 >= all {
        return LeadIn::Copied(all);
    }
    let run = range.clone().rev().take_while(is_matched).count();
    LeadIn::Stock((run > 0).then(|| range.end - run))
}

/// The paper tokens that passages of two or more references match: a lead-in that classmates
/// quoting the same line share is all such tokens (whichever of its shingles winnowing kept).
pub(super) fn matched_by_several(aligned: &[(usize, Vec<Passage>)], tokens: usize) -> Vec<bool> {
    let mut last = vec![usize::MAX; tokens];
    let mut several = vec![false; tokens];
    for (document, passages) in aligned {
        for segment in passages.iter().flat_map(|p| &p.segments) {
            for t in segment.paper..segment.paper + segment.len {
                if last[t] != *document {
                    several[t] |= last[t] != usize::MAX;
                    last[t] = *document;
                }
            }
        }
    }
    several
}

/// The `span` of a quotation with its stock lead-in from token `lead_in` (a run of shared text up
/// to its opening mark), which is no evidence either.
pub(super) fn with_lead_in(analysis: &Analysis, span: Span, lead_in: Option<usize>) -> Span {
    let start = lead_in.map_or(span.start, |t| analysis.tokens[t].span.start);
    Span::new(start.min(span.start), span.end)
}
