//! Both kinds of evidence for every candidate source, in two passes: first each candidate's exact
//! passages and matching sentences, then, once it is known how many sources each paper sentence
//! matches, the passages. A paper sentence that matches sentences of more than
//! [`MAX_SOURCES_PER_SENTENCE`] sources says what every text on its subject says (a law's standard
//! clause, the facts of a news event as every outlet reports them): it is no evidence against one
//! of them, as common phrasing is not for exact runs.

use std::ops::Range;
use std::rc::Rc;

use crate::align::rewritten::may_make_passage;
use crate::align::{align_exact, finish, sentence_seeds, AlignOptions, ExactAlignment, Passage};
use crate::align::{sentence_true, PaperSentences, SentenceMatch, SentenceSeed, Side};
use crate::error::Error;
use crate::sketch::sentence_terms::SentenceVectors;

use super::context::Check;
use super::phrasing::EvidenceMasks;
use super::progress::{preparing_part, report, Stage};
use super::sources::Source;

/// Most sources a paper sentence may match and still be evidence of a rewritten copy.
pub const MAX_SOURCES_PER_SENTENCE: u32 = 2;

/// A candidate source with evidence.
pub(super) struct AlignedSource {
    pub(super) source: Rc<Source>,
    /// Whether its sentence vectors take part (rewritten copies are looked for).
    with_sentences: bool,
    exact: ExactAlignment,
    seeds: Vec<SentenceSeed>,
    /// Translated passages (a source in another language: no other evidence).
    translated: Vec<Passage>,
}

/// The first pass over the candidates: each one with some evidence, and how many sources each paper
/// sentence matches.
pub(super) struct Aligned {
    /// (position in the entries, the source).
    pub(super) sources: Vec<(usize, AlignedSource)>,
    /// Per paper sentence, the sources with a sentence it matches.
    pub(super) sources_per_sentence: Vec<u32>,
    /// The paper's sentence units, which every passage is made true to.
    pub(super) paper_units: Vec<Range<usize>>,
}

impl Check<'_> {
    /// The paper's sentence vectors when rewritten or translated copies are looked for: the
    /// last step of preparing, told about every 100,000 sentences.
    pub(super) fn paper_sentences(
        &mut self,
        masks: &EvidenceMasks,
    ) -> Result<Option<SentenceVectors>, Error> {
        let options = &self.options.align;
        if !options.rewritten && !options.translated {
            return Ok(None);
        }
        let progress = &mut *self.progress;
        let mut part = |done| preparing_part(progress, 6, done, 10);
        let vectors =
            (self.term_weights).vectors_with_progress(self.paper, &masks.unusable, &mut part)?;
        Ok(Some(vectors))
    }

    /// Stage 5, the first pass: every candidate (but those the reader left out) aligned with
    /// the `paper` side by its exact runs, and its sentences compared with the paper's when the
    /// paper has sentence vectors and rewritten copies are looked for.
    pub(super) fn align_candidates(
        &mut self,
        (paper, paper_units, unusable): (Side<'_>, Vec<Range<usize>>, &[bool]),
        candidates: &[(usize, usize)],
    ) -> Result<Aligned, Error> {
        let options = &self.options.align;
        let paper_sentences = paper.sentences.filter(|_| options.rewritten);
        let mut aligned = Aligned {
            sources: Vec::new(),
            sources_per_sentence: vec![0; paper_sentences.map_or(0, |s| s.len())],
            paper_units,
        };
        for (done, &(document, hits)) in candidates.iter().enumerate() {
            report(self.progress, Stage::Aligning, done, candidates.len())?;
            if self.ignores(document) {
                continue;
            }
            let source = match self.sources.get(document) {
                Ok(source) => source,
                // Aligned only as one of a small library's few references
                // (`retrieval::SMALL_LIBRARY`), it holds none of the paper's fingerprints: its
                // damage is told when it is a source.
                Err(_) if hits == 0 => continue,
                Err(error) => return Err(error),
            };
            // The translated stage reads the candidates again; without it, a source's memory
            // goes with its evidence.
            if !options.translated {
                self.sources.release(document);
            }
            let exact = align_exact(paper, source.prepared.side(), unusable, options);
            let seeds = match paper_sentences {
                Some(paper) => {
                    sentence_seeds(paper, source.vectors(&mut self.term_weights), options)
                }
                None => Vec::new(),
            };
            // A seed that only extends an exact passage says nothing of how many sources a
            // sentence matches on its own.
            for seed in seeds.iter().filter(|s| s.standalone) {
                aligned.sources_per_sentence[seed.paper] += 1;
            }
            if exact.passages.is_empty() && !may_make_passage(&seeds, options) {
                continue;
            }
            let source = AlignedSource {
                source,
                with_sentences: paper_sentences.is_some(),
                exact,
                seeds,
                translated: Vec::new(),
            };
            aligned.sources.push((document, source));
        }
        let total = candidates.len();
        report(self.progress, Stage::Aligning, total, total)?;
        Ok(aligned)
    }
}

