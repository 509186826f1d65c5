//! The LSH index's candidate rate follows its S-curve `1 - (1 - s^r)^b`.
#![cfg(not(target_arch = "wasm32"))]

use plagscope::index::lsh::{LshIndex, LshParams};
use plagscope::sketch::minhash::{MinHashScheme, MinHasher, DEFAULT_NUM_PERM};

mod common;

use common::SplitMix as Rng;

/// Two sets of `size` elements with exact Jaccard as close to `s` as the sizes allow; returns the
/// sets and their exact Jaccard.
fn pair_with_jaccard(rng: &mut Rng, size: usize, s: f64) -> (Vec<u64>, Vec<u64>, f64) {
    let shared = ((2.0 * size as f64 * s) / (1.0 + s)).round() as usize;
    let common: Vec<u64> = (0..shared).map(|_| rng.next()).collect();
    let mut a = common.clone();
    let mut b = common;
    a.extend((shared..size).map(|_| rng.next()));
    b.extend((shared..size).map(|_| rng.next()));
    let exact = shared as f64 / (2 * size - shared) as f64;
    (a, b, exact)
}

#[test]
fn candidate_rate_matches_the_s_curve() {
    let num_perm = DEFAULT_NUM_PERM;
    for scheme in [MinHashScheme::OnePermutation, MinHashScheme::Classic] {
        let hasher = MinHasher::new(num_perm, scheme).unwrap();
        let params = LshParams::for_threshold(0.5, num_perm, 0.5, 0.5).unwrap();
        let mut rng = Rng(42);
        for tenth in 1..=9 {
            let s = tenth as f64 / 10.0;
            let trials = 500;
            let mut index = LshIndex::new(params, num_perm).unwrap();
            let mut queries = Vec::new();
            let mut expected = 0.0;
            for trial in 0..trials {
                let (a, b, exact) = pair_with_jaccard(&mut rng, 800, s);
                expected += params.candidate_probability(exact) / trials as f64;
                index.insert(trial, hasher.signature(&b)).unwrap();
                queries.push((trial, hasher.signature(&a)));
            }
            let hits = queries
                .iter()
                .filter(|(trial, signature)| {
                    index
                        .query(signature)
                        .unwrap()
                        .iter()
                        .any(|(key, _)| key == trial)
                })
                .count();
            let rate = hits as f64 / trials as f64;
            println!(
                "{scheme:?} b={} r={} s={s:.1}: candidate rate {rate:.3}, theory {expected:.3}",
                params.bands, params.rows
            );
            assert!(
                (rate - expected).abs() <= 0.05,
                "{scheme:?} at s = {s}: rate {rate:.3} vs theory {expected:.3}"
            );
        }
    }
}
