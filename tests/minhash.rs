//! MinHash estimators against their theory on real text: RMSE of Jaccard and containment estimates
//! over hundreds of document pairs with known exact values, for both schemes.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::collections::HashSet;

use plagscope::sketch::minhash::{
    containment_from_jaccard, MinHashScheme, MinHasher, DEFAULT_NUM_PERM,
};
use plagscope::sketch::word_shingles;
use plagscope::text::tokenize;

const WORDS: usize = 300;

/// Word lists of real documents with at least `WORDS` words.
fn documents() -> Vec<Vec<String>> {
    common::corpus("en")
        .into_iter()
        .map(|(_, text)| {
            tokenize(&text)
                .token_texts()
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .filter(|words| words.len() >= 2 * WORDS)
        .collect()
}

fn shingle_set(words: &[String]) -> Vec<u64> {
    let set: HashSet<u64> = word_shingles(&tokenize(&words.join(" ")), 5)
        .unwrap()
        .into_iter()
        .map(|s| s.hash)
        .collect();
    set.into_iter().collect()
}

fn exact(a: &[u64], b: &[u64]) -> (usize, usize) {
    let set_a: HashSet<u64> = a.iter().copied().collect();
    let shared = b.iter().filter(|h| set_a.contains(h)).count();
    (shared, a.len() + b.len() - shared)
}

/// Pairs (A, B) where B is A with a growing share of its words, in blocks of 20, replaced by
/// another document's words: exact Jaccard spread over 0..1.
fn jaccard_pairs(documents: &[Vec<String>], count: usize) -> Vec<(Vec<u64>, Vec<u64>)> {
    (0..count)
        .map(|p| {
            let a: Vec<String> = documents[p % documents.len()][..WORDS].to_vec();
            let other = &documents[(p * 7 + 3) % documents.len()];
            let replaced_share = (p % 11) as f64 / 10.0;
            let mut b = a.clone();
            for block in 0..WORDS / 20 {
                if ((block * 37 + p) % 15) as f64 / 15.0 < replaced_share {
                    let range = block * 20..block * 20 + 20;
                    b[range.clone()]
                        .clone_from_slice(&other[WORDS + range.start..WORDS + range.end]);
                }
            }
            (shingle_set(&a), shingle_set(&b))
        })
        .collect()
}

#[test]
fn jaccard_rmse_is_within_theory_for_both_schemes() {
    let documents = documents();
    assert!(documents.len() >= 100, "{} documents", documents.len());
    let pairs = jaccard_pairs(&documents, 550);
    let k = DEFAULT_NUM_PERM;
    for scheme in [MinHashScheme::OnePermutation, MinHashScheme::Classic] {
        let hasher = MinHasher::new(k, scheme).unwrap();
        let (mut squared_error, mut theory_variance) = (0.0, 0.0);
        let mut spread = [0usize; 5];
        for (a, b) in &pairs {
            let (shared, union) = exact(a, b);
            let j = shared as f64 / union as f64;
            spread[((j * 5.0) as usize).min(4)] += 1;
            let estimate = hasher.signature(a).jaccard(&hasher.signature(b)).unwrap();
            squared_error += (estimate - j).powi(2);
            theory_variance += j * (1.0 - j) / k as f64;
        }
        let rmse = (squared_error / pairs.len() as f64).sqrt();
        let bound = (theory_variance / pairs.len() as f64).sqrt();
        println!(
            "{scheme:?}: Jaccard RMSE {rmse:.4}, theory sqrt(J(1-J)/k) {bound:.4}, ratio {:.3}, \
             {} pairs by exact J in fifths: {spread:?}",
            rmse / bound,
            pairs.len()
        );
        assert!(
            spread.iter().all(|&n| n >= 30),
            "pairs do not cover 0..1: {spread:?}"
        );
        assert!(
            rmse <= 1.15 * bound,
            "{scheme:?}: RMSE {rmse:.4} > 1.15 x {bound:.4}"
        );
    }
}

#[test]
fn containment_rmse_is_within_theory_for_both_schemes() {
    let documents = documents();
    let k = DEFAULT_NUM_PERM;
    // A: 150 words of one document. B: 300 words of another with a growing share of A pasted in.
    let pairs: Vec<(Vec<u64>, Vec<u64>)> = (0..550)
        .map(|p| {
            let a: Vec<String> = documents[p % documents.len()][..150].to_vec();
            let copied = (p % 11) * 150 / 10;
            let mut b: Vec<String> = documents[(p * 13 + 5) % documents.len()][..WORDS].to_vec();
            b.splice(100..100, a[..copied].iter().cloned());
            (shingle_set(&a), shingle_set(&b))
        })
        .collect();
    for scheme in [MinHashScheme::OnePermutation, MinHashScheme::Classic] {
        let hasher = MinHasher::new(k, scheme).unwrap();
        let (mut squared_error, mut theory_variance) = (0.0, 0.0);
        for (a, b) in &pairs {
            let (shared, union) = exact(a, b);
            let j = shared as f64 / union as f64;
            let containment = shared as f64 / a.len() as f64;
            let estimate_j = hasher.signature(a).jaccard(&hasher.signature(b)).unwrap();
            let estimate = containment_from_jaccard(estimate_j, a.len(), b.len());
            squared_error += (estimate - containment).powi(2);
            // Delta method: dC/dJ = (|A| + |B|) / (|A| (1 + J)^2).
            let slope = (a.len() + b.len()) as f64 / (a.len() as f64 * (1.0 + j).powi(2));
            theory_variance += slope * slope * j * (1.0 - j) / k as f64;
        }
        let rmse = (squared_error / pairs.len() as f64).sqrt();
        let bound = (theory_variance / pairs.len() as f64).sqrt();
        println!(
            "{scheme:?}: containment RMSE {rmse:.4}, delta-method theory {bound:.4}, ratio {:.3}",
            rmse / bound
        );
        assert!(
            rmse <= 1.15 * bound,
            "{scheme:?}: RMSE {rmse:.4} > 1.15 x {bound:.4}"
        );
    }
}
