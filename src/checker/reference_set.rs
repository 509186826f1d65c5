//! What the stages of a check or of all pairs read of a reference set, borrowed: they take it
//! explicitly instead of extending `Checker`, which builds it (`api.rs`).

use crate::index::postings::Postings;
use crate::sketch::minhash::MinHasher;
use crate::sketch::simhash::IdfTable;

use super::options::CheckerOptions;
use super::references::Entry;

impl ReferenceSet<'_> {
    /// An error unless the set was given a sentence model, when `translated` evidence is asked for.
    pub(super) fn can_translate(&self, translated: bool) -> Result<(), crate::error::Error> {
        #[cfg(feature = "translated")]
        let given = self.translation.is_some();
        #[cfg(not(feature = "translated"))]
        let given = false;
        if translated && !given {
            return Err(crate::error::Error::invalid(
                "align.translated",
                "needs the sentence model: load it and give it to the checker first (useSentenceModel)",
            ));
        }
        Ok(())
    }
}

/// What the stages of a check or of all pairs read of a reference set: each part borrowed,
/// read-only. `Checker` keeps the set and hands this to the stages.
#[derive(Clone, Copy)]
pub(super) struct ReferenceSet<'a> {
    pub(super) options: &'a CheckerOptions,
    pub(super) entries: &'a [Entry],
    pub(super) postings: &'a Postings,
    pub(super) idf: &'a IdfTable,
    pub(super) hasher: &'a MinHasher,
    /// Whether any reference is a base (template) document.
    pub(super) has_bases: bool,
    /// The sentence model and lexicon, when the checker was given them.
    #[cfg(feature = "translated")]
    pub(super) translation: Option<&'a super::sentence_model::Translation>,
}
