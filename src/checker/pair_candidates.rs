//! Candidate pairs for all pairs: only pairs that some index says may share text are compared.
//! Three sources, united:
//! - **postings**: pairs sharing a winnowed fingerprint held by at most `maxDocFrequency`
//!   references. Winnowing guarantees that every shared run of t words shares a fingerprint, so a
//!   paragraph copied into a long document is never lost (its whole-document Jaccard is small, and
//!   MinHash LSH alone would miss it);
//! - **MinHash LSH** ([`crate::index::lsh`]) over the stored per-reference signatures, banded for
//!   Jaccard [`LSH_JACCARD`]: whole and edited copies, also when their text is held by more than
//!   `maxDocFrequency` references (a popular source copied many times, whose fingerprints the
//!   postings leave out as common phrasing);
//! - **SimHash index** ([`crate::index::simindex`], Manku's permuted tables): near-duplicates, whose
//!   count-weighted term SimHashes are within [`NEAR_DUPLICATE_BITS`]. Counts, not tf·idf: a
//!   reference's SimHash must not change as the set grows.

use std::collections::{BTreeMap, BTreeSet};

use crate::error::Error;
use crate::index::lsh::{LshIndex, LshParams};
use crate::index::simindex::{SimIndex, SimIndexParams};
use crate::sketch::simhash::{simhash64_counts, term_counts};

use super::options::PairsOptions;
use super::prepare::{prepare_source, Prepared};
use super::reference_set::ReferenceSet;

/// The Jaccard similarity (of word shingle sets) the LSH bands are tuned for, false positives and
/// false negatives weighted equally: a copy with about a tenth of its words edited is around 0.4.
pub const LSH_JACCARD: f64 = 0.3;

/// Largest Hamming distance between two references' count-weighted SimHashes that makes them a
/// near-duplicate candidate (the SimHash index's `k`, Manku's 3 of 64 bits).
pub const NEAR_DUPLICATE_BITS: usize = 3;

/// One candidate pair and the sources that gave it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CandidatePair {
    /// The earlier-added reference's id.
    pub a: String,
    /// The later-added reference's id.
    pub b: String,
    /// They share a fingerprint held by at most `maxDocFrequency` references.
    pub postings: bool,
    /// They share a MinHash LSH band.
    pub lsh: bool,
    /// Their SimHashes are within [`NEAR_DUPLICATE_BITS`].
    pub simindex: bool,
}

/// The candidate pairs of an all-pairs run and how many each source gave (a pair given by two
/// sources counts in both).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PairCandidates {
    /// The pairs, each once, in the order the references were added.
    pub pairs: Vec<CandidatePair>,
    /// Pairs sharing a fingerprint held by at most `maxDocFrequency` references.
    pub postings: usize,
    /// Pairs sharing a MinHash LSH band.
    pub lsh: usize,
    /// Pairs within [`NEAR_DUPLICATE_BITS`] in the SimHash index.
    pub simindex: usize,
}

/// Candidate pairs by index into the entries (smaller first), with each source's count.
#[derive(Debug, Default)]
pub(super) struct CandidateSet {
    pub(super) pairs: Vec<(u32, u32)>,
    /// Per pair, which sources gave it: [`POSTINGS`], [`LSH`], [`SIMINDEX`].
    sources: Vec<u8>,
    pub(super) postings: usize,
    pub(super) lsh: usize,
    pub(super) simindex: usize,
}

const POSTINGS: u8 = 1;
const LSH: u8 = 2;
const SIMINDEX: u8 = 4;

/// The count-weighted term SimHash of a text, `None` for a text without terms.
pub(super) fn count_simhash(prepared: &Prepared) -> Option<u64> {
    let features = term_counts(&prepared.analysis);
    (!features.is_empty()).then(|| simhash64_counts(&features))
}

/// The candidate pairs [`Checker::pairs`] compares, with how many each source gave.
pub(super) fn pair_candidates(
    set: ReferenceSet<'_>,
    options: &PairsOptions,
) -> Result<PairCandidates, Error> {
    options.validate()?;
    let found = candidate_set(set, options, |document, _| {
        Ok(count_simhash(&prepare_source(
            set.options,
            &set.entries[document].reference.text()?,
        )?))
    })?;
    let id = |document: u32| set.entries[document as usize].reference.id.clone();
    let pairs = (found.pairs.iter().zip(&found.sources))
        .map(|(&(a, b), &sources)| CandidatePair {
            a: id(a),
            b: id(b),
            postings: sources & POSTINGS != 0,
            lsh: sources & LSH != 0,
            simindex: sources & SIMINDEX != 0,
        })
        .collect();
    Ok(PairCandidates {
        pairs,
        postings: found.postings,
        lsh: found.lsh,
        simindex: found.simindex,
    })
}

