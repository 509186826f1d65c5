//! Throughput of MinHash (both schemes, k = 128) and SimHash on real text, in MB of source text per
//! second, with the text pipeline (tokenize + word 5-shingles) measured in the same run as the
//! reference. Run with `npm run bench` or `cargo bench --bench sketches`.

#[path = "../tests/common/mod.rs"]
mod common;
mod record;

use std::hint::black_box;
use std::time::Instant;

use plagscope::sketch::minhash::{MinHashScheme, MinHasher, DEFAULT_NUM_PERM};
use plagscope::sketch::simhash::{text_simhash, IdfTable, TermWeighting};
use plagscope::sketch::word_shingles;
use plagscope::text::{tokenize, Analysis};

const RUNS: usize = 5;

fn median_seconds(mut run: impl FnMut() -> u64) -> f64 {
    let mut times: Vec<f64> = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            black_box(run());
            start.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[RUNS / 2]
}

fn main() {
    let texts: Vec<String> = ["en", "zh"]
        .iter()
        .flat_map(|language| common::corpus(language).into_iter().map(|(_, text)| text))
        .collect();
    let megabytes = texts.iter().map(String::len).sum::<usize>() as f64 / 1e6;
    let analyses: Vec<Analysis> = texts.iter().map(|t| tokenize(t)).collect();
    let shingle_hashes: Vec<Vec<u64>> = analyses
        .iter()
        .map(|a| {
            word_shingles(a, 5)
                .unwrap()
                .into_iter()
                .map(|s| s.hash)
                .collect()
        })
        .collect();
    let mut idf = IdfTable::new();
    analyses.iter().for_each(|a| idf.add_document(a));
    let one = MinHasher::new(DEFAULT_NUM_PERM, MinHashScheme::OnePermutation).unwrap();
    let classic = MinHasher::new(DEFAULT_NUM_PERM, MinHashScheme::Classic).unwrap();

    record::say!(
        "sketch throughput on {} documents, {megabytes:.1} MB of real English and Chinese text \
         (median of {RUNS} runs; MB of source text per second)",
        texts.len()
    );
    let pipeline = median_seconds(|| {
        texts
            .iter()
            .map(|t| word_shingles(&tokenize(t), 5).unwrap().len() as u64)
            .sum()
    });
    let sketch = |hasher: &MinHasher| {
        median_seconds(|| {
            shingle_hashes
                .iter()
                .map(|h| hasher.signature(h).values[0] as u64)
                .sum()
        })
    };
    let one_seconds = sketch(&one);
    let classic_seconds = sketch(&classic);
    let simhash = |weighting: TermWeighting| {
        median_seconds(|| {
            analyses
                .iter()
                .map(|a| text_simhash(a, weighting, Some(&idf)).unwrap())
                .fold(0, |x, y| x ^ y)
        })
    };
    let simhash_count = simhash(TermWeighting::Count);
    let simhash_weighted = simhash(TermWeighting::TfIdfLength);
    record::table("", &["sketch", "MB/s of source text"]);
    let row = |name: &str, seconds: f64| {
        println!("  {name:<52} {:>9.1} MB/s", megabytes / seconds);
        record::row(&[name.to_string(), format!("{:.1}", megabytes / seconds)]);
    };
    row(
        "text pipeline: tokenize + word 5-shingles (reference)",
        pipeline,
    );
    row(
        "MinHash k=128, one permutation + densification",
        one_seconds,
    );
    row(
        "MinHash k=128, classic (128 hash functions)",
        classic_seconds,
    );
    row("SimHash 64-bit, count weights", simhash_count);
    row("SimHash 64-bit, tf-idf-length weights", simhash_weighted);
    record::say!(
        "  one-permutation MinHash is {:.1}x the classic scheme's throughput; \
         text -> signature end to end: {:.1} vs {:.1} MB/s",
        classic_seconds / one_seconds,
        megabytes / (pipeline + one_seconds),
        megabytes / (pipeline + classic_seconds)
    );
    record::write();
}
