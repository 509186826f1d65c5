//! The checker: a reference set ([`Checker`]) and what is done with it.
//!
//! **The set** (`library.rs`, `references.rs`, `merge_sets.rs`): each reference is analyzed, its
//! word shingles winnowed into fingerprints held in the postings ([`crate::index::postings`]),
//! with its MinHash and metadata signatures and its terms' document frequencies; with a sentence
//! model (`sentence_model.rs`), each reference's sentences for translated evidence (`translated/`).
//!
//! **A check** (`check.rs`, read top to bottom): the paper's analysis (`prepare.rs`) and its
//! phrasing (`phrasing.rs`) → what is left out (`exclusions.rs`, `quotations.rs`) → its sketches →
//! candidate retrieval (`retrieval.rs`) → alignment with each candidate, by exact runs and
//! rewritten sentences (`evidence.rs`), and translated copies (`translated/`) → scoring and the
//! report (`scoring.rs`, `report.rs`). Each stage is a method of the check's context (`Check`,
//! `context.rs`), which holds what they all read and the sources each prepared once
//! (`sources.rs`). **All pairs** (`pairs.rs`) compares the candidate pairs three indexes give
//! (`pair_candidates.rs`) the same way.
//!
//! The stages read the set as a borrowed `ReferenceSet`; only `api.rs` (the API) and
//! `library.rs` (changing the set) implement `Checker`.

mod api;
mod check;
mod context;
mod evidence;
mod exclusions;
mod library;
mod loader;
#[cfg(feature = "translated")]
mod meaning_codes;
mod merge_sets;
mod options;
mod pair_candidates;
mod pairs;
mod phrasing;
mod prepare;
mod progress;
mod quotations;
mod reference_set;
mod references;
mod report;
mod report_json;
mod retrieval;
mod saved_codes;
mod scoring;
#[cfg(feature = "translated")]
mod sentence_model;
mod sentences;
mod sources;
mod stored;
mod token_spans;
#[cfg(feature = "translated")]
mod translated;
mod with_candidates;

pub(crate) use crate::index::postings::{fingerprint_of, FINGERPRINT_BYTES};
pub use api::{Checker, MAX_REFERENCE_SET_BYTES};

pub use library::{indexed_fingerprints, placed_fingerprints, PlacedFingerprint};
pub(crate) use loader::Loader;
#[cfg(feature = "translated")]
pub(crate) use meaning_codes::{MeaningCodes, ReferenceCodes};
pub use merge_sets::MergeOutcome;
pub use options::{CheckOptions, CheckerOptions, Defaults, PairsOptions, ScoreOptions};
pub use pair_candidates::{CandidatePair, PairCandidates, LSH_JACCARD, NEAR_DUPLICATE_BITS};
pub use phrasing::MAX_STOCK_PHRASE_WORDS;
pub use progress::{OnProgress, Progress, Stage};
pub use quotations::{ACROSS_EDGE_WORDS, EDGE_WINDOW_WORDS};
pub(crate) use references::{Entry, StoredEntry, StoredReference};
pub use references::{Paper, Reference, ReferenceInfo};
pub use report::{
    LanguagePair, MethodScores, PairReport, PassageReport, Report, SentencePairReport, SharedRun,
    SourceReport, WordSpan,
};
pub(crate) use stored::StoredText;
pub use with_candidates::CandidatesReport;

pub use crate::text::MAX_TEXT_BYTES;
