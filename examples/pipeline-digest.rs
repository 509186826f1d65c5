//! A digest of everything the text pipeline gives for the real-text corpus (normalized text, token
//! spans and ranges, evasion report), and its throughput: run it before and after a speed-up of the
//! pipeline, the digests must be equal.
//!
//! ```sh
//! cargo run --release --example pipeline-digest -- en   # or zh; needs target/corpus (npm run setup)
//! ```

use std::hash::{Hash, Hasher};
fn main() {
    let lang = std::env::args().nth(1).unwrap_or_else(|| "en".into());
    let dir = format!("target/corpus/{lang}");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    let texts: Vec<String> = paths
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    let mut digest = std::collections::hash_map::DefaultHasher::new();
    for x in &texts {
        let a = plagscope::text::tokenize(x);
        a.normalized.hash(&mut digest);
        for t in &a.tokens {
            (t.span.start, t.span.end, t.norm_start, t.norm_end).hash(&mut digest);
        }
        format!("{:?}", a.evasion).hash(&mut digest);
    }
    let t = std::time::Instant::now();
    let mut bytes = 0;
    for _ in 0..3 {
        for x in &texts {
            std::hint::black_box(plagscope::text::tokenize(x));
            bytes += x.len();
        }
    }
    println!(
        "[{lang}] {} documents: digest {:016x}, {:.1} MB/s (three passes of analyze)",
        texts.len(),
        digest.finish(),
        bytes as f64 / 1e6 / t.elapsed().as_secs_f64()
    );
}
