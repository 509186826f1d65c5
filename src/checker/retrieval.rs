//! Stage 4 of a check, candidate retrieval: the references holding the paper's usable shingles'
//! fingerprints, or its sentences' (a rewritten copy), ranked by how many they hold.

use std::ops::Range;

use rustc_hash::FxHashMap as HashMap;

use crate::index::postings::fingerprint_of;

use super::context::Check;
use super::phrasing::EvidenceMasks;
use super::prepare::Prepared;
use super::reference_set::ReferenceSet;

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

impl Check<'_> {
    /// Stage 4, candidate retrieval: the references (not base documents) holding the paper's
    /// usable fingerprints, most hits first, and every reference of a small library
    /// ([`with_a_small_library`]) unless translated copies are looked for.
    pub(super) fn retrieve(&self, masks: &EvidenceMasks) -> Vec<(usize, usize)> {
        let mut found = candidates(self.set, self.paper, &masks.unusable, Some(false));
        if !self.options.align.translated {
            with_a_small_library(self.set, &mut found);
        }
        found
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
