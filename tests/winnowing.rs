//! Winnowing's guarantee against brute force, and its density on real text.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::collections::HashSet;

use plagscope::sketch::{guarantee_window, winnow, word_shingles, Fingerprint};
use plagscope::text::tokenize;

/// A deterministic xorshift generator, so failures reproduce.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

fn fingerprints(text: &str, k: usize, t: usize) -> Vec<Fingerprint> {
    let shingles = word_shingles(&tokenize(text), k).unwrap();
    winnow(&shingles, guarantee_window(k, t).unwrap())
}

/// Every maximal run of at least `t` equal words starting at (i, j), found by brute force.
fn shared_runs(a: &[&str], b: &[&str], t: usize) -> Vec<(usize, usize, usize)> {
    // lce[i][j] = length of the common run starting at a[i], b[j].
    let mut lce = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            if a[i] == b[j] {
                lce[i][j] = lce[i + 1][j + 1] + 1;
            }
        }
    }
    let mut runs = Vec::new();
    for i in 0..a.len() {
        for j in 0..b.len() {
            let maximal = i == 0 || j == 0 || a[i - 1] != b[j - 1];
            if maximal && lce[i][j] >= t {
                runs.push((i, j, lce[i][j]));
            }
        }
    }
    runs
}

#[test]
fn every_shared_run_of_t_words_shares_a_fingerprint() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let vocabulary: Vec<String> = (0..40).map(|i| format!("w{i}")).collect();
    let mut runs_checked = 0;
    for round in 0..150 {
        let (k, t) = [(3, 6), (4, 8), (5, 12), (2, 2)][round % 4];
        let words = |len: usize, rng: &mut Rng| -> Vec<String> {
            (0..len)
                .map(|_| vocabulary[rng.below(vocabulary.len() as u64) as usize].clone())
                .collect()
        };
        let mut a = words(40 + rng.below(80) as usize, &mut rng);
        let mut b = words(40 + rng.below(80) as usize, &mut rng);
        // Plant a few shared passages of random lengths around t.
        for _ in 0..3 {
            let len = t + rng.below(6) as usize;
            let passage = words(len, &mut rng);
            let at_a = rng.below(a.len() as u64) as usize;
            let at_b = rng.below(b.len() as u64) as usize;
            a.splice(at_a..at_a, passage.clone());
            b.splice(at_b..at_b, passage);
        }
        let (text_a, text_b) = (a.join(" "), b.join(" "));
        let fa = fingerprints(&text_a, k, t);
        let fb = fingerprints(&text_b, k, t);
        let words_a: Vec<&str> = a.iter().map(String::as_str).collect();
        let words_b: Vec<&str> = b.iter().map(String::as_str).collect();
        for (i, j, len) in shared_runs(&words_a, &words_b, t) {
            // Shingles fully inside the run start at i..=i+len-k (and j..=j+len-k).
            let inside_a: HashSet<u64> = fa
                .iter()
                .filter(|f| f.position >= i && f.position + k <= i + len)
                .map(|f| f.hash)
                .collect();
            let shared = fb.iter().any(|f| {
                f.position >= j && f.position + k <= j + len && inside_a.contains(&f.hash)
            });
            assert!(
                shared,
                "round {round}: run of {len} words at a[{i}], b[{j}] has no shared fingerprint (k={k}, t={t})"
            );
            runs_checked += 1;
        }
    }
    assert!(runs_checked > 300, "only {runs_checked} runs were checked");
}

#[test]
fn fingerprint_density_on_one_megabyte_of_real_text_is_two_over_w_plus_one() {
    let documents = common::corpus_sample("en", 1_000_000);
    let bytes: usize = documents.iter().map(String::len).sum();
    assert!(bytes >= 1_000_000, "only {bytes} bytes of corpus");
    for (k, t) in [(5, 8), (5, 12), (5, 20)] {
        let window = guarantee_window(k, t).unwrap();
        let (mut shingle_count, mut fingerprint_count) = (0usize, 0usize);
        for text in &documents {
            let shingles = word_shingles(&tokenize(text), k).unwrap();
            shingle_count += shingles.len();
            fingerprint_count += winnow(&shingles, window).len();
        }
        let density = fingerprint_count as f64 / shingle_count as f64;
        let expected = 2.0 / (window as f64 + 1.0);
        let relative_error = (density - expected).abs() / expected;
        println!("k={k} t={t} w={window}: density {density:.4}, expected {expected:.4}, error {:.1}%, over {bytes} bytes", relative_error * 100.0);
        assert!(
            relative_error < 0.10,
            "density {density:.4} is not within 10% of 2/(w+1) = {expected:.4} (w = {window})"
        );
    }
}
