//! The references' sentence codes between a checker and its saved index: written from the model's
//! codes, or from the bytes a saved index brought while no model is given (an engine without the
//! model keeps them unread, for its next save); read back into the model's when it is given.

use std::borrow::Cow;

#[cfg(feature = "translated")]
use super::meaning_codes::MeaningCodes;
use super::Checker;
#[cfg(feature = "translated")]
use crate::store::meaning_record;

impl Checker {
    /// The bytes of the references' sentence codes, to save (none: no codes).
    pub(crate) fn codes_bytes(&self) -> Cow<'_, [u8]> {
        #[cfg(feature = "translated")]
        if let Some(translation) = &self.translation {
            return Cow::Owned(meaning_record::encode(&translation.codes()));
        }
        Cow::Borrowed(&self.saved_codes)
    }

    /// Keeps the sentence codes' `bytes` of a saved index: read now by an engine with the
    /// model (an error says what does not fit), kept unread otherwise.
    pub(crate) fn keep_saved_codes(&mut self, bytes: Vec<u8>) -> Result<(), String> {
        #[cfg(feature = "translated")]
        {
            let codes = meaning_record::decode(&bytes)?;
            if let Some(translation) = &self.translation {
                translation.adopt(codes, |id| self.text_of(id));
                return Ok(());
            }
        }
        self.saved_codes = bytes;
        Ok(())
    }

    /// Adds the sentence codes of `other`, a set merged into this one: to the model's, those
    /// made from it and their text; without a model, `other`'s bytes when this set has none (a
    /// set of both keeps its own, and the model encodes the others again).
    pub(crate) fn adopt_codes_of(&mut self, other: &Checker) {
        #[cfg(feature = "translated")]
        if let Some(translation) = &self.translation {
            let codes = match &other.translation {
                Some(theirs) => theirs.codes(),
                None => meaning_record::decode(&other.saved_codes).unwrap_or_default(),
            };
            translation.adopt(codes, |id| self.text_of(id));
            return;
        }
        if self.saved_codes.is_empty() {
            self.saved_codes = other.codes_bytes().into_owned();
        }
    }

    /// The codes held (the model's, or the saved bytes read), the checker left without them.
    #[cfg(feature = "translated")]
    pub(super) fn take_codes(&mut self) -> MeaningCodes {
        match self.translation.take() {
            Some(translation) => translation.codes(),
            // Read when the index was: bytes that do not read have no codes to give.
            None => {
                meaning_record::decode(&std::mem::take(&mut self.saved_codes)).unwrap_or_default()
            }
        }
    }

    /// The text of the reference `id`, if the set holds it and it reads.
    #[cfg(feature = "translated")]
    pub(super) fn text_of(&self, id: &str) -> Option<String> {
        let position = self.position_of(id)?;
        let text = self.entries[position].reference.text().ok()?;
        Some(text.into_owned())
    }
}
