//! Quotations judged against the sources. Quote marks alone cannot tell a quotation from a copy
//! that a stray mark happens to pair with (an opening mark of the paper's own text and a closing
//! mark inside a copied sentence), so before the check leaves a quotation out, the few references
//! sharing text with it are aligned with the paper with the quotations allowed as evidence:
//!
//! - a passage that runs across a quotation's edge, [`ACROSS_EDGE_WORDS`] or more of its matched
//!   words outside it within [`EDGE_WINDOW_WORDS`] of its quote marks (and, when they are before
//!   its opening mark, `minWords` there in all), shows that the source's text goes on past the
//!   quote mark: the quotation is a piece of a longer copy, and it stays in the check so the copy
//!   is reported whole (a copied paragraph holding a quotation too). A stock lead-in that another
//!   essay quoting the same line also uses ("As Shakespeare famously wrote in Hamlet,") is no
//!   copy by itself: the lead-in (the text since the quotation before) counts only when it is
//!   itself a copy of enough text, mostly of words other than the attribution's names and titles
//!   ("In the words of Charles Dickens in A Tale of Two Cities,");
//! - a passage inside a quotation (give or take a few words at its edges) is a quotation of that
//!   source: left out, and listed with the source, so a copy in quote marks is still shown;
//! - a quotation no passage touches is left out, as the marks say.

use std::ops::Range;

use crate::align::{align, AlignOptions, Passage, SeedTable, Side};
use crate::error::Error;
use crate::span::Span;
use crate::text::WORD;

use super::context::Check;
use super::prepare::Prepared;
use super::progress::preparing_part;
use super::reference_set::ReferenceSet;
use super::retrieval::{shingle_hits, ShingleHits};
use super::token_spans::tokens_inside;

mod lead_in;
use lead_in::{capitalized, lead_in, matched_by_several, with_lead_in, LeadIn, StockTokens};

/// Matched words a passage needs outside a quotation to run across its edge, in words (9 Chinese
/// characters): as much as alignment asks of a piece that stands on its own
/// ([`crate::align::FRAGMENT_ANCHOR_WORDS`]). Fewer is what a quotation's lead-in can share with
/// its source by chance ("he said that").
pub const ACROSS_EDGE_WORDS: u32 = 5;

/// A quotation found by its marks, as the sources judge it.
struct Quotation {
    span: Span,
    /// The paper tokens inside it.
    tokens: Range<usize>,
    /// A passage runs across its edge: it is part of a longer copy.
    crossed: bool,
    /// The reference (an entry) with a passage inside it, and that passage's matched weight.
    quotes: Option<(usize, u32)>,
    /// The first token of a stock lead-in before it, left out with it.
    stock_lead_in: Option<usize>,
}

/// How far from a quotation's edge its source's text is looked for, in words (17 Chinese
/// characters): a copy running across a quote mark goes on right after it, give or take an edited
/// word, while a copy elsewhere that alignment merged into the same passage does not.
pub const EDGE_WINDOW_WORDS: u32 = 2 * ACROSS_EDGE_WORDS;

/// Matched weight of `passage` in the [`EDGE_WINDOW_WORDS`] before and after a quotation (its
/// `tokens`): how far the source's text goes on past its quote marks. Another quotation there
/// counts too: news copied with its quotes ("…," she said. "…") runs from one into the next.
fn weight_across(
    tokens: &Range<usize>,
    passage: &Passage,
    matched: &[bool],
    weights: &[u32],
) -> (u32, u32) {
    let near = |side: &mut dyn Iterator<Item = usize>| {
        let (mut seen, mut weight) = (0, 0);
        for t in side {
            if seen >= EDGE_WINDOW_WORDS * WORD {
                break;
            }
            seen += weights[t];
            if matched[t - passage.paper_start] {
                weight += weights[t];
            }
        }
        weight
    };
    let before = &mut (passage.paper_start..tokens.start.max(passage.paper_start)).rev();
    let after = &mut (tokens.end.min(passage.paper_end)..passage.paper_end);
    (near(before), near(after))
}

/// The paper around its quotations: each quotation with the text on either side that alignment
/// needs to find the passages touching it, the pieces one after another with a wall between them
/// (a token too heavy for any gap to span), so each source is aligned with this, not with the whole
/// paper again.
struct Surroundings {
    hashes: Vec<u64>,
    weights: Vec<u32>,
    shared: Vec<bool>,
    unusable: Vec<bool>,
    /// Each token's place in the paper (a wall's is the place after it).
    places: Vec<usize>,
}

