//! The inverted index: each fingerprint to the references holding it.
//!
//! Posting lists hold *slots*, not positions in the reference list. A slot is a reference's stable
//! number, given when it is added; removing a reference shifts the positions of the ones after
//! it but not their slots, so a removal edits only the removed reference's own posting lists and
//! one small table (slot → position), instead of rebuilding every list. Callers only ever see
//! positions: [`Postings::documents`] translates.

use rustc_hash::FxHashMap as HashMap;

/// A slot whose reference was removed.
const FREE: u32 = u32::MAX;

/// Fingerprint → the references holding it (see the module docs).
#[derive(Debug, Clone, Default)]
pub(super) struct Postings {
    /// Fingerprint → slots, in the order the references were added.
    lists: HashMap<u64, Vec<u32>>,
    /// Per slot, the position of its reference, or [`FREE`].
    position_of_slot: Vec<u32>,
    /// Per position, the slot of its reference.
    slot_of_position: Vec<u32>,
}

impl Postings {
    /// Appends a reference holding `fingerprints` at the next position; returns its slot.
    pub(super) fn push(&mut self, fingerprints: &[u64]) -> u32 {
        let slot = self.position_of_slot.len() as u32;
        self.position_of_slot
            .push(self.slot_of_position.len() as u32);
        self.slot_of_position.push(slot);
        for &fingerprint in fingerprints {
            self.lists.entry(fingerprint).or_default().push(slot);
        }
        slot
    }

    /// Removes the reference at `position`, which holds `fingerprints`; the references after it
    /// move up one position. Its posting lists are edited and the position table shifted; no other
    /// list is touched.
    pub(super) fn remove(&mut self, position: usize, fingerprints: &[u64]) {
        let slot = self.slot_of_position.remove(position);
        self.position_of_slot[slot as usize] = FREE;
        for &later in &self.slot_of_position[position..] {
            self.position_of_slot[later as usize] -= 1;
        }
        for fingerprint in fingerprints {
            if let Some(list) = self.lists.get_mut(fingerprint) {
                list.retain(|&s| s != slot);
                if list.is_empty() {
                    self.lists.remove(fingerprint);
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

    /// How many references hold `fingerprint`.
    pub(super) fn count(&self, fingerprint: &u64) -> usize {
        self.lists.get(fingerprint).map_or(0, Vec::len)
    }

    /// The positions of the references holding `fingerprint`, in the order they were added.
    pub(super) fn documents(&self, fingerprint: &u64) -> Option<impl Iterator<Item = u32> + '_> {
        let list = self.lists.get(fingerprint)?;
        Some(self.positions(list))
    }

    /// Every posting list with at least two and at most `max_len` references, as positions.
    pub(super) fn lists_between(
        &self,
        max_len: usize,
    ) -> impl Iterator<Item = impl Iterator<Item = u32> + Clone + '_> + '_ {
        self.lists
            .values()
            .filter(move |list| list.len() >= 2 && list.len() <= max_len)
            .map(|list| self.positions(list))
    }

    fn positions<'a>(&'a self, slots: &'a [u32]) -> impl Iterator<Item = u32> + Clone + 'a {
        slots
            .iter()
            .map(|&slot| self.position_of_slot[slot as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn documents(postings: &Postings, fingerprint: u64) -> Vec<u32> {
        postings
            .documents(&fingerprint)
            .map_or_else(Vec::new, Iterator::collect)
    }

    #[test]
    fn a_removal_moves_later_references_up_and_drops_emptied_lists() {
        let mut postings = Postings::default();
        postings.push(&[1, 2]);
        postings.push(&[2, 3]);
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
        assert_eq!((postings.count(&2), postings.count(&4)), (0, 2));
        assert!(postings.documents(&2).is_none());
    }
}
