//! Sentence pairs into passages: a translated passage is a run of sentence pairs that follow each
//! other in both texts. A translator keeps the source's order (a sentence may be merged with its
//! neighbour, split, or dropped, which the gaps allow), while the pairs two texts on one subject
//! share by chance fall anywhere: order is what tells a translation from a topic.

/// A paper sentence and a source sentence that may translate each other.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pair {
    /// The paper's sentence unit.
    pub paper: usize,
    /// The source's sentence unit.
    pub source: usize,
    /// How alike the two are (the lexical score, or the model's cosine), higher is better.
    pub score: f32,
}

/// The runs of `pairs` that follow each other in both texts, each step at most `max_gap` units
/// skipped in either text, best first (the highest total score), no two sharing a sentence of
/// either text; runs of fewer than `min_pairs` pairs are left out.
pub fn ordered_runs(pairs: &[Pair], max_gap: usize, min_pairs: usize) -> Vec<Vec<Pair>> {
    ordered_runs_within(pairs, (max_gap, max_gap), min_pairs)
}

/// [`ordered_runs`] with each text's own most units skipped between two pairs: `(paper, source)`.
pub fn ordered_runs_within(
    pairs: &[Pair],
    max_gaps: (usize, usize),
    min_pairs: usize,
) -> Vec<Vec<Pair>> {
    let mut left: Vec<Pair> = pairs.to_vec();
    left.sort_by_key(|p| (p.paper, p.source));
    let mut runs = Vec::new();
    while let Some(run) = best_run(&left, max_gaps) {
        let (papers, sources) = (run_span(&run, |p| p.paper), run_span(&run, |p| p.source));
        // The sentences of a run's span are its own: another run may not interleave with it. A
        // short run's pairs go too (a longer run of lower total may remain).
        left.retain(|p| !papers.contains(&p.paper) && !sources.contains(&p.source));
        if run.len() >= min_pairs.max(1) {
            runs.push(run);
        }
    }
    runs
}

/// The first and last unit of a run in one text, as an inclusive range.
fn run_span(run: &[Pair], side: impl Fn(&Pair) -> usize) -> std::ops::RangeInclusive<usize> {
    let (first, last) = (run.first().map_or(0, &side), run.last().map_or(0, &side));
    first..=last
}

/// The run of highest total score among `pairs` (sorted by paper, then source): longest-path
/// dynamic programming over the pairs that may follow each other.
fn best_run(pairs: &[Pair], (paper_gap, source_gap): (usize, usize)) -> Option<Vec<Pair>> {
    let mut total = vec![0.0f32; pairs.len()];
    let mut previous = vec![usize::MAX; pairs.len()];
    for i in 0..pairs.len() {
        total[i] = pairs[i].score;
        for j in (0..i).rev() {
            let (a, b) = (&pairs[j], &pairs[i]);
            if b.paper - a.paper > paper_gap + 1 {
                break;
            }
            let follows = a.paper < b.paper && a.source < b.source;
            if follows && b.source - a.source <= source_gap + 1 && total[j] + b.score > total[i] {
                total[i] = total[j] + b.score;
                previous[i] = j;
            }
        }
    }
    let end = (0..pairs.len()).max_by(|&a, &b| total[a].total_cmp(&total[b]).then(b.cmp(&a)))?;
    let mut run = vec![pairs[end]];
    let mut at = end;
    while previous[at] != usize::MAX {
        at = previous[at];
        run.push(pairs[at]);
    }
    run.reverse();
    Some(run)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(paper: usize, source: usize, score: f32) -> Pair {
        Pair {
            paper,
            source,
            score,
        }
    }

    #[test]
    fn a_run_in_order_is_found_and_scattered_pairs_are_not() {
        let pairs = [
            // A translated stretch: paper 10.. against source 40.., one sentence dropped.
            pair(10, 40, 0.8),
            pair(11, 41, 0.7),
            pair(12, 43, 0.75),
            pair(13, 44, 0.9),
            // Topic pairs: alike, but nowhere near each other's order.
            pair(2, 90, 0.6),
            pair(30, 5, 0.6),
            pair(31, 70, 0.6),
        ];
        let runs = ordered_runs(&pairs, 2, 3);
        assert_eq!(runs.len(), 1);
        assert_eq!(
            runs[0]
                .iter()
                .map(|p| (p.paper, p.source))
                .collect::<Vec<_>>(),
            vec![(10, 40), (11, 41), (12, 43), (13, 44)]
        );
    }

    #[test]
    fn a_sentence_is_in_one_run_and_the_better_candidate_wins() {
        // Paper 1 may translate source 1 or source 7; in order, it is source 1.
        let pairs = [
            pair(0, 0, 0.7),
            pair(1, 7, 0.9),
            pair(1, 1, 0.6),
            pair(2, 2, 0.7),
            pair(3, 3, 0.7),
        ];
        let runs = ordered_runs(&pairs, 1, 2);
        assert_eq!(
            runs[0].iter().map(|p| p.source).collect::<Vec<_>>(),
            vec![0, 1, 2, 3]
        );
        assert_eq!(
            runs.len(),
            1,
            "paper 1 is taken: (1, 7) makes no second run"
        );
    }

    #[test]
    fn gaps_larger_than_allowed_cut_a_run() {
        let pairs = [
            pair(0, 0, 1.0),
            pair(1, 1, 1.0),
            pair(5, 5, 1.0),
            pair(6, 6, 1.0),
        ];
        assert_eq!(ordered_runs(&pairs, 2, 2).len(), 2);
        assert_eq!(ordered_runs(&pairs, 3, 2).len(), 1);
        assert!(ordered_runs(&pairs, 2, 3).is_empty());
        assert!(ordered_runs(&[], 2, 1).is_empty());
    }

    #[test]
    fn runs_go_forward_in_both_texts() {
        // Reversed order in the source: each pair alone, never one run.
        let pairs = [pair(0, 5, 1.0), pair(1, 4, 1.0), pair(2, 3, 1.0)];
        assert!(ordered_runs(&pairs, 3, 2).is_empty());
    }
}
