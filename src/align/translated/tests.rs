//! Translated runs: short runs of two strong pairs, and pieces of one run joined.

use super::chains::Pair;
use super::runs::{join_neighbours, translated_runs};
use super::verification::{TranslatedRun, Verification};
use crate::error::Error;
use crate::text::WORD;

fn pair(paper: usize, source: usize) -> Pair {
    Pair {
        paper,
        source,
        score: 1.0,
    }
}

/// The runs `translated_runs` finds when paper unit `p` translates source unit `p + 10` with
/// cosine `twin(p)` (0 for no twin), every other pair at 0.2, over 12 paper units.
fn runs_with(candidates: &[Pair], twin: impl Fn(usize) -> f32, short: bool) -> Vec<TranslatedRun> {
    let cosine = |p: &Pair| {
        if p.source == p.paper + 10 {
            twin(p.paper)
        } else {
            0.2
        }
    };
    runs_scored(candidates, cosine, short)
}

/// The runs `translated_runs` finds when the model scores each pair `cosine(pair)`.
fn runs_scored(
    candidates: &[Pair],
    cosine: impl Fn(&Pair) -> f32,
    short: bool,
) -> Vec<TranslatedRun> {
    let weights = [100 * WORD; 12];
    runs_weighted(candidates, cosine, short.then_some(&weights[..]))
}

/// [`runs_scored`] with each paper unit's weight, in tenths of a word (`None`: no short runs).
fn runs_weighted(
    candidates: &[Pair],
    cosine: impl Fn(&Pair) -> f32,
    weights: Option<&[u32]>,
) -> Vec<TranslatedRun> {
    let mut cosines =
        |pairs: &[Pair]| -> Result<Vec<f32>, Error> { Ok(pairs.iter().map(&cosine).collect()) };
    let mut verification = Verification {
        min_pairs: 3,
        units: (12, 30),
        min_similarity: 0.6,
        extension_similarity: 0.45,
        short_runs: weights,
        names_agree: &|_| true,
        cosines: &mut cosines,
    };
    translated_runs(candidates, &mut verification).unwrap()
}

#[test]
fn two_consecutive_strong_pairs_are_a_short_run() {
    let candidates = [pair(4, 14), pair(5, 15)];
    let strong = |p: usize| if (4..6).contains(&p) { 0.75 } else { 0.0 };
    let runs = runs_with(&candidates, strong, true);
    assert_eq!(runs.len(), 1);
    assert!(runs[0].short);
    assert_eq!(
        runs[0].pairs.iter().map(|p| p.paper).collect::<Vec<_>>(),
        [4, 5]
    );
    // Not looked for (a same-language pass): nothing.
    assert!(runs_with(&candidates, strong, false).is_empty());
    // A mean under translatedSimilarity + SHORT_RUN_MARGIN: nothing.
    let weak = |p: usize| if (4..6).contains(&p) { 0.65 } else { 0.0 };
    assert!(runs_with(&candidates, weak, true).is_empty());
    // One sentence apart in the paper: not consecutive, nothing.
    let apart = [pair(4, 14), pair(6, 16)];
    let twin = |p: usize| if p == 4 || p == 6 { 0.8 } else { 0.0 };
    assert!(runs_with(&apart, twin, true).is_empty());
}

fn run(pairs: &[(usize, usize)]) -> TranslatedRun {
    TranslatedRun {
        pairs: pairs.iter().map(|&(p, s)| pair(p, s)).collect(),
        short: false,
    }
}

#[test]
fn pieces_of_one_translated_stretch_are_joined() {
    // Next to each other, a sentence skipped in each text, a source sentence split in two.
    let joined = join_neighbours(vec![run(&[(1, 11), (2, 12)]), run(&[(4, 14)])]);
    assert_eq!(units(&joined), [vec![(1, 11), (2, 12), (4, 14)]]);
    let split = join_neighbours(vec![run(&[(1, 11), (2, 12)]), run(&[(3, 12), (4, 13)])]);
    assert_eq!(units(&split).len(), 1);
    // Too far apart, or back in the source: two runs.
    let far = join_neighbours(vec![run(&[(1, 11)]), run(&[(6, 16)])]);
    assert_eq!(units(&far).len(), 2);
    let back = join_neighbours(vec![run(&[(1, 11), (2, 12)]), run(&[(3, 5)])]);
    assert_eq!(units(&back).len(), 2);
}

