//! The inverted index: each fingerprint to the references holding it.
//!
//! **Slots.** Posting lists hold *slots*, not positions in the reference list. A slot is a
//! reference's stable number, given when it is added; removing a reference shifts the positions of
//! the ones after it but not their slots, so a removal edits only the removed reference's own lists
//! and one small table (slot → position), instead of rebuilding every list. Callers only ever see
//! positions.
//!
//! **Fingerprints.** A fingerprint is the low [`FINGERPRINT_BITS`] bits of a winnowed shingle
//! hash ([`fingerprint_of`]), saved in 5 bytes and held in 4 (the top bits are implied by where
//! it is, see [`frozen`]). With 5 million distinct fingerprints in a set (10,000 references of
//! 2,000 words), a paper's shingle finds a reference it does not share text with once in about
//! 2^40 / 5 x 10^6 = 220,000 lookups, a few times in a thousand checks of a 5,000-word paper: a
//! candidate that alignment (on full token hashes) then finds nothing in.
//!
//! **Levels.** The postings are compact sorted levels ([`Frozen`]), the oldest first. An added
//! reference's postings become a level of their own, merged into the one before while that is
//! under eight times as large, as a binary counter carries: each posting is moved about four
//! times per level, and there are about log8(postings / postings of a reference) levels, so
//! building costs a few dozen moves per posting and everything is held compactly at every point.
//! A level stops taking merges once it holds about [`FULL_LEVEL`] postings: growing it would
//! reallocate its arrays, which in the wasm engine's memory briefly takes them twice, and that
//! memory never shrinks. A lookup reads each level: a handful, plus one per million postings.
//! A fingerprint several references hold is held once per level that has one of them.

mod frozen;

use frozen::{Frozen, FREE, LIST};

/// Bits of a shingle hash kept as a fingerprint.
pub(crate) const FINGERPRINT_BITS: u32 = 40;

/// Bytes a saved index writes per fingerprint.
pub(crate) const FINGERPRINT_BYTES: usize = FINGERPRINT_BITS as usize / 8;

/// The fingerprint of a shingle hash: its low [`FINGERPRINT_BITS`] bits.
pub(crate) fn fingerprint_of(hash: u64) -> u64 {
    hash & ((1 << FINGERPRINT_BITS) - 1)
}

/// A level is merged into the one before it while it holds at least this fraction of its postings.
const LEVEL_RATIO: usize = 8;

/// Postings a level takes in merges up to (see the module docs): about 8 MB of arrays.
const FULL_LEVEL: usize = 1 << 20;

/// The most postings a loaded set gathers before making them a level ([`Postings::append`]): a
/// full level, 16 MB of pairs, so a large set is loaded in full levels each sorted once. (Half
/// levels merged in pairs take 1.15 times as long to load the browser bench's 10,000 references
/// in Node, 478 against 417 ms; eighths merged by the levels' counter, natively 1.4 times.)
const LOADED_LEVEL: usize = FULL_LEVEL;

/// About the most fingerprints a run of [`Postings::fingerprints_by_level`] holds (1 MB). Measured
/// on the browser bench's 10,000 references (the wasm memory in Node after building them, which
/// takes snapshots as the set doubles; natively the time of one save): a level a run, 5.08 B/word
/// and 0.22 s; a quarter level, 5.03 and 0.30 s; an eighth, 4.87 and 0.39 s.
const RUN_POSTINGS: usize = FULL_LEVEL / 8;

/// The postings the first level of a loaded set gathers (256 KB of pairs).
const FIRST_LOADED: usize = 1 << 14;

/// Fingerprint → the references holding it (see the module docs).
#[derive(Debug, Clone, Default)]
pub(crate) struct Postings {
    /// Oldest first; a level's slots are all newer than the levels' before it.
    levels: Vec<Frozen>,
    /// Per level, one past its last slot: level `i` holds the references of the slots from the
    /// end of level `i - 1` (0 for the first), removed ones included, and no others.
    level_ends: Vec<u32>,
    /// Per slot, the position of its reference, or [`FREE`].
    position_of_slot: Vec<u32>,
    /// Per position, the slot of its reference.
    slot_of_position: Vec<u32>,
}

