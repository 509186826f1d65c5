//! Seeding: sentence pairs that share their rare content (Sanchez-Perez, Sidorov and Gelbukh,
//! PAN 2014: tf·idf cosine and Dice coefficient of the two sentences' terms, both over a
//! threshold).

use crate::sketch::sentence_terms::SentenceVectors;

/// Two units, one of each text, that say the same thing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Seed {
    /// The paper's unit.
    pub paper: usize,
    /// The source's unit.
    pub source: usize,
    /// tf·idf cosine of the two units' vectors.
    pub cosine: f32,
    /// Weight of the terms both units hold (the lesser of the two weights of each).
    pub shared_weight: f32,
    /// Whether the pair passes the thresholds of evidence on its own; the others only extend an
    /// exact passage of their source.
    pub standalone: bool,
}

/// What a sentence pair must share to be a seed.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SeedThresholds {
    /// Least tf·idf cosine of a standalone seed.
    pub(crate) cosine: f32,
    /// Least tf·idf cosine of a standalone seed whose paper sentence is written in characters
    /// (Chinese, Japanese).
    pub(crate) cosine_characters: f32,
    /// Least tf·idf cosine of a seed that extends an exact passage, in either script.
    pub(crate) cosine_extension: f32,
    /// Least Dice coefficient of the two term sets.
    pub(crate) dice: f32,
    /// Fewest distinct shared terms: a pair sharing two words is a coincidence, whatever its
    /// cosine.
    pub(crate) terms: u16,
}

/// For each paper unit, the source unit it matches best, when the pair passes `thresholds` (at
/// least those of an extension seed).
pub(crate) fn seeds(
    paper: &SentenceVectors,
    source: &SentenceVectors,
    thresholds: SeedThresholds,
) -> Vec<Seed> {
    let terms = SourceTerms::new(source);
    let mut shared = Shared::new(source.len());
    let mut found = Vec::new();
    for unit in 0..paper.len() {
        for term in paper.terms(unit) {
            if !terms.may_hold(term.hash) {
                continue;
            }
            for &(_, other, weight) in terms.holding(term.hash) {
                shared.add(other as usize, term.weight, weight);
            }
        }
        found.extend(shared.best(paper, unit, source, thresholds));
        shared.clear();
    }
    one_place_per_source_sentence(found, source.len())
}

/// A source's sentence terms as postings sorted by hash, with a filter of the hashes it holds.
struct SourceTerms {
    /// (term hash, source unit, weight), sorted by hash.
    postings: Vec<(u64, u32, f32)>,
    /// One bit per [`filter_slot`]: most of a paper's terms are in no sentence of a given source,
    /// and one bit tells before the search (a long paper against many candidates spends its time
    /// here).
    held: Vec<u64>,
}

impl SourceTerms {
    fn new(source: &SentenceVectors) -> Self {
        let mut postings: Vec<(u64, u32, f32)> = Vec::new();
        for unit in 0..source.len() {
            let terms = source.terms(unit).iter();
            postings.extend(terms.map(|t| (t.hash, unit as u32, t.weight)));
        }
        crate::sort::sort_by_u64_key(&mut postings, |p| p.0);
        let mut held = vec![0u64; FILTER_WORDS];
        for &(hash, _, _) in &postings {
            held[filter_slot(hash) / 64] |= 1 << (filter_slot(hash) % 64);
        }
        SourceTerms { postings, held }
    }

    /// False when no source sentence holds `hash`; true when one may.
    fn may_hold(&self, hash: u64) -> bool {
        self.held[filter_slot(hash) / 64] & (1 << (filter_slot(hash) % 64)) != 0
    }

    /// The postings of `hash`.
    fn holding(&self, hash: u64) -> &[(u64, u32, f32)] {
        let first = self.postings.partition_point(|p| p.0 < hash);
        let count = self.postings[first..].partition_point(|p| p.0 == hash);
        &self.postings[first..first + count]
    }
}

/// What one paper sentence shares with each source sentence, emptied after each paper sentence.
struct Shared {
    dot: Vec<f32>,
    terms: Vec<u16>,
    weight: Vec<f32>,
    /// The source sentences with a shared term, each once.
    touched: Vec<usize>,
}

impl Shared {
    fn new(source_units: usize) -> Self {
        Shared {
            dot: vec![0.0; source_units],
            terms: vec![0; source_units],
            weight: vec![0.0; source_units],
            touched: Vec::new(),
        }
    }

    /// A term of weight `mine` that source sentence `other` holds with weight `theirs`.
    fn add(&mut self, other: usize, mine: f32, theirs: f32) {
        if self.terms[other] == 0 {
            self.touched.push(other);
        }
        self.dot[other] += mine * theirs;
        self.terms[other] = self.terms[other].saturating_add(1);
        self.weight[other] += mine.min(theirs);
    }

