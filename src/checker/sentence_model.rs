//! What a checker holds for translated evidence once a sentence model is given to it: the model,
//! the bilingual lexicon, and each reference's sentences in the lexicon's term space and, for the
//! search by meaning, as the model's vectors: each computed the first time a check needs them and
//! kept until the reference is removed.

use std::fmt;
use std::sync::{Arc, Mutex};

use rustc_hash::FxHashMap as HashMap;

use crate::align::translated::pivot::{PivotUnit, WordTerms};
use crate::lexicon::Lexicon;
use crate::sketch::embeddings::SentenceEncoder;
use crate::sketch::sentence_codes::SentenceCodes;

use super::meaning_codes::{made_from, MeaningCodes, ReferenceCodes};

/// The sentence model, the lexicon, and the references' units in the term space.
pub(crate) struct Translation {
    pub(super) lexicon: Arc<Lexicon>,
    pub(super) table: Arc<WordTerms>,
    pub(super) encoder: Arc<dyn SentenceEncoder>,
    /// Reference id → its sentence units in the term space.
    units: Mutex<HashMap<String, Arc<Vec<PivotUnit>>>>,
    /// Reference id → its sentence units' vectors, for the search by meaning, by this encoder.
    codes: Mutex<MeaningCodes>,
}

impl fmt::Debug for Translation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Translation")
            .field("words", &self.lexicon.word_count())
            .field("references", &self.cached().len())
            .finish()
    }
}

impl Clone for Translation {
    fn clone(&self) -> Self {
        Translation {
            lexicon: Arc::clone(&self.lexicon),
            table: Arc::clone(&self.table),
            encoder: Arc::clone(&self.encoder),
            units: Mutex::new(self.cached().clone()),
            codes: Mutex::new(lock(&self.codes).clone()),
        }
    }
}

impl Translation {
    /// The state of `encoder` and `lexicon`, with nothing computed yet.
    pub(super) fn new(encoder: Arc<dyn SentenceEncoder>, lexicon: Lexicon) -> Translation {
        let table = Arc::new(WordTerms::new(&lexicon));
        Translation {
            lexicon: Arc::new(lexicon),
            table,
            encoder,
            units: Mutex::default(),
            codes: Mutex::default(),
        }
    }

    /// Every reference's codes computed or adopted so far.
    pub(super) fn codes(&self) -> MeaningCodes {
        lock(&self.codes).clone()
    }

    /// Adds the codes of `saved` (a saved index's, a merged set's) made from this encoder and
    /// their reference's text as it is (`text_of` its id; none: the codes are dropped).
    pub(super) fn adopt(&self, saved: MeaningCodes, text_of: impl Fn(&str) -> Option<String>) {
        let ours = |id: &str, codes: &ReferenceCodes| {
            text_of(id).is_some_and(|text| made_from(&*self.encoder, &text) == codes.made_from)
        };
        lock(&self.codes).adopt(saved, ours);
    }

    /// Whether the reference `id` has codes.
    pub(super) fn has_codes(&self, id: &str) -> bool {
        lock(&self.codes).by_id.contains_key(id)
    }

    /// The units of the reference `id`, from `compute` the first time.
    pub(super) fn reference_units(
        &self,
        id: &str,
        compute: impl FnOnce() -> Result<Vec<PivotUnit>, crate::error::Error>,
    ) -> Result<Arc<Vec<PivotUnit>>, crate::error::Error> {
        if let Some(units) = self.cached().get(id) {
            return Ok(Arc::clone(units));
        }
        let units = Arc::new(compute()?);
        self.cached().insert(id.to_string(), Arc::clone(&units));
        Ok(units)
    }

    /// The vectors of the reference `id`'s `units` units, from `compute` the first time (or when
    /// the codes kept are of another count: a saved index's, of a text split otherwise).
    pub(super) fn reference_codes(
        &self,
        (id, units): (&str, usize),
        compute: impl FnOnce() -> Result<ReferenceCodes, crate::error::Error>,
    ) -> Result<Arc<SentenceCodes>, crate::error::Error> {
        if let Some(kept) = lock(&self.codes).by_id.get(id) {
            if kept.codes.len() == units {
                return Ok(Arc::clone(&kept.codes));
            }
        }
        let computed = compute()?;
        let codes = Arc::clone(&computed.codes);
        lock(&self.codes).by_id.insert(id.to_string(), computed);
        Ok(codes)
    }

    /// Forgets the units of the reference `id` (it was removed).
    pub(super) fn forget(&self, id: &str) {
        self.cached().remove(id);
        lock(&self.codes).by_id.remove(id);
    }

    fn cached(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Vec<PivotUnit>>>> {
        lock(&self.units)
    }
}

/// A cache, even after a panic elsewhere left its lock poisoned (the map itself is whole).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}
