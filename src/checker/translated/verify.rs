//! One source's candidate pairs verified by the sentence model: the units encoded once per text,
//! the runs that pass formed into passages.

use rustc_hash::FxHashMap as HashMap;

use crate::align::translated::chains::Pair;
use crate::align::translated::{
    translated_runs, units_of, Verification, EXTENSION_SIMILARITY_MARGIN,
};
use crate::align::{Evidence, Passage, SentencePair};
use crate::error::Error;
use crate::sketch::embeddings::cosine;
use crate::sketch::sentence_terms::SentenceVectors;
use crate::text::WORD;

use super::super::context::Check;
use super::super::evidence::AlignedSource;
use super::super::prepare::Prepared;
use super::super::sentence_model::Translation;
use super::names::{names_agree, PairSide};
use super::pass::{Pass, MIN_PAIRED_WORDS, MIN_PASSAGE_WORDS, SAME_LANGUAGE_EXTRA_PAIRS};

/// The paper's side: its prepared text, sentence units and their vectors, once encoded.
pub(super) struct PaperSide<'a> {
    pub(super) prepared: &'a Prepared,
    pub(super) vectors: &'a SentenceVectors,
    pub(super) encoded: HashMap<usize, Vec<f32>>,
    /// Per sentence unit, its weight in tenths of a word ([`unit_weights`]).
    pub(super) unit_weights: Vec<u32>,
}

/// One source's candidate pairs verified by the model into translated passages, if any pass.
pub(super) fn verify_source(
    check: &mut Check<'_>,
    translation: &Translation,
    (entry_index, pairs): (usize, &[Pair]),
    paper: &mut PaperSide<'_>,
    pass: Pass,
) -> Result<Option<AlignedSource>, Error> {
    // Kept when the evidence stage prepared it; no later stage reads it otherwise.
    let source = check.sources.get_once(entry_index)?;
    let vectors = source.vectors(&mut check.term_weights);
    let prepared = &source.prepared;
    let options = &check.options.align;
    let mut source_encoded: HashMap<usize, Vec<f32>> = HashMap::default();
    let mut cosines = |pairs: &[Pair]| -> Result<Vec<f32>, Error> {
        let (paper_units, source_units) = units_of(pairs);
        let missing: Vec<usize> = paper_units
            .into_iter()
            .filter(|u| !paper.encoded.contains_key(u))
            .collect();
        encode_units(
            translation,
            paper.prepared,
            paper.vectors,
            &missing,
            &mut paper.encoded,
        )?;
        encode_units(
            translation,
            prepared,
            vectors,
            &source_units,
            &mut source_encoded,
        )?;
        Ok(pairs
            .iter()
            .map(|p| cosine(&paper.encoded[&p.paper], &source_encoded[&p.source]))
            .collect())
    };
    let agree = |p: &Pair| {
        let side = |prepared, vectors: &SentenceVectors, u: usize| {
            let around = vectors.units[u.saturating_sub(1)].start
                ..vectors.units[(u + 1).min(vectors.len() - 1)].end;
            PairSide {
                prepared,
                sentence: vectors.units[u].clone(),
                around,
            }
        };
        names_agree(
            &side(paper.prepared, paper.vectors, p.paper),
            &side(prepared, vectors, p.source),
        )
    };
    let mut verification = Verification {
        min_pairs: options.min_sentences
            + if pass.same_language {
                SAME_LANGUAGE_EXTRA_PAIRS
            } else {
                0
            },
        units: (paper.vectors.len(), vectors.len()),
        min_similarity: pass.min_similarity,
        extension_similarity: pass.min_similarity - EXTENSION_SIMILARITY_MARGIN as f32 / 100.0,
        // Two journalists' sentences on one event are as close as a short reworded copy: short
        // runs are for translations only.
        short_runs: (!pass.same_language).then_some(paper.unit_weights.as_slice()),
        names_agree: &agree,
        cosines: &mut cosines,
    };
    let runs = translated_runs(pairs, &mut verification)?;
    let passages: Vec<Passage> = runs
        .iter()
        .filter_map(|run| {
            let passage = passage_of(&run.pairs, (paper.vectors, vectors), pass.evidence);
            // A run holding a short copy is a passage by it; any other must be long enough.
            let enough = run.short || long_enough(&passage, &paper.prepared.token_weights);
            enough.then_some(passage)
        })
        .collect();
    Ok((!passages.is_empty()).then(|| AlignedSource::translated(source.clone(), passages)))
}

