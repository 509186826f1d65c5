//! Merging two reference sets built with the same options, without analyzing any text again: the
//! entries, their fingerprints and the document frequencies are moved over as they are. This is
//! how a set built in parts (the CLI indexes a folder on every core, one part per thread) becomes
//! one, and how the app adds a saved library to the open one.

use crate::error::{Error, ErrorCode};
use crate::options::Differ;

use super::Checker;

/// What [`Checker::merge`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MergeOutcome {
    /// References added.
    pub added: usize,
    /// References left out because this set already holds their id (the one here is kept).
    pub skipped: usize,
}

impl Checker {
    /// Adds the references of `other`, which must have been built with the same options, after
    /// this set's own, in their order. A reference whose id this set already holds is left out.
    /// Only the references left out are analyzed again (to take their terms out of `other`'s
    /// document frequencies); the others are moved as they are.
    ///
    /// ```
    /// use plagscope::checker::{Checker, CheckerOptions, Reference};
    /// let mut a = Checker::new(CheckerOptions::default()).unwrap();
    /// a.add_reference(Reference::new("one", "The first text.")).unwrap();
    /// let mut b = Checker::new(CheckerOptions::default()).unwrap();
    /// b.add_reference(Reference::new("one", "Another first text.")).unwrap();
    /// b.add_reference(Reference::new("two", "The second text.")).unwrap();
    /// let outcome = a.merge(b).unwrap();
    /// assert_eq!((outcome.added, outcome.skipped), (1, 1));
    /// assert_eq!(a.reference("one").unwrap().unwrap().text, "The first text.");
    /// ```
    pub fn merge(&mut self, mut other: Checker) -> Result<MergeOutcome, Error> {
        if let Some(difference) = self.options.difference(&other.options) {
            // Named by the option's path, so that the caller learns which one and both values.
            return Err(Error::new(
                ErrorCode::IndexMismatch,
                &difference.path,
                format!(
                    "the sets were built with other indexing options: {} in the index to merge, \
                     {} in this set; re-index one of the sets with the other's options",
                    difference.other, difference.this
                ),
            ));
        }
        let duplicates: Vec<String> = (other.entries.iter())
            .map(|entry| &entry.reference.id)
            .filter(|id| self.ids.contains_key(id.as_str()))
            .cloned()
            .collect();
        for id in &duplicates {
            other.remove_reference(id)?;
        }
        self.check_room(other.text_bytes)?;
        self.idf.add_table(&other.idf);
        let added = other.entries.len();
        // A run of references' fingerprints at a time, never the whole other set's at once.
        let mut entries = std::mem::take(&mut other.entries).into_iter();
        for run in other.fingerprint_runs() {
            // The run first: zip asks its first iterator first, and must not take an entry past it.
            for (fingerprints, entry) in run.iter().zip(entries.by_ref()) {
                self.insert_entry(entry, fingerprints);
            }
        }
        Ok(MergeOutcome {
            added,
            skipped: duplicates.len(),
        })
    }
}
