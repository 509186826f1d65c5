//! The check of `bench/figures.mjs` natively, for a profiler: indexes the references it wrote to
//! target/bench/figures/ (run it first), then checks its paper again and again, printing the
//! median and p95. Run under `perf record -g` to see where a check's time goes:
//! `cargo run --release --example check-profile -- [CHECKS] [exact] [ja]` (`exact`:
//! `align.rewritten` off, `default` to keep it; `ja`: the Japanese case, target/bench/figures-ja/).

use std::time::Instant;

use plagscope::checker::{CheckOptions, Checker, CheckerOptions, Reference};

fn main() {
    let mut args = std::env::args().skip(1);
    let checks: usize = args
        .next()
        .map_or(30, |n| n.parse().expect("CHECKS is a number"));
    let mut options = CheckOptions::default();
    options.align.rewritten = args.next().as_deref() != Some("exact");
    let case = if args.next().as_deref() == Some("ja") {
        "figures-ja"
    } else {
        "figures"
    };
    let folder = format!("{}/target/bench/{case}/", env!("CARGO_MANIFEST_DIR"));
    let read = |name: &str| {
        std::fs::read_to_string(format!("{folder}{name}")).unwrap_or_else(|error| {
            panic!("{folder}{name}: {error} (run `node bench/figures.mjs` first)")
        })
    };
    let references = read("references.txt");
    let paper = read("paper.txt");

    let start = Instant::now();
    let mut checker = Checker::new(CheckerOptions::default()).expect("default options");
    for (i, text) in references.split("\n\u{1e}\n").enumerate() {
        checker
            .add_reference(Reference::new(format!("r{i}"), text.to_string()))
            .expect("a reference");
    }
    println!(
        "indexed {} references in {:.2} s",
        checker.len(),
        start.elapsed().as_secs_f64()
    );
    // What the check found, as a digest: a speed-up must leave it alone.
    let report = checker.check(&paper, &options).expect("a check");
    let digest = format!("{report:?}")
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
    println!(
        "{} sources, report digest {digest:016x}",
        report.sources.len()
    );
    let mut times: Vec<f64> = (0..checks)
        .map(|_| {
            let start = Instant::now();
            checker.check(&paper, &options).expect("a check");
            start.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    let p95 = times[(times.len() * 95).div_ceil(100) - 1];
    println!(
        "{checks} checks: median {:.1} ms, p95 {p95:.1} ms",
        times[times.len() / 2]
    );
}
