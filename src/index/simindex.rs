//! Hamming-distance search over 64-bit SimHash fingerprints: Manku, Jain, Das Sarma (2007),
//! "Detecting near-duplicates for web crawling", with the seeds' overload re-splitting.
//!
//! The 64 bits are cut into `m` blocks. Two fingerprints within Hamming distance `k` differ in at
//! most `k` blocks, so by the pigeonhole principle they agree exactly on some `m - k` blocks: one
//! table per choice of `m - k` blocks, keyed by those bits, finds every fingerprint within `k` by
//! exact lookups, then checks the distance. The default, `m = 4` and `k = 3`, is 4 tables keyed by
//! 16 bits each.
//!
//! **Overloaded buckets.** With skewed data (many fingerprints sharing a block) one bucket can
//! hold a large share of everything and a query degenerates into a scan of it. A bucket holding
//! more than `(1 + mu)` times the table's average bucket (and at least [`MIN_SPLIT`] entries) is
//! re-split: everything in it agrees on the key bits, so a near neighbour differs in at most `k` of
//! the *remaining* bits, which are cut into `k + 1` sub-blocks and indexed again, each sub-block's
//! bits hashed with a second hash into a sub-table. The pigeonhole argument still holds, so search
//! stays exact while the candidates examined per query drop.

use std::collections::HashMap;
use std::hash::Hash;

use xxhash_rust::xxh3::xxh3_64_with_seed;

use crate::error::Error;

/// Smallest bucket that is ever re-split.
pub const MIN_SPLIT: usize = 32;

/// Shape of a [`SimIndex`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SimIndexParams {
    /// Number of blocks `m` the 64 bits are cut into (2..=16, more than `max_distance`).
    pub blocks: usize,
    /// Largest Hamming distance `k` a query finds (0..=8).
    pub max_distance: usize,
    /// Overload factor `mu`: buckets over `(1 + mu) ×` the average are re-split (0.0..=10.0).
    pub overload_mu: f64,
    /// Whether overloaded buckets are re-split at all (on by default; off only to measure).
    pub resplit: bool,
}

impl Default for SimIndexParams {
    fn default() -> Self {
        SimIndexParams {
            blocks: 4,
            max_distance: 3,
            overload_mu: 0.85,
            resplit: true,
        }
    }
}

impl SimIndexParams {
    fn validate(&self) -> Result<(), Error> {
        if self.max_distance > 8 {
            return Err(Error::invalid(
                "maxDistance",
                format!("must be in 0..=8, got {}", self.max_distance),
            ));
        }
        if !(2..=16).contains(&self.blocks) || self.blocks <= self.max_distance {
            return Err(Error::invalid(
                "blocks",
                format!(
                    "must be in 2..=16 and more than maxDistance ({}), got {}",
                    self.max_distance, self.blocks
                ),
            ));
        }
        if !(0.0..=10.0).contains(&self.overload_mu) {
            return Err(Error::invalid(
                "overloadMu",
                format!(
                    "must be in 0..=10, got {}",
                    crate::error::Number(self.overload_mu)
                ),
            ));
        }
        Ok(())
    }
}

/// Masks of `parts` nearly equal runs of the set bits of `bits`.
fn split_mask(bits: u64, parts: usize) -> Vec<u64> {
    let positions: Vec<u32> = (0..64).filter(|b| bits >> b & 1 == 1).collect();
    let mut masks = Vec::with_capacity(parts);
    let mut start = 0;
    for part in 0..parts {
        let len = (positions.len() - start) / (parts - part);
        let mask = positions[start..start + len]
            .iter()
            .fold(0u64, |m, &b| m | 1 << b);
        masks.push(mask);
        start += len;
    }
    masks
}

/// All ways to choose `choose` of the `masks`, OR-ed together.
fn combinations(masks: &[u64], choose: usize) -> Vec<u64> {
    if choose == 0 {
        return vec![0];
    }
    if masks.len() < choose {
        return Vec::new();
    }
    let mut with_first: Vec<u64> = combinations(&masks[1..], choose - 1)
        .into_iter()
        .map(|rest| rest | masks[0])
        .collect();
    with_first.extend(combinations(&masks[1..], choose));
    with_first
}

#[derive(Debug, Clone)]
enum Bucket {
    /// Indices into `SimIndex::entries`.
    Flat(Vec<usize>),
    /// Re-split on the remaining bits: one sub-table per sub-block, keyed by its hashed bits.
    Split {
        sub_masks: Vec<u64>,
        sub_tables: Vec<HashMap<u64, Vec<usize>>>,
    },
}

