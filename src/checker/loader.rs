//! Filling a set from a saved index a reference at a time (`crate::store` reads the records in
//! order and hands each to a [`Loader`]): each stored entry is checked against the set's options
//! and its fingerprints go to the postings as they come, a level every so often, so loading never
//! holds every reference's fingerprints at once (the wasm engine's memory keeps its highest point
//! for good). A file of an earlier hash scheme has its stored texts indexed again instead.

use crate::error::Error;
use crate::sketch::simhash::IdfTable;

use super::api::{Checker, MAX_REFERENCE_SET_BYTES};
use super::options::CheckerOptions;
use super::references::StoredEntry;

/// A set being filled from a saved index (see the module docs).
pub(crate) struct Loader {
    checker: Checker,
    /// Postings not yet in a level.
    pending: Vec<(u64, u32)>,
    /// Whether the stored fingerprints are of an earlier hash scheme: the texts are indexed again.
    reindex: bool,
}

impl Loader {
    /// An empty set with `options`; `reindex` when the file's hash scheme is an earlier one.
    pub(crate) fn new(options: CheckerOptions, reindex: bool) -> Result<Self, Error> {
        Ok(Loader {
            checker: Checker::new(options)?,
            pending: Vec::new(),
            reindex,
        })
    }

    /// Adds the next stored reference, checked: a repeated id, a wrong signature, fingerprints out
    /// of order, a set past [`MAX_REFERENCE_SET_BYTES`] are each a clear `ErrorCode::InvalidIndex` error.
    pub(crate) fn add(&mut self, stored: StoredEntry) -> Result<(), Error> {
        let StoredEntry {
            entry,
            fingerprints,
        } = stored;
        let checker = &mut self.checker;
        if self.reindex {
            let reference = entry.reference.to_reference()?;
            return (checker.add_reference(reference))
                .map_err(|e| Error::invalid_index(format!("a stored reference is invalid: {e}")));
        }
        if checker.ids.contains_key(&entry.reference.id) {
            return Err(Error::invalid_index(format!(
                "the index holds the id {:?} twice",
                entry.reference.id
            )));
        }
        checker.validate_entry(&entry, &fingerprints)?;
        if checker
            .text_bytes
            .saturating_add(entry.reference.text.len())
            > MAX_REFERENCE_SET_BYTES
        {
            return Err(Error::invalid_index(format!(
                "it holds more than {} MB of reference text, more than a reference set may hold",
                MAX_REFERENCE_SET_BYTES >> 20
            )));
        }
        checker.append_entry(entry, &fingerprints, &mut self.pending);
        Ok(())
    }

    /// The set, with the file's document frequencies (unless its texts were indexed again, which
    /// counted their own).
    pub(crate) fn finish(mut self, idf: IdfTable) -> Checker {
        self.checker.postings.flush(self.pending);
        if !self.reindex {
            self.checker.idf = idf;
        }
        self.checker
    }
}
