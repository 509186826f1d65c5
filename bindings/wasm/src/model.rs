//! The sentence model and translated evidence, in the engine built with the `translated` feature
//! (pkg/translated/): `SentenceModel` holds the encoder (its weights loaded once, shared by every
//! checker given it), and `Checker.useSentenceModel` gives a checker the model and the bilingual
//! lexicon for `align.translated`.

use std::sync::Arc;

use js_sys::{Array, Float32Array, Reflect};
use plagscope::lexicon::Lexicon;
use plagscope::{Error, ErrorCode};
use plagscope_model::{Encoder, DIMENSIONS};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::{core, errors, plain, JsChecker};

/// The multilingual sentence encoder (Universal Sentence Encoder Multilingual v3).
#[wasm_bindgen]
pub struct SentenceModel {
    encoder: Arc<Encoder>,
}

#[wasm_bindgen]
impl SentenceModel {
    /// The encoder in a model file's inflated bytes; a `PLAGSCOPE_INVALID_MODEL` error for
    /// anything else.
    #[wasm_bindgen(constructor)]
    pub fn new(bytes: &[u8]) -> Result<SentenceModel, JsError> {
        let encoder = core(Encoder::from_bytes(bytes))?;
        Ok(SentenceModel {
            encoder: Arc::new(encoder),
        })
    }

    /// The encoder of a model file's inflated `bytes` with the rows of its `parts` (an array of
    /// the inflated part files: the pieces of other scripts).
    #[wasm_bindgen(js_name = withParts)]
    pub fn with_parts(
        bytes: &[u8],
        #[wasm_bindgen(unchecked_param_type = "Uint8Array[]")] parts: JsValue,
    ) -> Result<SentenceModel, JsError> {
        let array: Array = parts.dyn_into().map_err(|v| {
            errors::invalid(
                "parts",
                format!(
                    "expected an array of Uint8Array, got {}",
                    plain::describe(&v)
                ),
            )
        })?;
        let mut files = Vec::new();
        for part in array.iter() {
            let part: js_sys::Uint8Array = part.dyn_into().map_err(|v| {
                errors::invalid(
                    "parts",
                    format!("expected a Uint8Array, got {}", plain::describe(&v)),
                )
            })?;
            files.push(part.to_vec());
        }
        let slices: Vec<&[u8]> = files.iter().map(Vec::as_slice).collect();
        let encoder = core(Encoder::with_parts(bytes, &slices))?;
        Ok(SentenceModel {
            encoder: Arc::new(encoder),
        })
    }

    /// The width of a sentence vector: 512.
    #[wasm_bindgen(getter)]
    pub fn dimensions(&self) -> usize {
        DIMENSIONS
    }

    /// The model file's metadata (name, licence, source, format), as a plain object.
    pub fn about(&self) -> js_sys::Object {
        let object = js_sys::Object::new();
        for (key, value) in self.encoder.about() {
            // Setting a field on a fresh object cannot fail.
            let _ = Reflect::set(&object, &key.into(), &value.into());
        }
        object
    }

    /// The unit vectors of `sentences` (an array of strings), 512 values each, one after another.
    pub fn encode(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string[]")] sentences: JsValue,
    ) -> Result<Float32Array, JsError> {
        let array: Array = sentences.dyn_into().map_err(|v| {
            errors::invalid(
                "sentences",
                format!("expected an array of strings, got {}", plain::describe(&v)),
            )
        })?;
        let texts = array
            .iter()
            .enumerate()
            .map(|(i, value)| {
                value.as_string().ok_or_else(|| {
                    errors::invalid(
                        &format!("sentences[{i}]"),
                        format!("expected a string, got {}", plain::describe(&value)),
                    )
                })
            })
            .collect::<Result<Vec<String>, JsError>>()?;
        Ok(Float32Array::from(self.encoder.encode(&texts).as_slice()))
    }
}

#[wasm_bindgen(js_class = Checker)]
impl JsChecker {
    /// Gives the checker the sentence model and the bilingual lexicon (the lexicon file's bytes),
    /// with which a check with `align.translated` finds translated copies. A damaged lexicon is a
    /// `PLAGSCOPE_INVALID_MODEL` error.
    #[wasm_bindgen(js_name = useSentenceModel)]
    pub fn use_sentence_model(
        &mut self,
        model: &SentenceModel,
        #[wasm_bindgen(unchecked_param_type = "Uint8Array")] lexicon: JsValue,
    ) -> Result<(), JsError> {
        let bytes = lexicon
            .dyn_into::<js_sys::Uint8Array>()
            .map_err(|v| {
                errors::invalid(
                    "lexicon",
                    format!("expected a Uint8Array, got {}", plain::describe(&v)),
                )
            })?
            .to_vec();
        let lexicon = core(
            Lexicon::from_bytes(&bytes).map_err(|e: Error| e.with_code(ErrorCode::InvalidModel)),
        )?;
        self.inner
            .use_sentence_model(model.encoder.clone(), lexicon);
        Ok(())
    }

    /// Encodes the sentences of every reference the model has not encoded yet (nor a saved index
    /// brought), for `align.meaningSearch`, so that no check waits for them; the codes are saved
    /// with the index (`exportIndex`). `onProgress(done, total, 'encoding')` is told of each
    /// reference; throwing from it stops the work, the references encoded so far kept. Returns
    /// how many were encoded: none without a model.
    #[wasm_bindgen(js_name = encodeSentences)]
    pub fn encode_sentences(
        &self,
        #[wasm_bindgen(
            unchecked_optional_param_type = "(done: number, total: number, stage: 'encoding') => void"
        )]
        on_progress: JsValue,
    ) -> Result<usize, JsError> {
        let encoded = crate::progress::with_callback(&on_progress, |progress| {
            self.inner.encode_sentences(progress)
        })?;
        core(encoded)
    }

    /// Whether a sentence model was given (`useSentenceModel`).
    #[wasm_bindgen(getter, js_name = hasSentenceModel)]
    pub fn has_sentence_model(&self) -> bool {
        self.inner.has_sentence_model()
    }
}
