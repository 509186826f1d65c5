//! The third kind of evidence: a translated copy, found sentence by sentence across languages
//! (English ↔ Chinese).
//!
//! A translation shares no word with its source, so neither exact runs nor rewritten sentences see
//! it. Following cross-language plagiarism detection's usual pipeline (Potthast et al., "Cross-
//! language plagiarism detection", 2011: candidates by translated terms, then detailed
//! comparison; PAN's text alignment for the passages):
//!
//! 1. **Candidates** ([`candidates`]): every sentence in the term space of [`pivot`] (a Chinese
//!    sentence as the English terms of its dictionary words, CC-CEDICT); a paper sentence's
//!    candidates are the other language's sentences that share the most of both sentences' words.
//!    Only the terms the paper has are indexed, so a check reads each reference's units once.
//! 2. **Order** ([`chains`]): a source is a candidate only where its candidate pairs follow each
//!    other in both texts for `minSentences` pairs; two texts on one subject share words, not
//!    their order.
//! 3. **Verification**: the sentences of those runs are encoded by the multilingual sentence model
//!    ([`crate::sketch::embeddings`]) and each pair scored by the cosine of its vectors, which
//!    tells a translation from a sentence on the same subject far better than shared words do;
//!    the runs are formed again from the pairs that pass, and a run is a translated passage when
//!    its pairs' mean cosine reaches `translatedSimilarity`, each pair within
//!    [`PAIR_SIMILARITY_MARGIN`] of it.

pub mod candidates;
pub mod chains;
mod extend;
pub mod pivot;
mod scattered;

use rustc_hash::FxHashSet as HashSet;

use crate::error::Error;
use crate::text::WORD;
use chains::{ordered_runs, Pair};

/// Points of cosine (in hundredths) under `translatedSimilarity` that one pair of a run may have:
/// a short or loosely translated sentence inside a run still belongs to it.
pub const PAIR_SIMILARITY_MARGIN: usize = 10;

/// Points of cosine (in hundredths) under `translatedSimilarity` that a pair needs to extend a
/// verified run at its ends: next to a translated passage, a looser pair is still part of it.
pub const EXTENSION_SIMILARITY_MARGIN: usize = 15;

/// Sentences a run may skip in either text between two pairs: a sentence merged with its
/// neighbour, dropped or added by the translator.
pub const MAX_GAP_SENTENCES: usize = 2;

/// Pairs of a short translated run: two consecutive sentences translated from two consecutive
/// source sentences, the short copy a student makes between sentences of their own.
pub const SHORT_RUN_PAIRS: usize = 2;

/// Fewest words of each paper sentence of a short run: a label, a one-line step ("Click OK.") or
/// a parameter's definition ("Cost fixes the initial cost of an asset.", 8 words) is in many help
/// pages of one subject, in both languages.
pub const SHORT_RUN_SENTENCE_WORDS: u32 = 10;

/// Fewest words of each paper sentence of a short run once the source is established (a run of
/// `min_pairs` or a short run of longer sentences from it): a student who copied from it once
/// copies its short steps too.
pub const ESTABLISHED_SENTENCE_WORDS: u32 = 6;

/// Points of cosine (in hundredths) over `translatedSimilarity` that the mean of a short run's
/// pairs needs (each pair reaching `translatedSimilarity`): with fewer pairs, each must say more.
pub const SHORT_RUN_MARGIN: usize = 10;

/// Encodes the sentences of candidate pairs and gives each pair's cosine.
pub type Cosines<'a> = &'a mut dyn FnMut(&[Pair]) -> Result<Vec<f32>, Error>;

/// What verification needs: the run thresholds, and the cosine of a candidate pair.
pub struct Verification<'a> {
    /// Fewest pairs in a run.
    pub min_pairs: usize,
    /// The sentence units of the paper and of the source: a run grows within them.
    pub units: (usize, usize),
    /// Least mean cosine of a run's pairs, in [0, 1].
    pub min_similarity: f32,
    /// Least cosine of a pair that extends a verified run at its ends.
    pub extension_similarity: f32,
    /// Per paper unit, its weight in tenths of a word, when short runs are looked for: a run of
    /// [`SHORT_RUN_PAIRS`] consecutive pairs, each [`SHORT_RUN_MARGIN`] over `min_similarity` and
    /// specific, is then a passage though shorter than `min_pairs`. `None`: no short runs.
    pub short_runs: Option<&'a [u32]>,
    /// Whether a pair's sentences name the same things. The model reads two template sentences
    /// of one help system ("DateSerial returns a Date value…", "TimeSerial returns…") as a
    /// translation; where the model's word is all there is (a short run's pairs, the pairs a run
    /// grows by), a changed name says they are not.
    pub names_agree: &'a dyn Fn(&Pair) -> bool,
    /// Encodes what `pairs` need and gives each pair's cosine.
    pub cosines: Cosines<'a>,
}

