//! Throughput of the text pipeline on real text, next to bare `unicode_words()` as the floor.
//!
//! Run with `npm run bench` (which extracts the corpus first) or `cargo bench --bench text_pipeline`.
//! Every stage runs over the same documents in the same process; each figure is the median of
//! several runs, and the ratio to the floor is what to compare across machines.

#[path = "../tests/common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::Instant;

use plagscope::sketch::{char_shingles, default_char_k, guarantee_window, winnow, word_shingles};
use plagscope::text::tokenize;
use unicode_segmentation::UnicodeSegmentation;

const RUNS: usize = 5;

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

    let window = guarantee_window(5, 12).expect("valid thresholds");
    println!(
        "text pipeline throughput (median of {RUNS} runs; ratio = stage time / unicode_words time)"
    );
    for (language, documents) in &corpora {
        let bytes: usize = documents.iter().map(String::len).sum();
        let megabytes = bytes as f64 / 1e6;
        println!(
            "\n[{language}] {} documents, {megabytes:.1} MB",
            documents.len()
        );
        let floor = median_seconds(documents, |d| d.unicode_words().count());
        let stages: [(&str, Box<dyn Fn(&str) -> usize>); 4] = [
            (
                "unicode_words() (floor)",
                Box::new(|d| d.unicode_words().count()),
            ),
            (
                "normalize + tokenize",
                Box::new(|d| tokenize(d).tokens.len()),
            ),
            (
                "+ word 5-shingles + winnow (t=12)",
                Box::new(move |d| {
                    let analysis = tokenize(d);
                    let shingles = word_shingles(&analysis, 5).expect("valid n");
                    winnow(&shingles, window).len()
                }),
            ),
            (
                "+ char k-shingles + winnow (w=8)",
                Box::new(|d| {
                    let analysis = tokenize(d);
                    let shingles =
                        char_shingles(&analysis, default_char_k(&analysis)).expect("valid k");
                    winnow(&shingles, 8).len()
                }),
            ),
        ];
        for (name, work) in stages.iter() {
            let seconds = if name.contains("floor") {
                floor
            } else {
                median_seconds(documents, work)
            };
            println!(
                "  {name:<36} {:>8.1} MB/s   {:>5.2}x the floor's time",
                megabytes / seconds,
                seconds / floor
            );
        }
    }
}
