//! How well the bilingual lexicon finds translated sentence pairs (see `native.rs`). The lexicon is
//! not built for wasm32 (src/lib.rs says why), so neither is this, beyond an empty `main` for the
//! workspace's wasm32 lint.

#[cfg(not(target_arch = "wasm32"))]
mod native;

fn main() {
    #[cfg(not(target_arch = "wasm32"))]
    native::main();
}