#[derive(Debug, Clone)]
struct Table {
    mask: u64,
    buckets: HashMap<u64, Bucket>,
}

/// What one query looked at.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct QueryStats {
    /// Fingerprints whose distance was computed (with repeats across tables).
    pub candidates_examined: usize,
}

/// An index of 64-bit fingerprints answering "which are within Hamming distance `k`?" exactly.
#[derive(Debug, Clone)]
pub struct SimIndex<K> {
    params: SimIndexParams,
    tables: Vec<Table>,
    /// (fingerprint, key, live); removed entries are tombstoned and skipped.
    entries: Vec<(u64, K, bool)>,
    positions: HashMap<K, usize>,
    live: usize,
}

impl<K: Clone + Eq + Hash> SimIndex<K> {
    /// An empty index.
    ///
    /// ```
    /// use plagscope::index::simindex::{SimIndex, SimIndexParams};
    /// let mut index = SimIndex::new(SimIndexParams::default()).unwrap();
    /// index.insert("a", 0xFFFF_0000_FFFF_0000);
    /// index.insert("b", 0xFFFF_0000_FFFF_0007); // 3 bits away
    /// index.insert("c", 0x0000_FFFF_0000_FFFF);
    /// let found = index.query(0xFFFF_0000_FFFF_0000);
    /// assert_eq!(found, vec![("a", 0), ("b", 3)]);
    /// ```
    pub fn new(params: SimIndexParams) -> Result<Self, Error> {
        params.validate()?;
        let blocks = split_mask(u64::MAX, params.blocks);
        let tables = combinations(&blocks, params.blocks - params.max_distance)
            .into_iter()
            .map(|mask| Table {
                mask,
                buckets: HashMap::new(),
            })
            .collect();
        Ok(SimIndex {
            params,
            tables,
            entries: Vec::new(),
            positions: HashMap::new(),
            live: 0,
        })
    }

    /// Number of fingerprints stored.
    pub fn len(&self) -> usize {
        self.live
    }

    /// Whether no fingerprint is stored.
    pub fn is_empty(&self) -> bool {
        self.live == 0
    }

    /// Number of permuted tables.
    pub fn table_count(&self) -> usize {
        self.tables.len()
    }

    /// Adds `key` with `fingerprint`; an existing key is replaced.
    pub fn insert(&mut self, key: K, fingerprint: u64) {
        self.remove(&key);
        let index = self.entries.len();
        self.entries.push((fingerprint, key.clone(), true));
        self.positions.insert(key, index);
        self.live += 1;
        let max_distance = self.params.max_distance;
        let mu = self.params.overload_mu;
        let resplit = self.params.resplit;
        for table in &mut self.tables {
            let average = (self.live as f64 / (table.buckets.len().max(1)) as f64).max(1.0);
            let limit = ((1.0 + mu) * average).max(MIN_SPLIT as f64) as usize;
            let bucket = table
                .buckets
                .entry(fingerprint & table.mask)
                .or_insert_with(|| Bucket::Flat(Vec::new()));
            match bucket {
                Bucket::Flat(members) => {
                    members.push(index);
                    if resplit && members.len() > limit {
                        let members = std::mem::take(members);
                        *bucket = split(&members, &self.entries, !table.mask, max_distance);
                    }
                }
                Bucket::Split {
                    sub_masks,
                    sub_tables,
                } => add_to_split(sub_masks, sub_tables, index, fingerprint),
            }
        }
    }

    /// Removes `key`; returns whether it was there.
    pub fn remove(&mut self, key: &K) -> bool {
        let Some(index) = self.positions.remove(key) else {
            return false;
        };
        // Tombstone: buckets keep the index, queries skip it. Cheap, and rebuilt by `compact`.
        self.entries[index].2 = false;
        self.live -= 1;
        if self.entries.len() > 64 && self.live * 2 < self.entries.len() {
            self.compact();
        }
        true
    }

    /// Rebuilds the tables without removed entries.
    pub fn compact(&mut self) {
        let live: Vec<(K, u64)> = self
            .entries
            .iter()
            .filter(|e| e.2)
            .map(|(fp, key, _)| (key.clone(), *fp))
            .collect();
        let params = self.params;
        *self = SimIndex::new(params).expect("parameters were validated");
        for (key, fingerprint) in live {
            self.insert(key, fingerprint);
        }
    }

    /// Every stored key within the maximum distance of `fingerprint`, with its distance, nearest
    /// first (ties in insertion order).
    pub fn query(&self, fingerprint: u64) -> Vec<(K, u32)> {
        self.query_with_stats(fingerprint).0
    }

