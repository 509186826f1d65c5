//! One level of the postings in compact form (see the parent module for the levels).
//!
//! - **Keys**: the distinct fingerprints, ascending, each held as its low 32 bits; a directory
//!   from a fingerprint's top bits (at least the [`FINGERPRINT_BITS`]` - 32` above the stored
//!   ones) to its bucket's place in the keys gives the rest. Fingerprints are uniform hashes, so a
//!   bucket holds about [`KEYS_PER_BUCKET`] keys, one cache line, found with one directory read.
//! - **Values**, one per key: the slot of the one reference holding it, which is most keys of a
//!   set of distinct texts, or the place of its list in `lists`.
//! - **Lists** of the keys several references hold: the list's length, then its slots ascending,
//!   then its free slots.
//!
//! About 8.5 bytes per fingerprint held by one reference (4 + 4 + the directory), 4 more per
//! reference when several hold it, plus 4 for the list's length. Removing a reference marks its
//! slots [`FREE`]; they stay until the set is renumbered (`Checker::renumber`, once most slots
//! are free). Merging adds to the arrays in place ([`Frozen::merge`]).

use super::FINGERPRINT_BITS;

/// A slot whose reference was removed: a key's value when its one slot was, and inside a list,
/// after the live slots.
pub(super) const FREE: u32 = u32::MAX;

/// Set in a value that is a list's place in `lists` rather than a slot: slots stay below it.
pub(super) const LIST: u32 = 1 << 31;

/// Keys per directory bucket, on average at most: 16 keys of 4 bytes are one 64-byte cache line.
const KEYS_PER_BUCKET: usize = 16;

/// The fewest top bits that name a bucket: every bit above the 32 stored is one of them.
const MIN_BUCKET_BITS: u32 = FINGERPRINT_BITS - 32;

/// Sorted fingerprints, their values, the shared lists and a directory (see the module docs).
#[derive(Debug, Clone)]
pub(super) struct Frozen {
    /// The low 32 bits of each distinct fingerprint, ascending.
    keys: Vec<u32>,
    /// Per key: its one slot, [`FREE`] once that one is removed, or [`LIST`] | its list's place.
    values: Vec<u32>,
    /// The lists of keys several references hold (see the module docs), in the order of the keys.
    lists: Vec<u32>,
    /// Bucket `b` (the fingerprints whose top bits are `b`) is `keys[directory[b]..directory[b + 1]]`.
    directory: Vec<u32>,
    /// [`FINGERPRINT_BITS`] minus the number of top bits that name a bucket (at most 32).
    shift: u32,
    /// Postings held, free ones included.
    postings: usize,
}

impl Default for Frozen {
    fn default() -> Self {
        let shift = shift_for(0);
        Frozen {
            keys: Vec::new(),
            values: Vec::new(),
            lists: Vec::new(),
            directory: vec![0; (1 << (FINGERPRINT_BITS - shift)) + 1],
            shift,
            postings: 0,
        }
    }
}

impl Frozen {
    /// Postings held, free ones included.
    pub(super) fn postings(&self) -> usize {
        self.postings
    }

    /// Bytes held on the heap: (keys and directory, values, lists).
    pub(super) fn heap_bytes(&self) -> [usize; 3] {
        let keys = (self.keys.capacity() + self.directory.capacity()) * 4;
        [keys, self.values.capacity() * 4, self.lists.capacity() * 4]
    }

    /// The fingerprint of the key at `index`, which is in `bucket`.
    fn key(&self, index: usize, bucket: usize) -> u64 {
        let high = (bucket as u64) >> (32 - self.shift);
        high << 32 | u64::from(self.keys[index])
    }

    /// Every key's index and fingerprint, ascending.
    fn indexed_keys(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        let buckets = 0..self.directory.len() - 1;
        buckets.flat_map(move |bucket| {
            let range = self.directory[bucket] as usize..self.directory[bucket + 1] as usize;
            range.map(move |index| (index, self.key(index, bucket)))
        })
    }

