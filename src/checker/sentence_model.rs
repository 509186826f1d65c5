//! What a checker holds for translated evidence once a sentence model is given to it: the model,
//! the bilingual lexicon, and each reference's sentences in the lexicon's term space, computed the
//! first time a check needs them and kept until the reference is removed.

use std::fmt;
use std::sync::{Arc, Mutex};

use rustc_hash::FxHashMap as HashMap;

use crate::align::translated::pivot::{PivotUnit, WordTerms};
use crate::lexicon::Lexicon;
use crate::sketch::embeddings::SentenceEncoder;

/// The sentence model, the lexicon, and the references' units in the term space.
pub(crate) struct Translation {
    pub(super) lexicon: Arc<Lexicon>,
    pub(super) table: Arc<WordTerms>,
    pub(super) encoder: Arc<dyn SentenceEncoder>,
    /// Reference id → its sentence units in the term space.
    units: Mutex<HashMap<String, Arc<Vec<PivotUnit>>>>,
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

    /// Forgets the units of the reference `id` (it was removed).
    pub(super) fn forget(&self, id: &str) {
        self.cached().remove(id);
    }

    /// The cache, even after a panic elsewhere left its lock poisoned (the map itself is whole).
    fn cached(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Vec<PivotUnit>>>> {
        self.units
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