impl Aligned {
    /// Adds the translated (or model-reworded) passages of `source`, the reference at `entry`,
    /// to what the words found of it, if anything.
    #[cfg(feature = "translated")]
    pub(super) fn add_translated(&mut self, entry: usize, mut source: AlignedSource) {
        match self.sources.iter_mut().find(|(e, _)| *e == entry) {
            Some((_, known)) => known.translated.append(&mut source.translated),
            None => self.sources.push((entry, source)),
        }
    }
}

impl AlignedSource {
    /// A source in another language with its translated passages.
    #[cfg(feature = "translated")]
    pub(super) fn translated(source: Rc<Source>, passages: Vec<Passage>) -> Self {
        AlignedSource {
            source,
            with_sentences: false,
            exact: ExactAlignment::default(),
            seeds: Vec::new(),
            translated: passages,
        }
    }

    /// The paper's token ranges that this source's exact and translated passages cover so far.
    #[cfg(feature = "translated")]
    pub(super) fn paper_spans(&self) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
        (self.exact.passages.iter().chain(&self.translated)).map(|p| p.paper_start..p.paper_end)
    }

    /// The second pass: the source's passages, from its exact passages and the sentences that
    /// match few enough sources (`sources_per_sentence`, from [`Aligned`]), each made true to the
    /// paper's sentences (`paper_units`); `None` without one.
    pub(super) fn finish(
        mut self,
        paper: Side<'_>,
        (sources_per_sentence, paper_units): (&[u32], &[Range<usize>]),
        options: &AlignOptions,
    ) -> Option<(AlignedSource, Vec<Passage>)> {
        (self.seeds).retain(|s| sources_per_sentence[s.paper] <= MAX_SOURCES_PER_SENTENCE);
        let source = Rc::clone(&self.source);
        let sentences = source.weighed_vectors().filter(|_| self.with_sentences);
        let side = source.prepared.side().with_sentences(sentences);
        let exact = std::mem::take(&mut self.exact);
        let mut passages = finish(paper, side, exact, &self.seeds, options);
        // The model's passages where the seeds made none: one account of each stretch.
        let overlaps = |t: &Passage| {
            (passages.iter()).any(|p| p.paper_start < t.paper_end && t.paper_start < p.paper_end)
        };
        self.translated.retain(|t| !overlaps(t));
        passages.append(&mut self.translated);
        let matches = self.sentence_matches(paper);
        let sentences = PaperSentences {
            units: paper_units,
            matches: &matches,
        };
        let passages = sentence_true(paper, side, passages, sentences, options);
        (!passages.is_empty()).then_some((self, passages))
    }

    /// Its sentence vectors, when they take part.
    fn sentences(&self) -> Option<&SentenceVectors> {
        (self.source.weighed_vectors()).filter(|_| self.with_sentences)
    }

    /// The seeds as sentence pairs of token ranges, in paper order.
    fn sentence_matches(&self, paper: Side<'_>) -> Vec<SentenceMatch> {
        match (paper.sentences, self.sentences()) {
            (Some(paper), Some(source)) => SentenceMatch::from_seeds(&self.seeds, paper, source),
            _ => Vec::new(),
        }
    }
}