impl Postings {
    /// Appends a reference holding `fingerprints` (distinct) at the next position; returns its slot.
    pub(crate) fn push(&mut self, fingerprints: &[u64]) -> u32 {
        let slot = self.next_slot();
        self.add_level(fingerprints.iter().map(|&key| (key, slot)).collect());
        slot
    }

    /// Appends a reference holding `fingerprints` (distinct) at the next position, for loading a
    /// saved set: its postings are gathered in `pending`, which becomes a level (one sort for many
    /// references) when it is full; each is given twice the room of the one before, from
    /// [`FIRST_LOADED`] up to [`LOADED_LEVEL`] postings, so a small set never holds much more
    /// than its own postings, and a large one is loaded in a few large sorts rather than many
    /// merges. Returns its slot; [`Postings::flush`] ends the loading.
    pub(crate) fn append(&mut self, fingerprints: &[u64], pending: &mut Vec<(u64, u32)>) -> u32 {
        if pending.len() + fingerprints.len() > pending.capacity() && !pending.is_empty() {
            let room = (pending.capacity() * 2).clamp(FIRST_LOADED, LOADED_LEVEL);
            self.add_level(std::mem::replace(pending, Vec::with_capacity(room)));
        }
        let slot = self.next_slot();
        pending.extend(fingerprints.iter().map(|&key| (key, slot)));
        slot
    }

    /// Makes the postings [`Postings::append`] left in `pending` a level, so that every slot is in
    /// a level.
    pub(crate) fn flush(&mut self, pending: Vec<(u64, u32)>) {
        let covered = self.level_ends.last().map_or(0, |&end| end as usize);
        if !pending.is_empty() || covered < self.position_of_slot.len() {
            self.add_level(pending);
        }
    }

    /// The slot of a reference added at the next position.
    fn next_slot(&mut self) -> u32 {
        let slot = self.position_of_slot.len() as u32;
        // A set holds at most 256 MiB of text and is renumbered once most slots are free.
        debug_assert!(slot < LIST, "slots stay below the list marker");
        self.position_of_slot
            .push(self.slot_of_position.len() as u32);
        self.slot_of_position.push(slot);
        slot
    }

    /// Adds `pairs` (newer slots than any held) as the newest level, then merges levels as a
    /// binary counter carries (see the module docs).
    fn add_level(&mut self, pairs: Vec<(u64, u32)>) {
        let mut level = Frozen::default();
        level.merge(pairs);
        self.levels.push(level);
        self.level_ends.push(self.position_of_slot.len() as u32);
        while let [.., before, last] = self.levels.as_slice() {
            let full = before.postings() + last.postings() > FULL_LEVEL;
            if full || last.postings() * LEVEL_RATIO < before.postings() {
                break;
            }
            let last = self.levels.pop().expect("two levels");
            let end = self.level_ends.pop().expect("an end per level");
            *self.level_ends.last_mut().expect("an end per level") = end;
            let pairs = last.into_pairs();
            self.levels.last_mut().expect("a level").merge(pairs);
        }
    }

    /// Removes the reference at `position`, which holds `fingerprints`; the references after it
    /// move up one position. Its lists are edited and the position table shifted; no other list is
    /// touched. (A saved index can be forged to hold fingerprints its text does not give, which
    /// the analysis of a removal does not find: such postings of a removed slot stay in their
    /// lists, and every reader skips slots without a position.)
    pub(crate) fn remove(&mut self, position: usize, fingerprints: &[u64]) {
        let slot = self.slot_of_position.remove(position);
        self.position_of_slot[slot as usize] = FREE;
        for &later in &self.slot_of_position[position..] {
            self.position_of_slot[later as usize] -= 1;
        }
        let level = &mut self.levels[self.level_ends.partition_point(|&end| end <= slot)];
        for &fingerprint in fingerprints {
            level.free(fingerprint, slot);
        }
    }

    /// Whether the slot table is mostly free: removals leave free slots behind, and a set that has
    /// seen many should be renumbered (rebuilt) so the table stays proportional to the set.
    pub(crate) fn mostly_free(&self) -> bool {
        self.position_of_slot.len() > 2 * self.slot_of_position.len() + 1024
    }

