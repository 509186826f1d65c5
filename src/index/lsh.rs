//! MinHash LSH with banding: a signature of `b × r` slots is cut into `b` bands of `r` rows; two
//! documents become candidates when any band is identical, which happens with probability
//! `1 - (1 - s^r)^b` for Jaccard similarity `s` (an S-curve around `(1/b)^(1/r)`).
//!
//! [`LshParams::for_threshold`] picks `b` and `r` for a Jaccard threshold by minimizing the weighted
//! false positive and false negative probability mass (the integrals of the S-curve below and of its
//! complement above the threshold), as datasketch does.

use std::collections::{BTreeMap, HashMap};
use std::hash::Hash;

use xxhash_rust::xxh3::xxh3_64_with_seed;

use crate::error::Error;
use crate::sketch::minhash::MinHashSignature;

/// Bands and rows of an LSH index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LshParams {
    /// Number of bands `b`.
    pub bands: usize,
    /// Rows (signature slots) per band `r`.
    pub rows: usize,
}

impl LshParams {
    /// Explicit bands and rows; `bands × rows` must fit in `num_perm` slots.
    pub fn new(bands: usize, rows: usize, num_perm: usize) -> Result<Self, Error> {
        if bands == 0 || rows == 0 || bands * rows > num_perm {
            return Err(Error::invalid(
                "bands",
                format!(
                    "bands ({bands}) x rows ({rows}) must be between 1 and numPerm ({num_perm})"
                ),
            ));
        }
        Ok(LshParams { bands, rows })
    }

    /// The bands and rows (with `bands × rows <= num_perm`) that minimize
    /// `fp_weight × FP + fn_weight × FN` for Jaccard `threshold` in (0, 1), where FP is the area under
    /// the candidate probability for similarities below the threshold and FN the area above it of
    /// the probability of being missed.
    ///
    /// ```
    /// use plagscope::index::lsh::LshParams;
    /// let params = LshParams::for_threshold(0.5, 128, 0.5, 0.5).unwrap();
    /// assert!(params.bands * params.rows <= 128);
    /// assert!((params.candidate_probability(0.9) - 1.0).abs() < 0.01);
    /// assert!(params.candidate_probability(0.1) < 0.05);
    /// ```
    pub fn for_threshold(
        threshold: f64,
        num_perm: usize,
        fp_weight: f64,
        fn_weight: f64,
    ) -> Result<Self, Error> {
        if !(threshold > 0.0 && threshold < 1.0) {
            return Err(Error::invalid(
                "threshold",
                format!("must be in (0, 1), got {}", crate::error::Number(threshold)),
            ));
        }
        if num_perm == 0 {
            return Err(Error::invalid("numPerm", "must be at least 1"));
        }
        let mut best = (f64::INFINITY, LshParams { bands: 1, rows: 1 });
        for bands in 1..=num_perm {
            for rows in 1..=num_perm / bands {
                let params = LshParams { bands, rows };
                let false_positive = integrate(|s| params.candidate_probability(s), 0.0, threshold);
                let false_negative =
                    integrate(|s| 1.0 - params.candidate_probability(s), threshold, 1.0);
                let error = fp_weight * false_positive + fn_weight * false_negative;
                if error < best.0 {
                    best = (error, params);
                }
            }
        }
        Ok(best.1)
    }

    /// Probability that two documents with Jaccard similarity `s` become candidates:
    /// `1 - (1 - s^r)^b`.
    pub fn candidate_probability(&self, s: f64) -> f64 {
        1.0 - (1.0 - s.powi(self.rows as i32)).powi(self.bands as i32)
    }
}

/// Simpson's rule with 200 intervals: plenty for these smooth curves.
fn integrate(f: impl Fn(f64) -> f64, a: f64, b: f64) -> f64 {
    const STEPS: usize = 200;
    let h = (b - a) / STEPS as f64;
    let mut sum = f(a) + f(b);
    for i in 1..STEPS {
        sum += f(a + i as f64 * h) * if i % 2 == 1 { 4.0 } else { 2.0 };
    }
    sum * h / 3.0
}

