//! All pairs: the candidate pairs ([`Checker::pair_candidates`]: rare shared fingerprints, MinHash
//! LSH, the SimHash index) compared once each, by both kinds of evidence, as a check compares a
//! paper with a source. What depends on one reference alone (its analysis, common phrasing, the
//! text other references share, its SimHash, its sentence vectors) is computed once per
//! reference, not once per pair.

use crate::align::{
    align_exact, finish, sentence_seeds, sentence_true_both, Passage, SeedTable, Side,
};
use crate::align::{PaperSentences, SentenceMatch, SentenceSeed};
use crate::error::Error;
use crate::sketch::sentence_terms::SentenceVectors;
use crate::sort::common_count;
use crate::text::chinese_script::ScriptCount;

use super::pair_candidates::count_simhash;
use super::progress::{report, OnProgress, Stage};

use super::options::PairsOptions;
use super::pair_candidates::{candidate_set, comparable};
use super::phrasing::{common_phrasing, shared_by_references};
use super::prepare::{count_holders, prepare, Prepared};
use super::reference_set::ReferenceSet;
use super::report::PairReport;
use super::scoring::{seed_profile, source_report};
use super::scoring::{Comparison, SeedProfile, SourceSide};
use super::sentences::TermWeights;

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

/// All pairs: the candidate pairs of (non-base) references compared, those whose similarity
/// reaches `options.min_similarity` kept, most similar first; `progress` hears of each stage.
pub(super) fn all_pairs(
    set: ReferenceSet<'_>,
    options: &PairsOptions,
    progress: OnProgress<'_>,
) -> Result<Vec<PairReport>, Error> {
    options.validate()?;
    let mut sides: Sides = (0..set.entries.len()).map(|_| None).collect();
    let mut term_weights = TermWeights::new(set.idf);
    let total = comparable(set, options.align.min_words).count();
    let mut done = 0;
    report(progress, Stage::Reading, 0, total)?;
    let candidates = candidate_set(set, options, |document, paired| {
        let text = set.entries[document].reference.text()?;
        let prepared = prepare(set.options, &text)?;
        let simhash = count_simhash(&prepared);
        if paired {
            let side = pair_side(set, prepared, &text, options, &mut term_weights)?;
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
    compare_pairs(set, &candidates.pairs, &mut pairs, options, progress)
}

/// The given pairs of references (by position, each pair once) compared as [`all_pairs`]
/// compares its candidates.
pub(super) fn listed(
    set: ReferenceSet<'_>,
    pairs: &[(u32, u32)],
    options: &PairsOptions,
) -> Result<Vec<PairReport>, Error> {
    let mut sides: Sides = (0..set.entries.len()).map(|_| None).collect();
    let mut pairs_state = Pairs {
        sides: &mut sides,
        term_weights: &mut TermWeights::new(set.idf),
    };
    compare_pairs(set, pairs, &mut pairs_state, options, &mut |_| Ok(()))
}

/// The reports of `pairs` that reach the threshold, most similar first.
fn compare_pairs(
    set: ReferenceSet<'_>,
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
                let text = set.entries[document].reference.text()?;
                let prepared = prepare(set.options, &text)?;
                let side = pair_side(set, prepared, &text, options, term_weights)?;
                sides[document] = Some(side);
            }
        }
        let (Some(side_a), Some(side_b)) = (&sides[a], &sides[b]) else {
            unreachable!("both sides were prepared above");
        };
        if let Some(pair) = pair(set, a, b, side_a, side_b, options)? {
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
    set: ReferenceSet<'_>,
    mut prepared: Prepared,
    text: &str,
    options: &PairsOptions,
    term_weights: &mut TermWeights<'_>,
) -> Result<PairSide, Error> {
    count_holders(set.postings, &mut prepared);
    let common = common_phrasing(&prepared, set.options, options.align.max_doc_frequency);
    let shared = shared_by_references(&prepared, set.options.shingle_words, 3);
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
        seeds: seed_profile(set, &prepared)?,
        seed_table: SeedTable::new(&prepared.token_hashes, options.align.seed_words),
        prepared,
        script_marks: ScriptCount::of(text) != ScriptCount::default(),
    })
}

