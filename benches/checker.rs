//! The checker at scale: a 10,000-word paper against 1,000 references (real English and Chinese
//! text), natively. Reports indexing time, what the set keeps in memory (texts included, counted
//! by the allocator), check time (median of 5), the saved index's size per reference word, and
//! load time; then the time of a removal from a set of 100,000 references.
//! Run with `npm run bench` or `cargo bench --bench checker`.

#[path = "../tests/common/mod.rs"]
mod common;
mod record;

use record::say;
#[cfg(not(target_arch = "wasm32"))]
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use plagscope::checker::{CheckOptions, Checker, CheckerOptions, Reference};
use plagscope::store::{export_index, import_index};

/// The bytes allocated and not yet freed: what a value keeps is the drop in this count when it is
/// dropped (the process's resident size also moves with how the allocator lays memory out). Not in
/// the wasm build, which has its own allocator (lint builds the benches for wasm too).
#[cfg(not(target_arch = "wasm32"))]
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
/// The most `LIVE` has been since it was last reset.
static PEAK: AtomicUsize = AtomicUsize::new(0);

#[cfg(not(target_arch = "wasm32"))]
fn grew(size: usize) {
    let live = LIVE.fetch_add(size, Ordering::Relaxed) + size;
    PEAK.fetch_max(live, Ordering::Relaxed);
}

#[cfg(not(target_arch = "wasm32"))]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        grew(new_size);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[cfg(not(target_arch = "wasm32"))]
#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn main() {
    let mut documents: Vec<(String, String)> = common::corpus("en");
    documents.extend(common::corpus("zh"));
    let (references, rest): (Vec<_>, Vec<_>) = documents
        .into_iter()
        .enumerate()
        .partition(|(i, (name, _))| !name.starts_with("factbook") && *i < 2000);
    let references: Vec<(String, String)> =
        references.into_iter().map(|(_, d)| d).take(1000).collect();
    assert_eq!(references.len(), 1000, "need 1,000 reference documents");

    // Each text is copied as it is added, as a caller reading files would hand it over: the peak
    // over the start is the most the set needed while it was built (one text's copy aside).
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let start = Instant::now();
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    for (id, text) in &references {
        checker
            .add_reference(Reference::new(id.clone(), text.clone()))
            .unwrap();
    }
    let index_seconds = start.elapsed().as_secs_f64();
    let building_peak = PEAK.load(Ordering::Relaxed).saturating_sub(before);
    let reference_words: usize = checker.references().iter().map(|r| r.words).sum();
    let text_bytes: usize = references.iter().map(|(_, t)| t.len()).sum();

    // The paper: 10,000 words of Factbook prose with five 200-word passages from references.
    let filler: Vec<&str> = rest
        .iter()
        .filter(|(_, (name, _))| name.starts_with("factbook"))
        .flat_map(|(_, (_, text))| text.split_whitespace())
        .take(9_000)
        .collect();
    let mut paper = String::new();
    for (chunk, words) in filler.chunks(1_800).enumerate() {
        paper.push_str(&words.join(" "));
        paper.push_str("\n\n");
        let (_, source) = &references[chunk * 97 % references.len()];
        let copied: Vec<&str> = source.split_whitespace().skip(100).take(200).collect();
        paper.push_str(&copied.join(" "));
        paper.push_str("\n\n");
    }
    let paper_words = paper.split_whitespace().count();

    let (times, report) = median_check(&checker, &paper, &CheckOptions::default());
    // The same check with exact evidence alone, in the same run: what the rewritten evidence
    // (sentence vectors of the paper and of every candidate, seeds, clusters) costs.
    let mut exact_only = CheckOptions::default();
    exact_only.align.rewritten = false;
    let (exact_times, _) = median_check(&checker, &paper, &exact_only);

    let start = Instant::now();
    let bytes = export_index(&checker).unwrap();
    let export_seconds = start.elapsed().as_secs_f64();
    let before_import = LIVE.load(Ordering::Relaxed);
    PEAK.store(before_import, Ordering::Relaxed);
    let start = Instant::now();
    let loaded = import_index(&bytes).unwrap();
    let import_seconds = start.elapsed().as_secs_f64();
    let import_peak = PEAK.load(Ordering::Relaxed).saturating_sub(before_import);
    assert_eq!(loaded.len(), checker.len());

    say!(
        "checker: {} references, {reference_words} words, {:.1} MB of text",
        checker.len(),
        text_bytes as f64 / 1e6
    );
    say!("  index build                      {index_seconds:>8.2} s");
    say!(
        "  check a {paper_words}-word paper          {:>8.3} s (median of 5; min {:.3}, max {:.3})",
        times[2],
        times[0],
        times[4]
    );
    say!(
        "    -> {} sources, overall similarity {:.1}%",
        report.sources.len(),
        report.similarity * 100.0
    );
    say!(
        "  the same, exact evidence alone     {:>8.3} s (median of 5): rewritten evidence costs {:.2}x",
        exact_times[2],
        times[2] / exact_times[2]
    );
    say!(
        "  saved index                      {:>8.1} MB = {:.1} bytes per reference word (the texts alone, uncompressed: {:.1})",
        bytes.len() as f64 / 1e6,
        bytes.len() as f64 / reference_words as f64,
        text_bytes as f64 / reference_words as f64
    );
    say!("  export / import                  {export_seconds:>8.3} s / {import_seconds:.3} s");
    say!(
        "  the most in use while importing   {:>7.1} B per reference word (the file aside)",
        import_peak as f64 / reference_words as f64
    );
    let heap: usize = checker.heap_bytes().iter().map(|(_, bytes)| bytes).sum();
    for (part, bytes) in checker.heap_bytes() {
        say!(
            "    {part:<36} {:>6.2} B/word",
            bytes as f64 / reference_words as f64
        );
    }
    say!(
        "    (sum of the parts {:.2} B/word)",
        heap as f64 / reference_words as f64
    );
    drop((loaded, bytes));
    let with_checker = LIVE.load(Ordering::Relaxed);
    drop(checker);
    let kept = with_checker.saturating_sub(LIVE.load(Ordering::Relaxed));
    say!(
        "  kept in memory, texts included   {:>8.1} MB = {:.1} bytes per reference word (the most while building: {:.1})",
        kept as f64 / 1e6,
        kept as f64 / reference_words as f64,
        building_peak as f64 / reference_words as f64
    );
    // For bench/wasm.mjs, which runs the same benchmark on the wasm build and prints the ratios.
    let out = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench");
    std::fs::create_dir_all(&out).expect("target/bench is writable");
    std::fs::write(
        out.join("native-checker.txt"),
        format!("index_seconds={index_seconds} check_seconds={}\n", times[2]),
    )
    .expect("target/bench is writable");
    removal(&references);
    record::write();
}