/// A MinHash LSH index from keys to signatures.
#[derive(Debug, Clone)]
pub struct LshIndex<K> {
    params: LshParams,
    num_perm: usize,
    /// One table per band: band hash -> keys.
    bands: Vec<HashMap<u64, Vec<K>>>,
    signatures: HashMap<K, MinHashSignature>,
}

impl<K: Clone + Eq + Hash + Ord> LshIndex<K> {
    /// An empty index for signatures of `num_perm` slots.
    pub fn new(params: LshParams, num_perm: usize) -> Result<Self, Error> {
        LshParams::new(params.bands, params.rows, num_perm)?;
        Ok(LshIndex {
            params,
            num_perm,
            bands: vec![HashMap::new(); params.bands],
            signatures: HashMap::new(),
        })
    }

    /// The bands and rows.
    pub fn params(&self) -> LshParams {
        self.params
    }

    /// Number of indexed signatures.
    pub fn len(&self) -> usize {
        self.signatures.len()
    }

    /// Whether the index is empty.
    pub fn is_empty(&self) -> bool {
        self.signatures.is_empty()
    }

    fn band_hashes<'s>(&self, signature: &'s MinHashSignature) -> impl Iterator<Item = u64> + 's {
        let rows = self.params.rows;
        signature
            .values
            .chunks_exact(rows)
            .take(self.params.bands)
            .enumerate()
            .map(|(band, slots)| {
                let bytes: Vec<u8> = slots.iter().flat_map(|v| v.to_le_bytes()).collect();
                xxh3_64_with_seed(&bytes, band as u64)
            })
    }

    fn check(&self, signature: &MinHashSignature) -> Result<(), Error> {
        if signature.slots != self.num_perm {
            return Err(Error::input(
                "signature",
                format!(
                    "has {} slots but the index expects {}",
                    signature.slots, self.num_perm
                ),
            ));
        }
        Ok(())
    }

    /// Adds `key` with its signature. An existing key is replaced. Empty sets are stored but never
    /// become candidates.
    pub fn insert(&mut self, key: K, signature: MinHashSignature) -> Result<(), Error> {
        self.check(&signature)?;
        self.remove(&key);
        if !signature.is_empty() {
            let hashes: Vec<u64> = self.band_hashes(&signature).collect();
            for (table, hash) in self.bands.iter_mut().zip(hashes) {
                table.entry(hash).or_default().push(key.clone());
            }
        }
        self.signatures.insert(key, signature);
        Ok(())
    }

    /// Removes `key`; returns whether it was there.
    pub fn remove(&mut self, key: &K) -> bool {
        let Some(signature) = self.signatures.remove(key) else {
            return false;
        };
        if !signature.is_empty() {
            let hashes: Vec<u64> = self.band_hashes(&signature).collect();
            for (table, hash) in self.bands.iter_mut().zip(hashes) {
                if let Some(keys) = table.get_mut(&hash) {
                    keys.retain(|k| k != key);
                    if keys.is_empty() {
                        table.remove(&hash);
                    }
                }
            }
        }
        true
    }

    /// The signature stored for `key`.
    pub fn signature(&self, key: &K) -> Option<&MinHashSignature> {
        self.signatures.get(key)
    }

    /// Candidates for `signature` (keys sharing at least one band), each with its estimated Jaccard,
    /// most similar first.
    pub fn query(&self, signature: &MinHashSignature) -> Result<Vec<(K, f64)>, Error> {
        self.check(signature)?;
        if signature.is_empty() {
            return Ok(Vec::new());
        }
        let mut found: BTreeMap<&K, ()> = BTreeMap::new();
        for (table, hash) in self.bands.iter().zip(self.band_hashes(signature)) {
            if let Some(keys) = table.get(&hash) {
                for key in keys {
                    found.insert(key, ());
                }
            }
        }
        let mut candidates = found
            .into_keys()
            .map(|key| {
                let jaccard = signature.jaccard(&self.signatures[key])?;
                Ok((key.clone(), jaccard))
            })
            .collect::<Result<Vec<_>, Error>>()?;
        crate::sort::sort_by(&mut candidates, |a, b| {
            b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0))
        });
        Ok(candidates)
    }

    /// Every pair of indexed keys that shares a band, once, with its estimated Jaccard: the
    /// candidate pairs of an all-pairs comparison, most similar first.
    pub fn candidate_pairs(&self) -> Vec<(K, K, f64)> {
        let mut pairs: BTreeMap<(&K, &K), ()> = BTreeMap::new();
        for table in &self.bands {
            for keys in table.values() {
                for (i, a) in keys.iter().enumerate() {
                    for b in &keys[i + 1..] {
                        let pair = if a < b { (a, b) } else { (b, a) };
                        pairs.insert(pair, ());
                    }
                }
            }
        }
        let mut result: Vec<(K, K, f64)> = pairs
            .into_keys()
            .map(|(a, b)| {
                let jaccard = self.signatures[a]
                    .jaccard(&self.signatures[b])
                    .unwrap_or(0.0);
                (a.clone(), b.clone(), jaccard)
            })
            .collect();
        crate::sort::sort_by(&mut result, |x, y| {
            y.2.total_cmp(&x.2)
                .then_with(|| (&x.0, &x.1).cmp(&(&y.0, &y.1)))
        });
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sketch::minhash::{MinHashScheme, MinHasher};

    #[test]
    fn optimal_params_put_the_s_curve_at_the_threshold() {
        for threshold in [0.3, 0.5, 0.8] {
            let params = LshParams::for_threshold(threshold, 128, 0.5, 0.5).unwrap();
            let knee = (1.0 / params.bands as f64).powf(1.0 / params.rows as f64);
            assert!(
                (knee - threshold).abs() < 0.12,
                "{threshold}: {params:?} knee {knee}"
            );
        }
        assert!(LshParams::for_threshold(1.5, 128, 0.5, 0.5).is_err());
        assert!(LshParams::new(20, 10, 128).is_err());
    }

    #[test]
    fn insert_query_remove_and_pairs() {
        let hasher = MinHasher::new(64, MinHashScheme::OnePermutation).unwrap();
        let params = LshParams::new(16, 4, 64).unwrap();
        let mut index = LshIndex::new(params, 64).unwrap();
        let base: Vec<u64> = (0..200).collect();
        let near: Vec<u64> = (0..190).chain(1000..1010).collect();
        let far: Vec<u64> = (5000..5200).collect();
        index.insert("base", hasher.signature(&base)).unwrap();
        index.insert("near", hasher.signature(&near)).unwrap();
        index.insert("far", hasher.signature(&far)).unwrap();
        index.insert("empty", hasher.signature(&[])).unwrap();
        let found = index.query(&hasher.signature(&base)).unwrap();
        let keys: Vec<&str> = found.iter().map(|(k, _)| *k).collect();
        assert_eq!(keys, ["base", "near"]);
        assert_eq!(found[0].1, 1.0);
        let pairs = index.candidate_pairs();
        assert_eq!(pairs.len(), 1);
        assert_eq!((pairs[0].0, pairs[0].1), ("base", "near"));
        assert!(index.remove(&"near"));
        assert!(!index.remove(&"near"));
        assert_eq!(index.query(&hasher.signature(&near)).unwrap().len(), 1);
        assert_eq!(index.len(), 3);
        let wrong = MinHasher::new(32, MinHashScheme::OnePermutation).unwrap();
        assert!(index.query(&wrong.signature(&base)).is_err());
    }
}
