//! The bulk of the postings in compact form: the fingerprints sorted in one array, each one's
//! slots in one shared array (compressed sparse rows), and a directory from a fingerprint's top
//! bits to its place in the sorted array. Fingerprints are uniform 48-bit hashes, so a directory
//! with one bucket per four fingerprints finds any of them with one or two probes.
//!
//! A fingerprint ([`super::FINGERPRINT_BITS`] bits) is held in 6 bytes ([`Keys`]). About 14 bytes
//! per fingerprint held by one reference, against about 77 for a hash map of vectors. Removing a
//! reference marks its slots [`FREE`] at the end of each of its lists; they stay there until the
//! set is renumbered (`Checker::renumber`, once most slots are free). Merging adds to the arrays
//! in place ([`Frozen::merge`]).

use super::FINGERPRINT_BITS;

/// A slot whose reference was removed; inside a list, free slots come after the live ones.
pub(super) const FREE: u32 = u32::MAX;

/// Sorted fingerprints in 6 bytes each: the low 32 bits and the 16 above them in two arrays.
#[derive(Debug, Clone, Default)]
struct Keys {
    low: Vec<u32>,
    high: Vec<u16>,
}

impl Keys {
    fn len(&self) -> usize {
        self.low.len()
    }

    fn get(&self, index: usize) -> u64 {
        u64::from(self.high[index]) << 32 | u64::from(self.low[index])
    }

    /// Makes room for `len` keys, exactly.
    fn grow_to(&mut self, len: usize) {
        grow_to(&mut self.low, len);
        grow_to(&mut self.high, len);
    }

    fn set(&mut self, index: usize, key: u64) {
        debug_assert!(
            key >> FINGERPRINT_BITS == 0,
            "{key:#x} is not a fingerprint"
        );
        self.low[index] = key as u32;
        self.high[index] = (key >> 32) as u16;
    }

    /// The index of `key` among `range`, which is sorted.
    fn find_in(&self, range: std::ops::Range<usize>, key: u64) -> Option<usize> {
        let (mut low, mut high) = (range.start, range.end);
        while low < high {
            let middle = low + (high - low) / 2;
            match self.get(middle).cmp(&key) {
                std::cmp::Ordering::Less => low = middle + 1,
                std::cmp::Ordering::Greater => high = middle,
                std::cmp::Ordering::Equal => return Some(middle),
            }
        }
        None
    }

    fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        (0..self.len()).map(|index| self.get(index))
    }
}

/// Sorted fingerprints, their slot lists and a directory (see the module docs).
#[derive(Debug, Clone)]
pub(super) struct Frozen {
    /// Distinct fingerprints, ascending.
    keys: Keys,
    /// List `i` is `slots[starts[i]..starts[i + 1]]`; `starts` has one more item than `keys`.
    starts: Vec<u32>,
    /// Every list's slots, ascending, then its free slots.
    slots: Vec<u32>,
    /// Bucket `b` (the fingerprints whose top bits are `b`) is `keys[directory[b]..directory[b + 1]]`.
    directory: Vec<u32>,
    /// 64 minus the number of top bits that name a bucket.
    shift: u32,
}

impl Default for Frozen {
    fn default() -> Self {
        let (directory, shift) = directory(&Keys::default());
        Frozen {
            keys: Keys::default(),
            starts: vec![0],
            slots: Vec::new(),
            directory,
            shift,
        }
    }
}

impl Frozen {
    /// Postings held, free ones included.
    pub(super) fn postings(&self) -> usize {
        self.slots.len()
    }

    /// The index of `key` in `keys`.
    fn find(&self, key: u64) -> Option<usize> {
        let bucket = (key >> self.shift) as usize;
        let (low, high) = (
            *self.directory.get(bucket)? as usize,
            self.directory[bucket + 1] as usize,
        );
        self.keys.find_in(low..high, key)
    }

    fn list_at(&self, index: usize) -> &[u32] {
        let list = &self.slots[self.starts[index] as usize..self.starts[index + 1] as usize];
        let live = list.partition_point(|&slot| slot != FREE);
        &list[..live]
    }

    /// The live slots holding `key`, ascending (empty when none does).
    pub(super) fn list(&self, key: u64) -> &[u32] {
        self.find(key).map_or(&[], |index| self.list_at(index))
    }

