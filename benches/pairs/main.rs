//! All pairs over a large batch: the product's `Checker::pairs` against comparing every pair, on
//! 5,000 documents of real prose with planted copies (`batch.rs`; the ground truth is how the batch
//! was made). Prints wall times, candidate pairs and recall of the planted pairs per kind.
//!
//! Run with `cargo bench --bench pairs` (the corpus from `npm run setup`; the news articles of
//! `node scripts/corpus.mjs --bench` are used when present). `PAIRS_DOCS` (default 5000) and
//! `PAIRS_PER_KIND` (default 100) size the batch.

mod batch;
#[path = "../../tests/common/mod.rs"]
mod common;
#[path = "../record/mod.rs"]
mod record;

use record::say;
use std::collections::HashSet;
use std::time::Instant;

use plagscope::checker::{
    CandidatePair, Checker, CheckerOptions, PairCandidates, PairReport, PairsOptions, Reference,
};

use batch::{Batch, KINDS};

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .map(|v| {
            v.parse()
                .unwrap_or_else(|_| panic!("{name} must be a number"))
        })
        .unwrap_or(default)
}

fn id(document: usize) -> String {
    format!("doc-{document:05}")
}

/// Recall of the planted pairs per kind (found, planted), in [`KINDS`] order, then overall.
fn recall(batch: &Batch, found: &HashSet<(String, String)>) -> Vec<(usize, usize)> {
    let mut rows = vec![(0, 0); KINDS.len() + 1];
    for &(a, b, kind) in &batch.planted {
        let row = KINDS.iter().position(|&k| k == kind).unwrap();
        let hit = found.contains(&(id(a), id(b))) as usize;
        for r in [row, KINDS.len()] {
            rows[r].0 += hit;
            rows[r].1 += 1;
        }
    }
    rows
}

fn found_pairs(reports: &[PairReport]) -> HashSet<(String, String)> {
    reports
        .iter()
        .map(|p| (p.a.clone().min(p.b.clone()), p.a.clone().max(p.b.clone())))
        .collect()
}

fn print_recall(name: &str, rows: &[(usize, usize)]) {
    let cells: Vec<String> = rows
        .iter()
        .map(|&(found, planted)| format!("{found:>4}/{planted:<4}"))
        .collect();
    println!("  {name:<28} {}", cells.join(" "));
    record::row(&[vec![name.to_string()], cells].concat());
}

/// What the bench measured.
struct Measured {
    reports: Vec<PairReport>,
    pairs_seconds: f64,
    candidates: PairCandidates,
    candidate_seconds: f64,
    brute_seconds: f64,
    /// The planted pairs compared directly: what comparing every pair reports for them.
    brute_reports: Vec<PairReport>,
}

fn main() {
    let count = env_usize("PAIRS_DOCS", 5000);
    let per_kind = env_usize("PAIRS_PER_KIND", 100);
    let start = Instant::now();
    let batch = batch::generate(count, per_kind, 0x5eed_0011);
    let words: usize = batch
        .documents
        .iter()
        .map(|d| d.split_whitespace().count())
        .sum();
    say!(
        "batch: {count} documents, {words} words, {} planted pairs ({:.1} s to generate)",
        batch.planted.len(),
        start.elapsed().as_secs_f64()
    );
    let checker = build(&batch);
    let measured = measure(&checker, &batch, env_usize("PAIRS_SAMPLE", 20_000));
    print_table(&batch, &measured);
    record::write();
}

fn build(batch: &Batch) -> Checker {
    let start = Instant::now();
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    for (document, text) in batch.documents.iter().enumerate() {
        checker
            .add_reference(Reference::new(id(document), text.clone()))
            .unwrap();
    }
    say!("  index build: {:.2} s", start.elapsed().as_secs_f64());
    checker
}

fn measure(checker: &Checker, batch: &Batch, sample: usize) -> Measured {
    let options = PairsOptions::default();
    let start = Instant::now();
    let reports = checker.pairs(&options).unwrap();
    let pairs_seconds = start.elapsed().as_secs_f64();
    let start = Instant::now();
    let candidates = checker.pair_candidates(&options).unwrap();
    let candidate_seconds = start.elapsed().as_secs_f64();
    let brute_seconds = brute_force(checker, batch.documents.len(), sample, &options);
    let planted: Vec<(String, String)> = batch
        .planted
        .iter()
        .map(|&(a, b, _)| (id(a), id(b)))
        .collect();
    let planted: Vec<(&str, &str)> = planted
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let brute_reports = checker.pairs_among(&planted, &options).unwrap();
    Measured {
        reports,
        pairs_seconds,
        candidates,
        candidate_seconds,
        brute_seconds,
        brute_reports,
    }
}

