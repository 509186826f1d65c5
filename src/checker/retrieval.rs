//! Candidate references for a paper: its shingles looked up in the postings, and the tokens that
//! cannot be evidence because many references share them (common phrasing) or because other
//! references share them too.

use std::ops::Range;

use rustc_hash::FxHashMap as HashMap;

use crate::sketch::guarantee_window;
use crate::text::WORD;

use super::options::CheckerOptions;
use super::prepare::Prepared;
use super::reference_set::ReferenceSet;
use crate::index::postings::fingerprint_of;

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

/// Most references a library may hold for each of them to be a candidate of every check. A
/// sentence's fingerprints meet its heavily rewritten copy's with a chance near the cube of their
/// terms' Jaccard similarity, so a short answer that rewrites three sentences of one of the five
/// articles a teacher gave (`tests/short_answers.rs`) may leave no fingerprint of its source;
/// aligning a few references costs a few milliseconds. Such a candidate has no hit, and a text of
/// its own that cannot be read is no error of the check. Not with translated copies looked for:
/// a source's weak passage by words would keep the model's pass from it (`tests/translated.rs`, an
/// English rewording found by the model beside a text on its subject), and the model's pass
/// looks at every reference's sentences itself.
pub const SMALL_LIBRARY: usize = 20;

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

/// Which paper tokens can be evidence, and which other references share.
pub(super) struct EvidenceMasks {
    /// Excluded text and common phrasing: never evidence.
    pub(super) unusable: Vec<bool>,
    /// Tokens whose text two or more references share.
    pub(super) shared: Vec<bool>,
    /// Common phrasing outside the left-out text, among the unusable tokens
    /// ([`common_phrasing`]).
    pub(super) common: Vec<bool>,
}

/// The paper's [`EvidenceMasks`]: its `excluded` tokens and common phrasing (fingerprints more
/// than `max_doc_frequency` references hold) cannot be evidence.
pub(super) fn evidence_masks(
    set: ReferenceSet<'_>,
    paper: &Prepared,
    excluded: &[bool],
    max_doc_frequency: usize,
) -> EvidenceMasks {
    let mut common = common_phrasing(paper, set.options, max_doc_frequency);
    let unusable = (common.iter().zip(excluded))
        .map(|(&common, &excluded)| common || excluded)
        .collect();
    // Left-out text never joins runs, stock phrasing or not.
    for (common, &excluded) in common.iter_mut().zip(excluded) {
        *common &= !excluded;
    }
    let shared = shared_by_references(paper, set.options.shingle_words, 2);
    EvidenceMasks {
        unusable,
        shared,
        common,
    }
}

/// Paper shingles seen already (by hash), and for each reference how many of them it holds.
#[derive(Default)]
pub(super) struct ShingleHits {
    /// A map rather than a set of `u64`: the type of the idf table, whose hash map code the wasm
    /// holds anyway (a set is a map type of its own); the values mean nothing.
    seen: HashMap<u64, u32>,
    /// Hits by reference (its place as a `u64`), the same map type.
    hits: HashMap<u64, u32>,
}

impl ShingleHits {
    /// The references with hits, most first (then by place in the set).
    pub(super) fn ranked(self) -> Vec<(usize, usize)> {
        let hits = self.hits.into_iter();
        let mut candidates: Vec<(usize, usize)> =
            (hits.map(|(document, hits)| (document as usize, hits as usize))).collect();
        crate::sort::sort_by(&mut candidates, |a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        candidates
    }
}

/// Counts, for each reference, the distinct paper shingles found among its fingerprints,
/// skipping shingles that touch an `unusable` token (excluded text, common phrasing).
pub(super) fn candidates(
    set: ReferenceSet<'_>,
    paper: &Prepared,
    unusable: &[bool],
    base: Option<bool>,
) -> Vec<(usize, usize)> {
    let mut found = ShingleHits::default();
    shingle_hits(
        set,
        paper,
        0..paper.shingle_hashes.len(),
        unusable,
        base,
        &mut found,
    );
    let hits = &mut found.hits;
    // A sentence's fingerprint finds a source whose copy was rewritten; one that many
    // references hold is a sentence of the domain's stock, not a lead. A reference sharing no
    // shingle needs sentence fingerprints from [`MIN_SENTENCE_HITS`] paper sentences. (Two
    // maps of the same type as `hits` rather than one of pairs: a map type is about 1 KB of
    // wasm.)
    let mut sentence_hits: HashMap<u64, u32> = HashMap::default();
    let mut last_unit: HashMap<u64, u32> = HashMap::default();
    for (fingerprint, unit) in paper.sentence_fingerprints(unusable) {
        let fingerprint = fingerprint_of(fingerprint);
        if set.postings.count(fingerprint) > MAX_SENTENCE_HOLDERS {
            continue;
        }
        for document in set.postings.documents(fingerprint) {
            if base.is_none_or(|b| set.entries[document as usize].reference.base == b) {
                // A text's token places are far below `u32::MAX` (16 Mi tokens at most).
                let last = last_unit.entry(u64::from(document)).or_insert(u32::MAX);
                if *last != unit.start as u32 {
                    *last = unit.start as u32;
                    *sentence_hits.entry(u64::from(document)).or_default() += 1;
                }
            }
        }
    }
    for (document, units) in sentence_hits {
        if units as usize >= MIN_SENTENCE_HITS || hits.contains_key(&document) {
            *hits.entry(document).or_default() += units;
        }
    }
    found.ranked()
}

/// `candidates` with every other reference (not a base document) of a library of
/// [`SMALL_LIBRARY`] or fewer, after them and with no hit, which tells them apart.
pub(super) fn with_a_small_library(set: ReferenceSet<'_>, candidates: &mut Vec<(usize, usize)>) {
    if set.entries.len() > SMALL_LIBRARY {
        return;
    }
    for (document, entry) in set.entries.iter().enumerate() {
        if !entry.reference.base && candidates.iter().all(|&(c, _)| c != document) {
            candidates.push((document, 0));
        }
    }
}

/// Adds to `found` the paper shingles at `positions` that references hold (those `base` admits:
/// all, or only base documents or only the others), skipping shingles seen already and those
/// touching an `unusable` token.
pub(super) fn shingle_hits(
    set: ReferenceSet<'_>,
    paper: &Prepared,
    positions: Range<usize>,
    unusable: &[bool],
    base: Option<bool>,
    found: &mut ShingleHits,
) {
    let k = set.options.shingle_words;
    for position in positions {
        let hash = paper.shingle_hashes[position];
        let held = paper.held_by[position] > 0;
        if !held
            || unusable[position..position + k].iter().any(|&e| e)
            || found.seen.insert(hash, 0).is_some()
        {
            continue;
        }
        for document in set.postings.documents(fingerprint_of(hash)) {
            if base.is_none_or(|b| set.entries[document as usize].reference.base == b) {
                *found.hits.entry(u64::from(document)).or_default() += 1;
            }
        }
    }
}
