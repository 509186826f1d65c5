//! A prepared text's sentence vectors for the rewritten evidence, weighted by the reference set's
//! document frequencies (with the background's while the set is small and English:
//! [`crate::sketch::background`]), and the report of a passage's sentence pairs.

use std::ops::Range;

use rustc_hash::FxHashMap as HashMap;

use crate::align::Passage;
use crate::error::Error;
use crate::sketch::background::{self, Background};
use crate::sketch::sentence_terms::{token_term, unit_terms, SentenceVectors, TokenTerm};
use crate::sketch::simhash::IdfTable;
use crate::text::sentences::sentence_units;

use super::prepare::Prepared;
use super::report::{SentencePairReport, WordSpan};
use super::token_spans::token_span;

/// What each distinct token gives sentence vectors, its term and its weight (the idf of its
/// matching form), worked out once per check however many candidate sources repeat the word.
pub(super) struct TermWeights<'a> {
    idf: &'a IdfTable,
    /// The background, when the set is small and in its language.
    background: Option<&'static Background>,
    /// Place in `known` by the token's hash and kind: a map of `u32`s shares its code with
    /// the idf table's own.
    places: HashMap<u64, u32>,
    /// Each token's term and weight (0 for a token making no term: stop words are not weighed).
    known: Vec<(TokenTerm, f32)>,
}

impl<'a> TermWeights<'a> {
    pub(super) fn new(idf: &'a IdfTable) -> Self {
        let english = background::english();
        let small = idf.documents() < background::BACKGROUND_DOCUMENTS;
        TermWeights {
            idf,
            background: (small && english.describes(idf)).then_some(english),
            places: HashMap::default(),
            known: Vec::new(),
        }
    }

    /// The term and weight of token `i` of `prepared`.
    fn token(&mut self, prepared: &Prepared, i: usize) -> (TokenTerm, f32) {
        let (analysis, hashes) = (&prepared.analysis, &prepared.token_hashes);
        let token = &analysis.tokens[i];
        // A word and a character of the same text would make different terms.
        let key = hashes[i] ^ (token.kind as u64).wrapping_mul(KIND_SALT);
        if let Some(&place) = self.places.get(&key) {
            return self.known[place as usize];
        }
        let term = token_term(analysis, hashes, i);
        let text = analysis.text_of(token);
        let weight = match term.is_weighed() {
            true => match self.background.filter(|_| in_latin_letters(text)) {
                Some(background) => background.idf(self.idf, hashes[i]) as f32,
                None => self.idf.idf(hashes[i]) as f32,
            },
            false => 0.0,
        };
        self.places.insert(key, self.known.len() as u32);
        self.known.push((term, weight));
        (term, weight)
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
        let mut part = |done: usize, total: usize| progress(2 + 8 * done / total.max(1));
        let mut token = |i: usize| {
            let (term, weight) = self.token(prepared, i);
            let counts = term.is_weighed() && !unusable.get(i).copied().unwrap_or(false);
            (term, counts.then_some(weight))
        };
        let hashes = &prepared.token_hashes;
        let vectors = SentenceVectors::from_tokens(hashes, units, &mut token, &mut part)?;
        progress(10)?;
        Ok(vectors)
    }
}

/// Mixed into a token's hash with its kind (an odd multiplier, from SplitMix64).
const KIND_SALT: u64 = 0xBF58_476D_1CE4_E5B9;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checker::options::CheckerOptions;
    use crate::checker::prepare::prepare_source;

    fn terms(vectors: &SentenceVectors) -> Vec<Vec<(u64, u32)>> {
        (0..vectors.len())
            .map(|u| {
                vectors
                    .terms(u)
                    .iter()
                    .map(|t| (t.hash, t.weight.to_bits()))
                    .collect()
            })
            .collect()
    }

    #[test]
    fn vectors_are_the_same_whatever_the_check_met_before() {
        let texts = [
            "Rivers flood the plain in spring. The plain floods when rivers rise, 2017.",
            "国家保护公民的合法财产。公民的国家 rivers 2017 保护。",
            "The river's delta, 国 and 家, holds 2017 tons of silt. Rivers carry silt.",
        ];
        let options = CheckerOptions::default();
        let mut idf = IdfTable::new();
        let prepared: Vec<Prepared> = (texts.iter())
            .map(|t| prepare_source(&options, t).unwrap())
            .collect();
        for p in &prepared[..2] {
            idf.add_document(&p.analysis);
        }
        let mut warm = TermWeights::new(&idf);
        for (n, p) in prepared.iter().enumerate() {
            let unusable: Vec<bool> = (0..p.token_hashes.len()).map(|i| i % 5 == n).collect();
            let cold = TermWeights::new(&idf).vectors(p, &unusable);
            assert_eq!(terms(&warm.vectors(p, &unusable)), terms(&cold), "text {n}");
            assert_eq!(
                terms(&warm.vectors(p, &[])),
                terms(&TermWeights::new(&idf).vectors(p, &[]))
            );
        }
    }
}
