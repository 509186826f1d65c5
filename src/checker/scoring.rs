//! The report of one source: passages with their evidence, coverage, MinHash and SimHash
//! estimates and the seeds' scores.

use crate::align::{Passage, Segment, Side};
use crate::error::Error;
use crate::methods::chinese_ngram::{NgramProfile, SampleStep};
use crate::methods::combined::{combined_similarity, Metadata};
use crate::methods::weibo::Terms;
use crate::sketch::minhash::{containment_from_jaccard, MinHashSignature};
use crate::sketch::simhash::{hamming, text_simhash, TermWeighting};
use crate::span::Span;
use crate::text::chinese_script::ScriptCount;
use crate::text::CountUnit;

use super::context::Check;
use super::evidence::Aligned;
use super::options::ScoreOptions;
use super::prepare::{distinct, Prepared};
use super::progress::{preparing, preparing_part, report, Stage};
use super::reference_set::ReferenceSet;
use super::references::Entry;
use super::report::{LanguagePair, MethodScores, PassageReport, SharedRun, SourceReport};
use super::sentences;
use super::token_spans::token_span;

/// One text's side of the SimHash estimate and the seeds' scores, computed once per text however
/// many texts it is compared with.
pub(super) struct SeedProfile {
    /// The tf·idf·(1+len) SimHash of the report.
    pub(super) simhash: u64,
    terms: Terms,
    ngrams: NgramProfile,
}

/// The paper's side of a comparison.
pub(super) struct Comparison<'a> {
    pub(super) a: &'a Prepared,
    pub(super) a_minhash: &'a MinHashSignature,
    pub(super) a_shingles: usize,
    pub(super) a_seeds: &'a SeedProfile,
    pub(super) a_meta: &'a MinHashSignature,
    pub(super) a_excluded: &'a [bool],
    pub(super) a_counted: usize,
    /// The original text of `a`; `None` when the report need not look at it (see `source`).
    pub(super) a_text: Option<&'a str>,
}

/// The source side of a comparison: its analysis, its seeds' view and its original text.
pub(super) struct SourceSide<'a> {
    pub(super) prepared: &'a Prepared,
    pub(super) seeds: &'a SeedProfile,
    /// `None` (or the paper's `None`) when one of the two texts holds no character only one
    /// Chinese script uses: then no passage is in a converted script, and no text is read.
    pub(super) text: Option<&'a str>,
}

/// The paper's own sketches, made once for all its sources: its MinHash signature over its
/// distinct shingles, its seed profile and its metadata's signature.
pub(super) struct PaperSketches {
    minhash: MinHashSignature,
    shingles: usize,
    seeds: SeedProfile,
    meta: MinHashSignature,
}

impl Check<'_> {
    /// Stage 3, the paper's [`PaperSketches`]: step 4 of preparing, in parts.
    pub(super) fn sketches(&mut self, meta: &Metadata) -> Result<PaperSketches, Error> {
        let (set, progress) = (self.set, &mut *self.progress);
        preparing(progress, 4)?;
        let shingles = distinct(&self.paper.shingle_hashes);
        preparing_part(progress, 4, 3, 9)?;
        let minhash = set.hasher.signature(&shingles);
        preparing_part(progress, 4, 6, 9)?;
        // The seed profile is the rest of the step, in three parts.
        let mut part = |done| preparing_part(progress, 4, 6 + done, 9);
        let seeds = seed_profile_with_progress(set, self.paper, &mut part)?;
        Ok(PaperSketches {
            minhash,
            shingles: shingles.len(),
            seeds,
            meta: meta.signature(set.hasher),
        })
    }
}

impl PaperSketches {
    /// The paper's side of its comparison with each source.
    pub(super) fn comparison<'a>(
        &'a self,
        paper: &'a Prepared,
        excluded: &'a [bool],
        counted: usize,
        text: &'a str,
    ) -> Comparison<'a> {
        Comparison {
            a: paper,
            a_minhash: &self.minhash,
            a_shingles: self.shingles,
            a_seeds: &self.seeds,
            a_meta: &self.meta,
            a_excluded: excluded,
            a_counted: counted,
            a_text: Some(text),
        }
    }
}