    /// The position of the reference in `slot`, unless it was removed.
    pub(crate) fn position(&self, slot: u32) -> Option<usize> {
        let position = *self.position_of_slot.get(slot as usize)?;
        (position != FREE).then_some(position as usize)
    }

    /// Bytes held on the heap, by part.
    pub(crate) fn heap_bytes(&self) -> Vec<(&'static str, usize)> {
        let mut parts = [0; 3];
        for level in &self.levels {
            for (part, bytes) in parts.iter_mut().zip(level.heap_bytes()) {
                *part += bytes;
            }
        }
        let positions = (self.position_of_slot.capacity() + self.slot_of_position.capacity()) * 4;
        vec![
            ("postings: keys and directory", parts[0]),
            ("postings: values", parts[1]),
            ("postings: shared lists", parts[2]),
            ("postings: slot tables", positions),
        ]
    }

    /// How many references hold `fingerprint`.
    pub(crate) fn count(&self, fingerprint: u64) -> usize {
        (self.levels.iter())
            .map(|level| level.list(fingerprint).len())
            .sum()
    }

    /// The positions of the references holding `fingerprint`, in the order they were added.
    pub(crate) fn documents(&self, fingerprint: u64) -> impl Iterator<Item = u32> + '_ {
        let slots = (self.levels.iter()).flat_map(move |level| level.list(fingerprint));
        slots.filter_map(|&slot| Some(self.position(slot)? as u32))
    }

    /// The positions of the references holding each fingerprint held by at least two and at most
    /// `max_len` references.
    pub(crate) fn lists_between(&self, max_len: usize) -> impl Iterator<Item = Vec<u32>> + '_ {
        // Each fingerprint once: from the first level holding it.
        let keys = self.levels.iter().enumerate().flat_map(move |(at, level)| {
            let first_here =
                move |key: &u64| !(self.levels[..at].iter()).any(|older| older.holds(*key));
            level.lists().map(|(key, _)| key).filter(first_here)
        });
        keys.filter(move |&key| (2..=max_len).contains(&self.count(key)))
            .map(|key| self.documents(key).collect())
    }

    /// How many runs [`Postings::fingerprints_by_level`] gives (for tests).
    #[cfg(test)]
    pub(crate) fn fingerprint_runs_count(&self) -> usize {
        self.fingerprints_by_level().count()
    }

    /// Each reference's fingerprints, ascending, by position (for tests).
    #[cfg(test)]
    pub(crate) fn fingerprints_by_position(&self) -> Vec<Vec<u64>> {
        self.fingerprints_by_level().flatten().collect()
    }

    /// Each reference's fingerprints, ascending, by position, a run of references at a time: a
    /// saved index is written from these, so it holds about [`RUN_POSTINGS`] fingerprints at once,
    /// not the whole set's. A run is a level's references, or a part of them for a large level
    /// (whose lists are read once per part).
    pub(crate) fn fingerprints_by_level(&self) -> impl Iterator<Item = Vec<Vec<u64>>> + '_ {
        let starts = std::iter::once(0).chain(self.level_ends.iter().copied());
        let ranges = starts.zip(self.level_ends.iter().copied());
        let runs = (self.levels.iter().zip(ranges)).flat_map(|(level, (start, end))| {
            let parts = level.postings().div_ceil(RUN_POSTINGS).max(1) as u32;
            let part_len = (end - start).div_ceil(parts).max(1);
            (0..parts).map(move |part| {
                let first = start + part * part_len;
                (level, first.min(end)..(first + part_len).min(end))
            })
        });
        runs.map(|(level, slots)| {
            let positions = slots.clone().filter_map(|slot| self.position(slot));
            let (first, count) =
                positions.fold((usize::MAX, 0), |(first, n), p| (first.min(p), n + 1));
            let mut by_position = vec![Vec::new(); count];
            level.pairs_in(slots, |key, slot| {
                if let Some(position) = self.position(slot) {
                    by_position[position - first].push(key);
                }
            });
            by_position
        })
    }
}

#[cfg(test)]
mod tests;
