//! Seeding: sentence pairs that share their rare content (Sanchez-Perez, Sidorov and Gelbukh,
//! PAN 2014: tf·idf cosine and Dice coefficient of the two sentences' terms, both over a
//! threshold).

use crate::align::options::AlignOptions;
use crate::sketch::sentence_terms::SentenceVectors;

use super::thresholds::{CHARACTER_SIMILARITY_EXTRA, EXTENSION_SIMILARITY_MARGIN};
use super::thresholds::{MIN_DICE, MIN_SHARED_TERMS};

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

/// The seeds of a paper and a source: for each paper sentence, the source sentence it matches
/// best, if one passes the thresholds (`sentenceSimilarity`, [`MIN_DICE`], [`MIN_SHARED_TERMS`]).
pub fn sentence_seeds(
    paper: &SentenceVectors,
    source: &SentenceVectors,
    options: &AlignOptions,
) -> Vec<Seed> {
    let characters = (options.sentence_similarity + CHARACTER_SIMILARITY_EXTRA).min(100);
    let extension = (options.sentence_similarity).saturating_sub(EXTENSION_SIMILARITY_MARGIN);
    let thresholds = SeedThresholds {
        cosine: options.sentence_similarity as f32 / 100.0,
        cosine_characters: characters as f32 / 100.0,
        cosine_extension: extension as f32 / 100.0,
        dice: MIN_DICE,
        terms: MIN_SHARED_TERMS,
    };
    seeds(paper, source, thresholds)
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
            for (other, weight) in terms.holding(term.hash) {
                shared.add(other as usize, term.weight, weight);
            }
        }
        found.extend(shared.best(paper, unit, source, thresholds));
        shared.clear();
    }
    one_place_per_source_sentence(found, source.len())
}

/// A source's sentence terms by hash: each distinct term's postings (source unit, weight) in unit
/// order, found by open addressing. Built at every check for every candidate, so with no sort:
/// the postings are made unit by unit, already in the order a term's list needs.
struct SourceTerms {
    /// (source unit, weight), in the order the units hold them.
    postings: Vec<(u32, f32)>,
    /// The posting after each with the same term, or [`NONE`].
    next: Vec<u32>,
    /// (term hash, its first and last posting), a power of two of them; a free slot's first
    /// posting is [`NONE`].
    slots: Vec<(u64, u32, u32)>,
}

/// No posting.
const NONE: u32 = u32::MAX;

impl SourceTerms {
    fn new(source: &SentenceVectors) -> Self {
        let terms = (0..source.len())
            .map(|unit| source.terms(unit).len())
            .sum::<usize>();
        let mut table = SourceTerms {
            postings: Vec::with_capacity(terms),
            next: Vec::with_capacity(terms),
            // At most half full: a term the source lacks (most of a paper's) ends its probe soon.
            slots: vec![(0, NONE, NONE); (2 * terms).next_power_of_two().max(2)],
        };
        for unit in 0..source.len() {
            for term in source.terms(unit) {
                table.push(term.hash, unit as u32, term.weight);
            }
        }
        table
    }

    /// The slot of `hash`: its own, or the free one where it would go.
    fn slot(&self, hash: u64) -> usize {
        let mask = self.slots.len() - 1;
        // The hashes are a hash function's: their high bits are as good as any.
        let mut at = (hash >> 32) as usize & mask;
        while self.slots[at].1 != NONE && self.slots[at].0 != hash {
            at = (at + 1) & mask;
        }
        at
    }

    fn push(&mut self, hash: u64, unit: u32, weight: f32) {
        let posting = self.postings.len() as u32;
        self.postings.push((unit, weight));
        self.next.push(NONE);
        let at = self.slot(hash);
        let slot = &mut self.slots[at];
        if slot.1 == NONE {
            *slot = (hash, posting, posting);
        } else {
            self.next[slot.2 as usize] = posting;
            slot.2 = posting;
        }
    }

    /// The postings of `hash`, in unit order.
    fn holding(&self, hash: u64) -> impl Iterator<Item = (u32, f32)> + '_ {
        let mut posting = self.slots[self.slot(hash)].1;
        std::iter::from_fn(move || {
            let found = *self.postings.get(posting as usize)?;
            posting = self.next[posting as usize];
            Some(found)
        })
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
            // Most touched sentences share a word or two: no seed, whatever their cosine.
            let shared = self.terms[other];
            if shared < thresholds.terms {
                continue;
            }
            let norms = paper.norm(unit) * source.norm(other);
            let cosine = if norms > 0.0 {
                self.dot[other] / norms
            } else {
                0.0
            };
            let dice = 2.0 * f32::from(shared) / (paper_terms + source.terms(other).len() as f32);
            let passes = cosine >= thresholds.cosine_extension && dice >= thresholds.dice;
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
