//! Tests of `sketch/minhash.rs`.

use super::*;

#[test]
fn mersenne_reduction_matches_u128_modulo() {
    let mut state = 7;
    for _ in 0..10_000 {
        let x = (splitmix64(&mut state) as u128) * (splitmix64(&mut state) as u128 >> 3);
        assert_eq!(mod_mersenne(x), (x % MERSENNE_61 as u128) as u64);
    }
}

#[test]
fn identical_sets_are_identical_and_order_and_duplicates_do_not_matter() {
    for scheme in [MinHashScheme::OnePermutation, MinHashScheme::Classic] {
        let hasher = MinHasher::new(64, scheme).unwrap();
        let a = hasher.signature(&[5, 1, 9, 1, 5]);
        let b = hasher.signature(&[9, 5, 1]);
        assert_eq!(a, b);
        assert_eq!(a.jaccard(&b).unwrap(), 1.0);
    }
}

#[test]
fn sparse_sets_are_densified() {
    // Two elements in 128 bins: densification fills every bin from one of the two.
    let hasher = MinHasher::new(128, MinHashScheme::OnePermutation).unwrap();
    let signature = hasher.signature(&[42, 4242]);
    let distinct: std::collections::HashSet<u32> = signature.values.iter().copied().collect();
    assert!(distinct.len() <= 2);
    assert!(!signature.values.contains(&EMPTY_SLOT) || distinct.len() == 1);
}

#[test]
fn empty_sets_match_nothing_and_mismatched_signatures_are_errors() {
    let hasher = MinHasher::new(16, MinHashScheme::OnePermutation).unwrap();
    let empty = hasher.signature(&[]);
    assert_eq!(empty.jaccard(&empty).unwrap(), 0.0);
    let other = MinHasher::new(16, MinHashScheme::Classic)
        .unwrap()
        .signature(&[1]);
    assert!(hasher.signature(&[1]).jaccard(&other).is_err());
    assert!(MinHasher::new(0, MinHashScheme::Classic).is_err());
}

#[test]
fn signatures_are_stable_across_runs() {
    // Golden values, reproduced independently in Python from the documented construction:
    // saved signatures must keep their meaning.
    let one = MinHasher::new(4, MinHashScheme::OnePermutation).unwrap();
    let classic = MinHasher::new(4, MinHashScheme::Classic).unwrap();
    let hashes = [1u64, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    assert_eq!(one.signature(&hashes).values, GOLDEN_ONE_PERMUTATION);
    assert_eq!(classic.signature(&hashes).values, GOLDEN_CLASSIC);
}

const GOLDEN_ONE_PERMUTATION: [u32; 4] = [303419354, 1657069495, 447577037, 171749082];
const GOLDEN_CLASSIC: [u32; 4] = [3605065291, 3970378782, 1261686802, 1112840046];