impl Check<'_> {
    /// Stage 6, every aligned source's second pass and report, as it is written up (on a long
    /// paper each one takes a while, and the progress moves with them); with how many of the
    /// paper's counted words lie inside any passage, each counted once.
    pub(super) fn write_up(
        &mut self,
        paper: &Comparison<'_>,
        paper_side: Side<'_>,
        aligned: Aligned,
    ) -> Result<(Vec<SourceReport>, usize), Error> {
        let (set, options, progress) = (self.set, self.options, &mut *self.progress);
        let mut covered = vec![false; paper.a.analysis.tokens.len()];
        let mut sources = Vec::new();
        let count = aligned.sources.len();
        for (done, (entry, source)) in aligned.sources.into_iter().enumerate() {
            report(progress, Stage::Reporting, done, count)?;
            let sentences = (&aligned.sources_per_sentence[..], &aligned.paper_units[..]);
            let Some((source, passages)) = source.finish(paper_side, sentences, &options.align)
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
            let seeds = seed_profile(set, &source.source.prepared)?;
            let side = SourceSide {
                prepared: &source.source.prepared,
                seeds: &seeds,
                text: Some(&source.source.text),
            };
            let entry = &set.entries[entry];
            sources.push(source_report(
                paper,
                entry,
                side,
                &passages,
                &options.scores,
            )?);
        }
        report(progress, Stage::Reporting, count, count)?;
        Ok((sources, covered.iter().filter(|&&c| c).count()))
    }
}

