//! Both kinds of evidence for every candidate source, in two passes: first each candidate's exact
//! passages and matching sentences, then, once it is known how many sources each paper sentence
//! matches, the passages. A paper sentence that matches sentences of more than
//! [`MAX_SOURCES_PER_SENTENCE`] sources says what every text on its subject says (a law's standard
//! clause, the facts of a news event as every outlet reports them): it is no evidence against one
//! of them, as common phrasing is not for exact runs.

use std::ops::Range;

use rustc_hash::FxHashSet as HashSet;

use crate::align::rewritten::may_make_passage;
use crate::align::{align_exact, finish, sentence_seeds, AlignOptions, ExactAlignment, Passage};
use crate::align::{sentence_true, PaperSentences, SentenceMatch, SentenceSeed, Side};
use crate::error::Error;
use crate::sketch::sentence_terms::SentenceVectors;

use super::prepare::{prepare_source, Prepared, PreparedSources};
use super::progress::preparing_part;
use super::progress::{report, OnProgress, Stage};
use super::reference_set::ReferenceSet;
use super::retrieval::EvidenceMasks;
use super::sentences::TermWeights;

/// Most sources a paper sentence may match and still be evidence of a rewritten copy.
pub const MAX_SOURCES_PER_SENTENCE: u32 = 2;

/// A candidate source with evidence: its text, analysis and sentence vectors.
pub(super) struct AlignedSource {
    pub(super) text: String,
    pub(super) prepared: Prepared,
    sentences: Option<SentenceVectors>,
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

/// The paper's sentence vectors when rewritten copies are looked for (`options.rewritten`): the
/// last step of preparing, told about every 100,000 sentences.
pub(super) fn paper_sentences(
    paper: &Prepared,
    masks: &EvidenceMasks,
    options: &AlignOptions,
    term_weights: &mut TermWeights<'_>,
    progress: OnProgress<'_>,
) -> Result<Option<SentenceVectors>, Error> {
    if !options.rewritten && !options.translated {
        return Ok(None);
    }
    let mut part = |done| preparing_part(progress, 6, done, 10);
    let vectors = term_weights.vectors_with_progress(paper, &masks.unusable, &mut part)?;
    Ok(Some(vectors))
}

/// The first pass: every candidate (`ignored` ones aside) aligned by its exact runs, and its
/// sentences compared with the paper's when `paper` has sentence vectors. A candidate among the
/// `sources` an earlier stage prepared is taken from them.
pub(super) fn align_candidates(
    (set, sources): (ReferenceSet<'_>, &mut PreparedSources),
    (paper, paper_units, unusable): (Side<'_>, Vec<Range<usize>>, &[bool]),
    candidates: &[(usize, usize)],
    ignored: &HashSet<&str>,
    options: &AlignOptions,
    term_weights: &mut TermWeights<'_>,
    progress: OnProgress<'_>,
) -> Result<Aligned, Error> {
    let paper_sentences = paper.sentences.filter(|_| options.rewritten);
    let mut aligned = Aligned {
        sources: Vec::new(),
        sources_per_sentence: vec![0; paper_sentences.map_or(0, |s| s.len())],
        paper_units,
    };
    for (done, &(document, hits)) in candidates.iter().enumerate() {
        report(progress, Stage::Aligning, done, candidates.len())?;
        let entry = &set.entries[document];
        if ignored.contains(entry.reference.id.as_str()) {
            continue;
        }
        let (text, prepared) = match sources.take(document) {
            Some(kept) => kept,
            None => match entry.reference.text() {
                Ok(text) => {
                    let prepared = prepare_source(set.options, &text)?;
                    (text.into_owned(), prepared)
                }
                // Aligned only as one of a small library's few references
                // (`retrieval::SMALL_LIBRARY`), it holds none of the paper's fingerprints: its
                // damage is told when it is a source.
                Err(_) if hits == 0 => continue,
                Err(error) => return Err(error),
            },
        };
        let sentences = paper_sentences.map(|_| term_weights.vectors(&prepared, &[]));
        let exact = align_exact(paper, prepared.side(), unusable, options);
        let seeds = match (paper_sentences, &sentences) {
            (Some(paper), Some(source)) => sentence_seeds(paper, source, options),
            _ => Vec::new(),
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
            text,
            prepared,
            sentences,
            exact,
            seeds,
            translated: Vec::new(),
        };
        aligned.sources.push((document, source));
    }
    report(
        progress,
        Stage::Aligning,
        candidates.len(),
        candidates.len(),
    )?;
    Ok(aligned)
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
    pub(super) fn translated(text: String, prepared: Prepared, passages: Vec<Passage>) -> Self {
        AlignedSource {
            text,
            prepared,
            sentences: None,
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
        let side = self.prepared.side().with_sentences(self.sentences.as_ref());
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

    /// The seeds as sentence pairs of token ranges, in paper order.
    fn sentence_matches(&self, paper: Side<'_>) -> Vec<SentenceMatch> {
        match (paper.sentences, self.sentences.as_ref()) {
            (Some(paper), Some(source)) => SentenceMatch::from_seeds(&self.seeds, paper, source),
            _ => Vec::new(),
        }
    }
}
