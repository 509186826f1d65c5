//! The wasm engine: every export of `plagscope-wasm` (its `#[wasm_bindgen]` items are
//! `#[no_mangle]`, which a cdylib exports from the crates it links), in a crate that is a cdylib
//! alone so that the release profile's LTO applies to it.

// Linked for its exports, which nothing here names.
pub use plagscope_wasm;
