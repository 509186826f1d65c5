//! Passages cut around the paper sentences their source does not explain ([`sentence_true`]).

use std::ops::Range;

use crate::align::context::Context;
use crate::align::options::AlignOptions;
use crate::align::passage::Passage;
use crate::align::side::Side;

use super::judge::{Explained, Judge};
use super::paper_sentences::PaperSentences;
use super::piece::piece;

/// Each passage cut into runs of sentences its source explains; see the module docs. Each
/// passage's `region` is its place in `passages`, and its pieces keep it.
pub fn sentence_true(
    paper: Side<'_>,
    source: Side<'_>,
    mut passages: Vec<Passage>,
    sentences: PaperSentences<'_>,
    options: &AlignOptions,
) -> Vec<Passage> {
    for (region, passage) in passages.iter_mut().enumerate() {
        passage.region = region;
    }
    cut(paper, source, passages, sentences, options)
}

/// [`sentence_true`] keeping the passages' regions.
pub(super) fn cut(
    paper: Side<'_>,
    source: Side<'_>,
    passages: Vec<Passage>,
    sentences: PaperSentences<'_>,
    options: &AlignOptions,
) -> Vec<Passage> {
    if sentences.units.is_empty() {
        return passages;
    }
    let context = Context::new(&paper, &source, options);
    let vectors = paper.sentences.zip(source.sentences);
    let judge = Judge::new(&context, vectors, options);
    let mut kept = Vec::with_capacity(passages.len());
    for passage in passages {
        let first = (sentences.units).partition_point(|u| u.end <= passage.paper_start);
        let units = &sentences.units[first..];
        let units = &units[..units.partition_point(|u| u.start < passage.paper_end)];
        let mut verdicts: Vec<Explained> = (units.iter())
            .map(|unit| judge.sentence(&passage, unit, sentences.matches))
            .collect();
        judge.sandwiched(&passage, units, &mut verdicts);
        if !verdicts.contains(&Explained::Not) {
            kept.push(passage);
            continue;
        }
        let pieces: Vec<Passage> = (explained_runs(&verdicts).into_iter())
            .filter(|run| run.len() >= 2 || verdicts[run.clone()].contains(&Explained::Strongly))
            .filter_map(|run| {
                let tokens = units[run.start].start.max(passage.paper_start)
                    ..units[run.end - 1].end.min(passage.paper_end);
                piece(&context, &passage, tokens, run.len())
            })
            .collect();
        // Once one piece is a copy by itself, the source is established, and the others need
        // half as much: a short sentence copied word for word between the writer's own.
        let established = pieces.iter().any(|p| judge.enough(p, 1));
        kept.extend(
            (pieces.into_iter()).filter(|p| judge.enough(p, if established { 2 } else { 1 })),
        );
    }
    kept
}

/// The maximal runs of explained sentences, as ranges of `verdicts`.
fn explained_runs(verdicts: &[Explained]) -> Vec<Range<usize>> {
    let mut runs = Vec::new();
    let mut start = None;
    for (i, verdict) in verdicts.iter().enumerate() {
        match (verdict, start) {
            (Explained::Not, Some(s)) => {
                runs.push(s..i);
                start = None;
            }
            (Explained::Not, None) => {}
            (_, None) => start = Some(i),
            _ => {}
        }
    }
    runs.extend(start.map(|s| s..verdicts.len()));
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_explained_sentences_are_cut_around_the_unexplained() {
        use Explained::*;
        assert_eq!(
            explained_runs(&[Strongly, Not, Weakly, Weakly, Not]),
            vec![0..1, 2..4]
        );
        assert_eq!(explained_runs(&[Not, Not]), Vec::<Range<usize>>::new());
        assert_eq!(explained_runs(&[Weakly]), vec![0..1]);
    }
}
