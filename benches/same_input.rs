//! The native side of the browser benchmark (bench/browser/): the very operations the bench page
//! times in Chromium through the npm package, on the very input it reads (target/bench/input/,
//! written by bench/browser/input.mjs), so bench/browser/run.mjs can print wasm/native ratios.
//! Per document: `minhash_of`, `simhash_of`, `winnow_of`, `shingles_of` (what the package's
//! functions run), `minhash_of_hashes` over hashes made beforehand and `analyze` + `report()` (the package's `analyze` also converts the report to
//! JavaScript objects, which has no native counterpart). The checker: index build, checks of the
//! 5,000-word paper (median and p95), export and import, at 1,000 and 10,000 references; `pairs()`.
//! Writes target/bench/native-same-input.json. Run by `npm run bench`, or
//! `node bench/browser/input.mjs && cargo bench --bench same_input`.

use std::fs;
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

use plagscope::checker::{CheckOptions, Checker, CheckerOptions, PairsOptions, Reference};
use plagscope::sketch::{
    minhash_of, minhash_of_hashes, shingle_hashes_of, shingles_of, simhash_of, winnow_of,
    MinHashOptions, ShingleOptions, SimHashOptions, WinnowOptions,
};
use plagscope::store::{export_index, import_index};
use plagscope::text::{analyze, TextOptions};
use serde_json::{json, Value};

const RUNS: usize = 5;
const CHECKS: usize = 20;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/bench")
}

/// The records of target/bench/input/NAME.txt (separated by U+001E).
fn input(name: &str) -> Vec<String> {
    let path = dir().join("input").join(format!("{name}.txt"));
    let text = fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run `node bench/browser/input.mjs` first",
            path.display()
        )
    });
    text.split('\u{1e}').map(str::to_owned).collect()
}

fn seconds(start: Instant) -> f64 {
    start.elapsed().as_secs_f64()
}

fn sorted(mut times: Vec<f64>) -> Vec<f64> {
    times.sort_by(f64::total_cmp);
    times
}

/// The median time of `RUNS` runs of `operation` over every item (a document, or what was made of
/// one beforehand), one call each; `bytes` is the documents' UTF-8 size.
fn per_item<T>(items: &[T], bytes: usize, operation: impl Fn(&T) -> usize) -> Value {
    let times = sorted(
        (0..RUNS)
            .map(|_| {
                let start = Instant::now();
                items.iter().for_each(|item| {
                    black_box(operation(item));
                });
                seconds(start)
            })
            .collect(),
    );
    json!({ "bytes": bytes, "seconds": times[RUNS / 2], "times": times })
}

fn throughput(name: &str) -> Value {
    let documents = input(name);
    let text = TextOptions::default();
    let (mh, sh, wn, sg) = (
        MinHashOptions::default(),
        SimHashOptions::default(),
        WinnowOptions::default(),
        ShingleOptions::default(),
    );
    let bytes: usize = documents.iter().map(String::len).sum();
    let mut out = serde_json::Map::new();
    let mut record = |label: &str, result: Value| {
        let rate = result["bytes"].as_f64().unwrap() / 1e6 / result["seconds"].as_f64().unwrap();
        println!("  {label:<20} {name}  {rate:>8.1} MB/s");
        out.insert(label.to_owned(), result);
    };
    let mut measure = |label: &str, operation: &dyn Fn(&String) -> usize| {
        record(label, per_item(&documents, bytes, operation));
    };
    measure("minhash", &|d| minhash_of(d, &mh).unwrap().len());
    measure("simhash", &|d| simhash_of(d, &sh).unwrap().len());
    measure("winnow", &|d| winnow_of(d, &wn).unwrap().len());
    measure("analyze", &|d| {
        analyze(d, &text).unwrap().report().tokens.len()
    });
    measure("shingles", &|d| shingles_of(d, &sg).unwrap().len());
    // MinHash alone, over the word 5-shingle hashes made beforehand, as the page does.
    let hashes: Vec<Vec<u64>> = documents
        .iter()
        .map(|d| shingle_hashes_of(d, &sg).unwrap())
        .collect();
    let of_hashes = per_item(&hashes, bytes, |h| minhash_of_hashes(h, &mh).unwrap().len());
    record("minhash of hashes", of_hashes);
    Value::Object(out)
}

/// Build, checks, export and import at `count` references (texts cycled with distinct ids).
fn checker(count: usize) -> Value {
    let texts = input("refs");
    let paper = input("paper").remove(0);
    let start = Instant::now();
    let mut index = Checker::new(CheckerOptions::default()).unwrap();
    for i in 0..count {
        let text = texts[i % texts.len()].clone();
        index
            .add_reference(Reference::new(format!("ref-{i}"), text))
            .unwrap();
    }
    let build = seconds(start);
    let words: usize = index.references().iter().map(|r| r.words).sum();
    let options = CheckOptions::default();
    let report = index.check(&paper, &options).unwrap();
    let times = sorted(
        (0..CHECKS)
            .map(|_| {
                let start = Instant::now();
                black_box(index.check(&paper, &options).unwrap());
                seconds(start)
            })
            .collect(),
    );
    let start = Instant::now();
    let saved = export_index(&index).unwrap();
    let export = seconds(start);
    let start = Instant::now();
    let loaded = import_index(&saved).unwrap();
    let import = seconds(start);
    assert_eq!(loaded.len(), index.len());
    let p95 = times[(CHECKS * 95).div_ceil(100) - 1];
    println!(
        "  {count} references ({words} words): build {build:.2} s, check median {:.1} ms, p95 {:.1} ms, \
         {} sources; saved {:.2} B/word, export {export:.3} s, import {import:.3} s",
        times[CHECKS / 2] * 1e3,
        p95 * 1e3,
        report.sources.len(),
        saved.len() as f64 / words as f64
    );
    json!({
        "references": count, "referenceWords": words, "buildSeconds": build,
        "checkMedian": times[CHECKS / 2], "checkP95": p95, "checks": times,
        "sources": report.sources.len(), "exportBytes": saved.len(),
        "exportSeconds": export, "importSeconds": import,
    })
}

fn pairs() -> Value {
    let documents = input("pairs");
    let mut index = Checker::new(CheckerOptions::default()).unwrap();
    for (i, text) in documents.iter().enumerate() {
        index
            .add_reference(Reference::new(format!("doc-{i}"), text.clone()))
            .unwrap();
    }
    let mut found = 0;
    let times = sorted(
        (0..3)
            .map(|_| {
                let start = Instant::now();
                found = index.pairs(&PairsOptions::default()).unwrap().len();
                seconds(start)
            })
            .collect(),
    );
    println!(
        "  pairs() over {} documents: {:.2} s, {found} pairs",
        documents.len(),
        times[1]
    );
    json!({ "documents": documents.len(), "seconds": times[1], "times": times, "pairs": found })
}

fn main() {
    println!("native, same input as the browser benchmark (target/bench/input), median of {RUNS}");
    let results = json!({
        "throughput": { "en": throughput("en"), "zh": throughput("zh") },
        "checker": [checker(1_000), checker(10_000)],
        "pairs": pairs(),
    });
    let path = dir().join("native-same-input.json");
    fs::write(&path, serde_json::to_string_pretty(&results).unwrap()).unwrap();
    println!("  written to {}", path.display());
}
