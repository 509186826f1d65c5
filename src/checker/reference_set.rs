//! What the stages of a check or of all pairs read of a reference set, borrowed: they take it
//! explicitly instead of extending `Checker`, which builds it (`api.rs`).

use crate::index::postings::Postings;
use crate::sketch::minhash::MinHasher;
use crate::sketch::simhash::IdfTable;

use super::options::CheckerOptions;
use super::records::Entry;

/// What the stages of a check or of all pairs read of a reference set: each part borrowed,
/// read-only. `Checker` keeps the set and hands this to the stages.
#[derive(Clone, Copy)]
pub(super) struct ReferenceSet<'a> {
    pub(super) options: &'a CheckerOptions,
    pub(super) entries: &'a [Entry],
    pub(super) postings: &'a Postings,
    pub(super) idf: &'a IdfTable,
    pub(super) hasher: &'a MinHasher,
}