    /// The source sentence paper sentence `unit` matches best, if it passes `thresholds`.
    fn best(
        &self,
        paper: &SentenceVectors,
        unit: usize,
        source: &SentenceVectors,
        thresholds: SeedThresholds,
    ) -> Option<Seed> {
        let paper_terms = paper.terms(unit).len() as f32;
        let least_cosine = if paper.is_characters(unit) {
            thresholds.cosine_characters
        } else {
            thresholds.cosine
        };
        let mut best: Option<Seed> = None;
        for &other in &self.touched {
            let norms = paper.norm(unit) * source.norm(other);
            let cosine = if norms > 0.0 {
                self.dot[other] / norms
            } else {
                0.0
            };
            let shared = self.terms[other];
            let dice = 2.0 * f32::from(shared) / (paper_terms + source.terms(other).len() as f32);
            let passes = cosine >= thresholds.cosine_extension
                && dice >= thresholds.dice
                && shared >= thresholds.terms;
            if passes && best.is_none_or(|b| cosine > b.cosine) {
                best = Some(Seed {
                    paper: unit,
                    source: other,
                    cosine,
                    shared_weight: self.weight[other],
                    standalone: cosine >= least_cosine,
                });
            }
        }
        best
    }

    fn clear(&mut self) {
        for other in self.touched.drain(..) {
            (self.dot[other], self.terms[other], self.weight[other]) = (0.0, 0, 0.0);
        }
    }
}

/// 64-bit words of the filter of a source's terms: 65,536 bits, so a source of a few thousand
/// terms leaves most bits clear.
const FILTER_WORDS: usize = 1024;

fn filter_slot(hash: u64) -> usize {
    (hash >> 48) as usize % (FILTER_WORDS * 64)
}

/// Keeps, for each source sentence, its best seed and those of the paper sentences next to that
/// one (a source sentence split in two): a source sentence that the paper repeats is matched at
/// one place, as an exact run is, and one source sentence never explains sentences all over the
/// paper.
fn one_place_per_source_sentence(seeds: Vec<Seed>, source_units: usize) -> Vec<Seed> {
    let mut best: Vec<Option<Seed>> = vec![None; source_units];
    for seed in &seeds {
        let slot = &mut best[seed.source];
        if slot.is_none_or(|b| seed.cosine > b.cosine) {
            *slot = Some(*seed);
        }
    }
    (seeds.into_iter())
        .filter(|s| best[s.source].is_some_and(|b| s.paper.abs_diff(b.paper) <= 1))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sketch::hash_bytes;
    use crate::text::sentences::sentence_units;
    use crate::text::{analyze, token_weights, TextOptions};

    pub(crate) fn vectors(text: &str) -> SentenceVectors {
        let analysis = analyze(text, &TextOptions::default()).unwrap();
        let hashes: Vec<u64> = (analysis.token_texts())
            .map(|t| hash_bytes(t.as_bytes()))
            .collect();
        let units = sentence_units(&analysis, &token_weights(&analysis));
        SentenceVectors::new(&analysis, &hashes, units, &mut |_| Some(1.0))
    }

    const THRESHOLDS: SeedThresholds = SeedThresholds {
        cosine: 0.5,
        cosine_characters: 0.6,
        cosine_extension: 0.5,
        dice: 0.4,
        terms: 3,
    };

    #[test]
    fn a_rewritten_sentence_seeds_with_its_source_sentence_only() {
        let source = vectors(
            "Bayes' theorem relates the conditional and marginal probabilities of two random \
             events. It is often used to compute posterior probabilities given observations. \
             The weather in the valley was mild all through the winter months.",
        );
        let paper = vectors(
            "Our garden grew tomatoes and beans during the long summer. This theorem aims to \
             relate the conditional and marginal probabilities of two random events occuring.",
        );
        let found = seeds(&paper, &source, THRESHOLDS);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!((found[0].paper, found[0].source), (1, 0));
        assert!(found[0].cosine > 0.7, "{found:?}");
    }

    #[test]
    fn a_source_sentence_the_paper_repeats_seeds_at_one_place() {
        let source = vectors(
            "Bayes' theorem relates the conditional and marginal probabilities of two random \
             events.",
        );
        let copy = "This theorem aims to relate the conditional and marginal probabilities of two \
                    random events occuring.";
        let filler = "Our garden grew tomatoes and beans during the long summer months.";
        let paper = vectors(&format!("{copy} {filler} {filler} {copy}"));
        let found = seeds(&paper, &source, THRESHOLDS);
        assert_eq!(found.len(), 1, "{found:?}");
    }

    #[test]
    fn sentences_sharing_two_words_are_no_seed() {
        let source = vectors("The committee approved the budget for schools in March.");
        let paper = vectors("Schools reopened in March after the storm passed.");
        assert!(seeds(&paper, &source, THRESHOLDS).is_empty());
    }
}
