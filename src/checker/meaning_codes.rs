//! The references' sentence codes for the search by meaning (`align.meaningSearch`), as a saved
//! index keeps them: encoding a library takes the model minutes, so the codes are saved with the
//! fingerprints and read back with them. They are tagged with the model that made them
//! ([`SentenceEncoder::identity`](crate::sketch::embeddings::SentenceEncoder::identity)): another
//! model (or the same with other parts) would place the sentences elsewhere, and its checker
//! encodes them again. A checker without a model (the engine without translated evidence) keeps
//! them as it read them, for the next save.

use std::sync::Arc;

use rustc_hash::FxHashMap as HashMap;

use crate::sketch::sentence_codes::SentenceCodes;

/// Each reference's sentence codes (by id), made by one model.
#[derive(Debug, Clone, Default)]
pub(crate) struct MeaningCodes {
    /// The model that made them.
    pub(crate) model: u64,
    pub(crate) by_id: HashMap<String, Arc<SentenceCodes>>,
}

impl MeaningCodes {
    /// The codes of `other`, when its model is this one's, added to these (those of ids held
    /// here already left as they are).
    pub(crate) fn adopt(&mut self, other: MeaningCodes) {
        if other.model != self.model {
            return;
        }
        for (id, codes) in other.by_id {
            self.by_id.entry(id).or_insert(codes);
        }
    }

    /// The codes in id order (a saved index is the same bytes for the same set).
    pub(crate) fn sorted(&self) -> Vec<(&str, &SentenceCodes)> {
        let mut codes: Vec<(&str, &SentenceCodes)> = (self.by_id.iter())
            .map(|(id, codes)| (id.as_str(), codes.as_ref()))
            .collect();
        codes.sort_unstable_by_key(|(id, _)| *id);
        codes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(model: u64, ids: &[&str]) -> MeaningCodes {
        let by_id = (ids.iter())
            .map(|id| (id.to_string(), Arc::new(SentenceCodes::new(&[1.0, 0.0], 2))))
            .collect();
        MeaningCodes { model, by_id }
    }

    #[test]
    fn codes_of_another_model_are_not_adopted() {
        let mut held = codes(7, &["a"]);
        held.adopt(codes(8, &["b"]));
        assert_eq!(held.sorted().len(), 1);
        held.adopt(codes(7, &["c", "a"]));
        let ids: Vec<&str> = held.sorted().iter().map(|(id, _)| *id).collect();
        assert_eq!(ids, ["a", "c"]);
        let mut empty = MeaningCodes::default();
        empty.adopt(codes(8, &["b"]));
        assert!(empty.sorted().is_empty());
    }
}
