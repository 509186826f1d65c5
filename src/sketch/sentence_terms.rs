//! Sentence vectors: each sentence unit of a text ([`crate::text::sentences`]) as a bag of
//! weighted terms, so that two sentences saying the same thing in other words still share most of
//! their rare content.
//!
//! Terms are what survives rewriting: words cut to a prefix, numbers, pairs of characters
//! ([`super::token_terms`]).
//!
//! Each term weighs what the caller says its tokens weigh (the reference set's idf), summed over
//! its occurrences in the unit (tf·idf), times its inverse sentence frequency in the text.

use std::ops::Range;

use rustc_hash::FxHashMap as HashMap;

use crate::error::Error;
use crate::text::Analysis;

use super::token_terms::PAIR_MULTIPLIER;
pub use super::token_terms::{
    number_term, token_term, unit_terms, word_term, TermRun, TokenTerm, PREFIX_CHARS,
};

/// One term of a unit: its hash and its tf·idf weight.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WeightedTerm {
    /// The term's hash (words, numbers and character pairs never collide by construction).
    pub hash: u64,
    /// tf·idf weight in the unit.
    pub weight: f32,
}

/// Units between two calls of [`SentenceVectors::new_with_progress`]'s callback.
pub const PROGRESS_UNITS: usize = 100_000;

/// The sentence units of a text with their term vectors.
#[derive(Debug, Clone, Default)]
pub struct SentenceVectors {
    /// Token range of each unit, in order, covering every token.
    pub units: Vec<Range<usize>>,
    /// `terms[offsets[u]..offsets[u + 1]]` are unit u's terms, sorted by hash.
    offsets: Vec<usize>,
    terms: Vec<WeightedTerm>,
    /// Euclidean norm of each unit's vector.
    norms: Vec<f32>,
    /// Whether most of each unit's terms are character pairs (Chinese, Japanese).
    characters: Vec<bool>,
}

impl SentenceVectors {
    /// Vectors of `units` of `analysis`. `token_hashes` are the hashes of the tokens' matching
    /// forms; `weight(i)` is token i's weight, or `None` when the token must not count (excluded
    /// text).
    pub fn new(
        analysis: &Analysis,
        token_hashes: &[u64],
        units: Vec<Range<usize>>,
        weight: &mut dyn FnMut(usize) -> Option<f32>,
    ) -> Self {
        let vectors =
            Self::new_with_progress(analysis, token_hashes, units, weight, &mut |_, _| Ok(()));
        vectors.expect("a callback that never fails")
    }

    /// [`Self::new`], telling `progress` how many of the units are done about every
    /// [`PROGRESS_UNITS`] (a 64 MB paper has a million); an error from it stops the work.
    pub fn new_with_progress(
        analysis: &Analysis,
        token_hashes: &[u64],
        units: Vec<Range<usize>>,
        weight: &mut dyn FnMut(usize) -> Option<f32>,
        progress: &mut dyn FnMut(usize, usize) -> Result<(), Error>,
    ) -> Result<Self, Error> {
        let mut token = |i: usize| {
            let term = token_term(analysis, token_hashes, i);
            (term, if term.is_weighed() { weight(i) } else { None })
        };
        Self::from_tokens(token_hashes, units, &mut token, progress)
    }

    /// Vectors of `units` from what each token gives: `token(i)` is token i's term
    /// ([`token_term`]) and its weight, `None` when it must not count (or makes no term).
    /// `progress` as for [`Self::new_with_progress`].
    pub fn from_tokens(
        token_hashes: &[u64],
        units: Vec<Range<usize>>,
        token: &mut dyn FnMut(usize) -> (TokenTerm, Option<f32>),
        progress: &mut dyn FnMut(usize, usize) -> Result<(), Error>,
    ) -> Result<Self, Error> {
        let mut vectors = SentenceVectors {
            offsets: Vec::with_capacity(units.len() + 1),
            ..Default::default()
        };
        vectors.offsets.push(0);
        let mut scratch: Vec<WeightedTerm> = Vec::new();
        for (done, unit) in units.iter().enumerate() {
            if done % PROGRESS_UNITS == 0 {
                progress(done, units.len())?;
            }
            scratch.clear();
            let mut pairs = 0;
            let mut run = TermRun::default();
            for i in unit.clone() {
                let (term, weight) = token(i);
                let made = run.next(i, term, token_hashes[i], weight);
                if let Some(((first, Some(a)), hash)) = made {
                    if let Some(b) = weight {
                        let weight = (a + b) / 2.0;
                        scratch.push(WeightedTerm { hash, weight });
                        pairs += usize::from(first < i);
                    }
                }
            }
            vectors.characters.push(pairs * 2 > scratch.len());
            crate::sort::sort_by_u64_key(&mut scratch, |t| t.hash);
            let start = vectors.terms.len();
            for &term in &scratch {
                let own = vectors.terms.len() > start;
                match vectors.terms.last_mut() {
                    Some(last) if own && last.hash == term.hash => last.weight += term.weight,
                    _ => vectors.terms.push(term),
                }
            }
            vectors.offsets.push(vectors.terms.len());
        }
        vectors.units = units;
        vectors.weigh_by_spread();
        Ok(vectors)
    }

