//! One check of a paper, as the sequence of its stages: the paper's analysis, what is left out,
//! its sketches, candidate retrieval, alignment (each kind of evidence in its own module), then
//! scoring and the report. Each stage takes what it reads of the reference set explicitly
//! ([`ReferenceSet`]) and reports its progress ([`Stage`]).

use crate::align::{SeedTable, Side, WeightSums};
use crate::error::Error;
use crate::methods::combined::Metadata;
use crate::text::tokenize::check_size;
use crate::text::CountUnit;

use super::context::Check;
use super::options::CheckOptions;
use super::prepare::{count_holders_with_progress, prepare_with_progress, Prepared};
use super::progress::{preparing, preparing_part, OnProgress, PREPARING_STEPS};
use super::reference_set::ReferenceSet;
use super::report::{Report, SourceReport};
use super::scoring::ratio;

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
    let mut check = Check::new(set, (text, &paper), options, progress);
    // 2. What is left out: the reader's spans, the bibliography, quotations, base documents.
    let (excluded_spans, excluded) = check.exclusions()?;
    let counted = excluded.iter().filter(|&&e| !e).count();
    // 3. The paper's sketches, which every source's scores compare with its own.
    let sketches = check.sketches(meta)?;
    // 4. Candidate retrieval: the references that hold the paper's fingerprints.
    let masks = check.phrasing.masks(&excluded);
    preparing(check.progress, 5)?;
    let candidates = check.retrieve(&masks);
    preparing(check.progress, 6)?;
    // 5. Alignment with each candidate, by exact runs and by rewritten sentences.
    let sentences = check.paper_sentences(&masks)?;
    preparing(check.progress, PREPARING_STEPS)?;
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
    let units = (side, paper.sentence_units(), masks.unusable.as_slice());
    let mut aligned = check.align_candidates(units, &candidates)?;
    // 5b. Translated copies, among the references in another language.
    check.translated_evidence(sentences.as_ref(), &mut aligned)?;
    // 6. Scoring: each source written up, the paper's words covered counted once.
    let comparison = sketches.comparison(&paper, &excluded, counted, text);
    let (sources, covered) = check.write_up(&comparison, side, aligned)?;
    let evasion = std::mem::take(&mut paper.analysis.evasion);
    Ok(Report {
        similarity: ratio(covered, counted),
        words: counted,
        total_words: paper.analysis.tokens.len(),
        unit: CountUnit::of(&paper.analysis.tokens),
        sources: ranked(sources, options),
        // Moved, not cloned: the paper is done with, and a clone of its map and span lists
        // was code of its own in the wasm.
        evasion,
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
impl Check<'_> {
    fn translated_evidence(
        &mut self,
        _: Option<&crate::sketch::sentence_terms::SentenceVectors>,
        _: &mut super::evidence::Aligned,
    ) -> Result<(), Error> {
        Ok(())
    }
}
