//! Scattered translated runs: a student translates a sentence or two of a source, writes one to
//! three of their own, translates the next sentences, and so on through the source in its order.
//! Each block alone is shorter than a run or a short run, but the blocks together follow both
//! texts' order over the whole stretch, which two texts on one subject do not: that order is the
//! evidence, as a run's is ([`super::chains`]), with wider steps.

use crate::error::Error;
use crate::text::WORD;

use super::chains::{ordered_runs_within, Pair};
use super::verification::SHORT_RUN_SENTENCE_WORDS;
use super::verification::{specific_pairs, verified, TranslatedRun, Verification};
use super::verification::{ESTABLISHED_SENTENCE_WORDS, MAX_GAP_SENTENCES, SHORT_RUN_MARGIN};

/// Paper units a scattered run may step over between two pairs: the writer's own sentences
/// between two translated blocks (one to three), and a heading.
pub const SCATTERED_PAPER_GAP: usize = 4;

/// Source units a scattered run may step over between two pairs: the sentences a student leaves
/// out between the blocks they translate.
pub const SCATTERED_SOURCE_GAP: usize = 6;

/// Fewest pairs of a scattered run, every one specific and reaching `translatedSimilarity`.
pub const SCATTERED_PAIRS: usize = 3;

/// Fewest words of the paper sentences a scattered run pairs.
pub const SCATTERED_WORDS: u32 = 40;

/// Fewest pairs of a scattered run whose paper sentences have [`SHORT_RUN_SENTENCE_WORDS`]: one
/// help system's stock steps ("Click Open.", "The Text Import dialog opens.") are in many of its
/// pages, in every language, and strung with one longer pair they vouch for no copy (the quality
/// bench's en→ja xl-clean kind, draw 0).
pub const SCATTERED_LONG_PAIRS: usize = 2;

/// The scattered runs among `candidates` outside the paper spans of the runs already found
/// (`found`), each cut into the pieces whose pairs follow each other closely (a block); `short`
/// on each, as they pass by the order of the whole.
pub(super) fn scattered_runs(
    candidates: &[Pair],
    found: &[TranslatedRun],
    verification: &mut Verification<'_>,
) -> Result<Vec<TranslatedRun>, Error> {
    let Some(weights) = verification.short_runs else {
        return Ok(Vec::new());
    };
    let weight = |unit: usize| weights.get(unit).copied().unwrap_or(0);
    let taken = |p: &Pair| {
        (found.iter())
            .any(|r| (r.pairs[0].paper..=r.pairs[r.pairs.len() - 1].paper).contains(&p.paper))
    };
    let left: Vec<Pair> = (candidates.iter())
        .filter(|p| !taken(p) && weight(p.paper) >= ESTABLISHED_SENTENCE_WORDS * WORD)
        .copied()
        .collect();
    let gaps = (SCATTERED_PAPER_GAP, SCATTERED_SOURCE_GAP);
    let lexical = ordered_runs_within(&left, gaps, SCATTERED_PAIRS);
    let floor = verification.min_similarity;
    let strong: Vec<Pair> = (verified(&left, &lexical, verification)?.into_iter())
        .filter(|p| p.score >= floor)
        .collect();
    let mut runs = Vec::new();
    for chain in ordered_runs_within(&strong, gaps, SCATTERED_PAIRS) {
        let mean = chain.iter().map(|p| p.score).sum::<f32>() / chain.len() as f32;
        let words: u32 = chain.iter().map(|p| weight(p.paper)).sum();
        let long = (chain.iter())
            .filter(|p| weight(p.paper) >= SHORT_RUN_SENTENCE_WORDS * WORD)
            .count();
        let enough = words >= SCATTERED_WORDS * WORD && long >= SCATTERED_LONG_PAIRS;
        if mean < floor + SHORT_RUN_MARGIN as f32 / 100.0 || !enough {
            continue;
        }
        if specific_pairs(&chain, verification)? < chain.len() {
            continue;
        }
        runs.extend(blocks(chain));
    }
    Ok(runs)
}

/// A scattered run cut into blocks: pairs of consecutive paper sentences whose source
/// sentences follow within [`MAX_GAP_SENTENCES`]. A block's one or two pairs vouch for no sentence
/// beside them, so the gaps are not filled: the writer's own sentences between blocks stay out.
fn blocks(chain: Vec<Pair>) -> Vec<TranslatedRun> {
    let mut blocks: Vec<TranslatedRun> = Vec::new();
    for pair in chain {
        let close = |last: &Pair| {
            pair.paper == last.paper + 1 && pair.source - last.source <= MAX_GAP_SENTENCES + 1
        };
        match blocks.last_mut() {
            Some(block) if close(&block.pairs[block.pairs.len() - 1]) => block.pairs.push(pair),
            _ => blocks.push(TranslatedRun {
                pairs: vec![pair],
                short: true,
            }),
        }
    }
    blocks
}
