//! The inverted index: each fingerprint to the references holding it.
//!
//! **Slots.** Posting lists hold *slots*, not positions in the reference list. A slot is a
//! reference's stable number, given when it is added; removing a reference shifts the positions of
//! the ones after it but not their slots, so a removal edits only the removed reference's own lists
//! and one small table (slot → position), instead of rebuilding every list. Callers only ever see
//! positions.
//!
//! **Fingerprints.** A fingerprint is the low [`FINGERPRINT_BITS`] bits of a winnowed shingle
//! hash ([`fingerprint_of`]): 6 bytes held, and saved, rather than 8. With 5 million fingerprints
//! in a set (10,000 references of 2,000 words), two distinct ones agree on 48 bits with a
//! probability of about 2^-49 x 25 x 10^12 = 0.04 in the whole set, and a paper's shingle finds a
//! reference it does not share text with once in about 5 x 10^7 lookups, a candidate that
//! alignment (on full token hashes) then finds nothing in.
//!
//! **Two parts.** Most postings live in a compact [`Frozen`] part (sorted arrays, about 14 bytes
//! per fingerprint); the references added since it was last merged are in a hash map, merged into
//! it once they hold an eighth as many postings, so building costs a few passes over the postings
//! in all and the map never grows large.

mod frozen;

use rustc_hash::FxHashMap as HashMap;

use frozen::{Frozen, FREE};

/// Bits of a shingle hash kept as a fingerprint.
pub(crate) const FINGERPRINT_BITS: u32 = 48;

/// The fingerprint of a shingle hash: its low [`FINGERPRINT_BITS`] bits.
pub(crate) fn fingerprint_of(hash: u64) -> u64 {
    hash & ((1 << FINGERPRINT_BITS) - 1)
}

/// The fewest recent postings worth a merge.
const MIN_MERGE: usize = 1 << 14;

/// Fingerprint → the references holding it (see the module docs).
#[derive(Debug, Clone, Default)]
pub(super) struct Postings {
    frozen: Frozen,
    /// Fingerprint → slots added since the last merge, ascending.
    recent: HashMap<u64, Vec<u32>>,
    /// Postings in `recent`.
    recent_postings: usize,
    /// Per slot, the position of its reference, or [`FREE`].
    position_of_slot: Vec<u32>,
    /// Per position, the slot of its reference.
    slot_of_position: Vec<u32>,
}

impl Postings {
    /// Appends a reference holding `fingerprints` (distinct) at the next position; returns its slot.
    pub(super) fn push(&mut self, fingerprints: &[u64]) -> u32 {
        let slot = self.position_of_slot.len() as u32;
        self.position_of_slot
            .push(self.slot_of_position.len() as u32);
        self.slot_of_position.push(slot);
        for &fingerprint in fingerprints {
            self.recent.entry(fingerprint).or_default().push(slot);
        }
        self.recent_postings += fingerprints.len();
        if self.recent_postings >= MIN_MERGE.max(self.frozen.postings() / 8) {
            self.merge();
        }
        slot
    }

    /// Moves the recent postings into the frozen part.
    pub(super) fn merge(&mut self) {
        let recent = std::mem::take(&mut self.recent);
        let pairs = (recent.into_iter())
            .flat_map(|(key, slots)| slots.into_iter().map(move |slot| (key, slot)))
            .collect();
        self.frozen.merge(pairs);
        self.recent_postings = 0;
    }

    /// Appends references holding each of `lists` (distinct fingerprints), in order, straight into
    /// the frozen part: one sort of all their postings, for loading a saved set. The pairs get
    /// their exact room at once (grown by doubling, they would briefly take three times theirs).
    pub(super) fn extend(&mut self, lists: &[Vec<u64>]) {
        self.merge();
        let mut pairs = Vec::with_capacity(lists.iter().map(Vec::len).sum());
        for fingerprints in lists {
            let slot = self.position_of_slot.len() as u32;
            self.position_of_slot
                .push(self.slot_of_position.len() as u32);
            self.slot_of_position.push(slot);
            pairs.extend(fingerprints.iter().map(|&key| (key, slot)));
        }
        self.frozen.merge(pairs);
    }

    /// Removes the reference at `position`, which holds `fingerprints`; the references after it
    /// move up one position. Its lists are edited and the position table shifted; no other list is
    /// touched.
    pub(super) fn remove(&mut self, position: usize, fingerprints: &[u64]) {
        let slot = self.slot_of_position.remove(position);
        self.position_of_slot[slot as usize] = FREE;
        for &later in &self.slot_of_position[position..] {
            self.position_of_slot[later as usize] -= 1;
        }
        for &fingerprint in fingerprints {
            self.frozen.free(fingerprint, slot);
            if let Some(list) = self.recent.get_mut(&fingerprint) {
                let before = list.len();
                list.retain(|&s| s != slot);
                self.recent_postings -= before - list.len();
                if list.is_empty() {
                    self.recent.remove(&fingerprint);
                }
            }
        }
    }

    /// Whether the slot table is mostly free: removals leave free slots behind, and a set that has
    /// seen many should be renumbered (rebuilt) so the table stays proportional to the set.
    pub(super) fn mostly_free(&self) -> bool {
        self.position_of_slot.len() > 2 * self.slot_of_position.len() + 1024
    }

