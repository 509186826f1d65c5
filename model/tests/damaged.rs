//! A damaged model file is a clear error, never a panic: the file may come from anywhere a user
//! points `--model` or a URL at. Truncations, a foreign header, and bytes flipped inside the
//! tokenizer's own file (a protobuf the SentencePiece reader parses) and inside the tables.

use std::io::Read;

use plagscope::ErrorCode;
use plagscope_model::{names, read_file, Encoder};

fn inflated() -> Vec<u8> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../target/model/use-m3.safetensors.gz");
    let file = std::fs::File::open(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; run `node scripts/model.mjs`", path.display()));
    let mut bytes = Vec::new();
    flate2::read::GzDecoder::new(file)
        .read_to_end(&mut bytes)
        .unwrap();
    bytes
}

/// Where tensor `name`'s data lies in the file.
fn data_range(bytes: &[u8], name: &str) -> std::ops::Range<usize> {
    let header_len = u64::from_le_bytes(bytes[..8].try_into().unwrap()) as usize;
    let header: serde_json::Value = serde_json::from_slice(&bytes[8..8 + header_len]).unwrap();
    let offsets = header[name]["data_offsets"].as_array().unwrap();
    let at = |i: usize| 8 + header_len + offsets[i].as_u64().unwrap() as usize;
    at(0)..at(1)
}

#[test]
fn truncated_and_foreign_files_are_refused() {
    let bytes = inflated();
    for cut in [0, 7, 8, 100, 1_000, bytes.len() / 3, bytes.len() - 1] {
        let error = Encoder::from_bytes(&bytes[..cut]).err().expect("refused");
        assert_eq!(
            error.code(),
            ErrorCode::InvalidModel,
            "cut at {cut}: {error}"
        );
    }
    assert!(read_file(b"\x10\0\0\0\0\0\0\0{\"a\":1}        ").is_err());
}

#[test]
fn flipped_bytes_are_an_error_or_a_working_model() {
    let bytes = inflated();
    let tokenizer = data_range(&bytes, names::TOKENIZER);
    let rows = data_range(&bytes, names::PIECE_ROWS);
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    for round in 0..24 {
        let mut damaged = bytes.clone();
        let range = if round % 2 == 0 {
            tokenizer.clone()
        } else {
            rows.clone()
        };
        for _ in 0..1 + round % 4 {
            let at = range.start + next(range.len());
            damaged[at] ^= 1 << next(8);
        }
        match Encoder::from_bytes(&damaged) {
            Err(error) => assert_eq!(error.code(), ErrorCode::InvalidModel, "{error}"),
            Ok(encoder) => assert_eq!(encoder.encode(&["A sentence.", "一个句子。"]).len(), 1024),
        }
    }
}

#[test]
fn absurd_weights_are_refused() {
    // A LayerNorm gain of 1e30, or one that is not a number, would load and quietly change every
    // similarity (issue 43, item 19); the real weights stay within ±20.
    let bytes = inflated();
    let gains = data_range(&bytes, "ln_g");
    for value in [1e30f32, f32::NAN, f32::INFINITY] {
        let mut damaged = bytes.clone();
        damaged[gains.start..gains.start + 4].copy_from_slice(&value.to_le_bytes());
        let error = Encoder::from_bytes(&damaged).err().expect("refused");
        assert_eq!(error.code(), ErrorCode::InvalidModel, "{error}");
        assert!(error.to_string().contains("ln_g"), "{error}");
    }
}
