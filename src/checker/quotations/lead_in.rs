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
    /// Mostly text other references hold too, or the names and titles of the quotation's
    /// attribution: a stock lead-in, whatever its length; with the first token of the run of
    /// matched text that ends at the quotation, if one does.
    Stock(Option<usize>),
}

/// The paper's tokens that are held as no evidence of a lead-in: those other references hold
/// too ([`matched_by_several`]), and the words written with a capital letter, the names and
/// titles of an attribution ("In the words of Charles Dickens in A Tale of Two Cities,") that
/// anyone quoting the same line writes.
pub(super) struct StockTokens<'a> {
    /// The paper's token weights.
    pub weights: &'a [u32],
    /// Tokens other references hold too.
    pub shared: &'a [bool],
    /// Tokens that begin with a capital letter ([`capitalized`]).
    pub capitalized: &'a [bool],
}

/// Whether each of `analysis`'s tokens begins with an uppercase letter in `text`.
pub(super) fn capitalized(text: &str, analysis: &Analysis) -> Vec<bool> {
    let mut chars = text.chars().peekable();
    let mut unit = 0;
    (analysis.tokens.iter())
        .map(|token| {
            while unit < token.span.start {
                let Some(c) = chars.next() else { break };
                unit += c.len_utf16();
            }
            unit == token.span.start && chars.peek().is_some_and(|c| c.is_uppercase())
        })
        .collect()
}

/// The matched text of `passage` before a quotation (its `tokens`) from token `since` on, however
/// far; see [`LeadIn`].
pub(super) fn lead_in(
    tokens: &Range<usize>,
    since: usize,
    passage: &Passage,
    matched: &[bool],
    stock: &StockTokens<'_>,
) -> LeadIn {
    let range = since.max(passage.paper_start)..tokens.start.max(passage.paper_start);
    let is_matched = |t: &usize| matched[t - passage.paper_start];
    let (all, own) = (range.clone().filter(is_matched)).fold((0, 0), |(all, own), t| {
        let weight = stock.weights[t];
        let held = stock.shared[t] || stock.capitalized[t];
        (all + weight, own + if held { 0 } else { weight })
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