/// The candidate pairs from the three sources; `simhash(document, paired)` gives a non-base
/// reference's count-weighted SimHash, told whether the postings or LSH already paired it.
pub(super) fn candidate_set(
    set: ReferenceSet<'_>,
    options: &PairsOptions,
    mut simhash: impl FnMut(usize, bool) -> Result<Option<u64>, Error>,
) -> Result<CandidateSet, Error> {
    let postings = postings_pairs(set, options.align.max_doc_frequency);
    let lsh = lsh_pairs(set, options.align.min_words)?;
    let mut paired = vec![false; set.entries.len()];
    for &(a, b) in postings.iter().chain(&lsh) {
        paired[a as usize] = true;
        paired[b as usize] = true;
    }
    let mut index = SimIndex::new(SimIndexParams {
        max_distance: NEAR_DUPLICATE_BITS,
        ..SimIndexParams::default()
    })?;
    let mut near = BTreeSet::new();
    for document in comparable(set, options.align.min_words) {
        if let Some(fingerprint) = simhash(document as usize, paired[document as usize])? {
            for (other, _) in index.query(fingerprint) {
                near.insert((other, document));
            }
            index.insert(document, fingerprint);
        }
    }
    let (postings_count, lsh_count, simindex) = (postings.len(), lsh.len(), near.len());
    let mut pairs: BTreeMap<(u32, u32), u8> = BTreeMap::new();
    for (set, source) in [(postings, POSTINGS), (lsh, LSH), (near, SIMINDEX)] {
        for pair in set {
            *pairs.entry(pair).or_default() |= source;
        }
    }
    Ok(CandidateSet {
        sources: pairs.values().copied().collect(),
        pairs: pairs.into_keys().collect(),
        postings: postings_count,
        lsh: lsh_count,
        simindex,
    })
}

/// The non-base references of at least `min_words` tokens, in order. A shorter one can hold
/// no passage (a passage needs `minWords` matched, and no token weighs more than a word), so
/// it needs no candidates; leaving it out keeps many identical short texts (empty forms, one
/// line each) from making LSH or the SimHash index pair all of them.
pub(super) fn comparable(
    set: ReferenceSet<'_>,
    min_words: usize,
) -> impl Iterator<Item = u32> + '_ {
    (0..set.entries.len() as u32).filter(move |&d| {
        let entry = &set.entries[d as usize];
        !entry.reference.base && entry.words >= min_words
    })
}

/// The pairs of non-base references that share at least one fingerprint held by no more than
/// `max_doc_frequency` references.
pub(super) fn postings_pairs(
    set: ReferenceSet<'_>,
    max_doc_frequency: usize,
) -> BTreeSet<(u32, u32)> {
    let mut shared = BTreeSet::new();
    for documents in set.postings.lists_between(max_doc_frequency) {
        for (i, &a) in documents.iter().enumerate() {
            for &b in &documents[i + 1..] {
                if !set.entries[a as usize].reference.base
                    && !set.entries[b as usize].reference.base
                {
                    shared.insert((a.min(b), a.max(b)));
                }
            }
        }
    }
    shared
}

/// The pairs of non-base references of at least `min_words` tokens whose MinHash signatures
/// share an LSH band.
pub(super) fn lsh_pairs(
    set: ReferenceSet<'_>,
    min_words: usize,
) -> Result<BTreeSet<(u32, u32)>, Error> {
    let params = LshParams::for_threshold(LSH_JACCARD, set.options.num_perm, 0.5, 0.5)?;
    let mut index = LshIndex::new(params, set.options.num_perm)?;
    for document in comparable(set, min_words) {
        index.insert(document, set.entries[document as usize].minhash.clone())?;
    }
    // Inserted one by one: collecting into the set would sort first, one more copy of std's
    // stable sort in the wasm.
    let mut pairs = BTreeSet::new();
    for (a, b, _) in index.candidate_pairs() {
        pairs.insert((a.min(b), a.max(b)));
    }
    Ok(pairs)
}
