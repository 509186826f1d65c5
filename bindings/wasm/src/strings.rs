//! Strings from JS into the engine, encoded to UTF-8 by the JS engine's own
//! `TextEncoder.encodeInto`, straight into the engine's memory. wasm-bindgen's `as_string` copies
//! the ASCII start of a string one character at a time in JS, which took 15% of `minhash(text)`'s
//! time on English (a Node profile of the wasm build); `encodeInto` is one native pass. The bytes
//! are the same: `as_string` also hands everything from the first non-ASCII character to
//! `encodeInto`, which writes a lone surrogate as U+FFFD.

use js_sys::{JsString, Uint8Array};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// The platform's UTF-8 encoder (every browser, Node 11 and later).
    type TextEncoder;
    #[wasm_bindgen(constructor)]
    fn new() -> TextEncoder;
    /// Encodes as much of `source` as fits into `destination`, whole characters only.
    #[wasm_bindgen(method, js_name = encodeInto)]
    fn encode_into(this: &TextEncoder, source: &JsString, destination: &Uint8Array) -> Encoded;

    /// What `encodeInto` did: UTF-16 units read, bytes written.
    type Encoded;
    #[wasm_bindgen(method, getter)]
    fn read(this: &Encoded) -> u32;
    #[wasm_bindgen(method, getter)]
    fn written(this: &Encoded) -> u32;
}

/// Strings longer than this (in UTF-16 units) get room for ASCII only, not for the worst case.
const WORST_CASE_ROOM_UNITS: usize = 1 << 22;

/// `value` as a Rust string, or `None` if it is not a JS string.
pub(super) fn js_string(value: &JsValue) -> Option<String> {
    let string = value.dyn_ref::<JsString>()?;
    let units = string.length() as usize;
    // Room for the worst case, three bytes per UTF-16 unit (a character of the Basic Multilingual
    // Plane is one unit and up to three bytes, one beyond it two units and four bytes), then only
    // what was written is kept, as a reference's text is stored as it comes: one pass of the
    // encoder (a first pass with room for ASCII only cost Chinese 5%). A longer string, so that
    // one over the size limit is not given three times its room, gets room for ASCII, and if it
    // holds more, wasm-bindgen's way.
    let room = if units <= WORST_CASE_ROOM_UNITS {
        units * 3
    } else {
        units
    };
    let mut bytes = Vec::with_capacity(room);
    let read = encode_into(&TextEncoder::new(), string, &mut bytes);
    if read < units {
        drop(bytes);
        return value.as_string();
    }
    bytes.shrink_to_fit();
    debug_assert!(std::str::from_utf8(&bytes).is_ok());
    // SAFETY: `encodeInto` writes UTF-8 and only whole characters. wasm-bindgen's `as_string`
    // takes the same encoder's bytes unchecked too; checking them cost Chinese 5%.
    Some(unsafe { String::from_utf8_unchecked(bytes) })
}

/// Encodes what fits of `source` into the spare capacity of `bytes`, which it extends; returns the
/// UTF-16 units read.
fn encode_into(encoder: &TextEncoder, source: &JsString, bytes: &mut Vec<u8>) -> usize {
    let spare = bytes.spare_capacity_mut();
    // SAFETY: the view covers the vector's spare capacity and is gone before anything can allocate
    // in (and so grow or move) the engine's memory: only the JS engine runs while it is alive.
    let view = unsafe { Uint8Array::view_mut_raw(spare.as_mut_ptr().cast(), spare.len()) };
    let encoded = encoder.encode_into(source, &view);
    let written = (encoded.written() as usize).min(spare.len());
    // SAFETY: `encodeInto` wrote `written` bytes at the start of the spare capacity.
    unsafe { bytes.set_len(bytes.len() + written) };
    encoded.read() as usize
}

/// Refuses an identifier (a reference's id, an id in a list of them, a file's path) that holds a
/// lone surrogate: the engine stores UTF-8, where it would become U+FFFD, and two ids that differ
/// only there would then name one reference. `text` is `value` as read; only an identifier with a
/// U+FFFD in it is looked at again, and texts, whose lone surrogates are matched as U+FFFD, never.
pub(super) fn well_formed_identifier(
    path: &str,
    value: &JsValue,
    text: &str,
) -> Result<(), wasm_bindgen::JsError> {
    let identifier = path == "id"
        || path == "path"
        || path.ends_with(".id")
        || path.contains("ignoreReferences");
    let lone = text.contains('\u{FFFD}')
        && value
            .dyn_ref::<JsString>()
            .is_some_and(|s| !s.is_valid_utf16());
    if identifier && lone {
        return Err(crate::errors::invalid(
            path,
            "it holds a lone surrogate (half of a UTF-16 pair), which cannot be stored as written; \
             give the id as well-formed text (String.prototype.toWellFormed() replaces them)",
        ));
    }
    Ok(())
}