fn print_table(batch: &Batch, m: &Measured) {
    let count = batch.documents.len();
    let row = |name: &str, pairs: String, seconds: String| {
        println!("  {name:<44} {pairs:>12} {seconds:>10}");
        record::row(&[name, &pairs, &seconds]);
    };
    println!();
    println!("  {:<44} {:>12} {:>10}", "all pairs", "pairs", "seconds");
    record::table("all pairs", &["", "pairs", "seconds"]);
    let all = count * (count - 1) / 2;
    let brute = format!("{:.1}", m.brute_seconds);
    row(
        "brute force (extrapolated, see above)",
        all.to_string(),
        brute,
    );
    let compared = m.candidates.pairs.len().to_string();
    row(
        "pairs(): candidates compared",
        compared,
        format!("{:.2}", m.pairs_seconds),
    );
    row(
        "  from the postings (rare fingerprints)",
        m.candidates.postings.to_string(),
        String::new(),
    );
    row(
        "  from MinHash LSH",
        m.candidates.lsh.to_string(),
        String::new(),
    );
    row(
        "  from the SimHash index",
        m.candidates.simindex.to_string(),
        String::new(),
    );
    row(
        "  pair_candidates() alone",
        String::new(),
        format!("{:.2}", m.candidate_seconds),
    );
    let speed_up = format!("{:.0}x faster", m.brute_seconds / m.pairs_seconds);
    row(
        "pairs(): pairs reported",
        m.reports.len().to_string(),
        speed_up,
    );
    let planted: HashSet<(String, String)> = batch
        .planted
        .iter()
        .map(|&(a, b, _)| (id(a), id(b)))
        .collect();
    let other = found_pairs(&m.reports).difference(&planted).count();
    row(
        "  reported pairs not planted (shared prose)",
        other.to_string(),
        String::new(),
    );
    println!();
    let kinds: Vec<String> = KINDS
        .iter()
        .map(|k| format!("{:<9}", format!("{k:?}")))
        .collect();
    println!(
        "  {:<28} {} all",
        "recall of planted pairs",
        kinds.join(" ")
    );
    let names: Vec<String> = KINDS.iter().map(|k| format!("{k:?}")).collect();
    let mut columns = vec![""];
    columns.extend(names.iter().map(String::as_str));
    columns.push("all");
    record::table("recall of planted pairs", &columns);
    print_recall(
        "brute force",
        &recall(batch, &found_pairs(&m.brute_reports)),
    );
    print_recall("pairs()", &recall(batch, &found_pairs(&m.reports)));
    let from = |source: fn(&CandidatePair) -> bool| -> HashSet<(String, String)> {
        (m.candidates.pairs.iter().filter(|p| source(p)))
            .map(|p| (p.a.clone(), p.b.clone()))
            .collect()
    };
    print_recall("pairs() candidates", &recall(batch, &from(|_| true)));
    print_recall("  from the postings", &recall(batch, &from(|p| p.postings)));
    print_recall("  from MinHash LSH", &recall(batch, &from(|p| p.lsh)));
    print_recall(
        "  from the SimHash index",
        &recall(batch, &from(|p| p.simindex)),
    );
}

/// Seconds to compare every pair, extrapolated from a measured sample: every document prepared
/// once (with `count / 2` disjoint pairs), then `sample` random pairs more; each further pair
/// costs the difference divided by `sample`.
fn brute_force(checker: &Checker, count: usize, sample: usize, options: &PairsOptions) -> f64 {
    let ids: Vec<String> = (0..count).map(id).collect();
    let disjoint: Vec<(&str, &str)> = (0..count / 2)
        .map(|i| (ids[2 * i].as_str(), ids[2 * i + 1].as_str()))
        .collect();
    let mut rng = common::SplitMix(7);
    let mut random = disjoint.clone();
    while random.len() < disjoint.len() + sample {
        let a = (rng.next() % count as u64) as usize;
        let b = (rng.next() % count as u64) as usize;
        if a != b {
            random.push((ids[a].as_str(), ids[b].as_str()));
        }
    }
    let time = |pairs: &[(&str, &str)]| {
        let start = Instant::now();
        checker.pairs_among(pairs, options).unwrap();
        start.elapsed().as_secs_f64()
    };
    let prepare = time(&disjoint);
    let with_sample = time(&random);
    let per_pair = (with_sample - prepare).max(0.0) / sample as f64;
    let all = count * (count - 1) / 2;
    let seconds = prepare + per_pair * (all - disjoint.len()) as f64;
    say!(
        "  brute force: every document prepared + {} disjoint pairs {prepare:.2} s; {sample} \
         random pairs more {:.2} s ({:.1} µs a pair); {all} pairs extrapolated {seconds:.0} s",
        disjoint.len(),
        with_sample - prepare,
        per_pair * 1e6
    );
    seconds
}
