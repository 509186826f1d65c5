//! plagscope's sentence model for JavaScript: the only crate that knows wasm-bindgen on the
//! model's side. A module of its own, loaded only when translated and reworded copies are looked
//! for, so the engine's module does not grow by it. It takes the model file's bytes already
//! inflated (browsers and Node inflate gzip natively, and faster).

#![cfg(target_arch = "wasm32")]
#![deny(missing_docs)]

use js_sys::{Array, Float32Array, Reflect};
use plagscope::Error;
use plagscope_model::{Encoder, DIMENSIONS};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// A loaded sentence encoder.
#[wasm_bindgen]
pub struct SentenceModel {
    encoder: Encoder,
}

#[wasm_bindgen]
impl SentenceModel {
    /// The encoder in a model file's inflated bytes; a `PLAGSCOPE_INVALID_MODEL` error for
    /// anything else.
    #[wasm_bindgen(constructor)]
    pub fn new(bytes: &[u8]) -> Result<SentenceModel, JsError> {
        let encoder = Encoder::from_bytes(bytes).map_err(to_js_error)?;
        Ok(SentenceModel { encoder })
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
            let _ = Reflect::set(&object, &key.into(), &value.into());
        }
        object
    }

    /// The unit vectors of `sentences` (an array of strings), 512 values each, one after another.
    pub fn encode(&self, sentences: Array) -> Result<Float32Array, JsError> {
        let texts = sentences
            .iter()
            .enumerate()
            .map(|(i, value)| {
                value.as_string().ok_or_else(|| {
                    let error =
                        Error::input("sentences", format!("sentences[{i}] is not a string"));
                    to_js_error(error)
                })
            })
            .collect::<Result<Vec<String>, JsError>>()?;
        Ok(Float32Array::from(self.encoder.encode(&texts).as_slice()))
    }
}

fn to_js_error(error: Error) -> JsError {
    let js = JsError::new(&error.to_string());
    let value: JsValue = js.clone().into();
    let _ = Reflect::set(&value, &"code".into(), &error.code().as_str().into());
    let _ = Reflect::set(&value, &"reason".into(), &error.reason().into());
    js
}