    /// The position of the reference in `slot`, unless it was removed.
    pub(super) fn position(&self, slot: u32) -> Option<usize> {
        let position = *self.position_of_slot.get(slot as usize)?;
        (position != FREE).then_some(position as usize)
    }

    fn recent_list(&self, fingerprint: u64) -> &[u32] {
        self.recent.get(&fingerprint).map_or(&[], Vec::as_slice)
    }

    /// How many references hold `fingerprint`.
    pub(super) fn count(&self, fingerprint: u64) -> usize {
        self.frozen.list(fingerprint).len() + self.recent_list(fingerprint).len()
    }

    /// The positions of the references holding `fingerprint`, in the order they were added.
    pub(super) fn documents(&self, fingerprint: u64) -> impl Iterator<Item = u32> + '_ {
        let slots = self.frozen.list(fingerprint).iter();
        let slots = slots.chain(self.recent_list(fingerprint));
        slots.map(|&slot| self.position_of_slot[slot as usize])
    }

    /// The positions of the references holding each fingerprint held by at least two and at most
    /// `max_len` references.
    pub(super) fn lists_between(&self, max_len: usize) -> impl Iterator<Item = Vec<u32>> + '_ {
        let frozen_keys = self.frozen.lists().map(|(key, _)| key);
        let recent_only = self.recent.keys().copied();
        let recent_only = recent_only.filter(|&key| self.frozen.list(key).is_empty());
        frozen_keys
            .chain(recent_only)
            .filter(move |&key| (2..=max_len).contains(&self.count(key)))
            .map(|key| self.documents(key).collect())
    }

    /// Each reference's fingerprints, ascending, by position.
    pub(super) fn fingerprints_by_position(&self) -> Vec<Vec<u64>> {
        let mut by_position = vec![Vec::new(); self.slot_of_position.len()];
        let lists = self.frozen.lists();
        let recent = self
            .recent
            .iter()
            .map(|(&key, slots)| (key, slots.as_slice()));
        for (key, slots) in lists.chain(recent) {
            for &slot in slots {
                by_position[self.position_of_slot[slot as usize] as usize].push(key);
            }
        }
        by_position.iter_mut().for_each(|keys| keys.sort_unstable());
        by_position
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    fn documents(postings: &Postings, fingerprint: u64) -> Vec<u32> {
        postings.documents(fingerprint).collect()
    }

    #[test]
    fn a_removal_moves_later_references_up_and_drops_emptied_lists() {
        let mut postings = Postings::default();
        postings.push(&[1, 2]);
        postings.push(&[2, 3]);
        postings.merge();
        postings.push(&[3, 4]);
        postings.remove(1, &[2, 3]);
        assert_eq!(documents(&postings, 2), [0]);
        assert_eq!(documents(&postings, 3), [1]);
        assert_eq!(documents(&postings, 4), [1]);
        postings.push(&[1, 4]);
        assert_eq!(documents(&postings, 1), [0, 2]);
        assert_eq!(documents(&postings, 4), [1, 2]);
        postings.remove(0, &[1, 2]);
        assert_eq!(documents(&postings, 1), [1]);
        assert_eq!((postings.count(2), postings.count(4)), (0, 2));
        assert!(documents(&postings, 2).is_empty());
    }

    /// Random additions, removals and merges against a plain model: position → fingerprints.
    #[test]
    fn postings_answer_like_a_plain_list_of_references() {
        let mut next = crate::test_random::below(0x9E37_79B9_7F4A_7C15);
        let mut postings = Postings::default();
        let mut model: Vec<Vec<u64>> = Vec::new();
        for _ in 0..3_000 {
            match next(10) {
                0..=5 => {
                    // Fingerprints from a small range, so lists are shared; some at the extremes.
                    let mut fingerprints: Vec<u64> = (0..next(12))
                        .map(|_| match next(20) {
                            0 => fingerprint_of(u64::MAX) - next(3),
                            _ => next(400) << 39 | next(3),
                        })
                        .collect();
                    fingerprints.sort_unstable();
                    fingerprints.dedup();
                    postings.push(&fingerprints);
                    model.push(fingerprints);
                }
                6..=8 if !model.is_empty() => {
                    let position = next(model.len() as u64) as usize;
                    postings.remove(position, &model.remove(position));
                }
                _ => postings.merge(),
            }
        }
        let mut expected: BTreeMap<u64, Vec<u32>> = BTreeMap::new();
        for (position, fingerprints) in model.iter().enumerate() {
            for &fingerprint in fingerprints {
                expected
                    .entry(fingerprint)
                    .or_default()
                    .push(position as u32);
            }
        }
        for (&fingerprint, positions) in &expected {
            assert_eq!(documents(&postings, fingerprint), *positions);
            assert_eq!(postings.count(fingerprint), positions.len());
        }
        assert_eq!(postings.count(12345), 0);
        let mut lists: Vec<Vec<u32>> = postings.lists_between(5).collect();
        lists.sort();
        let mut expected_lists: Vec<Vec<u32>> = (expected.values())
            .filter(|list| (2..=5).contains(&list.len()))
            .cloned()
            .collect();
        expected_lists.sort();
        assert_eq!(lists, expected_lists);
        assert_eq!(postings.fingerprints_by_position(), model);
    }
}