pub(super) fn ratio(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

/// Flags the passages whose paper side and source side are written in different Chinese scripts.
pub(super) fn mark_converted_script(paper: &str, source: &str, passages: &mut [PassageReport]) {
    let paper_spans: Vec<Span> = passages.iter().map(|p| Span::new(p.start, p.end)).collect();
    let source_spans: Vec<Span> = passages
        .iter()
        .map(|p| Span::new(p.source_start, p.source_end))
        .collect();
    let paper_counts = ScriptCount::of_spans(paper, &paper_spans);
    let source_counts = ScriptCount::of_spans(source, &source_spans);
    for (passage, (a, b)) in passages
        .iter_mut()
        .zip(paper_counts.iter().zip(&source_counts))
    {
        passage.converted_script = a.differs_from(b);
    }
}

/// A passage's exact runs and those inside it whose twin lies elsewhere, in paper order.
fn shown_runs(passage: &Passage) -> impl Iterator<Item = &Segment> {
    let mut runs: Vec<&Segment> = passage.segments.iter().chain(&passage.elsewhere).collect();
    crate::sort::sort_by_key(&mut runs, |s| s.paper);
    runs.into_iter()
}

/// The passages' regions numbered 0, 1, … in the order they first appear.
fn dense_regions(passages: &[Passage]) -> Vec<usize> {
    let mut seen: Vec<usize> = Vec::new();
    (passages.iter())
        .map(|p| match seen.iter().position(|&r| r == p.region) {
            Some(dense) => dense,
            None => {
                seen.push(p.region);
                seen.len() - 1
            }
        })
        .collect()
}

/// One passage in the report: its spans in both texts (UTF-16), its evidence, its shared runs,
/// its `region` among the source's.
fn passage_report(
    paper: &Prepared,
    source: &Prepared,
    passage: &Passage,
    region: usize,
) -> PassageReport {
    let sentence_pairs = sentences::sentence_pairs(paper, source, passage);
    let (paper, source) = (&paper.analysis, &source.analysis);
    let span = token_span(paper, passage.paper_start, passage.paper_end);
    let source_span = token_span(source, passage.source_start, passage.source_end);
    let words = passage.paper_end - passage.paper_start;
    PassageReport {
        start: span.start,
        end: span.end,
        source_start: source_span.start,
        source_end: source_span.end,
        words,
        unit: CountUnit::of(&paper.tokens[passage.paper_start..passage.paper_end]),
        matched_words: passage.matched_words,
        longest_run: passage.longest_run,
        matched_share: ratio(passage.matched_words, words),
        converted_script: false,
        // Every exact run of the paper side, those whose twin lies elsewhere in the source too.
        ngrams: shown_runs(passage)
            .map(|s| {
                let a = token_span(paper, s.paper, s.paper + s.len);
                let b = token_span(source, s.source, s.source + s.len);
                SharedRun {
                    start: a.start,
                    end: a.end,
                    source_start: b.start,
                    source_end: b.end,
                }
            })
            .collect(),
        evidence: passage.evidence,
        region,
        sentences: passage.sentences,
        sentence_pairs,
        languages: passage.by_model.then(|| LanguagePair {
            paper: language_of(paper, passage.paper_start..passage.paper_end),
            source: language_of(source, passage.source_start..passage.source_end),
        }),
    }
}

/// The language of a passage's side (its tokens `range`): by whichlang with translated evidence;
/// without it (no passage comes from the model then), Chinese when most of it is written in
/// characters, else English.
fn language_of(analysis: &crate::text::Analysis, range: std::ops::Range<usize>) -> String {
    let characters = CountUnit::of(&analysis.tokens[range.clone()]) == CountUnit::Characters;
    #[cfg(feature = "translated")]
    if let (Some(first), Some(last)) = (
        analysis.tokens.get(range.start),
        range
            .end
            .checked_sub(1)
            .and_then(|end| analysis.tokens.get(end)),
    ) {
        let text = &analysis.normalized[first.norm_start..last.norm_end];
        return crate::align::translated::pivot::language_tag(text, characters).to_string();
    }
    if characters { "zh" } else { "en" }.to_string()
}

/// The SimHash and the seeds' view of a prepared text.
pub(super) fn seed_profile(
    set: ReferenceSet<'_>,
    prepared: &Prepared,
) -> Result<SeedProfile, Error> {
    seed_profile_with_progress(set, prepared, &mut |_| Ok(()))
}

/// [`seed_profile`], telling `progress` when each of its three parts is done (its
/// SimHash, its terms, its character n-grams).
pub(super) fn seed_profile_with_progress(
    set: ReferenceSet<'_>,
    prepared: &Prepared,
    progress: &mut dyn FnMut(usize) -> Result<(), Error>,
) -> Result<SeedProfile, Error> {
    let analysis = &prepared.analysis;
    let simhash = text_simhash(analysis, TermWeighting::TfIdfLength, Some(set.idf))?;
    progress(1)?;
    let terms = Terms::of(analysis);
    progress(2)?;
    let ngrams = NgramProfile::of(analysis);
    progress(3)?;
    Ok(SeedProfile {
        simhash,
        terms,
        ngrams,
    })
}

/// The report of one source whose `passages` with the paper are known.
pub(super) fn source_report(
    paper: &Comparison<'_>,
    entry: &Entry,
    source: SourceSide<'_>,
    passages: &[Passage],
    scores: &ScoreOptions,
) -> Result<SourceReport, Error> {
    let (source_seeds, source_text, source) = (source.seeds, source.text, source.prepared);
    let mut paper_covered = vec![false; paper.a.analysis.tokens.len()];
    let mut source_covered = vec![false; source.analysis.tokens.len()];
    for passage in passages {
        let range = passage.paper_start..passage.paper_end;
        paper_covered[range.clone()]
            .iter_mut()
            .zip(&paper.a_excluded[range])
            .for_each(|(c, &e)| *c |= !e);
        source_covered[passage.source_start..passage.source_end].fill(true);
    }
    let mut passage_reports: Vec<PassageReport> = passages
        .iter()
        .zip(dense_regions(passages))
        .map(|(p, region)| passage_report(paper.a, source, p, region))
        .collect();
    if let (Some(paper_text), Some(source_text)) = (paper.a_text, source_text) {
        mark_converted_script(paper_text, source_text, &mut passage_reports);
    }
    let jaccard = paper.a_minhash.jaccard(&entry.minhash)?;
    Ok(SourceReport {
        id: entry.reference.id.clone(),
        title: entry.reference.title.clone(),
        similarity: ratio(
            paper_covered.iter().filter(|&&c| c).count(),
            paper.a_counted,
        ),
        source_coverage: ratio(
            source_covered.iter().filter(|&&c| c).count(),
            source.analysis.tokens.len(),
        ),
        jaccard,
        containment: containment_from_jaccard(jaccard, paper.a_shingles, entry.shingles),
        simhash_distance: hamming(paper.a_seeds.simhash, source_seeds.simhash),
        scores: seed_scores(paper, entry, source_seeds, scores)?,
        passages: passage_reports,
    })
}

/// The published methods' scores for the pair: combined SimHash + metadata, the short-text
/// (Weibo) SimHash, the Chinese 4-gram sampling.
fn seed_scores(
    paper: &Comparison<'_>,
    entry: &Entry,
    source: &SeedProfile,
    options: &ScoreOptions,
) -> Result<MethodScores, Error> {
    let own = paper.a_seeds;
    Ok(MethodScores {
        combined: combined_similarity(
            own.simhash,
            source.simhash,
            paper.a_meta,
            &entry.meta_minhash,
            options.combined_text_weight,
        )?,
        weibo: own.terms.compare(&source.terms, options.duplicate_weight)?,
        chinese_ngram: own.ngrams.check(&source.ngrams, SampleStep::Adaptive)?,
    })
}
