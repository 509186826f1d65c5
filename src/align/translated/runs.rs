//! Translated runs ([`translated_runs`]): lexical runs verified by the model, short runs, runs
//! grown at their ends and scattered blocks, with neighbouring pieces of one stretch joined.

use rustc_hash::FxHashSet as HashSet;

use crate::error::Error;
use crate::text::WORD;

use super::chains::{ordered_runs, Pair};
use super::verification::{short_run, specific, specific_pairs, verified};
use super::verification::{TranslatedRun, Verification};
use super::verification::{ESTABLISHED_SENTENCE_WORDS, MAX_GAP_SENTENCES};
use super::verification::{SHORT_RUN_PAIRS, SHORT_RUN_SENTENCE_WORDS};
use super::{extend, scattered};

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
pub(super) fn join_neighbours(runs: Vec<TranslatedRun>) -> Vec<TranslatedRun> {
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
