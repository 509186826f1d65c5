//! Which paper tokens can be evidence: common phrasing, held by so many references that it shows
//! nothing about one (MOSS `-m`), and the text other references share too. Read of the postings
//! once per check ([`Phrasing`]), before anything is left out.

use crate::sketch::guarantee_window;
use crate::text::WORD;

use super::options::CheckerOptions;
use super::prepare::Prepared;
use super::reference_set::ReferenceSet;

/// Longest stretch of common phrasing that is still a stock phrase, in words: a formula ("the
/// receipts into the Treasury during the year ending on the 30th of September") is short. A longer
/// stretch held by many references is a popular source that many of them copied, and copying it
/// again is still copying.
pub const MAX_STOCK_PHRASE_WORDS: u32 = 20;

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

/// Which paper tokens are common phrasing and which other references share: read of the
/// postings once per check, before anything is left out.
pub(super) struct Phrasing {
    /// Common phrasing: fingerprints more than `max_doc_frequency` references hold
    /// ([`common_phrasing`]).
    common: Vec<bool>,
    /// Tokens whose text two or more references share.
    shared: Vec<bool>,
}

impl Phrasing {
    /// The phrasing of `paper` among the references of `set`.
    pub(super) fn of(set: ReferenceSet<'_>, paper: &Prepared, max_doc_frequency: usize) -> Self {
        Phrasing {
            common: common_phrasing(paper, set.options, max_doc_frequency),
            shared: shared_by_references(paper, set.options.shingle_words, 2),
        }
    }

    /// Tokens that cannot be evidence: `excluded` ones and common phrasing.
    pub(super) fn unusable(&self, excluded: &[bool]) -> Vec<bool> {
        (self.common.iter().zip(excluded))
            .map(|(&common, &excluded)| common || excluded)
            .collect()
    }

    /// Tokens whose text two or more references share.
    pub(super) fn shared(&self) -> &[bool] {
        &self.shared
    }

    /// The paper's [`EvidenceMasks`] once its `excluded` tokens are known.
    pub(super) fn masks(&self, excluded: &[bool]) -> EvidenceMasks {
        // Left-out text never joins runs, stock phrasing or not.
        let common = (self.common.iter().zip(excluded))
            .map(|(&common, &excluded)| common && !excluded)
            .collect();
        EvidenceMasks {
            unusable: self.unusable(excluded),
            shared: self.shared.clone(),
            common,
        }
    }
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
