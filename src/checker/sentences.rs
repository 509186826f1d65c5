//! A prepared text's sentence vectors for the rewritten evidence, weighted by the reference set's
//! document frequencies (with the background's while the set is small and English:
//! [`crate::sketch::background`]), and the report of a passage's sentence pairs.

use std::ops::Range;

use rustc_hash::FxHashMap as HashMap;

use crate::align::Passage;
use crate::error::Error;
use crate::sketch::background::{self, Background};
use crate::sketch::sentence_terms::{unit_terms, SentenceVectors};
use crate::sketch::simhash::IdfTable;
use crate::text::sentences::sentence_units;

use super::exclusions::token_span;
use super::prepare::Prepared;
use super::report::{SentencePairReport, WordSpan};

/// Each token's idf (by the hash of its matching form), computed once per check however many
/// candidate sources repeat the word.
pub(super) struct TermWeights<'a> {
    idf: &'a IdfTable,
    /// The background, when the set is small and in its language.
    background: Option<&'static Background>,
    /// The idf's `f32` bits: a map of `u32`s shares its code with the idf table's own.
    known: HashMap<u64, u32>,
}

impl<'a> TermWeights<'a> {
    pub(super) fn new(idf: &'a IdfTable) -> Self {
        let english = background::english();
        let small = idf.documents() < background::BACKGROUND_DOCUMENTS;
        TermWeights {
            idf,
            background: (small && english.describes(idf)).then_some(english),
            known: HashMap::default(),
        }
    }

    /// The weight of token `text`, whose matching form has hash `token_hash`.
    fn of(&mut self, token_hash: u64, text: &str) -> f32 {
        let (idf, background) = (self.idf, self.background);
        let bits = self.known.entry(token_hash);
        let weight = || match background.filter(|_| in_latin_letters(text)) {
            Some(background) => background.idf(idf, token_hash),
            None => idf.idf(token_hash),
        };
        f32::from_bits(*bits.or_insert_with(|| (weight() as f32).to_bits()))
    }

    /// The sentence vectors of `prepared`; tokens marked in `unusable` (excluded text, common
    /// phrasing) hold no term.
    pub(super) fn vectors(&mut self, prepared: &Prepared, unusable: &[bool]) -> SentenceVectors {
        let done = self.vectors_with_progress(prepared, unusable, &mut |_| Ok(()));
        done.expect("a callback that never fails")
    }

    /// [`Self::vectors`], telling `progress` how far it is in tenths (the sentences two tenths,
    /// the vectors the rest, as they go: on a 64 MB paper the vectors take over a second).
    pub(super) fn vectors_with_progress(
        &mut self,
        prepared: &Prepared,
        unusable: &[bool],
        progress: &mut dyn FnMut(usize) -> Result<(), Error>,
    ) -> Result<SentenceVectors, Error> {
        let units = sentence_units(&prepared.analysis, &prepared.token_weights);
        progress(2)?;
        let (analysis, hashes) = (&prepared.analysis, &prepared.token_hashes);
        let mut part = |done: usize, total: usize| progress(2 + 8 * done / total.max(1));
        // Weighed as the terms ask, not token by token beforehand: half the tokens are stop
        // words, and each weight is a look-up in a map of the check's whole vocabulary.
        let mut weight = |i: usize| {
            let text = analysis.text_of(&analysis.tokens[i]);
            (!unusable.get(i).copied().unwrap_or(false)).then(|| self.of(hashes[i], text))
        };
        let vectors =
            SentenceVectors::new_with_progress(analysis, hashes, units, &mut weight, &mut part)?;
        progress(10)?;
        Ok(vectors)
    }
}

/// Whether a token is a word in Latin letters or a number: what the English background weighs (a
/// number it does not list weighs as a rare word; a word of another script keeps the library's
/// weight).
fn in_latin_letters(text: &str) -> bool {
    (text.chars().next())
        .is_some_and(|c| c.is_ascii_alphanumeric() || ('\u{C0}'..='\u{24F}').contains(&c))
}

/// The report of each sentence pair of `passage`, with the words both sentences share marked.
pub(super) fn sentence_pairs(
    paper: &Prepared,
    source: &Prepared,
    passage: &Passage,
) -> Vec<SentencePairReport> {
    (passage.sentence_pairs.iter())
        .map(|pair| {
            let paper_terms = terms_of(paper, pair.paper.clone());
            let source_terms = terms_of(source, pair.source.clone());
            let span = token_span(&paper.analysis, pair.paper.start, pair.paper.end);
            let source_span = token_span(&source.analysis, pair.source.start, pair.source.end);
            SentencePairReport {
                start: span.start,
                end: span.end,
                source_start: source_span.start,
                source_end: source_span.end,
                similarity: f64::from(pair.similarity) / 1000.0,
                shared_words: shared_words(paper, &paper_terms, &source_terms),
                source_shared_words: shared_words(source, &source_terms, &paper_terms),
            }
        })
        .collect()
}

/// Each term of the tokens `range` with the tokens it comes from, sorted by term.
fn terms_of(prepared: &Prepared, range: Range<usize>) -> Vec<(u64, usize, usize)> {
    let mut terms = Vec::new();
    unit_terms(
        &prepared.analysis,
        &prepared.token_hashes,
        range,
        &mut |first, last, hash| terms.push((hash, first, last)),
    );
    crate::sort::sort(&mut terms);
    terms
}

/// The spans of the tokens of `own` terms that `other` holds too, neighbouring tokens joined.
fn shared_words(
    prepared: &Prepared,
    own: &[(u64, usize, usize)],
    other: &[(u64, usize, usize)],
) -> Vec<WordSpan> {
    let mut tokens: Vec<usize> = Vec::new();
    for &(hash, first, last) in own {
        if other.binary_search_by_key(&hash, |t| t.0).is_ok() {
            tokens.extend([first, last]);
        }
    }
    tokens.sort_unstable();
    tokens.dedup();
    let mut spans: Vec<WordSpan> = Vec::new();
    let mut previous: Option<usize> = None;
    for token in tokens {
        let span = prepared.analysis.tokens[token].span;
        match spans.last_mut() {
            Some(last) if previous == Some(token - 1) => last.end = span.end,
            _ => spans.push(WordSpan {
                start: span.start,
                end: span.end,
            }),
        }
        previous = Some(token);
    }
    spans
}