/// A verified run of sentence pairs, scored by their cosine.
#[derive(Debug, Clone, PartialEq)]
pub struct TranslatedRun {
    /// The pairs, in order.
    pub pairs: Vec<Pair>,
    /// Whether it holds a short run ([`SHORT_RUN_PAIRS`] strong consecutive pairs): it is a
    /// passage by those, however few words its other pairs add.
    pub short: bool,
}

/// The translated runs among one source's lexical `candidates`, verified by the model: runs of
/// `min_pairs` from lexical runs of as many, and short runs ([`SHORT_RUN_PAIRS`]) from the shorter
/// lexical runs elsewhere, which are never more than their short run (a lexical run of two pairs
/// that grew to three verified ones would be a passage no check made before short runs).
pub fn translated_runs(
    candidates: &[Pair],
    verification: &mut Verification<'_>,
) -> Result<Vec<TranslatedRun>, Error> {
    let lexical = ordered_runs(candidates, MAX_GAP_SENTENCES, verification.min_pairs);
    let mut runs = Vec::new();
    for run in ordered_runs(
        &verified(candidates, &lexical, verification)?,
        MAX_GAP_SENTENCES,
        verification.min_pairs,
    ) {
        let mean = run.iter().map(|p| p.score).sum::<f32>() / run.len() as f32;
        if mean >= verification.min_similarity
            && specific_pairs(&run, verification)? >= verification.min_pairs
        {
            let short = short_run(&run, SHORT_RUN_SENTENCE_WORDS, verification)?.is_some();
            runs.push(TranslatedRun { pairs: run, short });
        }
    }
    let shorter = verification.short_runs.is_some() && verification.min_pairs > SHORT_RUN_PAIRS;
    if shorter {
        let short = short_runs(candidates, &runs, verification)?;
        runs.extend(short);
    }
    runs.sort_by_key(|run| run.pairs[0].paper);
    grow(&mut runs, verification)?;
    if shorter {
        // Not grown: the writer's own sentences around a block are on the source's subject, and
        // a block's one or two pairs do not vouch for their neighbours.
        runs.extend(scattered::scattered_runs(candidates, &runs, verification)?);
        runs.sort_by_key(|run| run.pairs[0].paper);
    }
    Ok(join_neighbours(runs))
}

/// Each of `runs` (in the paper's order) extended at both ends up to its neighbours in the paper,
/// never into them, and the gaps between its pairs filled.
fn grow(runs: &mut [TranslatedRun], verification: &mut Verification<'_>) -> Result<(), Error> {
    let verified: Vec<Vec<Pair>> = runs.iter().map(|run| run.pairs.clone()).collect();
    let extension = verification.extension_similarity;
    let agree = verification.names_agree;
    let model = &mut *verification.cosines;
    let mut cosines = |pairs: &[Pair]| -> Result<Vec<f32>, Error> {
        let mut scores = model(pairs)?;
        for (score, pair) in scores.iter_mut().zip(pairs) {
            if !agree(pair) {
                *score = 0.0;
            }
        }
        Ok(scores)
    };
    for i in 0..runs.len() {
        let after = i.checked_sub(1).map_or(0, |j| {
            let pairs = &runs[j].pairs;
            pairs[pairs.len() - 1].paper + 1
        });
        let before = (runs.get(i + 1)).map_or(verification.units.0, |next| next.pairs[0].paper);
        let bounds = (after..before, 0..verification.units.1);
        extend::extend(&mut runs[i].pairs, bounds, extension, &mut cosines)?;
        extend::fill_gaps(&mut runs[i].pairs, extension, &mut cosines)?;
    }
    for (run, verified) in runs.iter_mut().zip(verified) {
        keep_specific_growth(run, &verified, verification)?;
    }
    Ok(())
}

