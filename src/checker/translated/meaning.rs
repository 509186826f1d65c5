//! The search by meaning (`align.meaningSearch`): each paper sentence's nearest sentences in the
//! model's space, among the sentences of the references in other languages, as candidate pairs
//! beside the dictionary's. The references' vectors are computed once each and kept by the
//! checker's [`Translation`]; the paper's are all encoded, once per check, and verification then
//! reuses them.

use std::sync::Arc;

use rustc_hash::FxHashMap as HashMap;

use crate::align::translated::chains::Pair;
use crate::align::translated::pivot::PivotUnit;
use crate::error::Error;
use crate::sketch::sentence_codes::{nearest, Query, SentenceCodes};
use crate::sketch::sentence_terms::SentenceVectors;

use super::super::meaning_codes::{made_from, ReferenceCodes};
use super::super::prepare::Prepared;
use super::super::progress::{report, OnProgress, Stage};
use super::super::reference_set::ReferenceSet;
use super::super::sentence_model::Translation;
use super::super::sentences::TermWeights;
use super::super::sources::Sources;
use super::verify::{encode_units, PaperSide};

/// Candidates a paper sentence takes from the search, best first: its translation and, in a
/// library of one field, a near twin or two.
const PER_SENTENCE: usize = 3;

/// Sentences re-ranked by cosine per paper sentence, to tell how specific each candidate is.
const RANKED: usize = 8;

/// Points of cosine (in hundredths) by which a candidate must beat the best sentence of every
/// other reference: a sentence that many references say about as well (the field's stock
/// phrasing, or its topic) is no evidence of which one was translated. German help pages on
/// dialogs met English ones on dialogs at cosines of 0.55-0.67, four in a row, without this (the
/// quality bench's en→de xl-clean kind).
const SPECIFICITY: f32 = 0.05;

/// A reference read by the search: its units and their vectors.
pub(super) struct Searched<'a> {
    pub(super) units: &'a [PivotUnit],
    pub(super) codes: &'a SentenceCodes,
}

/// The vectors of every sentence unit of a reference, `text` prepared, and what they are made
/// from.
pub(super) fn text_codes(
    translation: &Translation,
    (text, prepared): (&str, &Prepared),
    vectors: &SentenceVectors,
) -> Result<ReferenceCodes, Error> {
    let mut encoded = HashMap::default();
    let units: Vec<usize> = (0..vectors.len()).collect();
    encode_units(translation, prepared, vectors, &units, &mut encoded)?;
    let width = translation.encoder.dimensions();
    let mut flat = Vec::with_capacity(units.len() * width);
    for u in &units {
        flat.extend_from_slice(&encoded[u]);
    }
    Ok(ReferenceCodes {
        made_from: made_from(&*translation.encoder, text),
        codes: Arc::new(SentenceCodes::new(&flat, width)),
    })
}

/// Each reference's (its position in `references`) candidate pairs by meaning: for each paper
/// unit, its nearest units of another language at `min_cosine` or over.
pub(super) fn meaning_pairs(
    translation: &Translation,
    references: &[Searched<'_>],
    paper_units: &[PivotUnit],
    paper: &mut PaperSide<'_>,
    min_cosine: f32,
) -> Result<HashMap<usize, Vec<Pair>>, Error> {
    let all: Vec<usize> = (0..paper.vectors.len()).collect();
    encode_units(
        translation,
        paper.prepared,
        paper.vectors,
        &all,
        &mut paper.encoded,
    )?;
    let codes: Vec<&SentenceCodes> = references.iter().map(|r| r.codes).collect();
    let mut found: HashMap<usize, Vec<Pair>> = HashMap::default();
    for (p, unit) in paper_units.iter().enumerate() {
        let query = Query::new(&paper.encoded[&p]);
        let other = |t: usize, s: usize| references[t].units[s].language != unit.language;
        let ranked = nearest(&codes, &query, other, (RANKED, min_cosine - SPECIFICITY));
        let specific = ranked.iter().filter(|&&(doc, _, cosine)| {
            let rival = ranked.iter().find(|r| r.0 != doc).map_or(f32::MIN, |r| r.2);
            cosine >= min_cosine && cosine >= rival + SPECIFICITY
        });
        for &(doc, source, cosine) in specific.take(PER_SENTENCE) {
            found.entry(doc).or_default().push(Pair {
                paper: p,
                source,
                score: cosine,
            });
        }
    }
    Ok(found)
}

/// Encodes the sentences of each reference of `set` that has no codes from its model yet (a
/// reference at a time, told as [`Stage::Encoding`]), so that no check waits for them; how many
/// it encoded. None without a model.
pub(in crate::checker) fn encode_references(
    set: ReferenceSet<'_>,
    progress: OnProgress<'_>,
) -> Result<usize, Error> {
    let Some(translation) = set.translation else {
        return Ok(0);
    };
    let missing: Vec<usize> = (0..set.entries.len())
        .filter(|&i| !translation.has_codes(&set.entries[i].reference.id))
        .collect();
    if missing.is_empty() {
        return Ok(0);
    }
    let mut sources = Sources::new(set);
    let mut term_weights = TermWeights::new(set.idf);
    for (done, &i) in missing.iter().enumerate() {
        report(progress, Stage::Encoding, done, missing.len())?;
        let source = sources.get_once(i)?;
        let vectors = source.vectors(&mut term_weights);
        let id = set.entries[i].reference.id.as_str();
        translation.reference_codes((id, vectors.len()), || {
            text_codes(translation, (&source.text, &source.prepared), vectors)
        })?;
    }
    report(progress, Stage::Encoding, missing.len(), missing.len())?;
    Ok(missing.len())
}