impl Surroundings {
    fn of(
        quotations: &[Quotation],
        paper: &Prepared,
        shared: &[bool],
        unusable: &[bool],
        options: &AlignOptions,
    ) -> Self {
        // Alignment chains exact runs across gaps of up to `max_gap`: that much on either side,
        // past what is judged, shows whether a run next to a quote mark belongs to a passage.
        let margin = (options.max_gap as u32 + EDGE_WINDOW_WORDS) * WORD;
        let pieces = pieces(quotations, &paper.token_weights, margin);
        // A wall no gap spans: merging looks up to four merge gaps away.
        let wall = (4 * options.merge_gap.max(options.max_gap) as u32 + 1) * WORD;
        let mut near = Surroundings {
            hashes: Vec::new(),
            weights: Vec::new(),
            shared: Vec::new(),
            unusable: Vec::new(),
            places: Vec::new(),
        };
        for (i, piece) in pieces.into_iter().enumerate() {
            if i > 0 {
                near.hashes.push(u64::MAX - i as u64);
                near.weights.push(wall);
                near.shared.push(false);
                near.unusable.push(true);
                near.places.push(piece.start);
            }
            near.hashes.extend(&paper.token_hashes[piece.clone()]);
            near.weights.extend(&paper.token_weights[piece.clone()]);
            near.shared.extend(&shared[piece.clone()]);
            near.unusable.extend(&unusable[piece.clone()]);
            near.places.extend(piece);
        }
        near
    }

    /// These surroundings as the paper side of an alignment (otherwise as `paper`'s own side).
    fn side<'a>(&'a self, paper: &'a Prepared) -> Side<'a> {
        Side {
            hashes: &self.hashes,
            weights: &self.weights,
            shared: &self.shared,
            ..paper.side()
        }
    }

    /// `passage`, aligned with these surroundings, in the paper's token positions.
    fn in_paper(&self, mut passage: Passage) -> Passage {
        passage.paper_start = self.places[passage.paper_start];
        passage.paper_end = self.places[passage.paper_end - 1] + 1;
        for segment in &mut passage.segments {
            segment.paper = self.places[segment.paper];
        }
        passage
    }
}

/// The paper's token ranges around the quotations, each with `margin` (in tenths of a word) on
/// either side, merged where they meet.
fn pieces(quotations: &[Quotation], weights: &[u32], margin: u32) -> Vec<Range<usize>> {
    let reach = |tokens: &mut dyn Iterator<Item = usize>| {
        let mut weight = 0;
        tokens
            .take_while(|&t| {
                let within = weight < margin;
                weight += weights[t];
                within
            })
            .last()
    };
    let mut pieces: Vec<Range<usize>> = Vec::new();
    for tokens in quotations
        .iter()
        .map(|q| &q.tokens)
        .filter(|t| !t.is_empty())
    {
        let start = reach(&mut (0..tokens.start).rev()).unwrap_or(tokens.start);
        let end = reach(&mut (tokens.end..weights.len())).map_or(tokens.end, |t| t + 1);
        match pieces.last_mut() {
            Some(last) if start <= last.end => last.end = last.end.max(end),
            _ => pieces.push(start..end),
        }
    }
    pieces
}

/// Judges each quotation `passage` (of reference `document`) touches: across its edge (after
/// it, or before it with `min_outside` of matched text there, mostly not `stock`), or inside.
fn judge(
    quotations: &mut [Quotation],
    (passage, document): (&Passage, usize),
    stock: &StockTokens<'_>,
    min_outside: u32,
) {
    let weights = stock.weights;
    let mut matched = vec![false; passage.paper_end - passage.paper_start];
    for segment in &passage.segments {
        let start = segment.paper - passage.paper_start;
        matched[start..start + segment.len].fill(true);
    }
    let first = quotations.partition_point(|q| q.tokens.end <= passage.paper_start);
    let touched = (quotations[first..].iter_mut())
        .take_while(|q| q.tokens.start < passage.paper_end)
        .filter(|q| !q.tokens.is_empty());
    // The lead-in of a quotation is the text since the last quotation before it that is left
    // out: two lines that an essay and a classmate's both quote, each with a stock lead-in, are
    // two quotations, while news copied with its quotes ("…," she said. "…") is one copy.
    let mut since = passage.paper_start;
    for quotation in touched {
        let tokens = &quotation.tokens;
        let (before, after) = weight_across(tokens, passage, &matched, weights);
        let before_it = lead_in(tokens, since, passage, &matched, stock);
        let lead_in_weight = match before_it {
            LeadIn::Copied(weight) => weight,
            LeadIn::Stock(_) => 0,
        };
        // A lead-in is a copy only when it is enough text by itself, and mostly text of this
        // source's alone: a stock lead-in ("In the words of Martin Luther King Jr. in his Letter
        // from Birmingham Jail,") that classmates quoting the same line use too is no copy. Past
        // the closing mark, the source's text going on shows a mark that paired with the wrong one.
        let lead_in = before + after >= ACROSS_EDGE_WORDS * WORD && lead_in_weight >= min_outside;
        if lead_in || after >= ACROSS_EDGE_WORDS * WORD {
            quotation.crossed = true;
        } else {
            since = since.max(tokens.end);
            if let LeadIn::Stock(Some(first)) = before_it {
                quotation.stock_lead_in =
                    Some(quotation.stock_lead_in.map_or(first, |f| f.min(first)));
            }
            if (quotation.quotes).is_none_or(|(_, weight)| passage.matched_weight > weight) {
                quotation.quotes = Some((document, passage.matched_weight));
            }
        }
    }
}

