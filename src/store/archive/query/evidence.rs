//! Which of the paper's fingerprints an archive check counts, as a check of a library counts them:
//! a fingerprint held by at most `maxDocFrequency` documents is evidence; one held by more is
//! common phrasing where it covers a stock phrase of the paper, and evidence inside a longer
//! stretch (the source a whole class copied is held by many, and is still a source). The paper's
//! fingerprints are a sample ([`sample`]), so a stretch is joined across the gaps it leaves.

use rustc_hash::FxHashMap as HashMap;

use crate::checker::{CheckerOptions, PlacedFingerprint, MAX_STOCK_PHRASE_WORDS};
use crate::error::Error;
use crate::sketch::guarantee_window;
use crate::sketch::minhash::mix64;
use crate::text::WORD;

/// The paper's fingerprints looked up and the rule that judges them.
pub(super) struct Evidence<'a> {
    /// The fingerprints looked up, ascending by fingerprint, with where each is in the paper.
    pub(super) places: &'a [PlacedFingerprint],
    /// Most documents holding a fingerprint that counts wherever it is.
    pub(super) max_doc_frequency: usize,
    /// Most token weight between the starts of two fingerprints inside one stretch ([`reach`]).
    pub(super) reach: u64,
}

impl Evidence<'_> {
    /// The fingerprints of `holders` (each received fingerprint with the documents holding it)
    /// that are evidence.
    pub(super) fn of(&self, holders: &HashMap<u64, Vec<u32>>) -> Vec<u64> {
        let mut evidence = Vec::new();
        let mut common: Vec<PlacedFingerprint> = Vec::new();
        for (&fingerprint, documents) in holders {
            if documents.len() <= self.max_doc_frequency {
                evidence.push(fingerprint);
            } else if let Ok(i) =
                (self.places).binary_search_by_key(&fingerprint, |p| p.fingerprint)
            {
                common.push(self.places[i]);
            }
        }
        common.sort_unstable_by_key(|p| (p.start, p.fingerprint));
        let mut stretch: Vec<PlacedFingerprint> = Vec::new();
        for place in common {
            let apart = (stretch.last())
                .is_some_and(|last| u64::from(place.start) > u64::from(last.start) + self.reach);
            if apart {
                evidence.extend(long_stretch(&stretch));
                stretch.clear();
            }
            stretch.push(place);
        }
        evidence.extend(long_stretch(&stretch));
        evidence
    }
}

/// The fingerprints of `stretch` (common ones, in the paper's order) if it covers more than a
/// stock phrase, else none.
fn long_stretch(stretch: &[PlacedFingerprint]) -> impl Iterator<Item = u64> + '_ {
    let first = stretch.first().map_or(0, |p| p.start);
    let end = stretch.iter().map(|p| p.end).max().unwrap_or(0);
    let long = end.saturating_sub(first) > MAX_STOCK_PHRASE_WORDS * WORD;
    stretch.iter().filter(move |_| long).map(|p| p.fingerprint)
}

/// The most token weight between the starts of two fingerprints looked up inside one shared
/// stretch, when `sampled` of the paper's `all` fingerprints are: winnowing keeps one in every
/// window, and sampling keeps some of those; twice the mean gap this leaves, so that a stretch is
/// not cut by chance.
pub(super) fn reach(options: &CheckerOptions, all: usize, sampled: usize) -> Result<u64, Error> {
    let window = guarantee_window(options.shingle_words, options.guarantee_words)?;
    Ok((2 * window * WORD as usize * all / sampled.max(1)) as u64)
}

/// The `budget` fingerprints of `fingerprints` (sorted) whose mixed value is smallest, sorted (all
/// of them when there are no more, or `budget` is 0). Which are kept depends on each value alone,
/// so each of a copied passage's fingerprints is kept with the same chance, and the mix is
/// unrelated to the top bits that choose a partition: the kept ones spread over the partitions.
pub(super) fn sample(
    fingerprints: Vec<PlacedFingerprint>,
    budget: usize,
) -> Vec<PlacedFingerprint> {
    if budget == 0 || fingerprints.len() <= budget {
        return fingerprints;
    }
    let mut keyed: Vec<(u64, PlacedFingerprint)> = (fingerprints.iter())
        .map(|&p| (mix64(p.fingerprint), p))
        .collect();
    keyed.select_nth_unstable_by_key(budget - 1, |&(key, p)| (key, p.fingerprint));
    let mut kept: Vec<PlacedFingerprint> = keyed[..budget].iter().map(|&(_, p)| p).collect();
    kept.sort_unstable_by_key(|p| p.fingerprint);
    kept
}
