//! One check of a paper: exclusions, retrieval, alignment with each candidate, the overall similarity
//! without double counting.

use rustc_hash::FxHashSet as HashSet;

use crate::error::Error;
use crate::json_path::{missing_field, read_fields, FromJson, PathError, Value};
use crate::methods::combined::Metadata;

use crate::text::tokenize::check_size;

use super::options::CheckOptions;
use super::progress::{preparing, preparing_part, report, OnProgress, Stage, PREPARING_STEPS};
use super::report::{Report, SourceReport};
use super::retrieval::{common_phrasing, shared_by_references};
use super::scoring::{ratio, Comparison, SourceSide};
use super::sentences::TermWeights;
use super::Checker;

/// A paper with its metadata, which the combined score compares with each source's.
#[derive(Debug, Clone, PartialEq, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Paper {
    /// The paper's text.
    pub text: String,
    /// Its keywords, tags and references.
    #[serde(default)]
    pub meta: Metadata,
}

impl FromJson for Paper {
    /// Reads `{ text, meta? }`.
    fn from_json(value: &Value) -> Result<Self, PathError> {
        let (mut text, mut meta) = (None, Metadata::default());
        read_fields(value, &["text", "meta"], &mut |index, inner| {
            match index {
                0 => text = Some(String::from_json(inner)?),
                _ => meta = Metadata::from_json(inner)?,
            }
            Ok(())
        })?;
        let text = text.ok_or_else(|| missing_field("text"))?;
        Ok(Paper { text, meta })
    }
}

impl Checker {
    /// Checks `text` against the reference set.
    pub fn check(&self, text: &str, options: &CheckOptions) -> Result<Report, Error> {
        self.check_with_meta(text, &Metadata::default(), options)
    }

    /// Checks a paper with metadata (see [`Paper`]) against the reference set.
    pub fn check_with_meta(
        &self,
        text: &str,
        meta: &Metadata,
        options: &CheckOptions,
    ) -> Result<Report, Error> {
        self.check_with_progress(text, meta, options, &mut |_| Ok(()))
    }

    /// [`Checker::check_with_meta`], telling `progress` how far it is: the steps of preparing the
    /// paper ([`Stage::Preparing`]), then how many of the candidate references it has been aligned
    /// with ([`Stage::Aligning`]) and how many sources are written up ([`Stage::Reporting`]), about
    /// every 1%; an error from `progress`
    /// stops the check and is returned.
    pub fn check_with_progress(
        &self,
        text: &str,
        meta: &Metadata,
        options: &CheckOptions,
        progress: OnProgress<'_>,
    ) -> Result<Report, Error> {
        options.validate()?;
        crate::options::Validate::validate(meta).map_err(|e| e.within("meta"))?;
        check_size("text", text.len(), "is")?;
        preparing(progress, 0)?;
        let mut paper =
            self.prepare_with_progress(text, &mut |done| preparing_part(progress, 0, done, 100))?;
        // Looking its shingles up is the rest of the step.
        self.count_holders_with_progress(&mut paper, &mut |done, total| {
            preparing_part(progress, 0, 85 * total + 15 * done, 100 * total)
        })?;
        preparing(progress, 1)?;
        let ignored: HashSet<&str> = options
            .ignore_references
            .iter()
            .map(|id| id.as_str())
            .collect();
        let (excluded_spans, excluded) =
            self.exclusions(text, &paper, &ignored, options, progress)?;
        let counted = excluded.iter().filter(|&&e| !e).count();
        preparing(progress, 4)?;
        let paper_shingles = Self::distinct(&paper.shingle_hashes);
        preparing_part(progress, 4, 3, 9)?;
        let a_minhash = self.hasher.signature(&paper_shingles);
        preparing_part(progress, 4, 6, 9)?;
        // The seed profile is the rest of the step, in three parts.
        let a_seeds = self.seed_profile_with_progress(&paper, &mut |done| {
            preparing_part(progress, 4, 6 + done, 9)
        })?;
        let comparison = Comparison {
            a: &paper,
            a_minhash: &a_minhash,
            a_shingles: paper_shingles.len(),
            a_seeds: &a_seeds,
            a_meta: &meta.signature(&self.hasher),
            a_excluded: &excluded,
            a_counted: counted,
            a_text: Some(text),
        };
        let (mut sources, covered_words) =
            self.sources_of(&comparison, &ignored, options, progress)?;
        crate::sort::sort_by(&mut sources, |a, b| {
            b.similarity
                .total_cmp(&a.similarity)
                .then_with(|| a.id.cmp(&b.id))
        });
        sources.retain(|source| source.similarity >= options.min_source_similarity);
        sources.truncate(options.max_sources);
        Ok(Report {
            similarity: ratio(covered_words, counted),
            words: counted,
            total_words: paper.analysis.tokens.len(),
            sources,
            // Moved, not cloned: the paper is done with, and a clone of its map and span lists
            // was code of its own in the wasm.
            evasion: std::mem::take(&mut paper.analysis.evasion),
            excluded: excluded_spans,
        })
    }

