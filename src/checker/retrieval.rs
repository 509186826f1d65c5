//! Candidate references for a paper: its shingles looked up in the postings, and the tokens that
//! cannot be evidence because many references share them (common phrasing) or because other
//! references share them too.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::sketch::guarantee_window;
use crate::text::WORD;

use super::options::CheckerOptions;
use super::postings::fingerprint_of;
use super::{Checker, Prepared};

/// Longest stretch of common phrasing that is still a stock phrase, in words: a formula ("the
/// receipts into the Treasury during the year ending on the 30th of September") is short. A longer
/// stretch held by many references is a popular source that many of them copied, and copying it
/// again is still copying.
pub const MAX_STOCK_PHRASE_WORDS: u32 = 20;

/// Most references a paper sentence's fingerprint may be held by and still make candidates.
pub const MAX_SENTENCE_HOLDERS: usize = 10;

/// Fewest paper sentences whose fingerprints a reference must hold to be a candidate when it
/// shares no shingle fingerprint. One: a rewritten sentence keeps about half its terms, so each of
/// its two fingerprints meets its source sentence's with a chance of about a quarter, and asking
/// for two sentences lost 9 of 202 rewritten six-sentence runs that have no three-word run left
/// (202 draws of the property in `tests/rewritten.rs`; none with one). The references a chance meeting adds are aligned and
/// dropped: `cargo bench --bench checker` gave 1.41x and 1.39x of exact evidence alone with two
/// and with one.
pub const MIN_SENTENCE_HITS: usize = 1;

/// Tokens covered by shingles that are fingerprints of more than `max_doc_frequency` references:
/// common phrasing (MOSS `-m`), which cannot be evidence. Winnowing selects a fingerprint in every
/// window, so a phrase shared by many references is covered but for a few words at its edges, fewer
/// than a passage needs. Stretches longer than [`MAX_STOCK_PHRASE_WORDS`] are not stock phrases and
/// stay evidence.
pub(super) fn common_phrasing(
    prepared: &Prepared,
    options: &CheckerOptions,
    max_doc_frequency: usize,
) -> Vec<bool> {
    let mut common = vec![false; prepared.analysis.tokens.len()];
    let positions = (prepared.held_by.iter().enumerate())
        .filter(|(_, &held_by)| held_by as usize > max_doc_frequency)
        .map(|(position, _)| position);
    // Winnowing keeps a fingerprint in every window of w shingles, so inside one shared stretch
    // common fingerprints are at most w apart: join them into stretches.
    let window = guarantee_window(options.shingle_words, options.guarantee_words).unwrap_or(1);
    let mut stretches: Vec<(usize, usize)> = Vec::new();
    for position in positions {
        match stretches.last_mut() {
            Some(last) if position <= last.1 - options.shingle_words + window => {
                last.1 = position + options.shingle_words
            }
            _ => stretches.push((position, position + options.shingle_words)),
        }
    }
    for (start, end) in stretches {
        let weight: u32 = prepared.token_weights[start..end].iter().sum();
        if weight <= MAX_STOCK_PHRASE_WORDS * WORD {
            common[start..end].fill(true);
        }
    }
    common
}

/// Tokens covered by a shingle that is a fingerprint of at least `min_references` references:
/// phrasing the domain shares, which shows nothing about one source.
pub(super) fn shared_by_references(
    prepared: &Prepared,
    k: usize,
    min_references: usize,
) -> Vec<bool> {
    let mut shared = vec![false; prepared.analysis.tokens.len()];
    for (position, &held_by) in prepared.held_by.iter().enumerate() {
        if held_by as usize >= min_references {
            shared[position..position + k].fill(true);
        }
    }
    shared
}

impl Checker {
    /// Counts, for each reference, the distinct paper shingles found among its fingerprints,
    /// skipping shingles that touch an `unusable` token (excluded text, common phrasing).
    pub(super) fn candidates(
        &self,
        paper: &Prepared,
        unusable: &[bool],
        base: Option<bool>,
    ) -> Vec<(usize, usize)> {
        let k = self.options.shingle_words;
        let mut seen = HashSet::default();
        let mut hits: HashMap<usize, usize> = HashMap::default();
        for (position, &hash) in paper.shingle_hashes.iter().enumerate() {
            let held = paper.held_by[position] > 0;
            if !held || unusable[position..position + k].iter().any(|&e| e) || !seen.insert(hash) {
                continue;
            }
            for document in self.postings.documents(fingerprint_of(hash)) {
                let document = document as usize;
                if base.is_none_or(|b| self.entries[document].reference.base == b) {
                    *hits.entry(document).or_default() += 1;
                }
            }
        }
        // A sentence's fingerprint finds a source whose copy was rewritten; one that many
        // references hold is a sentence of the domain's stock, not a lead. A reference sharing no
        // shingle needs sentence fingerprints from [`MIN_SENTENCE_HITS`] paper sentences.
        let mut sentence_hits: HashMap<usize, (usize, usize)> = HashMap::default();
        for (fingerprint, unit) in paper.sentence_fingerprints(unusable) {
            let fingerprint = fingerprint_of(fingerprint);
            if self.postings.count(fingerprint) > MAX_SENTENCE_HOLDERS {
                continue;
            }
            for document in self.postings.documents(fingerprint) {
                let document = document as usize;
                if base.is_none_or(|b| self.entries[document].reference.base == b) {
                    let (units, last) = sentence_hits.entry(document).or_insert((0, usize::MAX));
                    if *last != unit.start {
                        (*units, *last) = (*units + 1, unit.start);
                    }
                }
            }
        }
        for (document, (units, _)) in sentence_hits {
            if units >= MIN_SENTENCE_HITS || hits.contains_key(&document) {
                *hits.entry(document).or_default() += units;
            }
        }
        let mut candidates: Vec<(usize, usize)> = hits.into_iter().collect();
        crate::sort::sort_by(&mut candidates, |a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        candidates
    }
}
