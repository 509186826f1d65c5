//! One check of a paper, as the sequence of its stages: the paper's analysis, what is left out,
//! its sketches, candidate retrieval, alignment (each kind of evidence in its own module), then
//! scoring and the report. Each stage takes what it reads of the reference set explicitly
//! ([`ReferenceSet`]) and reports its progress ([`Stage`]).

use rustc_hash::FxHashSet as HashSet;

use crate::align::{SeedTable, Side, WeightSums};
use crate::error::Error;
use crate::methods::combined::Metadata;
use crate::text::tokenize::check_size;
use crate::text::CountUnit;

use super::evidence::{align_candidates, paper_sentences};
use super::exclusions::exclusions;
use super::options::CheckOptions;
use super::prepare::{
    count_holders_with_progress, prepare_with_progress, Prepared, PreparedSources,
};
use super::progress::{preparing, preparing_part, OnProgress, PREPARING_STEPS};
use super::reference_set::ReferenceSet;
use super::report::{Report, SourceReport};
use super::retrieval::{candidates, evidence_masks, with_a_small_library};
use super::scoring::{paper_sketches, ratio, write_up};
use super::sentences::TermWeights;
#[cfg(feature = "translated")]
use super::translated::translated_evidence;
#[cfg(not(feature = "translated"))]
use translated_evidence_off as translated_evidence;

/// Checks `text` with its `meta` against `set`: the stages in order. An error from `progress`
/// stops the check and is returned.
pub(super) fn check(
    set: ReferenceSet<'_>,
    text: &str,
    meta: &Metadata,
    options: &CheckOptions,
    progress: OnProgress<'_>,
) -> Result<Report, Error> {
    options.validate()?;
    set.can_translate(options.align.translated)?;
    meta.validate().map_err(|e| e.within("meta"))?;
    check_size("text", text.len(), false)?;
    // 1. The paper's analysis, each of its shingles looked up in the postings.
    let mut paper = analysis(set, text, progress)?;
    // 2. What is left out: the reader's spans, the bibliography, quotations, base documents.
    let ignored = ignored_ids(options);
    // The references the quotation pass prepares, kept for the evidence stage.
    let mut sources = PreparedSources::default();
    let sets = (set, &mut sources);
    let (excluded_spans, excluded) = exclusions(sets, text, &paper, &ignored, options, progress)?;
    let counted = excluded.iter().filter(|&&e| !e).count();
    // 3. The paper's sketches, which every source's scores compare with its own.
    let sketches = paper_sketches(set, &paper, meta, progress)?;
    // 4. Candidate retrieval: the references that hold the paper's fingerprints.
    let masks = evidence_masks(set, &paper, &excluded, options.align.max_doc_frequency);
    preparing(progress, 5)?;
    let mut candidates = candidates(set, &paper, &masks.unusable, Some(false));
    if !options.align.translated {
        with_a_small_library(set, &mut candidates);
    }
    preparing(progress, 6)?;
    // 5. Alignment with each candidate, by exact runs and by rewritten sentences.
    let mut term_weights = TermWeights::new(set.idf);
    let sentences = paper_sentences(&paper, &masks, &options.align, &mut term_weights, progress)?;
    preparing(progress, PREPARING_STEPS)?;
    // Every candidate's windows are looked up in the paper's seed table, and every alignment
    // reads the paper's weight sums: both built once.
    let seeds = SeedTable::with_filter(&paper.token_hashes, options.align.seed_words);
    let side = paper.paper_side(&masks.shared, &masks.common);
    let sums = WeightSums::of(&side);
    let side = Side {
        seeds: Some(&seeds),
        sums: Some(&sums),
        ..side
    }
    .with_sentences(sentences.as_ref());
    let units = paper.sentence_units();
    let mut aligned = align_candidates(
        (set, &mut sources),
        (side, units, &masks.unusable),
        &candidates,
        &ignored,
        &options.align,
        &mut term_weights,
        progress,
    )?;
    // 5b. Translated copies, among the references in another language.
    translated_evidence(
        set,
        (&paper, sentences.as_ref()),
        &ignored,
        options,
        &mut aligned,
        &mut term_weights,
        progress,
    )?;
    // 6. Scoring: each source written up, the paper's words covered counted once.
    let comparison = sketches.comparison(&paper, &excluded, counted, text);
    let (sources, covered) = write_up(set, &comparison, side, aligned, options, progress)?;
    Ok(Report {
        similarity: ratio(covered, counted),
        words: counted,
        total_words: paper.analysis.tokens.len(),
        unit: CountUnit::of(&paper.analysis.tokens),
        sources: ranked(sources, options),
        // Moved, not cloned: the paper is done with, and a clone of its map and span lists
        // was code of its own in the wasm.
        evasion: std::mem::take(&mut paper.analysis.evasion),
        excluded: excluded_spans,
    })
}

/// The paper analyzed and each shingle's holders counted: the first step of preparing.
fn analysis(
    set: ReferenceSet<'_>,
    text: &str,
    progress: OnProgress<'_>,
) -> Result<Prepared, Error> {
    preparing(progress, 0)?;
    let mut paper = prepare_with_progress(set.options, text, &mut |done| {
        preparing_part(progress, 0, done, 100)
    })?;
    // Looking its shingles up is the rest of the step.
    count_holders_with_progress(set.postings, &mut paper, &mut |done, total| {
        preparing_part(progress, 0, 85 * total + 15 * done, 100 * total)
    })?;
    preparing(progress, 1)?;
    Ok(paper)
}

/// The ids of the references the reader left out of this check.
fn ignored_ids(options: &CheckOptions) -> HashSet<&str> {
    (options.ignore_references.iter())
        .map(|id| id.as_str())
        .collect()
}

/// The sources most similar first (ties by id), those under the threshold left out, at most
/// `options.max_sources`.
fn ranked(mut sources: Vec<SourceReport>, options: &CheckOptions) -> Vec<SourceReport> {
    crate::sort::sort_by(&mut sources, |a, b| {
        b.similarity
            .total_cmp(&a.similarity)
            .then_with(|| a.id.cmp(&b.id))
    });
    sources.retain(|source| source.similarity >= options.min_source_similarity);
    sources.truncate(options.max_sources);
    sources
}

/// Stage 5b in an engine built without translated evidence: nothing to add (a check that asks for
/// it was refused by `can_translate`).
#[cfg(not(feature = "translated"))]
fn translated_evidence_off(
    _: ReferenceSet<'_>,
    _: (
        &Prepared,
        Option<&crate::sketch::sentence_terms::SentenceVectors>,
    ),
    _: &HashSet<&str>,
    _: &CheckOptions,
    _: &mut super::evidence::Aligned,
    _: &mut TermWeights<'_>,
    _: OnProgress<'_>,
) -> Result<(), Error> {
    Ok(())
}