/// `run` without the pairs it grew by (those not among `verified`) that are not specific: below
/// the run's own bar, a pair must at least be its sentences' best match nearby. The writer's own
/// sentences beside a translated block are on the source's subject ("If a newer version is
/// available, you can choose to download the update." at 0.48 beside "如果有可用更新，则可以自动
/// 安装这些更新"), alike to several of its sentences and the twin of none.
fn keep_specific_growth(
    run: &mut TranslatedRun,
    verified: &[Pair],
    verification: &mut Verification<'_>,
) -> Result<(), Error> {
    // A label or heading ("Width", "宽度") pairs as well with its neighbours in a list of them;
    // the model's word on it next to a verified run is all there is.
    let label = |p: &Pair| {
        (verification.short_runs)
            .is_some_and(|weights| weights[p.paper] < ESTABLISHED_SENTENCE_WORDS * WORD)
    };
    let is_verified =
        |p: &Pair| (verified.iter()).any(|v| (v.paper, v.source) == (p.paper, p.source));
    let grown: Vec<Pair> = (run.pairs.iter())
        .filter(|p| !is_verified(p) && !label(p))
        .copied()
        .collect();
    if grown.is_empty() {
        return Ok(());
    }
    let specific = specific(&grown, verification)?;
    let dropped: Vec<(usize, usize)> = (grown.iter().zip(specific))
        .filter(|(_, specific)| !specific)
        .map(|(p, _)| (p.paper, p.source))
        .collect();
    run.pairs
        .retain(|p| !dropped.contains(&(p.paper, p.source)));
    Ok(())
}

/// Consecutive runs that follow each other in both texts, each step at most
/// [`MAX_GAP_SENTENCES`] units skipped, joined: one stretch of the source translated, which the
/// model found in two pieces (a sentence between them it did not pair, or runs that extension
/// grew up to each other). Reported apart, one copied stretch would read as two copies.
fn join_neighbours(runs: Vec<TranslatedRun>) -> Vec<TranslatedRun> {
    let mut joined: Vec<TranslatedRun> = Vec::with_capacity(runs.len());
    for mut run in runs {
        if let Some(last) = joined.last_mut() {
            let (end, start) = (last.pairs[last.pairs.len() - 1], run.pairs[0]);
            let follows = |from: usize, to: usize| to > from && to - from <= MAX_GAP_SENTENCES + 1;
            // A source sentence the translator split in two may pair with the last sentence of
            // one piece and the first of the next.
            let source_follows = start.source == end.source || follows(end.source, start.source);
            if follows(end.paper, start.paper) && source_follows {
                last.pairs.append(&mut run.pairs);
                last.short |= run.short;
                continue;
            }
        }
        joined.push(run);
    }
    joined
}

/// The short runs among the `candidates` outside the `full` runs' paper spans: from lexical runs
/// of [`SHORT_RUN_PAIRS`], with sentences of [`SHORT_RUN_SENTENCE_WORDS`], or of
/// [`ESTABLISHED_SENTENCE_WORDS`] once a run of this source is found.
fn short_runs(
    candidates: &[Pair],
    full: &[TranslatedRun],
    verification: &mut Verification<'_>,
) -> Result<Vec<TranslatedRun>, Error> {
    let taken = |p: &Pair| {
        (full.iter())
            .any(|r| (r.pairs[0].paper..=r.pairs[r.pairs.len() - 1].paper).contains(&p.paper))
    };
    let left: Vec<Pair> = candidates.iter().filter(|p| !taken(p)).copied().collect();
    let lexical = ordered_runs(&left, MAX_GAP_SENTENCES, SHORT_RUN_PAIRS);
    let verified = verified(&left, &lexical, verification)?;
    let (mut found, mut rest) = (Vec::new(), Vec::new());
    for run in ordered_runs(&verified, MAX_GAP_SENTENCES, SHORT_RUN_PAIRS) {
        match short_run(&run, SHORT_RUN_SENTENCE_WORDS, verification)? {
            Some(pairs) => found.push(TranslatedRun { pairs, short: true }),
            None => rest.push(run),
        }
    }
    if full.is_empty() && found.is_empty() {
        return Ok(found);
    }
    for run in rest {
        if let Some(pairs) = short_run(&run, ESTABLISHED_SENTENCE_WORDS, verification)? {
            found.push(TranslatedRun { pairs, short: true });
        }
    }
    Ok(found)
}

/// The `candidates` inside the spans of the `lexical` runs, scored by the model's cosine, those
/// within [`PAIR_SIMILARITY_MARGIN`] of `min_similarity`. Every candidate inside a span is
/// verified, so that a better pairing than the words suggested can win.
fn verified(
    candidates: &[Pair],
    lexical: &[Vec<Pair>],
    verification: &mut Verification<'_>,
) -> Result<Vec<Pair>, Error> {
    if lexical.is_empty() {
        return Ok(Vec::new());
    }
    let spans: Vec<_> = (lexical.iter())
        .map(|run| {
            let (first, last) = (run[0], run[run.len() - 1]);
            (first.paper..=last.paper, first.source..=last.source)
        })
        .collect();
    let inside: Vec<Pair> = (candidates.iter())
        .filter(|p| (spans.iter()).any(|(a, b)| a.contains(&p.paper) && b.contains(&p.source)))
        .copied()
        .collect();
    let cosines = (verification.cosines)(&inside)?;
    let floor = verification.min_similarity - PAIR_SIMILARITY_MARGIN as f32 / 100.0;
    Ok((inside.iter().zip(cosines))
        .filter(|(_, cosine)| *cosine >= floor)
        .map(|(pair, score)| Pair { score, ..*pair })
        .collect())
}