/// The paper and source units of each run.
fn units(runs: &[TranslatedRun]) -> Vec<Vec<(usize, usize)>> {
    (runs.iter())
        .map(|r| r.pairs.iter().map(|p| (p.paper, p.source)).collect())
        .collect()
}

#[test]
fn single_sentences_translated_in_order_between_the_writers_own_are_blocks() {
    // Three own sentences between blocks: more than a run steps over.
    let candidates = [pair(0, 10), pair(4, 14), pair(8, 18)];
    let twin = |p: usize| if p % 4 == 0 { 0.75 } else { 0.0 };
    let runs = runs_with(&candidates, twin, true);
    assert_eq!(units(&runs), [[(0, 10)], [(4, 14)], [(8, 18)]]);
    assert!(runs.iter().all(|run| run.short));
    // Two blocks are no order to speak of; a mean under the short runs' bar is not enough.
    assert!(runs_with(&candidates[..2], twin, true).is_empty());
    let weak = |p: usize| if p % 4 == 0 { 0.65 } else { 0.0 };
    assert!(runs_with(&candidates, weak, true).is_empty());
    // Out of the source's order: nothing.
    let shuffled = [pair(0, 18), pair(4, 14), pair(8, 10)];
    let cosine = |p: &Pair| if p.paper % 4 == 0 { 0.75 } else { 0.0 };
    assert!(runs_scored(&shuffled, cosine, true).is_empty());
}

#[test]
fn stock_steps_do_not_make_blocks_of_a_longer_sentence() {
    // Blocks as above; paper 4 and 8 are one-line steps ("Click Open.", 6 words), paper 0 long.
    let candidates = [pair(0, 10), pair(4, 14), pair(8, 18)];
    let cosine = |p: &Pair| {
        if p.paper % 4 == 0 && p.source == p.paper + 10 {
            0.8
        } else {
            0.0
        }
    };
    let mut weights = [40 * WORD; 12];
    weights[4] = 6 * WORD;
    weights[8] = 6 * WORD;
    assert!(runs_weighted(&candidates, cosine, Some(&weights)).is_empty());
    // Two sentences of ten words and the step: blocks.
    weights[4] = 10 * WORD;
    assert_eq!(runs_weighted(&candidates, cosine, Some(&weights)).len(), 3);
}

#[test]
fn a_run_grows_only_by_pairs_that_are_their_sentences_best_match() {
    // Paper 4-6 translate source 14-16; paper 7, the writer's own on the subject, is as alike to
    // source 16, 17 and 18 (0.5, over the extension bar) as to any: not the twin of one.
    let candidates = [pair(4, 14), pair(5, 15), pair(6, 16)];
    let cosine = |p: &Pair| match (p.paper, p.source) {
        (4..=6, s) if s == p.paper + 10 => 0.8,
        (7, 16..=18) => 0.5,
        _ => 0.1,
    };
    let runs = runs_scored(&candidates, cosine, false);
    assert_eq!(units(&runs), [[(4, 14), (5, 15), (6, 16)]]);
    // Its twin alone at 0.5: the run grows by it.
    let specific = |p: &Pair| match (p.paper, p.source) {
        (4..=7, s) if s == p.paper + 10 => {
            if p.paper == 7 {
                0.5
            } else {
                0.8
            }
        }
        _ => 0.1,
    };
    let runs = runs_scored(&candidates, specific, false);
    assert_eq!(units(&runs), [[(4, 14), (5, 15), (6, 16), (7, 17)]]);
}