impl Check<'_> {
    /// The quotations (`spans` of the paper's text, in order and disjoint) that a check leaves
    /// out, each with the id of the source it quotes, if any; see the module docs. `excluded`
    /// paper tokens (the reader's spans, the bibliography) are no evidence, nor is common
    /// phrasing, as in the check itself.
    pub(super) fn quotations(
        &mut self,
        spans: Vec<Span>,
        excluded: &[bool],
    ) -> Result<Vec<(Span, Option<String>)>, Error> {
        let paper = self.paper;
        let mut quotations: Vec<Quotation> = (spans.into_iter())
            .map(|span| Quotation {
                tokens: tokens_inside(&paper.analysis, span),
                span,
                crossed: false,
                quotes: None,
                stock_lead_in: None,
            })
            .collect();
        if quotations.is_empty() {
            return Ok(Vec::new());
        }
        let options = &self.options.align;
        let unusable = self.phrasing.unusable(excluded);
        let shared = self.phrasing.shared();
        let near = Surroundings::of(&quotations, paper, shared, &unusable, options);
        // The `lead_in` tokens before each quotation too: a reference holding only a quotation's
        // lead-in shows it is stock phrasing ([`matched_by_several`]).
        let lead_in = options.min_words.saturating_mul(2);
        let candidates = quoted_candidates(self.set, paper, &quotations, (&unusable, lead_in));
        let min_outside =
            u32::try_from(options.min_words).map_or(u32::MAX, |w| w.saturating_mul(WORD));
        let aligned = self.align_quoted(&near, &candidates)?;
        let stock = StockTokens {
            weights: paper.token_weights.as_slice(),
            shared: &matched_by_several(&aligned, paper.analysis.tokens.len()),
            capitalized: &capitalized(self.text, &paper.analysis),
        };
        for (document, passages) in &aligned {
            for passage in passages {
                judge(&mut quotations, (passage, *document), &stock, min_outside);
            }
        }
        let id = |document: usize| self.set.entries[document].reference.id.clone();
        Ok((quotations.into_iter())
            .filter(|q| !q.crossed)
            .map(|q| {
                (
                    with_lead_in(&paper.analysis, q.span, q.stock_lead_in),
                    q.quotes.map(|(document, _)| id(document)),
                )
            })
            .collect())
    }

    /// The passages of each of the `candidates` (but those the reader left out) with the paper's
    /// text around its quotations (`near`), in paper positions: the rest of the progress step
    /// that finding the quote marks began.
    fn align_quoted(
        &mut self,
        near: &Surroundings,
        candidates: &[usize],
    ) -> Result<Vec<(usize, Vec<Passage>)>, Error> {
        let mut aligned = Vec::with_capacity(candidates.len());
        let options = &self.options.align;
        // Each candidate's windows are looked up in the surroundings' table, built once.
        let seeds = SeedTable::with_filter(&near.hashes, options.seed_words);
        let paper_side = Side {
            seeds: Some(&seeds),
            ..near.side(self.paper)
        };
        let total = candidates.len();
        for (done, &document) in candidates.iter().enumerate() {
            preparing_part(self.progress, 2, total + 2 * done, 3 * total)?;
            if self.ignores(document) {
                continue;
            }
            let source = self.sources.get(document)?;
            let passages = align(paper_side, source.prepared.side(), &near.unusable, options);
            aligned.push((
                document,
                passages.into_iter().map(|p| near.in_paper(p)).collect(),
            ));
        }
        Ok(aligned)
    }
}

/// References (not base documents) holding the fingerprint of a paper shingle that overlaps a
/// quotation, or the `lead_in` tokens before it, and no `unusable` token, most such shingles
/// first: the only ones that can have a passage touching a quotation (every passage holds an
/// exact run of a shingle's length), and those sharing its lead-in.
fn quoted_candidates(
    set: ReferenceSet<'_>,
    paper: &Prepared,
    quotations: &[Quotation],
    (unusable, lead_in): (&[bool], usize),
) -> Vec<usize> {
    let k = set.options.shingle_words;
    let mut found = ShingleHits::default();
    let mut next = 0; // shingles before this one were looked at already
    for quotation in quotations.iter().filter(|q| !q.tokens.is_empty()) {
        let first = (quotation.tokens.start + 1)
            .saturating_sub(k + lead_in)
            .max(next);
        let end = quotation.tokens.end.min(paper.shingle_hashes.len());
        shingle_hits(set, paper, first..end, unusable, Some(false), &mut found);
        next = next.max(end);
    }
    (found.ranked().into_iter())
        .map(|(document, _)| document)
        .collect()
}