    /// The index of `key` in `keys`.
    fn find(&self, key: u64) -> Option<usize> {
        let bucket = (key >> self.shift) as usize;
        let high = *self.directory.get(bucket + 1)? as usize;
        let low = self.directory[bucket] as usize;
        let at = self.keys[low..high].binary_search(&(key as u32)).ok()?;
        Some(low + at)
    }

    /// The live slots of the key at `index`, ascending.
    fn list_at(&self, index: usize) -> &[u32] {
        let value = &self.values[index];
        match *value {
            FREE => &[],
            slot if slot & LIST == 0 => std::slice::from_ref(value),
            place => {
                let list = whole_list(&self.lists, place);
                &list[..list.partition_point(|&slot| slot != FREE)]
            }
        }
    }

    /// Whether `key` is among the keys, its slots live or free.
    pub(super) fn holds(&self, key: u64) -> bool {
        self.find(key).is_some()
    }

    /// The live slots holding `key`, ascending (empty when none does).
    pub(super) fn list(&self, key: u64) -> &[u32] {
        self.find(key).map_or(&[], |index| self.list_at(index))
    }

    /// Every fingerprint with its live slots, ascending.
    pub(super) fn lists(&self) -> impl Iterator<Item = (u64, &[u32])> + '_ {
        (self.indexed_keys()).map(|(index, key)| (key, self.list_at(index)))
    }

    /// Calls `found` with each live (fingerprint, slot) pair whose slot is in `slots`, the
    /// fingerprints ascending: one tight pass, since saving reads a large level once per part.
    pub(super) fn pairs_in(&self, slots: std::ops::Range<u32>, mut found: impl FnMut(u64, u32)) {
        for bucket in 0..self.directory.len() - 1 {
            let indexes = self.directory[bucket] as usize..self.directory[bucket + 1] as usize;
            for index in indexes {
                let held = match self.values[index] {
                    slot if slot & LIST == 0 => std::slice::from_ref(&self.values[index]),
                    FREE => &[],
                    place => whole_list(&self.lists, place),
                };
                // Free slots in a list are FREE, never in `slots`.
                for &slot in held.iter().filter(|slot| slots.contains(slot)) {
                    found(self.key(index, bucket), slot);
                }
            }
        }
    }

    /// Every live (fingerprint, slot) pair, ascending: this level's postings, to merge into another.
    pub(super) fn into_pairs(self) -> Vec<(u64, u32)> {
        let mut pairs = Vec::with_capacity(self.postings);
        for (key, slots) in self.lists() {
            pairs.extend(slots.iter().map(|&slot| (key, slot)));
        }
        pairs
    }

    /// Frees `slot` in the list of `key`: the live slots after it move up one place.
    pub(super) fn free(&mut self, key: u64, slot: u32) {
        let Some(index) = self.find(key) else {
            return;
        };
        let value = self.values[index];
        if value & LIST == 0 || value == FREE {
            if value == slot {
                self.values[index] = FREE;
            }
            return;
        }
        let start = (value & !LIST) as usize + 1;
        let live = self.list_at(index).len();
        let list = &mut self.lists[start..start + live];
        if let Ok(at) = list.binary_search(&slot) {
            list[at..].rotate_left(1);
            list[live - 1] = FREE;
        }
    }

    /// Adds `added` (fingerprint, slot) pairs, whose slots are newer than any held, in place: the
    /// arrays grow by exactly what is added and the lists move towards their new places from the
    /// back, so a merge never holds two copies of the postings (the wasm engine's memory keeps its
    /// highest point for good). Free slots in lists stay, after each list's live ones.
    pub(super) fn merge(&mut self, mut added: Vec<(u64, u32)>) {
        added.sort_unstable();
        debug_assert!(
            added
                .last()
                .is_none_or(|&(key, _)| key >> FINGERPRINT_BITS == 0),
            "only fingerprints are keys"
        );
        let (new_keys, new_lists) = self.merged_sizes(&added);
        let old_keys = self.keys.len();
        grow_to(&mut self.keys, new_keys);
        grow_to(&mut self.values, new_keys);
        grow_to(&mut self.lists, new_lists);
        let shift = shift_for(new_keys);
        let mut counts = vec![0u32; (1 << (FINGERPRINT_BITS - shift)) + 1];
        // From the back: key `k` of the result, key `i` held (in `bucket`), pair `j` added (each
        // one past); `end` is where the lists placed so far begin.
        let (mut i, mut bucket, mut j) = (old_keys, self.directory.len() - 1, added.len());
        let mut end = new_lists;
        for k in (0..new_keys).rev() {
            let held = (i > 0).then(|| {
                while self.directory[bucket] as usize >= i {
                    bucket -= 1;
                }
                self.key(i - 1, bucket)
            });
            let adding = (j > 0).then(|| added[j - 1].0);
            let key = held.max(adding).expect("a key is left while k > 0");
            let run = added[..j].iter().rev().take_while(|&&(k, _)| k == key);
            let first_added = j - run.count();
            let old_value = (held == Some(key)).then(|| {
                i -= 1;
                self.values[i]
            });
            (self.values[k], end) = self.place(old_value, &added[first_added..j], end);
            self.keys[k] = key as u32;
            counts[(key >> shift) as usize + 1] += 1;
            j = first_added;
        }
        for bucket in 1..counts.len() {
            counts[bucket] += counts[bucket - 1];
        }
        (self.directory, self.shift) = (counts, shift);
        self.postings += added.len();
    }

    /// Writes the slots of one key of a merge, held (`old_value`) and `added`, into `lists`
    /// just before `end` when they make a list; returns the key's value and where its list starts
    /// (`end` when it has none).
    fn place(&mut self, old_value: Option<u32>, added: &[(u64, u32)], end: usize) -> (u32, usize) {
        let (old_live, old_free) = match old_value {
            None | Some(FREE) => (0, 0),
            Some(slot) if slot & LIST == 0 => (1, 0),
            Some(place) => {
                let list = whole_list(&self.lists, place);
                let live = list.partition_point(|&slot| slot != FREE);
                (live, list.len() - live)
            }
        };
        let len = old_live + added.len() + old_free;
        match (old_value, added) {
            (Some(value), []) if value & LIST == 0 || value == FREE => return (value, end),
            (None | Some(FREE), [(_, slot)]) => return (*slot, end),
            _ => {}
        }
        let start = end - (len + 1);
        // The list only ever moves towards the back (`start >= place`): the lists after it have
        // already moved out of its way. Its live slots move first; then what goes after them.
        match old_value {
            Some(slot) if slot & LIST == 0 => self.lists[start + 1] = slot,
            Some(place) if place != FREE => {
                let from = (place & !LIST) as usize + 1;
                self.lists.copy_within(from..from + old_live, start + 1);
            }
            _ => {}
        }
        let after_live = start + 1 + old_live;
        for (at, &(_, slot)) in added.iter().enumerate() {
            self.lists[after_live + at] = slot;
        }
        self.lists[end - old_free..end].fill(FREE);
        self.lists[start] = len as u32;
        debug_assert!(start < LIST as usize, "lists outgrew their 31-bit places");
        (LIST | start as u32, start)
    }

    /// How many keys and list entries the merge of `added` (sorted) gives, exactly what
    /// [`Frozen::place`] writes.
    fn merged_sizes(&self, added: &[(u64, u32)]) -> (usize, usize) {
        let mut held = self.indexed_keys().peekable();
        let (mut keys, mut lists) = (self.keys.len(), self.lists.len());
        for run in added.chunk_by(|a, b| a.0 == b.0) {
            let key = run[0].0;
            while held.next_if(|&(_, h)| h < key).is_some() {}
            let old_value = held
                .next_if(|&(_, h)| h == key)
                .map(|(i, _)| self.values[i]);
            keys += usize::from(old_value.is_none());
            lists += match old_value {
                None | Some(FREE) if run.len() == 1 => 0,
                None | Some(FREE) => run.len() + 1,
                // A single slot becomes a list: its length, the slot, the added ones.
                Some(slot) if slot & LIST == 0 => run.len() + 2,
                Some(_) => run.len(),
            };
        }
        (keys, lists)
    }
}

