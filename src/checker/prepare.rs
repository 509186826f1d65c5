//! The first stage of every comparison: a text analyzed ([`crate::text::analyze`]) into what
//! alignment needs, its token hashes and weights, its shingle hashes, and how many references hold
//! each shingle's fingerprint (looked up once in the postings).

use crate::align::Side;
use crate::error::Error;
use crate::index::postings::{fingerprint_of, Postings};
use crate::sketch::hash::hash_bytes;
use crate::sketch::sentence_terms::sentence_fingerprints;
use crate::sketch::shingle::word_shingle_hashes;
use crate::text::sentences::sentence_units;
use crate::text::{analyze, analyze_with_progress, token_weights, Analysis};

use super::options::CheckerOptions;

/// A paper or reference after analysis, with what alignment needs.
pub(super) struct Prepared {
    pub(super) analysis: Analysis,
    pub(super) token_hashes: Vec<u64>,
    /// Each token's weight in tenths of a word.
    pub(super) token_weights: Vec<u32>,
    /// Empty for a source prepared by [`prepare_source`].
    pub(super) shingle_hashes: Vec<u64>,
    /// Per shingle, how many references hold its fingerprint: filled by
    /// [`count_holders`] for a paper or a reference being paired, so that each is looked
    /// up in the postings once (each lookup reads every level); empty otherwise.
    pub(super) held_by: Vec<u32>,
}

impl Prepared {
    /// Its sentence units ([`sentence_units`]).
    pub(super) fn sentence_units(&self) -> Vec<std::ops::Range<usize>> {
        sentence_units(&self.analysis, &self.token_weights)
    }

    /// Its sentences' fingerprints (see [`sentence_fingerprints`]), each with its unit's tokens;
    /// a sentence with an `unusable` token (excluded text) has none.
    pub(super) fn sentence_fingerprints(
        &self,
        unusable: &[bool],
    ) -> Vec<(u64, std::ops::Range<usize>)> {
        let units = sentence_units(&self.analysis, &self.token_weights);
        let fingerprints = sentence_fingerprints(&self.analysis, &self.token_hashes, &units);
        (fingerprints.into_iter())
            .map(|(f, u)| (f, units[u].clone()))
            .filter(|(_, unit)| {
                !unusable
                    .get(unit.clone())
                    .is_some_and(|u| u.contains(&true))
            })
            .collect()
    }

    pub(super) fn side(&self) -> Side<'_> {
        Side {
            hashes: &self.token_hashes,
            weights: &self.token_weights,
            shared: &[],
            common: &[],
            seeds: None,
            sums: None,
            sentences: None,
        }
    }

    /// This text as the paper side of an alignment, with the tokens other references share and
    /// its common phrasing.
    pub(super) fn paper_side<'a>(&'a self, shared: &'a [bool], common: &'a [bool]) -> Side<'a> {
        Side {
            shared,
            common,
            ..self.side()
        }
    }
}

/// A paper, or a reference being indexed or paired: analyzed, with its shingle hashes.
pub(super) fn prepare(options: &CheckerOptions, text: &str) -> Result<Prepared, Error> {
    prepare_with_progress(options, text, &mut |_| Ok(()))
}

/// [`prepare`], telling `progress` how far it is in hundredths as it goes (reading the
/// text is about 40 of them, its token hashes 15, its shingle hashes 30, natively on a 64 MB
/// paper).
pub(super) fn prepare_with_progress(
    options: &CheckerOptions,
    text: &str,
    progress: &mut dyn FnMut(usize) -> Result<(), Error>,
) -> Result<Prepared, Error> {
    let length = text.len().max(1);
    let analysis = analyze_with_progress(text, &options.text, &mut |bytes| {
        progress(bytes * 40 / length)
    })?;
    progress(40)?;
    let mut prepared = analyzed(analysis);
    progress(55)?;
    prepared.shingle_hashes = word_shingle_hashes(&prepared.analysis, options.shingle_words)?;
    progress(85)?;
    Ok(prepared)
}

/// A reference as the source side of a check's alignment, which needs its tokens only: its
/// `shingle_hashes` are left empty.
pub(super) fn prepare_source(options: &CheckerOptions, text: &str) -> Result<Prepared, Error> {
    Ok(analyzed(analyze(text, &options.text)?))
}

/// A text's `analysis` with its token hashes and weights (no shingle hashes yet).
fn analyzed(analysis: Analysis) -> Prepared {
    let token_hashes = analysis
        .token_texts()
        .map(|t| hash_bytes(t.as_bytes()))
        .collect();
    Prepared {
        token_weights: token_weights(&analysis),
        analysis,
        token_hashes,
        shingle_hashes: Vec::new(),
        held_by: Vec::new(),
    }
}

/// Fills `prepared.held_by` from the postings.
pub(super) fn count_holders(postings: &Postings, prepared: &mut Prepared) {
    let result = count_holders_with_progress(postings, prepared, &mut |_, _| Ok(()));
    result.expect("a callback that never fails");
}

/// [`count_holders`], telling `progress` how many of the shingles are looked up about
/// every million (a 64 MB paper has ten million).
pub(super) fn count_holders_with_progress(
    postings: &Postings,
    prepared: &mut Prepared,
    progress: &mut dyn FnMut(usize, usize) -> Result<(), Error>,
) -> Result<(), Error> {
    let hashes = &prepared.shingle_hashes;
    let mut held_by = Vec::with_capacity(hashes.len());
    for (at, chunk) in hashes.chunks(1 << 20).enumerate() {
        progress(at << 20, hashes.len())?;
        let counts = chunk
            .iter()
            .map(|&hash| postings.count(fingerprint_of(hash)));
        held_by.extend(counts.map(|count| count as u32));
    }
    prepared.held_by = held_by;
    Ok(())
}

/// `hashes` sorted, each once.
pub(super) fn distinct(hashes: &[u64]) -> Vec<u64> {
    let mut distinct = hashes.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    distinct
}