    /// Multiplies each term's weight by its inverse sentence frequency in this text,
    /// `ln(1 + units / units holding it)`, and computes the norms. A term that runs through the
    /// whole text is what the text is about (a law's "停止执行" in every clause of a list, an
    /// article's subject): two texts on that subject share it in every sentence, so it tells
    /// nothing about which sentence was rewritten from which (Sanchez-Perez et al. weigh terms
    /// by sentence frequency alone).
    fn weigh_by_spread(&mut self) {
        // Each term's spread, counted in a map (no sort: this runs for every candidate of every
        // check) that gives each distinct term a place. A unit holds a term once, so a term's
        // occurrences are the units holding it. Then each count becomes the term's factor,
        // computed once per term, and each term finds its factor by its place.
        let mut places: HashMap<u64, u32> =
            HashMap::with_capacity_and_hasher(self.terms.len(), Default::default());
        let mut spread: Vec<u32> = Vec::new();
        let term_places: Vec<u32> = (self.terms.iter())
            .map(|term| {
                let next = spread.len() as u32;
                let place = *places.entry(term.hash).or_insert(next);
                if place == next {
                    spread.push(0);
                }
                spread[place as usize] += 1;
                place
            })
            .collect();
        let units = self.units.len() as f32;
        let factors: Vec<f32> = (spread.iter())
            .map(|&count| (1.0 + units / count.max(1) as f32).ln())
            .collect();
        for (term, &place) in self.terms.iter_mut().zip(&term_places) {
            term.weight *= factors[place as usize];
        }
        self.norms = (0..self.units.len())
            .map(|u| {
                let terms = self.terms(u).iter();
                terms.map(|t| t.weight * t.weight).sum::<f32>().sqrt()
            })
            .collect();
    }

    /// Unit `u`'s terms, sorted by hash.
    pub fn terms(&self, u: usize) -> &[WeightedTerm] {
        &self.terms[self.offsets[u]..self.offsets[u + 1]]
    }

    /// The norm of unit `u`'s vector.
    pub fn norm(&self, u: usize) -> f32 {
        self.norms[u]
    }

    /// Whether most of unit `u`'s terms are character pairs: a Chinese or Japanese sentence.
    pub fn is_characters(&self, u: usize) -> bool {
        self.characters[u]
    }

    /// Number of units.
    pub fn len(&self) -> usize {
        self.units.len()
    }

    /// Whether there are no units.
    pub fn is_empty(&self) -> bool {
        self.units.is_empty()
    }
}

/// Fewest distinct terms a sentence needs to have a fingerprint: a shorter one ("He said so.")
/// would meet sentences of unrelated texts.
pub const MIN_FINGERPRINT_TERMS: usize = 4;

/// Each sentence's two fingerprints, with the unit they belong to: its three least terms under a
/// hash permutation, hashed together (a bottom-3 MinHash sketch), for two permutations. Two
/// sentences that share most of their content terms share one with a probability near the cube of
/// their terms' Jaccard similarity, so a rewritten run of a few sentences shares one with its
/// source almost surely, where it may share no exact run of five words, and two unrelated
/// sentences almost never do. Units with fewer than [`MIN_FINGERPRINT_TERMS`] terms have none.
pub fn sentence_fingerprints(
    analysis: &Analysis,
    token_hashes: &[u64],
    units: &[Range<usize>],
) -> Vec<(u64, usize)> {
    let mut fingerprints = Vec::new();
    let (mut terms, mut scratch): (Vec<u64>, Vec<u64>) = (Vec::new(), Vec::new());
    for (u, unit) in units.iter().enumerate() {
        terms.clear();
        unit_terms(analysis, token_hashes, unit.clone(), &mut |_, _, hash| {
            terms.push(hash)
        });
        for &tag in &SENTENCE_TAGS {
            let sketch = sketch_of(&terms, tag, &mut scratch);
            fingerprints.extend(sketch.map(|fingerprint| (fingerprint, u)));
        }
    }
    fingerprints
}

/// The fingerprint of one sentence's terms under the permutation `tag` names, if it has
/// [`MIN_FINGERPRINT_TERMS`] distinct terms.
fn sketch_of(terms: &[u64], tag: u64, scratch: &mut Vec<u64>) -> Option<u64> {
    scratch.clear();
    scratch.extend(
        terms
            .iter()
            .map(|&hash| (hash ^ tag).wrapping_mul(PAIR_MULTIPLIER)),
    );
    scratch.sort_unstable();
    scratch.dedup();
    (scratch.len() >= MIN_FINGERPRINT_TERMS).then(|| {
        let fingerprint = scratch[0].rotate_left(29) ^ scratch[1].rotate_left(13) ^ scratch[2];
        fingerprint.wrapping_mul(PAIR_MULTIPLIER) ^ tag
    })
}

