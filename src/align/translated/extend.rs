//! A verified run grown at both ends, one sentence pair at a time, while the next sentences of
//! both texts still translate each other by the model: the lexical candidates miss a translated
//! passage's short sentences (a heading, a label, a list item share one word or none with their
//! source), which the model still pairs when they sit right after a verified pair.

use std::ops::Range;

use crate::error::Error;

use super::chains::Pair;
use super::verification::Cosines;

/// How far the next pair may be from a run's end, in units of each text: a sentence the
/// translator merged, split or dropped.
const STEP: usize = 2;

/// `run` (in order) extended forwards and backwards within `papers` and `sources` (the units it
/// may take) by the best next pair while its cosine reaches `floor`.
pub fn extend(
    run: &mut Vec<Pair>,
    (papers, sources): (Range<usize>, Range<usize>),
    floor: f32,
    cosines: Cosines<'_>,
) -> Result<(), Error> {
    let inside = |p: &Pair| papers.contains(&p.paper) && sources.contains(&p.source);
    while let Some(&last) = run.last() {
        let steps = neighbours(last, |from, by| from.checked_add(by));
        match best(&steps, &inside, floor, cosines)? {
            Some(pair) => run.push(pair),
            None => break,
        }
    }
    while let Some(&first) = run.first() {
        let steps = neighbours(first, |from, by| from.checked_sub(by));
        match best(&steps, &inside, floor, cosines)? {
            Some(pair) => run.insert(0, pair),
            None => break,
        }
    }
    Ok(())
}

/// Pairs each paper sentence a `run` steps over with the source sentence it is most alike among
/// those between (and including) its neighbours' (a translator merges, splits and reorders
/// within that window), when the model's cosine reaches `floor`: a report true to sentences
/// marks only sentences something explains, and a sentence in the middle of a translated run
/// that the lexical candidates missed is still one the model can speak for. A sentence it cannot
/// is left unpaired, and the report cuts the passage around it.
pub fn fill_gaps(run: &mut Vec<Pair>, floor: f32, cosines: Cosines<'_>) -> Result<(), Error> {
    let mut candidates = Vec::new();
    for window in run.windows(2) {
        let (a, b) = (window[0], window[1]);
        for paper in a.paper + 1..b.paper {
            let sources = a.source..=b.source;
            candidates.extend(sources.map(|source| Pair {
                paper,
                source,
                score: 0.0,
            }));
        }
    }
    if candidates.is_empty() {
        return Ok(());
    }
    let scores = cosines(&candidates)?;
    let mut found: Vec<Pair> = Vec::new();
    for (pair, score) in candidates.into_iter().zip(scores) {
        let better = found
            .last()
            .is_none_or(|b| b.paper != pair.paper || score > b.score);
        if score >= floor && better {
            if found.last().is_some_and(|b| b.paper == pair.paper) {
                found.pop();
            }
            found.push(Pair { score, ..pair });
        }
    }
    run.extend(found);
    run.sort_by_key(|p| (p.paper, p.source));
    Ok(())
}

/// The pairs up to [`STEP`] units from `pair` in both texts, the nearest first.
fn neighbours(pair: Pair, step: impl Fn(usize, usize) -> Option<usize>) -> Vec<Pair> {
    let mut found = Vec::new();
    for distance in 2..=2 * STEP {
        for i in 1..distance {
            let j = distance - i;
            if i > STEP || j > STEP {
                continue;
            }
            if let (Some(paper), Some(source)) = (step(pair.paper, i), step(pair.source, j)) {
                found.push(Pair {
                    paper,
                    source,
                    score: 0.0,
                });
            }
        }
    }
    found
}

/// The pair of `steps` (inside the bounds) of highest cosine, if it reaches `floor`; the nearest
/// wins a tie.
fn best(
    steps: &[Pair],
    inside: &dyn Fn(&Pair) -> bool,
    floor: f32,
    cosines: Cosines<'_>,
) -> Result<Option<Pair>, Error> {
    let steps: Vec<Pair> = steps.iter().filter(|p| inside(p)).copied().collect();
    if steps.is_empty() {
        return Ok(None);
    }
    let scores = cosines(&steps)?;
    let mut best: Option<Pair> = None;
    for (pair, score) in steps.iter().zip(scores) {
        if score >= floor && best.is_none_or(|b| score > b.score) {
            best = Some(Pair { score, ..*pair });
        }
    }
    Ok(best)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_grows_while_the_next_sentences_pair_up() {
        // Paper unit i translates source unit i + 10, for i in 0..8; nothing else is alike.
        let mut cosines = |pairs: &[Pair]| -> Result<Vec<f32>, Error> {
            Ok(pairs
                .iter()
                .map(|p| {
                    if p.source == p.paper + 10 && p.paper < 8 {
                        0.7
                    } else {
                        0.1
                    }
                })
                .collect())
        };
        let mut run = vec![
            Pair {
                paper: 3,
                source: 13,
                score: 0.8,
            },
            Pair {
                paper: 4,
                source: 14,
                score: 0.8,
            },
        ];
        extend(&mut run, (0..20, 0..30), 0.5, &mut cosines).unwrap();
        let papers: Vec<usize> = run.iter().map(|p| p.paper).collect();
        assert_eq!(papers, (0..8).collect::<Vec<_>>());
        // Bounds stop it.
        let mut run = vec![Pair {
            paper: 3,
            source: 13,
            score: 0.8,
        }];
        extend(&mut run, (2..6, 0..30), 0.5, &mut cosines).unwrap();
        assert_eq!(
            run.iter().map(|p| p.paper).collect::<Vec<_>>(),
            vec![2, 3, 4, 5]
        );
    }

    #[test]
    fn a_dropped_sentence_is_stepped_over() {
        // Source unit 5 has no translation: paper 4 -> source 4, paper 5 -> source 6.
        let mut cosines = |pairs: &[Pair]| -> Result<Vec<f32>, Error> {
            let twin = |p: usize| if p < 5 { p } else { p + 1 };
            Ok(pairs
                .iter()
                .map(|p| if p.source == twin(p.paper) { 0.7 } else { 0.2 })
                .collect())
        };
        let mut run = vec![Pair {
            paper: 3,
            source: 3,
            score: 0.8,
        }];
        extend(&mut run, (0..7, 0..8), 0.5, &mut cosines).unwrap();
        let sources: Vec<usize> = run.iter().map(|p| p.source).collect();
        assert_eq!(sources, vec![0, 1, 2, 3, 4, 6, 7]);
    }
}