/// `remove_reference` in a set of 100,000 short references (100-word pieces of the same
/// references): the median time of 200 removals spread over the set.
fn removal(references: &[(String, String)]) {
    let pieces: Vec<String> = references
        .iter()
        .flat_map(|(_, text)| {
            let words: Vec<&str> = text.split_whitespace().collect();
            let pieces: Vec<String> = words.chunks(100).map(|c| c.join(" ")).collect();
            pieces
        })
        .collect();
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    let start = Instant::now();
    for i in 0..100_000 {
        let text = &pieces[i % pieces.len()];
        checker
            .add_reference(Reference::new(format!("r{i}"), format!("{i} {text}")))
            .unwrap();
    }
    let index_seconds = start.elapsed().as_secs_f64();
    let mut times: Vec<f64> = (0..200)
        .map(|k| {
            let start = Instant::now();
            assert!(checker.remove_reference(&format!("r{}", k * 499)).unwrap());
            start.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    say!(
        "removal: 100,000 references of 100 words (indexed in {index_seconds:.1} s)\n  \
         remove_reference                 {:>8.3} ms (median of 200; max {:.3})",
        times[100] * 1e3,
        times[199] * 1e3
    );
}

/// Five checks of `paper`: their times, sorted, and the last report.
fn median_check(
    checker: &Checker,
    paper: &str,
    options: &CheckOptions,
) -> (Vec<f64>, plagscope::checker::Report) {
    let mut times = Vec::new();
    let mut report = None;
    for _ in 0..5 {
        let start = Instant::now();
        report = Some(checker.check(paper, options).unwrap());
        times.push(start.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    (times, report.unwrap())
}