impl SentenceVectors {
    /// The fingerprints of every unit ([`sentence_fingerprints`]) from the terms these vectors
    /// hold (so without the terms of tokens that did not count), sorted.
    pub fn fingerprints(&self) -> Vec<u64> {
        let (mut terms, mut scratch): (Vec<u64>, Vec<u64>) = (Vec::new(), Vec::new());
        let mut fingerprints = Vec::new();
        for u in 0..self.len() {
            terms.clear();
            terms.extend(self.terms(u).iter().map(|t| t.hash));
            for &tag in &SENTENCE_TAGS {
                fingerprints.extend(sketch_of(&terms, tag, &mut scratch));
            }
        }
        fingerprints.sort_unstable();
        fingerprints
    }
}

/// One hash permutation per fingerprint of a sentence: two sketches, so a rewritten sentence
/// whose least two terms changed may still keep the other's.
const SENTENCE_TAGS: [u64; 2] = [0x7365_6e74_656e_6365, 0x636c_6175_7365_7332];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sketch::hash_bytes;
    use crate::text::sentences::sentence_units;
    use crate::text::{analyze, token_weights, TextOptions};
    use std::f32::consts::LN_2;

    fn vectors(text: &str) -> SentenceVectors {
        let analysis = analyze(text, &TextOptions::default()).unwrap();
        let hashes: Vec<u64> = analysis
            .token_texts()
            .map(|t| hash_bytes(t.as_bytes()))
            .collect();
        let units = sentence_units(&analysis, &token_weights(&analysis));
        SentenceVectors::new(&analysis, &hashes, units, &mut |_| Some(1.0))
    }

    #[test]
    fn inflections_meet_and_stop_words_do_not_count() {
        let a = vectors("The theorem relates conditional probabilities of events.");
        let b = vectors("This theorem related the conditional probability of an event.");
        let hashes = |v: &SentenceVectors| v.terms(0).iter().map(|t| t.hash).collect::<Vec<_>>();
        // theor, relat, condi, proba, event: the same five terms.
        assert_eq!(hashes(&a), hashes(&b));
        assert_eq!(a.terms(0).len(), 5);
        // One sentence: every term is in all of them, so each weighs ln 2.
        assert!((a.norm(0) - 5f32.sqrt() * LN_2).abs() < 1e-6);
    }

    #[test]
    fn chinese_pairs_skip_stop_characters_and_fold_traditional() {
        let a = vectors("国家保护公民的合法财产不受侵犯。");
        let b = vectors("國家保護公民合法財產不受侵犯。");
        let hashes = |v: &SentenceVectors| v.terms(0).iter().map(|t| t.hash).collect::<Vec<_>>();
        assert_eq!(hashes(&a), hashes(&b));
    }

    #[test]
    fn repeated_terms_add_up_and_excluded_tokens_do_not_count() {
        let text = "Rivers flood rivers, flooding the plain";
        let analysis = analyze(text, &TextOptions::default()).unwrap();
        let hashes: Vec<u64> = (analysis.token_texts())
            .map(|t| hash_bytes(t.as_bytes()))
            .collect();
        let all = SentenceVectors::new(
            &analysis,
            &hashes,
            std::iter::once(0..6).collect(),
            &mut |_| Some(1.0),
        );
        // river ×2, flood ×2, plain.
        let mut weights: Vec<f32> = all.terms(0).iter().map(|t| t.weight / LN_2).collect();
        weights.sort_by(f32::total_cmp);
        assert_eq!(weights, [1.0, 2.0, 2.0]);
        let some = SentenceVectors::new(
            &analysis,
            &hashes,
            std::iter::once(0..6).collect(),
            &mut |i| (i != 0).then_some(1.0),
        );
        assert_eq!(some.terms(0).len(), 3);
        let sum: f32 = some.terms(0).iter().map(|t| t.weight).sum();
        assert!((sum - 4.0 * LN_2).abs() < 1e-6);
    }

    #[test]
    fn a_term_in_every_sentence_weighs_less_than_one_in_a_single_sentence() {
        let v = vectors(
            "Rivers carry silt down to the coast. Rivers flood the fields in spring. \
             Rivers often run dry in the summer.",
        );
        let weight = |unit: usize, word: &str| {
            let hash = word_term(word);
            v.terms(unit)
                .iter()
                .find(|t| t.hash == hash)
                .unwrap()
                .weight
        };
        assert!((weight(0, "river") - (2f32).ln()).abs() < 1e-6);
        assert!((weight(0, "coast") - (4f32).ln()).abs() < 1e-6);
    }
}
