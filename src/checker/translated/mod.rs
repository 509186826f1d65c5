//! Stage 5b of a check, when translated copies are looked for (`align.translated`): every reference
//! in the lexicon's term space (once per reference, [`Translation`]), the paper's sentences'
//! candidates among them, and the sources whose candidates follow the paper's order verified by the
//! sentence model ([`crate::align::translated`]).

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::align::translated::candidates::{candidates, CandidateLimits};
use crate::align::translated::chains::Pair;
use crate::align::translated::pivot::{pivot_units, Language, PivotUnit};
use crate::align::translated::SHORT_RUN_PAIRS;
use crate::align::Evidence;
use crate::error::Error;
use std::sync::Arc;

use crate::sketch::sentence_codes::SentenceCodes;
use crate::sketch::sentence_terms::SentenceVectors;

use super::context::Check;
use super::evidence::{Aligned, AlignedSource};
use super::progress::{report, Stage};
use super::sentence_model::Translation;

mod meaning;
mod names;
mod pass;
mod verify;

pub(super) use meaning::encode_references;
use pass::Pass;
use verify::{verify_source, PaperSide};

/// How lexical candidates are chosen: a few per sentence, sharing a quarter of both sentences'
/// words, two at least, through terms that fewer than 10% of the references' sentences hold. The
/// share is high because a set's references are often of one field, where the words that carry
/// the content ("object", "cell", "contract") are in many sentences; 2% lost a fifth of the
/// translated passages on the quality bench, and the model, not the words, tells the pairs apart.
/// Within the source holding the most candidates (three at least), two more per sentence: an
/// essay that translates a sentence or two at a time from one help page among 400 finds the
/// page by some sentences and misses its twins of others (interleaved-translated essays, draw 0:
/// sentence recall 0.58 without, 0.62 with; looking into the best three sources cost the
/// cross-language kinds 40% more time for 0.03 more). Reworded copies in the paper's own language
/// share words enough without ([`Pass::same_language`]).
const LIMITS: CandidateLimits = CandidateLimits {
    per_sentence: 3,
    per_source: 2,
    source_hits: 3,
    sources_looked_into: 1,
    min_score: 0.25,
    min_words: 2,
    max_term_share: 0.1,
};

/// Points of cosine (in hundredths) beyond `translatedSimilarity` that a reworded passage in the
/// paper's own language needs: two sentences of one language on one subject are closer in the
/// model's space than a sentence and its translation. Chosen on the quality bench (draws 0 to 2):
/// at 15 and 20 points, the English rendered kind's recall fell from 0.52 to 0.39 and 0.28; at 10,
/// two news reports of one fire (draw 1, same-topic kind) made a passage of four sentence pairs
/// at a mean cosine of 0.70, the facts in the same order in other words; at 11 no document of
/// any kind is flagged that was not before, once sentences another source explains are left out
/// ([`covered_units`]). Two journalists' accounts of one event and a copy reworded sentence by
/// sentence differ in degree only: a reworded copy four sentences long is left to the other
/// evidence.
const SAME_LANGUAGE_EXTRA: usize = 11;

/// A reference (its position in the set) with its units in the term space and, for the search
/// by meaning, their vectors.
struct ReferenceUnits {
    entry: usize,
    units: Arc<Vec<PivotUnit>>,
    codes: Option<Arc<SentenceCodes>>,
}

impl Check<'_> {
    /// Stage 5b: adds to `aligned` the sources in another language that the paper translates
    /// (or that translate it), when `align.translated` and the paper has sentence vectors.
    pub(super) fn translated_evidence(
        &mut self,
        sentences: Option<&SentenceVectors>,
        aligned: &mut Aligned,
    ) -> Result<(), Error> {
        let options = &self.options.align;
        let Some(vectors) = sentences.filter(|_| options.translated) else {
            return Ok(());
        };
        let mut passes = vec![Pass {
            same_language: false,
            min_similarity: options.translated_similarity as f32 / 100.0,
            evidence: Evidence::Translated,
        }];
        if options.rewritten {
            let similarity = options.translated_similarity + SAME_LANGUAGE_EXTRA;
            passes.push(Pass {
                same_language: true,
                min_similarity: similarity.min(100) as f32 / 100.0,
                evidence: Evidence::Rewritten,
            });
        }
        for pass in passes {
            // A source that only has sentence seeds so far (too few for a rewritten passage of
            // their own) may still be a translated or model-reworded copy.
            let already: HashSet<usize> = (aligned.sources.iter())
                .filter(|(_, source)| source.paper_spans().next().is_some())
                .map(|(entry, _)| *entry)
                .collect();
            let covered = if pass.same_language {
                covered_units(aligned, vectors)
            } else {
                vec![false; vectors.len()]
            };
            for (entry, source) in self.translated_sources((vectors, &covered), &already, pass)? {
                aligned.add_translated(entry, source);
            }
        }
        Ok(())
    }
}

/// The paper's sentence units that a passage of a source already found overlaps: a sentence
/// that another source explains by its words is no evidence of a reworded copy of a third (two
/// laws' parallel provisions say the same thing, and the model rightly finds them alike).
fn covered_units(aligned: &Aligned, vectors: &SentenceVectors) -> Vec<bool> {
    let spans: Vec<std::ops::Range<usize>> = aligned
        .sources
        .iter()
        .flat_map(|(_, source)| source.paper_spans())
        .collect();
    (vectors.units.iter())
        .map(|unit| {
            spans
                .iter()
                .any(|s| s.start < unit.end && unit.start < s.end)
        })
        .collect()
}