/// Per sentence unit of the paper, its weight in tenths of a word.
pub(super) fn unit_weights(prepared: &Prepared, vectors: &SentenceVectors) -> Vec<u32> {
    (vectors.units.iter())
        .map(|unit| prepared.token_weights[unit.clone()].iter().sum())
        .collect()
}

/// Whether `passage` has [`MIN_PASSAGE_WORDS`] on the paper's side, [`MIN_PAIRED_WORDS`] of them
/// in sentences its pairs match.
fn long_enough(passage: &Passage, token_weights: &[u32]) -> bool {
    let span: u32 = token_weights[passage.paper_start..passage.paper_end]
        .iter()
        .sum();
    span >= MIN_PASSAGE_WORDS * WORD
        && paired_weight(passage, token_weights) >= MIN_PAIRED_WORDS * WORD
}

/// The weight of the paper's sentences that `passage`'s pairs match.
fn paired_weight(passage: &Passage, token_weights: &[u32]) -> u32 {
    let mut tokens: Vec<std::ops::Range<usize>> = (passage.sentence_pairs.iter())
        .map(|pair| pair.paper.clone())
        .collect();
    tokens.sort_by_key(|range| range.start);
    tokens.dedup();
    tokens
        .into_iter()
        .map(|range| token_weights[range].iter().sum::<u32>())
        .sum()
}

/// Encodes the sentence units `units` of a text into `encoded`, in one call of the model.
pub(super) fn encode_units(
    translation: &Translation,
    prepared: &Prepared,
    vectors: &SentenceVectors,
    units: &[usize],
    encoded: &mut HashMap<usize, Vec<f32>>,
) -> Result<(), Error> {
    let units: Vec<usize> = units
        .iter()
        .copied()
        .filter(|u| !encoded.contains_key(u))
        .collect();
    if units.is_empty() {
        return Ok(());
    }
    let texts: Vec<String> = units
        .iter()
        .map(|&u| unit_text(prepared, vectors, u))
        .collect();
    let flat = translation.encoder.encode(&texts)?;
    let width = translation.encoder.dimensions();
    for (&u, vector) in units.iter().zip(flat.chunks_exact(width)) {
        encoded.insert(u, vector.to_vec());
    }
    Ok(())
}

/// A sentence unit's text as the model reads it: its matching form (Traditional characters already
/// Simplified, on which the model is stronger; look-alike letters folded; spaces collapsed).
fn unit_text(prepared: &Prepared, vectors: &SentenceVectors, unit: usize) -> String {
    let range = vectors.units[unit].clone();
    let tokens = &prepared.analysis.tokens;
    match (
        tokens.get(range.start),
        range.end.checked_sub(1).and_then(|end| tokens.get(end)),
    ) {
        (Some(first), Some(last)) => {
            prepared.analysis.normalized[first.norm_start..last.norm_end].to_string()
        }
        _ => String::new(),
    }
}

/// The passage of a translated run: from its first pair's sentences to its last's, in both texts.
fn passage_of(
    run: &[Pair],
    (paper, source): (&SentenceVectors, &SentenceVectors),
    evidence: Evidence,
) -> Passage {
    let (first, last) = (run[0], run[run.len() - 1]);
    Passage {
        paper_start: paper.units[first.paper].start,
        paper_end: paper.units[last.paper].end,
        source_start: source.units[first.source].start,
        source_end: source.units[last.source].end,
        segments: Vec::new(),
        elsewhere: Vec::new(),
        matched_words: 0,
        matched_weight: 0,
        seeded_weight: 0,
        source_matched_weight: 0,
        longest_run: 0,
        longest_weight: 0,
        evidence,
        sentence_pairs: run
            .iter()
            .map(|pair| SentencePair {
                paper: paper.units[pair.paper].clone(),
                source: source.units[pair.source].clone(),
                similarity: (pair.score.clamp(0.0, 1.0) * 1000.0).round() as u16,
            })
            .collect(),
        sentences: last.paper - first.paper + 1,
        by_model: true,
        region: 0,
    }
}
