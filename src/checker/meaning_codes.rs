//! The references' sentence codes for the search by meaning (`align.meaningSearch`), as a saved
//! index keeps them: encoding a library takes the model minutes, so the codes are saved with the
//! fingerprints and read back with them. Each reference's are tagged with what made them
//! ([`made_from`]): the model as it reads that reference's text, and the text. Another model, or
//! the same with a part for a script the text is written in, would place its sentences elsewhere
//! and encodes them again, as it does a text that changed under the same id. A checker without a
//! model keeps the saved codes' bytes unread, for its next save (`crate::store::meaning_record`).

use std::sync::Arc;

use rustc_hash::FxHashMap as HashMap;

use crate::sketch::embeddings::SentenceEncoder;
use crate::sketch::hash_bytes;
use crate::sketch::sentence_codes::SentenceCodes;

/// One reference's sentence codes and what made them.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ReferenceCodes {
    /// [`made_from`] the encoder and the reference's text.
    pub(crate) made_from: u64,
    pub(crate) codes: Arc<SentenceCodes>,
}

/// What a text's codes are made from: the model as it reads `text`, and the text itself.
pub(crate) fn made_from(encoder: &dyn SentenceEncoder, text: &str) -> u64 {
    encoder
        .identity(text)
        .wrapping_add(hash_bytes(text.as_bytes()))
}

/// Each reference's sentence codes, by id.
#[derive(Debug, Clone, Default)]
pub(crate) struct MeaningCodes {
    pub(crate) by_id: HashMap<String, ReferenceCodes>,
}

impl MeaningCodes {
    /// The codes of `other` that `keep` (id, codes) keeps added to these, those of ids held here
    /// already left as they are.
    pub(crate) fn adopt(
        &mut self,
        other: MeaningCodes,
        keep: impl Fn(&str, &ReferenceCodes) -> bool,
    ) {
        for (id, codes) in other.by_id {
            if !self.by_id.contains_key(&id) && keep(&id, &codes) {
                self.by_id.insert(id, codes);
            }
        }
    }

    /// The codes in id order (a saved index is the same bytes for the same set).
    pub(crate) fn sorted(&self) -> Vec<(&str, &ReferenceCodes)> {
        let mut codes: Vec<(&str, &ReferenceCodes)> = (self.by_id.iter())
            .map(|(id, codes)| (id.as_str(), codes))
            .collect();
        codes.sort_unstable_by_key(|(id, _)| *id);
        codes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(model: u64, ids: &[&str]) -> MeaningCodes {
        let codes = Arc::new(SentenceCodes::new(&[1.0, 0.0], 2));
        let by_id = (ids.iter())
            .map(|id| {
                (
                    id.to_string(),
                    ReferenceCodes {
                        made_from: model,
                        codes: Arc::clone(&codes),
                    },
                )
            })
            .collect();
        MeaningCodes { by_id }
    }

    #[test]
    fn codes_are_adopted_as_kept_and_never_over_those_held() {
        let mut held = codes(7, &["a"]);
        held.adopt(codes(8, &["b"]), |_, c| c.made_from == 7);
        assert_eq!(held.sorted().len(), 1);
        held.adopt(codes(9, &["c", "a"]), |_, _| true);
        let models: Vec<(&str, u64)> = (held.sorted().iter())
            .map(|(id, c)| (*id, c.made_from))
            .collect();
        assert_eq!(models, [("a", 7), ("c", 9)]);
    }
}