/// The short run in `run`: its [`SHORT_RUN_PAIRS`] best consecutive pairs (next to each other in
/// both texts, their paper units `words` long at least), each reaching `min_similarity` and
/// specific, their mean [`SHORT_RUN_MARGIN`] over it; `None` when no such pairs are in it or short
/// runs are not looked for.
fn short_run(
    run: &[Pair],
    words: u32,
    verification: &mut Verification<'_>,
) -> Result<Option<Vec<Pair>>, Error> {
    let Some(weights) = verification.short_runs else {
        return Ok(None);
    };
    let long_enough = |unit: usize| weights.get(unit).is_some_and(|&w| w >= words * WORD);
    let floor = verification.min_similarity;
    let mean = floor + SHORT_RUN_MARGIN as f32 / 100.0;
    let strong = |w: &&[Pair]| {
        (w.windows(2)).all(|p| p[1].paper == p[0].paper + 1 && p[1].source == p[0].source + 1)
            && (w.iter())
                .all(|p| p.score >= floor && long_enough(p.paper) && (verification.names_agree)(p))
            && total(w) >= mean * w.len() as f32
    };
    let best =
        (run.windows(SHORT_RUN_PAIRS).filter(strong)).max_by(|a, b| total(a).total_cmp(&total(b)));
    let Some(pairs) = best else {
        return Ok(None);
    };
    let specific = specific_pairs(pairs, verification)? == pairs.len();
    Ok(specific.then(|| pairs.to_vec()))
}

/// The sum of `pairs`' scores.
fn total(pairs: &[Pair]) -> f32 {
    pairs.iter().map(|p| p.score).sum()
}

/// Units on each side of a pair's sentences that its specificity is measured against.
const SPECIFICITY_WINDOW: usize = 2;

/// Points of cosine (in hundredths) by which a pair must beat its sentences' neighbours.
pub const SPECIFICITY_MARGIN: usize = 3;

/// How many pairs of `run` are specific: each sentence closer to its twin than to the twin's
/// neighbours within [`SPECIFICITY_WINDOW`], by [`SPECIFICITY_MARGIN`]. A list of sentences that
/// differ by one word ("the left edge", "the right edge") pairs up with any of them about as well:
/// such pairs say that two texts describe the same thing, not that one translates the other.
fn specific_pairs(run: &[Pair], verification: &mut Verification<'_>) -> Result<usize, Error> {
    Ok(specific(run, verification)?
        .into_iter()
        .filter(|&s| s)
        .count())
}

/// Per pair of `run`, whether it is specific ([`specific_pairs`]).
fn specific(run: &[Pair], verification: &mut Verification<'_>) -> Result<Vec<bool>, Error> {
    let (papers, sources) = verification.units;
    let near = |at: usize, len: usize| {
        at.saturating_sub(SPECIFICITY_WINDOW)..(at + SPECIFICITY_WINDOW + 1).min(len)
    };
    let mut neighbours = Vec::new();
    for pair in run {
        let others = near(pair.source, sources)
            .filter(|&s| s != pair.source)
            .map(|s| Pair { source: s, ..*pair });
        let other_papers = near(pair.paper, papers)
            .filter(|&p| p != pair.paper)
            .map(|p| Pair { paper: p, ..*pair });
        neighbours.push(others.chain(other_papers).collect::<Vec<Pair>>());
    }
    let flat: Vec<Pair> = neighbours.iter().flatten().copied().collect();
    let cosines = (verification.cosines)(&flat)?;
    let mut at = 0;
    let mut specific = Vec::with_capacity(run.len());
    for (pair, others) in run.iter().zip(&neighbours) {
        let best_other = cosines[at..at + others.len()]
            .iter()
            .copied()
            .fold(f32::MIN, f32::max);
        at += others.len();
        specific.push(pair.score >= best_other + SPECIFICITY_MARGIN as f32 / 100.0);
    }
    Ok(specific)
}

/// The distinct paper and source units of `pairs`, in order.
pub fn units_of(pairs: &[Pair]) -> (Vec<usize>, Vec<usize>) {
    let papers: HashSet<usize> = pairs.iter().map(|p| p.paper).collect();
    let sources: HashSet<usize> = pairs.iter().map(|p| p.source).collect();
    let (mut papers, mut sources): (Vec<usize>, Vec<usize>) =
        (papers.into_iter().collect(), sources.into_iter().collect());
    papers.sort_unstable();
    sources.sort_unstable();
    (papers, sources)
}

#[cfg(test)]
mod tests;
