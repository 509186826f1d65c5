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

use rustc_hash::FxHashSet as HashSet;

use crate::error::Error;
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
    /// Encodes what `pairs` need and gives each pair's cosine.
    pub cosines: Cosines<'a>,
}

/// The translated runs among one source's lexical `candidates`, verified by the model, each run's
/// pairs scored by their cosine.
pub fn translated_runs(
    candidates: &[Pair],
    verification: &mut Verification<'_>,
) -> Result<Vec<Vec<Pair>>, Error> {
    let lexical = ordered_runs(candidates, MAX_GAP_SENTENCES, verification.min_pairs);
    if lexical.is_empty() {
        return Ok(Vec::new());
    }
    // Every candidate inside a lexical run's span is verified, so that a better pairing than the
    // words suggested can win.
    let spans: Vec<_> = lexical
        .iter()
        .map(|run| {
            (
                run[0].paper..=run[run.len() - 1].paper,
                run[0].source..=run[run.len() - 1].source,
            )
        })
        .collect();
    let inside: Vec<Pair> = candidates
        .iter()
        .filter(|p| {
            spans
                .iter()
                .any(|(a, b)| a.contains(&p.paper) && b.contains(&p.source))
        })
        .copied()
        .collect();
    let cosines = (verification.cosines)(&inside)?;
    let floor = verification.min_similarity - PAIR_SIMILARITY_MARGIN as f32 / 100.0;
    let verified: Vec<Pair> = inside
        .iter()
        .zip(cosines)
        .filter(|(_, cosine)| *cosine >= floor)
        .map(|(pair, cosine)| Pair {
            score: cosine,
            ..*pair
        })
        .collect();
    let mut runs = Vec::new();
    for run in ordered_runs(&verified, MAX_GAP_SENTENCES, verification.min_pairs) {
        let mean = run.iter().map(|p| p.score).sum::<f32>() / run.len() as f32;
        if mean >= verification.min_similarity
            && specific_pairs(&run, verification)? >= verification.min_pairs
        {
            runs.push(run);
        }
    }
    runs.sort_by_key(|run| run[0].paper);
    let extension = verification.extension_similarity;
    for i in 0..runs.len() {
        // A run grows up to its neighbours in the paper, never into them.
        let after = i
            .checked_sub(1)
            .map_or(0, |j| runs[j][runs[j].len() - 1].paper + 1);
        let before = runs
            .get(i + 1)
            .map_or(verification.units.0, |next| next[0].paper);
        let bounds = (after..before, 0..verification.units.1);
        extend::extend(&mut runs[i], bounds, extension, verification.cosines)?;
        extend::fill_gaps(&mut runs[i], extension, verification.cosines)?;
    }
    Ok(runs)
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
    let mut specific = 0;
    for (pair, others) in run.iter().zip(&neighbours) {
        let best_other = cosines[at..at + others.len()]
            .iter()
            .copied()
            .fold(f32::MIN, f32::max);
        at += others.len();
        if pair.score >= best_other + SPECIFICITY_MARGIN as f32 / 100.0 {
            specific += 1;
        }
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
