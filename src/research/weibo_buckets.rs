//! The Weibo seed's bucketing of 32-bit SimHash fingerprints: posts are grouped by the top 8 bits
//! of their fingerprint (256 groups); a group holding more than half of its level's items is
//! re-split on the next 8 bits, recursively, so one crowded prefix cannot make every comparison
//! quadratic. Only posts in the same group are compared.
//!
//! Research code (see [`crate::research`]): no product path uses it. It groups by exact prefixes,
//! so two near-duplicates that differ in a top bit land in different groups; the product's
//! near-duplicate candidates come from Manku's permuted tables ([`crate::index::simindex`]), which
//! find every fingerprint within the distance. The fingerprints are [`crate::methods::weibo::simhash32`].

use std::collections::BTreeMap;

/// A group of items whose fingerprints share a prefix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group<K> {
    /// The shared prefix, right-aligned.
    pub prefix: u32,
    /// Its length in bits (8, 16, 24 or 32).
    pub prefix_bits: u32,
    /// The items, in input order.
    pub members: Vec<K>,
}

/// Smallest group that is re-split: splitting a handful of items saves nothing.
pub const MIN_GROUP_TO_SPLIT: usize = 8;

/// Groups `(key, fingerprint)` items by the top 8 bits of the fingerprint; a group holding more than
/// half of its level's items (and at least [`MIN_GROUP_TO_SPLIT`]) is re-split on the next 8 bits,
/// recursively down to the full 32 bits. Groups come out ordered by prefix.
///
/// ```
/// use plagscope::research::weibo_buckets::recursive_buckets;
/// let mut items: Vec<(u32, u32)> = (0..20).map(|i| (i, 0xAB00_0000 | (i % 2) << 20 | i)).collect();
/// items.extend((20..24).map(|i| (i, 0x1200_0000 | i)));
/// let groups = recursive_buckets(&items);
/// // 20 of 24 items share the top byte 0xAB: that group is re-split on the next byte, where no
/// // group holds more than half of the 20.
/// let shapes: Vec<(u32, u32, usize)> = groups.iter().map(|g| (g.prefix, g.prefix_bits, g.members.len())).collect();
/// assert_eq!(shapes, [(0x12, 8, 4), (0xAB00, 16, 10), (0xAB10, 16, 10)]);
/// ```
pub fn recursive_buckets<K: Clone>(items: &[(K, u32)]) -> Vec<Group<K>> {
    let mut groups = Vec::new();
    split_level(items, 0, 0, &mut groups);
    groups
}

fn split_level<K: Clone>(items: &[(K, u32)], prefix: u32, used_bits: u32, out: &mut Vec<Group<K>>) {
    let bits = used_bits + 8;
    let mut by_prefix: BTreeMap<u32, Vec<(K, u32)>> = BTreeMap::new();
    for (key, fingerprint) in items {
        by_prefix
            .entry(fingerprint >> (32 - bits))
            .or_default()
            .push((key.clone(), *fingerprint));
    }
    let level = items.len();
    for (group_prefix, members) in by_prefix {
        debug_assert_eq!(group_prefix >> 8, prefix);
        if bits < 32 && members.len() >= MIN_GROUP_TO_SPLIT && members.len() * 2 > level {
            split_level(&members, group_prefix, bits, out);
        } else {
            out.push(Group {
                prefix: group_prefix,
                prefix_bits: bits,
                members: members.into_iter().map(|(key, _)| key).collect(),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crowded_groups_split_recursively_down_to_full_fingerprints() {
        let items: Vec<(usize, u32)> = (0..10).map(|i| (i, 0xDEAD_BE00 | (i as u32 % 3))).collect();
        let groups = recursive_buckets(&items);
        assert!(groups.iter().all(|g| g.prefix_bits == 32));
        assert_eq!(groups.len(), 3);
        assert_eq!(groups.iter().map(|g| g.members.len()).sum::<usize>(), 10);
    }
}
