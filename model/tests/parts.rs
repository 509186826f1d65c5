//! The parts of the model file (`examples/make-model.rs`): the rows of the other languages'
//! scripts, loaded beside the main file only when asked for. With them, a Russian, Japanese or
//! Korean sentence lands near its English translation; without them, its pieces are unknown and
//! it does not. A part that names pieces the vocabulary lacks is refused.
//!
//! Needs `node scripts/model.mjs` (scripts/test.sh runs it first). The sentences were written for
//! this test (ground truth by construction).

use std::io::Read;

use plagscope::ErrorCode;
use plagscope_model::{similarity, Encoder, DIMENSIONS};

fn inflated(name: &str) -> Vec<u8> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../target/model")
        .join(name);
    let file = std::fs::File::open(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; run `node scripts/model.mjs`", path.display()));
    let mut bytes = Vec::new();
    flate2::read::GzDecoder::new(file)
        .read_to_end(&mut bytes)
        .expect("inflate");
    bytes
}

const PARTS: [&str; 5] = ["cyrillic", "japanese", "korean", "arabic", "thai"];

/// (sentence, its English translation)
const PAIRS: [(&str, &str); 3] = [
    (
        "Старая мельница на реке работала больше двухсот лет.",
        "The old mill on the river worked for more than two hundred years.",
    ),
    (
        "私たちは毎朝駅まで歩いて行きます。",
        "We walk to the station every morning.",
    ),
    (
        "도서관은 일요일에도 문을 엽니다.",
        "The library is open on Sundays too.",
    ),
];

fn cosines(encoder: &Encoder) -> Vec<f32> {
    PAIRS
        .iter()
        .map(|(other, english)| {
            let vectors = encoder.encode(&[other, english]);
            similarity(&vectors[..DIMENSIONS], &vectors[DIMENSIONS..])
        })
        .collect()
}

#[test]
fn parts_bring_their_languages_near_their_translations() {
    let main = inflated("use-m3.safetensors.gz");
    let parts: Vec<Vec<u8>> = PARTS
        .iter()
        .map(|p| inflated(&format!("use-m3.{p}.safetensors.gz")))
        .collect();
    let slices: Vec<&[u8]> = parts.iter().map(Vec::as_slice).collect();
    let with = Encoder::with_parts(&main, &slices).expect("the parts");
    let without = Encoder::from_bytes(&main).expect("the main file");
    let (near, far) = (cosines(&with), cosines(&without));
    println!("with the parts {near:?}, without {far:?}");
    for ((pair, n), f) in PAIRS.iter().zip(&near).zip(&far) {
        assert!(*n > 0.6 && *n > f + 0.2, "{pair:?}: {n} with, {f} without");
    }
    assert_eq!(
        with.about().get("parts").map(String::as_str),
        Some("cyrillic, japanese, korean, arabic, thai")
    );
    // A Latin sentence reads the same with or without them.
    let english = "The library is open on Sundays too.";
    assert_eq!(with.encode(&[english]), without.encode(&[english]));
}

#[test]
fn a_part_that_is_not_one_is_refused() {
    let main = inflated("use-m3.safetensors.gz");
    let error = Encoder::with_parts(&main, &[main.as_slice()])
        .err()
        .expect("the main file is no part");
    assert_eq!(error.code(), ErrorCode::InvalidModel, "{error}");
    let error = Encoder::with_parts(&main, &[b"not a model file".as_slice()])
        .err()
        .expect("refused");
    assert_eq!(error.code(), ErrorCode::InvalidModel, "{error}");
}
