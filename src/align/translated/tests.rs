//! Translated runs: short runs of two strong pairs, and pieces of one run joined.

use super::*;

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
    let mut cosines = |pairs: &[Pair]| -> Result<Vec<f32>, Error> {
        Ok((pairs.iter())
            .map(|p| {
                if p.source == p.paper + 10 {
                    twin(p.paper)
                } else {
                    0.2
                }
            })
            .collect())
    };
    let weights = [100 * WORD; 12];
    let mut verification = Verification {
        min_pairs: 3,
        units: (12, 30),
        min_similarity: 0.6,
        extension_similarity: 0.45,
        short_runs: short.then_some(&weights[..]),
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
    let units = |runs: &[TranslatedRun]| -> Vec<Vec<(usize, usize)>> {
        (runs.iter())
            .map(|r| r.pairs.iter().map(|p| (p.paper, p.source)).collect())
            .collect()
    };
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
