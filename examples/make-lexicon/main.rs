//! Builds the bilingual lexicon file from CC-CEDICT (see `native.rs`). The lexicon is not built for
//! wasm32 (src/lib.rs says why), so neither is this, beyond an empty `main` for the workspace's
//! wasm32 lint.

#[cfg(not(target_arch = "wasm32"))]
mod native;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    native::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}