    /// Every fingerprint with its live slots.
    pub(super) fn lists(&self) -> impl Iterator<Item = (u64, &[u32])> + '_ {
        (0..self.keys.len()).map(|index| (self.keys.get(index), self.list_at(index)))
    }

    /// Frees `slot` in the list of `key`: the live slots after it move up one place.
    pub(super) fn free(&mut self, key: u64, slot: u32) {
        let Some(index) = self.find(key) else {
            return;
        };
        let start = self.starts[index] as usize;
        let live = self.list_at(index).len();
        let list = &mut self.slots[start..start + live];
        if let Ok(at) = list.binary_search(&slot) {
            list[at..].rotate_left(1);
            list[live - 1] = FREE;
        }
    }

    /// Adds `added` (fingerprint, slot) pairs, whose slots are newer than any held, in place: the
    /// arrays grow by exactly what is added and the lists move towards their new places from the
    /// back, so a merge never holds two copies of the postings (the wasm engine's memory keeps its
    /// highest point for good). Free slots stay where they are, after each list's live ones.
    pub(super) fn merge(&mut self, mut added: Vec<(u64, u32)>) {
        added.sort_unstable();
        // Exactly the room the keys need: room for a key per added posting would stay unused for
        // good (most add a slot to a key already held, a reference's own or another's).
        let (old_keys, old_slots) = (self.keys.len(), self.slots.len());
        let new_keys = distinct_keys(&self.keys, &added);
        self.keys.grow_to(new_keys);
        grow_to(&mut self.starts, new_keys + 1);
        grow_to(&mut self.slots, old_slots + added.len());
        // From the back: key `k` of the result, key `i` held, pair `j` added (each one past).
        let (mut k, mut i, mut j) = (new_keys, old_keys, added.len());
        let mut end = self.slots.len();
        let mut old_end = old_slots;
        while k > 0 {
            let held = (i > 0).then(|| self.keys.get(i - 1));
            let adding = (j > 0).then(|| added[j - 1].0);
            let key = held.max(adding).expect("a key is left while k > 0");
            let (mut live, mut free, mut from) = (0, 0, 0);
            if held == Some(key) {
                from = self.starts[i - 1] as usize;
                let list = &self.slots[from..old_end];
                live = list.partition_point(|&slot| slot != FREE);
                free = list.len() - live;
                old_end = from;
                i -= 1;
            }
            let mut first_added = j;
            while first_added > 0 && added[first_added - 1].0 == key {
                first_added -= 1;
            }
            let start = end - (live + (j - first_added) + free);
            // The list only ever moves towards the back (`start >= from`): the lists after it
            // have already moved out of its way.
            self.slots.copy_within(from..from + live, start);
            for (at, &(_, slot)) in added[first_added..j].iter().enumerate() {
                self.slots[start + live + at] = slot;
            }
            self.slots[end - free..end].fill(FREE);
            j = first_added;
            self.keys.set(k - 1, key);
            self.starts[k] = end as u32;
            end = start;
            k -= 1;
        }
        self.starts[0] = 0;
        (self.directory, self.shift) = directory(&self.keys);
    }
}

/// Makes `values` `len` long (zeros at the end), with exactly that room.
fn grow_to<T: Default + Clone>(values: &mut Vec<T>, len: usize) {
    values.reserve_exact(len - values.len());
    values.resize(len, T::default());
}

/// The directory of sorted `keys`: about one bucket per four keys, a power of two, named by the
/// top bits of a fingerprint. Returns it with the shift that gives a key's bucket.
fn directory(keys: &Keys) -> (Vec<u32>, u32) {
    let bits = (keys.len() / 4)
        .max(2)
        .next_power_of_two()
        .trailing_zeros()
        .min(FINGERPRINT_BITS);
    let shift = FINGERPRINT_BITS - bits;
    let buckets = 1usize << bits;
    let mut directory = Vec::with_capacity(buckets + 1);
    let mut index = 0;
    for bucket in 0..buckets {
        while index < keys.len() && ((keys.get(index) >> shift) as usize) < bucket {
            index += 1;
        }
        directory.push(index as u32);
    }
    directory.push(keys.len() as u32);
    (directory, shift)
}

/// How many distinct keys `held` (sorted, distinct) and `added` (sorted) have together, free or not.
fn distinct_keys(held: &Keys, added: &[(u64, u32)]) -> usize {
    let (mut held, mut count) = (held.iter().peekable(), held.len());
    let mut previous = None;
    for &(key, _) in added {
        if previous == Some(key) {
            continue;
        }
        previous = Some(key);
        while held.next_if(|&h| h < key).is_some() {}
        if held.next_if(|&h| h == key).is_none() {
            count += 1;
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distinct_keys_counts_each_key_once_and_merges_keep_exactly_that_room() {
        let mut next = crate::test_random::below(0x9e37_79b9_7f4a_7c15);
        let mut frozen = Frozen::default();
        for round in 0..60u32 {
            let mut added: Vec<(u64, u32)> = (0..next(40)).map(|_| (next(100), round)).collect();
            added.sort_unstable();
            added.dedup();
            let mut expected: Vec<u64> = frozen.keys.iter().collect();
            expected.extend(added.iter().map(|&(key, _)| key));
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(distinct_keys(&frozen.keys, &added), expected.len());
            frozen.merge(added);
            assert_eq!(frozen.keys.iter().collect::<Vec<_>>(), expected);
            assert_eq!(frozen.keys.low.capacity(), expected.len());
            assert_eq!(frozen.keys.high.capacity(), expected.len());
        }
    }
}
