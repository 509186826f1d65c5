//! All pairs: the candidate pairs ([`Checker::pair_candidates`]: rare shared fingerprints, MinHash
//! LSH, the SimHash index) compared once each, by both kinds of evidence, as a check compares a
//! paper with a source. What depends on one reference alone (its analysis, common phrasing, the
//! text other references share, its SimHash, its sentence vectors) is computed once per
//! reference, not once per pair.

use rustc_hash::FxHashSet;

use crate::align::{align_exact, finish, sentence_seeds, SeedTable, Side};
use crate::error::{Error, ErrorCode};
use crate::sketch::sentence_terms::SentenceVectors;
use crate::sort::common_count;
use crate::text::chinese_script::ScriptCount;

use super::pair_candidates::count_simhash;
use super::progress::{report, OnProgress, Stage};

use super::options::PairsOptions;
use super::report::PairReport;
use super::retrieval::{common_phrasing, shared_by_references};
use super::scoring::{Comparison, SeedProfile, SourceSide};
use super::sentences::TermWeights;
use super::{Checker, Prepared};

/// One reference as all pairs compares it, prepared once for all its pairs.
struct PairSide {
    prepared: Prepared,
    /// Common phrasing: not evidence.
    common: Vec<bool>,
    /// Tokens whose text three or more references share (`a` itself is one of them).
    shared: Vec<bool>,
    /// The SimHash and the seeds' view of it.
    seeds: SeedProfile,
    /// Its exact-run seeds, for the pairs where it is the source side (`b`).
    seed_table: SeedTable,
    /// Its sentence vectors (common phrasing holds no term), when rewritten copies are looked
    /// for: a student who paraphrased a classmate is found as a paper that paraphrased a source.
    sentences: Option<SentenceVectors>,
    /// Its sentence fingerprints, sorted: a pair without an exact passage is compared sentence by
    /// sentence only when they share one, as a check takes a reference that shares no shingle as a
    /// candidate only then.
    sentence_fingerprints: Vec<u64>,
    /// Whether its text holds characters only one Chinese script uses: without them on both
    /// sides no passage is marked as converted, and the texts need not be decompressed again.
    script_marks: bool,
}

/// The references prepared so far, by index.
type Sides = Vec<Option<PairSide>>;

/// What comparing pairs builds up: the prepared references and the idf of the words seen.
struct Pairs<'s, 'w> {
    sides: &'s mut Sides,
    term_weights: &'s mut TermWeights<'w>,
}

impl Checker {
    /// Compares the candidate pairs of (non-base) references ([`Checker::pair_candidates`]);
    /// returns the pairs whose similarity reaches `options.min_similarity`, most similar first.
    pub fn pairs(&self, options: &PairsOptions) -> Result<Vec<PairReport>, Error> {
        self.pairs_with_progress(options, &mut |_| Ok(()))
    }

    /// [`Checker::pairs`], telling `progress` how far it is about every 1% of each stage; an
    /// error from `progress` stops it (a way to cancel) and is returned.
    pub fn pairs_with_progress(
        &self,
        options: &PairsOptions,
        progress: OnProgress<'_>,
    ) -> Result<Vec<PairReport>, Error> {
        options.validate()?;
        let mut sides: Sides = (0..self.entries.len()).map(|_| None).collect();
        let mut term_weights = TermWeights::new(&self.idf);
        let total = self.comparable(options.align.min_words).count();
        let mut done = 0;
        report(progress, Stage::Reading, 0, total)?;
        let candidates = self.candidate_set(options, |document, paired| {
            let text = self.entries[document].reference.text()?;
            let prepared = self.prepare(&text)?;
            let simhash = count_simhash(&prepared);
            if paired {
                let side = self.pair_side(prepared, &text, options, &mut term_weights)?;
                sides[document] = Some(side);
            }
            done += 1;
            report(progress, Stage::Reading, done, total)?;
            Ok(simhash)
        })?;
        let mut pairs = Pairs {
            sides: &mut sides,
            term_weights: &mut term_weights,
        };
        self.compare_pairs(&candidates.pairs, &mut pairs, options, progress)
    }

    /// Compares the given pairs of references (by id), each once, as [`Checker::pairs`] compares
    /// its candidates; returns those whose similarity reaches `options.min_similarity`, most similar
    /// first. An unknown id, or a pair of one reference with itself, is an error.
    pub fn pairs_among(
        &self,
        pairs: &[(&str, &str)],
        options: &PairsOptions,
    ) -> Result<Vec<PairReport>, Error> {
        options.validate()?;
        let index = |id: &str| {
            self.position_of(id).map(|i| i as u32).ok_or_else(|| {
                let message = format!("there is no reference with id {id:?}");
                Error::new(ErrorCode::UnknownReference, "pairs", message)
            })
        };
        let mut seen = FxHashSet::default();
        let mut indices = Vec::with_capacity(pairs.len());
        for &(a, b) in pairs {
            let (a, b) = (index(a)?, index(b)?);
            if a == b {
                return Err(Error::input("pairs", "a reference paired with itself"));
            }
            if seen.insert((a.min(b), a.max(b))) {
                indices.push((a.min(b), a.max(b)));
            }
        }
        let mut sides: Sides = (0..self.entries.len()).map(|_| None).collect();
        let mut pairs = Pairs {
            sides: &mut sides,
            term_weights: &mut TermWeights::new(&self.idf),
        };
        self.compare_pairs(&indices, &mut pairs, options, &mut |_| Ok(()))
    }