/// The passages `a` shares with `b`, by both kinds of evidence: sentences are compared only when
/// the two share an exact passage or a sentence fingerprint.
fn passages_of(side_a: &PairSide, side_b: &PairSide, options: &PairsOptions) -> Vec<Passage> {
    let (pa, pb) = (&side_a.prepared, &side_b.prepared);
    let source = Side {
        seeds: Some(&side_b.seed_table),
        ..pb.side()
    };
    let source = source.with_sentences(side_b.sentences.as_ref());
    let paper =
        (pa.paper_side(&side_a.shared, &side_a.common)).with_sentences(side_a.sentences.as_ref());
    let exact = align_exact(paper, source, &side_a.common, &options.align);
    let seeds = match (&side_a.sentences, &side_b.sentences) {
        (Some(a_sentences), Some(b_sentences))
            if !exact.passages.is_empty()
                || common_count(&side_a.sentence_fingerprints, &side_b.sentence_fingerprints)
                    > 0 =>
        {
            sentence_seeds(a_sentences, b_sentences, &options.align)
        }
        _ => Vec::new(),
    };
    let passages = finish(paper, source, exact, &seeds, &options.align);
    if passages.is_empty() {
        return passages;
    }
    true_to_both(side_a, side_b, paper, passages, &seeds, options)
}

/// `passages` (of `a`, seen as `paper`, against `b`) true to `a`'s sentences, as a check's passages
/// are to the paper's, and then to `b`'s: each document of a pair is the other's source, and
/// neither's own sentences may be marked. `seeds` are the sentence seeds from `a` to `b`.
fn true_to_both(
    side_a: &PairSide,
    side_b: &PairSide,
    paper: Side<'_>,
    passages: Vec<Passage>,
    seeds: &[SentenceSeed],
    options: &PairsOptions,
) -> Vec<Passage> {
    let (pa, pb) = (&side_a.prepared, &side_b.prepared);
    let (a_units, b_units) = (pa.sentence_units(), pb.sentence_units());
    let from_b: Vec<SentenceSeed> = (seeds.iter())
        .map(|s| SentenceSeed {
            paper: s.source,
            source: s.paper,
            ..*s
        })
        .collect();
    let (a_matches, b_matches) = match (&side_a.sentences, &side_b.sentences) {
        (Some(a), Some(b)) => (
            SentenceMatch::from_seeds(seeds, a, b),
            SentenceMatch::from_seeds(&from_b, b, a),
        ),
        _ => (Vec::new(), Vec::new()),
    };
    let a_sentences = PaperSentences {
        units: &a_units,
        matches: &a_matches,
    };
    let b_sentences = PaperSentences {
        units: &b_units,
        matches: &b_matches,
    };
    let b_side =
        (pb.paper_side(&side_b.shared, &side_b.common)).with_sentences(side_b.sentences.as_ref());
    let a_side = Side {
        seeds: Some(&side_a.seed_table),
        ..paper
    };
    sentence_true_both(
        (a_side, b_side),
        passages,
        (a_sentences, b_sentences),
        &options.align,
    )
}

/// References `a` and `b` compared, seen from `a`; `None` when they share no passage or are less
/// similar than `options.min_similarity`.
fn pair(
    set: ReferenceSet<'_>,
    a: usize,
    b: usize,
    side_a: &PairSide,
    side_b: &PairSide,
    options: &PairsOptions,
) -> Result<Option<PairReport>, Error> {
    let (pa, pb) = (&side_a.prepared, &side_b.prepared);
    let passages = passages_of(side_a, side_b, options);
    if passages.is_empty() {
        return Ok(None);
    }
    let (entry_a, entry_b) = (&set.entries[a], &set.entries[b]);
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
    let report = source_report(&comparison, entry_b, source, &passages, &options.scores)?;
    let similarity = report.similarity.max(report.source_coverage);
    Ok((similarity >= options.min_similarity).then(|| PairReport {
        a: entry_a.reference.id.clone(),
        b: entry_b.reference.id.clone(),
        similarity,
        report,
    }))
}
