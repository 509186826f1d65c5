//! Throughput of the text pipeline on real text, next to bare `unicode_words()` as the floor.
//!
//! Run with `npm run bench` (which extracts the corpus first) or `cargo bench --bench text_pipeline`.
//! Every stage runs over the same documents in the same process; each figure is the median of
//! several runs, and the ratio to the floor is what to compare across machines.

#[path = "../tests/common/mod.rs"]
mod common;
mod record;

use std::hint::black_box;
use std::time::Instant;

use plagscope::sketch::{char_shingles, default_char_k, guarantee_window, winnow, word_shingles};
use plagscope::text::tokenize;
use unicode_segmentation::UnicodeSegmentation;

const RUNS: usize = 5;

/// One measured stage: the work done on one document (its result is kept from the optimizer).
type Stage = fn(&str) -> usize;

/// Median seconds of `RUNS` runs of `work` over all `documents`.
fn median_seconds(documents: &[String], work: impl Fn(&str) -> usize) -> f64 {
    let mut times: Vec<f64> = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            let mut checksum = 0usize;
            for document in documents {
                checksum = checksum.wrapping_add(work(document));
            }
            black_box(checksum);
            start.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[RUNS / 2]
}

fn floor(text: &str) -> usize {
    text.unicode_words().count()
}

fn tokens(text: &str) -> usize {
    tokenize(text).tokens.len()
}

fn word_fingerprints(text: &str) -> usize {
    let shingles = word_shingles(&tokenize(text), 5).expect("valid n");
    winnow(
        &shingles,
        guarantee_window(5, 12).expect("valid thresholds"),
    )
    .len()
}

fn char_fingerprints(text: &str) -> usize {
    let analysis = tokenize(text);
    let shingles = char_shingles(&analysis, default_char_k(&analysis)).expect("valid k");
    winnow(&shingles, 8).len()
}

fn main() {
    let mut corpora: Vec<(&str, Vec<String>)> = Vec::new();
    for language in ["en", "zh"] {
        let documents: Vec<String> = common::corpus(language)
            .into_iter()
            .map(|(_, t)| t)
            .collect();
        corpora.push((language, documents));
    }
    let all: Vec<String> = corpora
        .iter()
        .flat_map(|(_, d)| d.iter().cloned())
        .collect();
    corpora.push(("all", all));

    record::say!(
        "text pipeline throughput (median of {RUNS} runs; ratio = stage time / unicode_words time)"
    );
    for (language, documents) in &corpora {
        let bytes: usize = documents.iter().map(String::len).sum();
        let megabytes = bytes as f64 / 1e6;
        let title = format!(
            "[{language}] {} documents, {megabytes:.1} MB",
            documents.len()
        );
        println!("\n{title}");
        record::table(title, &["stage", "MB/s", "time over the floor's"]);
        let floor = median_seconds(documents, floor);
        let stages: [(&str, Stage); 4] = [
            ("unicode_words() (floor)", self::floor),
            ("normalize + tokenize", tokens),
            ("+ word 5-shingles + winnow (t=12)", word_fingerprints),
            ("+ char k-shingles + winnow (w=8)", char_fingerprints),
        ];
        for (name, work) in stages.iter() {
            let seconds = if name.contains("floor") {
                floor
            } else {
                median_seconds(documents, work)
            };
            let (rate, ratio) = (megabytes / seconds, seconds / floor);
            println!("  {name:<36} {rate:>8.1} MB/s   {ratio:>5.2}x the floor's time");
            record::row(&[
                name.to_string(),
                format!("{rate:.1}"),
                format!("{ratio:.2}x"),
            ]);
        }
    }
    record::write();
}
