//! Generates the compact Unicode tables the engine embeds, so the wasm carries only what plagscope
//! reads, in the smallest form it can search, rather than the crates' general-purpose tables:
//!
//! - `skeletons.rs`: the UTS #39 confusable skeletons of the letters of the look-alike scripts,
//!   which `lookalikes.rs` finds in the same data (from `unicode-security`);
//! - `scripts.rs`: the `Script` enum of the scripts the text pipeline tells apart, and the runs of
//!   code points per script (from `unicode-script`);
//! - `normalization.rs`: NFKC's decompositions, combining classes, compositions, quick-check and
//!   combining-mark ranges (from `unicode-normalization`);
//! - `case.rs`: the lowercase mappings as runs of characters with one offset (from std); the same
//!   runs hold the look-alike letters' upper cases (`skeletons.rs`) and NFKC's one-character
//!   compatibility decompositions (`normalization.rs`);
//! - `ts_pairs.rs`, `common_chars.rs`: the Traditional -> Simplified pairs (with the Japanese
//!   shinjitai forms composed in) and the 2,500 common characters, packed (from the data files in src/);
//! - `foreign_letters.rs`: the wider table of letters of other scripts that look Latin, packed
//!   (from src/text/data/latin_lookalikes.txt, which scripts/text-tables.mjs writes from decancer);
//! - `background_en.rs`: the English word frequencies of src/sketch/data/background-en.txt, packed.
//!
//! Tests in the library hold each table to its crate, which is a dev-dependency, for every code
//! point.

use std::path::Path;

mod background;
mod case;
mod chinese;
mod foreign;
mod lookalikes;
mod normalization;
mod scripts;
mod skeletons;

fn main() {
    println!("cargo::rerun-if-changed=build");
    println!("cargo::rerun-if-changed=src/text/right_to_left.rs");
    let lookalikes = lookalikes::lookalike_scripts();
    write("skeletons.rs", &skeletons::generate(&lookalikes));
    let kept = scripts::kept(&lookalikes, &foreign::scripts());
    write("scripts.rs", &scripts::generate(&kept, lookalikes.len()));
    write("normalization.rs", &normalization::generate());
    write("case.rs", &case::generate());
    write("ts_pairs.rs", &chinese::traditional_to_simplified_source());
    write("common_chars.rs", &chinese::common_chars_source());
    write("foreign_letters.rs", &foreign::generate());
    write("background_en.rs", &background::generate());
}

/// Writes a generated source file into cargo's `OUT_DIR`.
fn write(name: &str, source: &str) {
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(Path::new(&out).join(name), source).expect("writing OUT_DIR");
}

/// Every Unicode scalar value, in order.
fn all_chars() -> impl Iterator<Item = char> {
    (0..=0x10FFFFu32).filter_map(char::from_u32)
}
