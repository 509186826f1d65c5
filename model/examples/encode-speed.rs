//! Sentences encoded per second by the Rust port, natively, for `bench/model.mjs`:
//!
//! `cargo run --release -p plagscope-model --example encode-speed -- <model.safetensors.gz> <sentences.txt> [library.txt]`
//!
//! One sentence a line. With a library, its sentences first, once, by the freshly loaded encoder
//! (what adding references costs); then one warm-up pass over the sentences and the median of
//! three timed passes. Prints JSON: `{ "load": seconds, "sentences", "pieces", "seconds",
//! "library": seconds }`.

use std::io::Read;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (model, sentences, library) = match args.as_slice() {
        [model, sentences] => (model, sentences, None),
        [model, sentences, library] => (model, sentences, Some(library)),
        _ => {
            eprintln!("usage: encode-speed <model.safetensors.gz> <sentences.txt> [library.txt]");
            std::process::exit(2);
        }
    };
    let started = Instant::now();
    let mut bytes = Vec::new();
    let file = std::fs::File::open(model).expect("the model file");
    flate2::read::GzDecoder::new(file)
        .read_to_end(&mut bytes)
        .expect("inflate");
    let encoder = plagscope_model::Encoder::from_bytes(&bytes).expect("a model file");
    let load = started.elapsed().as_secs_f64();
    let library_seconds = library.map(|path| {
        let text = std::fs::read_to_string(path).expect("the library");
        let lines: Vec<&str> = text.lines().collect();
        let started = Instant::now();
        std::hint::black_box(encoder.encode(&lines));
        started.elapsed().as_secs_f64()
    });
    let text = std::fs::read_to_string(sentences).expect("the sentences");
    let sentences: Vec<&str> = text.lines().collect();
    let pieces: usize = sentences.iter().map(|s| encoder.pieces(s).len()).sum();
    encoder.encode(&sentences);
    let mut times: Vec<f64> = (0..3)
        .map(|_| {
            let started = Instant::now();
            std::hint::black_box(encoder.encode(&sentences));
            started.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    let library = library_seconds.map_or(String::new(), |s| format!(",\"library\":{s}"));
    println!(
        "{{\"load\":{load},\"sentences\":{},\"pieces\":{pieces},\"seconds\":{}{library}}}",
        sentences.len(),
        times[1]
    );
}
