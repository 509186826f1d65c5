//! What verification needs ([`Verification`]) and what the model says of candidate pairs: the
//! pairs that pass, the pairs that are specific, a short run.

use crate::error::Error;
use crate::text::WORD;

use super::chains::Pair;

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
    /// translation; a changed name says they are not, for every pair verified or grown by.
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
/// The `candidates` inside the spans of the `lexical` runs, scored by the model's cosine, those
/// within [`PAIR_SIMILARITY_MARGIN`] of `min_similarity` whose names agree. Every candidate
/// inside a span is verified, so that a better pairing than the words suggested can win.
pub(super) fn verified(
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
        .filter(|(pair, cosine)| *cosine >= floor && (verification.names_agree)(pair))
        .map(|(pair, score)| Pair { score, ..*pair })
        .collect())
}

/// The short run in `run`: its [`SHORT_RUN_PAIRS`] best consecutive pairs (next to each other in
/// both texts, their paper units `words` long at least), each reaching `min_similarity` and
/// specific, their mean [`SHORT_RUN_MARGIN`] over it; `None` when no such pairs are in it or short
/// runs are not looked for.
pub(super) fn short_run(
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
            && (w.iter()).all(|p| p.score >= floor && long_enough(p.paper))
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
pub(super) fn specific_pairs(
    run: &[Pair],
    verification: &mut Verification<'_>,
) -> Result<usize, Error> {
    Ok(specific(run, verification)?
        .into_iter()
        .filter(|&s| s)
        .count())
}

/// Per pair of `run`, whether it is specific ([`specific_pairs`]).
pub(super) fn specific(
    run: &[Pair],
    verification: &mut Verification<'_>,
) -> Result<Vec<bool>, Error> {
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
