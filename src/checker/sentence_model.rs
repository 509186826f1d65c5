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

/// The sentence model, the lexicon, and the references' units in the term space.
pub(crate) struct Translation {
    pub(super) lexicon: Arc<Lexicon>,
    pub(super) table: Arc<WordTerms>,
    pub(super) encoder: Arc<dyn SentenceEncoder>,
    /// Reference id → its sentence units in the term space.
    units: Mutex<HashMap<String, Arc<Vec<PivotUnit>>>>,
    /// Reference id → its sentence units' vectors, for the search by meaning.
    codes: Mutex<HashMap<String, Arc<SentenceCodes>>>,
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

    /// The vectors of the reference `id`'s units, from `compute` the first time.
    pub(super) fn reference_codes(
        &self,
        id: &str,
        compute: impl FnOnce() -> Result<SentenceCodes, crate::error::Error>,
    ) -> Result<Arc<SentenceCodes>, crate::error::Error> {
        if let Some(codes) = lock(&self.codes).get(id) {
            return Ok(Arc::clone(codes));
        }
        let codes = Arc::new(compute()?);
        lock(&self.codes).insert(id.to_string(), Arc::clone(&codes));
        Ok(codes)
    }

    /// Forgets the units of the reference `id` (it was removed).
    pub(super) fn forget(&self, id: &str) {
        self.cached().remove(id);
        lock(&self.codes).remove(id);
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