/// The whole list (live and free slots) at `place` (a value with [`LIST`] set) in `lists`.
fn whole_list(lists: &[u32], place: u32) -> &[u32] {
    let start = (place & !LIST) as usize;
    &lists[start + 1..start + 1 + lists[start] as usize]
}

/// Makes `values` `len` long (zeros at the end), with exactly that room.
fn grow_to<T: Default + Clone>(values: &mut Vec<T>, len: usize) {
    values.reserve_exact(len - values.len());
    values.resize(len, T::default());
}

/// The shift that gives the bucket of a fingerprint among `keys` keys: about one bucket per
/// [`KEYS_PER_BUCKET`] keys, a power of two, at least [`MIN_BUCKET_BITS`] bits.
fn shift_for(keys: usize) -> u32 {
    let bits = (keys / KEYS_PER_BUCKET)
        .next_power_of_two()
        .trailing_zeros();
    FINGERPRINT_BITS - bits.clamp(MIN_BUCKET_BITS, FINGERPRINT_BITS)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random merges and frees against a plain model (key -> live slots), with the room each
    /// merge takes checked to be exactly what it needs.
    #[test]
    fn merges_and_frees_answer_like_a_map_and_take_exactly_their_room() {
        use std::collections::BTreeMap;
        let mut next = crate::test_random::below(0x9e37_79b9_7f4a_7c15);
        let mut frozen = Frozen::default();
        let mut model: BTreeMap<u64, Vec<u32>> = BTreeMap::new();
        let mut free_in_lists = 0;
        for round in 0..300u32 {
            // Keys from a few values in every bucket region, so lists are shared; some at the top.
            let key = |next: &mut dyn FnMut(u64) -> u64| match next(10) {
                0 => (1 << FINGERPRINT_BITS) - 1 - next(3),
                _ => next(128) << 33 | next(4) << 20 | next(2),
            };
            let mut added: Vec<(u64, u32)> =
                (0..next(30)).map(|_| (key(&mut next), round)).collect();
            added.sort_unstable();
            added.dedup();
            for &(key, slot) in &added {
                model.entry(key).or_default().push(slot);
            }
            frozen.merge(added);
            // Exactly the room: a key per distinct fingerprint, lists packed without gaps.
            assert_eq!(
                (frozen.keys.len(), frozen.keys.capacity()),
                (model.len(), model.len())
            );
            let packed: usize = (frozen.values.iter())
                .filter(|&&value| value != FREE && value & LIST != 0)
                .map(|&place| 1 + whole_list(&frozen.lists, place).len())
                .sum();
            assert_eq!(
                (frozen.lists.len(), frozen.lists.capacity()),
                (packed, packed)
            );
            for _ in 0..next(8) {
                let key = key(&mut next);
                let Some(slots) = model.get_mut(&key).filter(|s| !s.is_empty()) else {
                    continue;
                };
                let slot = slots.remove(next(slots.len() as u64) as usize);
                free_in_lists += usize::from(frozen.list(key).len() > 1);
                frozen.free(key, slot);
            }
            for (&key, slots) in &model {
                assert_eq!(frozen.list(key), slots.as_slice(), "key {key:#x}");
            }
            let listed: BTreeMap<u64, Vec<u32>> = (frozen.lists())
                .filter(|(_, slots)| !slots.is_empty())
                .map(|(key, slots)| (key, slots.to_vec()))
                .collect();
            let live: BTreeMap<u64, Vec<u32>> = model
                .iter()
                .filter(|(_, s)| !s.is_empty())
                .map(|(&k, s)| (k, s.clone()))
                .collect();
            assert_eq!(listed, live);
        }
        assert!(free_in_lists > 10, "the test frees slots inside lists");
        assert_eq!(frozen.list(12345), &[] as &[u32]);
    }
}