    /// Every candidate reference aligned with the paper: the report of each one with passages, and
    /// how many of the paper's counted words lie inside any passage (each counted once).
    fn sources_of(
        &self,
        paper: &Comparison<'_>,
        ignored: &HashSet<&str>,
        options: &CheckOptions,
        progress: OnProgress<'_>,
    ) -> Result<(Vec<SourceReport>, usize), Error> {
        // Excluded text and common phrasing cannot be evidence.
        let common = common_phrasing(paper.a, &self.options, options.align.max_doc_frequency);
        let unusable: Vec<bool> = common
            .iter()
            .zip(paper.a_excluded)
            .map(|(&common, &excluded)| common || excluded)
            .collect();
        let shared = shared_by_references(paper.a, self.options.shingle_words, 2);
        preparing(progress, 5)?;
        let candidates = self.candidates(paper.a, &unusable, Some(false));
        preparing(progress, 6)?;
        let mut term_weights = TermWeights::new(&self.idf);
        let paper_sentences = if options.align.rewritten {
            let mut part = |done| preparing_part(progress, 6, done, 10);
            Some(term_weights.vectors_with_progress(paper.a, &unusable, &mut part)?)
        } else {
            None
        };
        preparing(progress, PREPARING_STEPS)?;
        let paper_side = paper
            .a
            .paper_side(&shared)
            .with_sentences(paper_sentences.as_ref());
        let aligned = self.align_candidates(
            (paper_side, &unusable),
            &candidates,
            ignored,
            &options.align,
            &mut term_weights,
            progress,
        )?;
        let mut covered = vec![false; paper.a.analysis.tokens.len()];
        let mut sources = Vec::new();
        let count = aligned.sources.len();
        // Each source's second pass is done here, as it is written up: on a long paper each one
        // takes a while, and the progress moves with them.
        for (done, (entry, source)) in aligned.sources.into_iter().enumerate() {
            report(progress, Stage::Reporting, done, count)?;
            let per_sentence = &aligned.sources_per_sentence;
            let Some((source, passages)) = source.finish(paper_side, per_sentence, &options.align)
            else {
                continue;
            };
            for passage in &passages {
                let range = passage.paper_start..passage.paper_end;
                covered[range.clone()]
                    .iter_mut()
                    .zip(&paper.a_excluded[range])
                    .for_each(|(c, &e)| *c |= !e);
            }
            let seeds = self.seed_profile(&source.prepared)?;
            let side = SourceSide {
                prepared: &source.prepared,
                seeds: &seeds,
                text: Some(&source.text),
            };
            let entry = &self.entries[entry];
            sources.push(self.source_report(paper, entry, side, &passages, &options.scores)?);
        }
        report(progress, Stage::Reporting, count, count)?;
        Ok((sources, covered.iter().filter(|&&c| c).count()))
    }
}