    /// [`SimIndex::query`], also reporting how many candidates were examined.
    pub fn query_with_stats(&self, fingerprint: u64) -> (Vec<(K, u32)>, QueryStats) {
        let mut stats = QueryStats::default();
        let mut found: Vec<(usize, u32)> = Vec::new();
        let k = self.params.max_distance as u32;
        let mut consider = |index: usize, stats: &mut QueryStats| {
            let (other, _, live) = &self.entries[index];
            stats.candidates_examined += 1;
            let distance = (fingerprint ^ other).count_ones();
            if *live && distance <= k {
                found.push((index, distance));
            }
        };
        for table in &self.tables {
            match table.buckets.get(&(fingerprint & table.mask)) {
                None => {}
                Some(Bucket::Flat(members)) => {
                    for &index in members {
                        consider(index, &mut stats);
                    }
                }
                Some(Bucket::Split {
                    sub_masks,
                    sub_tables,
                }) => {
                    for (depth, (mask, sub_table)) in sub_masks.iter().zip(sub_tables).enumerate() {
                        if let Some(members) = sub_table.get(&sub_key(fingerprint & mask, depth)) {
                            for &index in members {
                                consider(index, &mut stats);
                            }
                        }
                    }
                }
            }
        }
        crate::sort::sort(&mut found);
        found.dedup_by_key(|(index, _)| *index);
        crate::sort::sort_by_key(&mut found, |&(index, distance)| (distance, index));
        let result = found
            .into_iter()
            .map(|(index, distance)| (self.entries[index].1.clone(), distance))
            .collect();
        (result, stats)
    }
}

/// The second hash: a sub-block's bits into a sub-table key.
fn sub_key(bits: u64, sub_block: usize) -> u64 {
    xxh3_64_with_seed(
        &bits.to_le_bytes(),
        0x5349_4d53_504c_4954 ^ sub_block as u64,
    )
}

fn split<K>(members: &[usize], entries: &[(u64, K, bool)], remaining: u64, k: usize) -> Bucket {
    let sub_masks = split_mask(remaining, k + 1);
    let mut sub_tables = vec![HashMap::new(); sub_masks.len()];
    for &index in members {
        add_to_split(&sub_masks, &mut sub_tables, index, entries[index].0);
    }
    Bucket::Split {
        sub_masks,
        sub_tables,
    }
}

fn add_to_split(
    sub_masks: &[u64],
    sub_tables: &mut [HashMap<u64, Vec<usize>>],
    index: usize,
    fingerprint: u64,
) {
    for (depth, (mask, sub_table)) in sub_masks.iter().zip(sub_tables.iter_mut()).enumerate() {
        sub_table
            .entry(sub_key(fingerprint & mask, depth))
            .or_default()
            .push(index);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_cover_all_bits_and_tables_follow_the_pigeonhole() {
        let masks = split_mask(u64::MAX, 4);
        assert_eq!(
            masks,
            [0xFFFF, 0xFFFF_0000, 0xFFFF_0000_0000, 0xFFFF_0000_0000_0000]
        );
        assert_eq!(combinations(&masks, 1).len(), 4);
        assert_eq!(combinations(&split_mask(u64::MAX, 6), 3).len(), 20);
        let index: SimIndex<u32> = SimIndex::new(SimIndexParams::default()).unwrap();
        assert_eq!(index.table_count(), 4);
    }

    #[test]
    fn invalid_parameters_are_errors() {
        let bad = |blocks, max_distance| {
            SimIndex::<u32>::new(SimIndexParams {
                blocks,
                max_distance,
                overload_mu: 0.85,
                resplit: true,
            })
            .is_err()
        };
        assert!(bad(3, 3) && bad(1, 0) && bad(20, 3) && bad(12, 9));
    }

    #[test]
    fn replace_remove_and_compact() {
        let mut index = SimIndex::new(SimIndexParams::default()).unwrap();
        for i in 0..200u64 {
            index.insert(i, (i + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        }
        index.insert(7, 0);
        assert_eq!(index.query(0)[0], (7, 0));
        for i in 0..150u64 {
            assert!(index.remove(&i));
        }
        assert!(!index.remove(&3));
        assert_eq!(index.len(), 50);
        assert!(index.query(0).is_empty());
        assert_eq!(
            index.query(200u64.wrapping_mul(0x9E37_79B9_7F4A_7C15)),
            [(199, 0)]
        );
    }
}