impl Check<'_> {
    /// The sources translated into (or from) the paper, each with its translated passages:
    /// sources `already` aligned by other evidence and those the reader left out are not.
    fn translated_sources(
        &mut self,
        (paper_vectors, covered): (&SentenceVectors, &[bool]),
        already: &HashSet<usize>,
        pass: Pass,
    ) -> Result<Vec<(usize, AlignedSource)>, Error> {
        let Some(translation) = self.set.translation else {
            return Ok(Vec::new());
        };
        let paper = self.paper;
        let lexicon = (&*translation.lexicon, &*translation.table);
        let paper_units = pivot_units(&paper.analysis, &paper.token_hashes, paper_vectors, lexicon);
        let sides = (paper_units.as_slice(), pass.same_language);
        let docs =
            self.reference_units(translation, sides, self.searches_meaning(pass), already)?;
        let slices: Vec<&[PivotUnit]> = docs.iter().map(|d| d.units.as_slice()).collect();
        let limits = if pass.same_language {
            CandidateLimits {
                per_source: 0,
                ..LIMITS
            }
        } else {
            LIMITS
        };
        let mut found = candidates(&paper_units, &slices, &limits, pass.same_language);
        let mut paper = PaperSide {
            prepared: paper,
            vectors: paper_vectors,
            encoded: HashMap::default(),
            unit_weights: verify::unit_weights(paper, paper_vectors),
        };
        if self.searches_meaning(pass) {
            let searched: Vec<meaning::Searched<'_>> = (docs.iter())
                .filter_map(|d| {
                    let codes = d.codes.as_deref()?;
                    Some(meaning::Searched {
                        units: &d.units,
                        codes,
                    })
                })
                .collect();
            // Every reference has codes when the search is on, so positions agree with `docs`.
            let least = pass.min_similarity;
            let by_meaning =
                meaning::meaning_pairs(translation, &searched, &paper_units, &mut paper, least)?;
            for (doc, pairs) in by_meaning {
                let known = found.entry(doc).or_default();
                for pair in pairs {
                    let same = |k: &Pair| (k.paper, k.source) == (pair.paper, pair.source);
                    if !known.iter().any(same) {
                        known.push(pair);
                    }
                }
                known.sort_by_key(|pair| (pair.paper, pair.source));
            }
        }
        let mut found: Vec<(usize, Vec<Pair>)> = found.into_iter().collect();
        found.sort_by_key(|(doc, _)| *doc);
        for (_, pairs) in &mut found {
            pairs.retain(|pair| !covered[pair.paper]);
        }
        let least = if pass.same_language {
            self.options.align.min_sentences
        } else {
            SHORT_RUN_PAIRS.min(self.options.align.min_sentences)
        };
        found.retain(|(_, pairs)| pairs.len() >= least);
        let mut sources = Vec::new();
        let references = self.set.entries.len();
        for (done, (doc, pairs)) in found.iter().enumerate() {
            let total = references + found.len();
            report(self.progress, Stage::Translating, references + done, total)?;
            let entry_index = docs[*doc].entry;
            let candidate = (entry_index, pairs.as_slice());
            if let Some(source) = verify_source(self, translation, candidate, &mut paper, pass)? {
                sources.push((entry_index, source));
            }
        }
        Ok(sources)
    }

    /// Whether `pass` searches by meaning: translated copies only, when asked
    /// (`align.meaningSearch`); reworded ones in the paper's language keep to shared words.
    fn searches_meaning(&self, pass: Pass) -> bool {
        self.options.align.meaning_search && !pass.same_language
    }

    /// Each reference that has sentences of a language other than some paper sentence's (of
    /// the same, for a `same_language` pass), with its units in the term space (and their
    /// vectors when `search`es by meaning), told as the first half of [`Stage::Translating`]. A reference's units are kept by the set's
    /// [`Translation`] from the first check that reads them; the source prepared for them is
    /// not kept.
    fn reference_units(
        &mut self,
        translation: &Translation,
        (paper_units, same_language): (&[PivotUnit], bool),
        search: bool,
        already: &HashSet<usize>,
    ) -> Result<Vec<ReferenceUnits>, Error> {
        let paper_languages: HashSet<Language> = (paper_units.iter())
            .filter(|u| !u.terms.is_empty() || self.options.align.meaning_search)
            .map(|u| u.language)
            .collect();
        let mut docs = Vec::new();
        let entries = self.set.entries;
        for (i, entry) in entries.iter().enumerate() {
            report(self.progress, Stage::Translating, i, entries.len() * 2)?;
            if self.ignores(i) || already.contains(&i) {
                continue;
            }
            let (sources, term_weights) = (&mut self.sources, &mut self.term_weights);
            let units = translation.reference_units(&entry.reference.id, || {
                let source = sources.get_once(i)?;
                let vectors = source.vectors(term_weights);
                let lexicon = (&*translation.lexicon, &*translation.table);
                let prepared = &source.prepared;
                let units =
                    pivot_units(&prepared.analysis, &prepared.token_hashes, vectors, lexicon);
                Ok(units)
            })?;
            // A reference is read when some sentence of it and some of the paper are of two
            // languages (of one, for a `same_language` pass).
            let paired = units.iter().any(|u| {
                let shared = paper_languages.contains(&u.language);
                let other = paper_languages.iter().any(|&l| l != u.language);
                if same_language {
                    shared
                } else {
                    other
                }
            });
            if !paired {
                continue;
            }
            let codes = match search {
                true => Some(translation.reference_codes(
                    (&entry.reference.id, units.len()),
                    || {
                        let source = sources.get_once(i)?;
                        let vectors = source.vectors(term_weights);
                        meaning::text_codes(translation, (&source.text, &source.prepared), vectors)
                    },
                )?),
                false => None,
            };
            docs.push(ReferenceUnits {
                entry: i,
                units,
                codes,
            });
        }
        Ok(docs)
    }
}