    /// The reports of `pairs` that reach the threshold, most similar first.
    fn compare_pairs(
        &self,
        pairs: &[(u32, u32)],
        Pairs {
            sides,
            term_weights,
        }: &mut Pairs<'_, '_>,
        options: &PairsOptions,
        progress: OnProgress<'_>,
    ) -> Result<Vec<PairReport>, Error> {
        let mut reports = Vec::new();
        for (done, &(a, b)) in pairs.iter().enumerate() {
            report(progress, Stage::Comparing, done, pairs.len())?;
            let (a, b) = (a as usize, b as usize);
            for document in [a, b] {
                if sides[document].is_none() {
                    let text = self.entries[document].reference.text()?;
                    let prepared = self.prepare(&text)?;
                    let side = self.pair_side(prepared, &text, options, term_weights)?;
                    sides[document] = Some(side);
                }
            }
            let (Some(side_a), Some(side_b)) = (&sides[a], &sides[b]) else {
                unreachable!("both sides were prepared above");
            };
            if let Some(pair) = self.pair(a, b, side_a, side_b, options)? {
                reports.push(pair);
            }
        }
        report(progress, Stage::Comparing, pairs.len(), pairs.len())?;
        crate::sort::sort_by(&mut reports, |x, y| {
            y.similarity
                .total_cmp(&x.similarity)
                .then_with(|| (&x.a, &x.b).cmp(&(&y.a, &y.b)))
        });
        Ok(reports)
    }

    /// What a reference's pairs share: its common phrasing, its text shared by other references,
    /// its SimHash and the seeds' view.
    fn pair_side(
        &self,
        mut prepared: Prepared,
        text: &str,
        options: &PairsOptions,
        term_weights: &mut TermWeights<'_>,
    ) -> Result<PairSide, Error> {
        self.count_holders(&mut prepared);
        let common = common_phrasing(&prepared, &self.options, options.align.max_doc_frequency);
        let shared = shared_by_references(&prepared, self.options.shingle_words, 3);
        // The shingle hashes and their counts served only the two lists above: the side is kept
        // for all its pairs (every document of a batch at once), so it does not keep 12 bytes a
        // token it never reads.
        prepared.shingle_hashes = Vec::new();
        prepared.held_by = Vec::new();
        let rewritten = options.align.rewritten;
        let sentences = rewritten.then(|| term_weights.vectors(&prepared, &common));
        let sentence_fingerprints =
            (sentences.as_ref()).map_or_else(Vec::new, SentenceVectors::fingerprints);
        Ok(PairSide {
            sentences,
            sentence_fingerprints,
            common,
            shared,
            seeds: self.seed_profile(&prepared)?,
            seed_table: SeedTable::new(&prepared.token_hashes, options.align.seed_words),
            prepared,
            script_marks: ScriptCount::of(text) != ScriptCount::default(),
        })
    }

    /// References `a` and `b` compared, seen from `a`; `None` when they share no passage or are less
    /// similar than `options.min_similarity`.
    fn pair(
        &self,
        a: usize,
        b: usize,
        side_a: &PairSide,
        side_b: &PairSide,
        options: &PairsOptions,
    ) -> Result<Option<PairReport>, Error> {
        let (pa, pb) = (&side_a.prepared, &side_b.prepared);
        let source = Side {
            seeds: Some(&side_b.seed_table),
            ..pb.side()
        };
        let source = source.with_sentences(side_b.sentences.as_ref());
        let paper = (pa.paper_side(&side_a.shared)).with_sentences(side_a.sentences.as_ref());
        let exact = align_exact(paper, source, &side_a.common, &options.align);
        let seeds = match (&side_a.sentences, &side_b.sentences) {
            (Some(a_sentences), Some(b_sentences))
                if !exact.passages.is_empty()
                    || common_count(
                        &side_a.sentence_fingerprints,
                        &side_b.sentence_fingerprints,
                    ) > 0 =>
            {
                sentence_seeds(a_sentences, b_sentences, &options.align)
            }
            _ => Vec::new(),
        };
        let passages = finish(paper, source, exact, &seeds, &options.align);
        if passages.is_empty() {
            return Ok(None);
        }
        let (entry_a, entry_b) = (&self.entries[a], &self.entries[b]);
        // Only the report's script check reads the texts, and only if both have script marks.
        let texts = if side_a.script_marks && side_b.script_marks {
            Some((entry_a.reference.text()?, entry_b.reference.text()?))
        } else {
            None
        };
        let no_exclusions = vec![false; pa.analysis.tokens.len()];
        let comparison = Comparison {
            a: pa,
            a_minhash: &entry_a.minhash,
            a_shingles: entry_a.shingles,
            a_seeds: &side_a.seeds,
            a_meta: &entry_a.meta_minhash,
            a_excluded: &no_exclusions,
            a_counted: pa.analysis.tokens.len(),
            a_text: texts.as_ref().map(|(a, _)| a.as_ref()),
        };
        let source = SourceSide {
            prepared: pb,
            seeds: &side_b.seeds,
            text: texts.as_ref().map(|(_, b)| b.as_ref()),
        };
        let report =
            self.source_report(&comparison, entry_b, source, &passages, &options.scores)?;
        let similarity = report.similarity.max(report.source_coverage);
        Ok((similarity >= options.min_similarity).then(|| PairReport {
            a: entry_a.reference.id.clone(),
            b: entry_b.reference.id.clone(),
            similarity,
            report,
        }))
    }
}
