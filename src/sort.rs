//! One stable sort for the many small sorts by a key or a comparator (passages, fragments, sources,
//! candidates): std's sort is generic, so each element type and comparator gets its own copy of the
//! whole sort (about 8 KB of wasm each, over 100 KB for this crate's sorts). Here the sort itself
//! runs once, over `u32` positions with a `dyn` comparator, and the permutation moves bytes, so
//! only the comparator is per type. Large sorts of plain numbers (`sort_unstable` of `u64`s) keep
//! std's, which they share, and so do the hot sorts by a `u64` key ([`sort_by_u64_key`]).

use std::cmp::Ordering;

/// Sorts `items` stably by `compare`, as `items.sort_by(compare)` does.
pub(crate) fn sort_by<T>(items: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    let order = {
        let items: &[T] = items;
        sorted_positions(items.len(), &mut |a, b| compare(&items[a], &items[b]))
    };
    permute(items, &order);
}

/// Sorts `items` into their order, as `items.sort()` does.
pub(crate) fn sort<T: Ord>(items: &mut [T]) {
    sort_by(items, T::cmp);
}

/// Sorts `items` stably by the key `key` gives, as `items.sort_by_key(key)` does.
pub(crate) fn sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// The positions `0..len` in the order `compare` gives (stable): the one instance of the sort.
fn sorted_positions(len: usize, compare: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<u32> {
    // A text's lists are far shorter than 2^32 items (at most 16 million tokens).
    let mut order: Vec<u32> = (0..len as u32).collect();
    order.sort_by(|&a, &b| compare(a as usize, b as usize));
    order
}

/// Rearranges `items` so that item `i` is the old item `order[i]`. The moves are one function for
/// every element type (each `T` only passes its size): a per-type copy of them cost about 0.5 KB
/// of wasm for each of the crate's sorted types.
fn permute<T>(items: &mut [T], order: &[u32]) {
    assert_eq!(order.len(), items.len());
    // SAFETY: `order` is a permutation of `0..items.len()` (`sorted_positions`), so the bytes of
    // every item are copied back exactly once, to its new place: each item is moved, none is
    // duplicated or lost, and nothing between can panic.
    unsafe { permute_bytes(items.as_mut_ptr().cast(), std::mem::size_of::<T>(), order) }
}

/// Moves item `order[i]` of the `order.len()` items of `size` bytes at `items` to place `i`,
/// through a buffer of plain bytes (copied as bytes, so its alignment does not matter).
///
/// # Safety
/// `items` holds `order.len()` items of `size` bytes, and `order` is a permutation of their places.
unsafe fn permute_bytes(items: *mut u8, size: usize, order: &[u32]) {
    let mut moved: Vec<u8> = Vec::with_capacity(order.len() * size);
    for (i, &from) in order.iter().enumerate() {
        let source = items.add(from as usize * size);
        std::ptr::copy_nonoverlapping(source, moved.as_mut_ptr().add(i * size), size);
    }
    std::ptr::copy_nonoverlapping(moved.as_ptr(), items, order.len() * size);
}

/// Lists this short are sorted by [`sort_by_u64_key`] in place, by insertion.
const INSERTION_ITEMS: usize = 32;

/// Sorts `items` stably by the `u64` key `key` gives, without a call through a `dyn` comparator
/// at each comparison: the sort of a hot path (each sentence's terms, a source's term postings,
/// at every check). Short lists by insertion in place, longer ones by their keys sorted with
/// their places (std's sort of `u128`s, shared by every caller).
pub(crate) fn sort_by_u64_key<T: Copy>(items: &mut [T], key: impl Fn(&T) -> u64) {
    if items.len() <= INSERTION_ITEMS {
        for i in 1..items.len() {
            let item = items[i];
            let item_key = key(&item);
            let mut j = i;
            while j > 0 && key(&items[j - 1]) > item_key {
                items[j] = items[j - 1];
                j -= 1;
            }
            items[j] = item;
        }
        return;
    }
    let mut keyed: Vec<u128> = (items.iter().enumerate())
        .map(|(i, item)| u128::from(key(item)) << 32 | i as u128)
        .collect();
    keyed.sort_unstable();
    let order: Vec<u32> = keyed.iter().map(|&keyed| keyed as u32).collect();
    permute(items, &order);
}

/// How many items two sorted lists have in common, repeats counted as often as both hold them.
pub(crate) fn common_count(a: &[u64], b: &[u64]) -> usize {
    let (mut i, mut j, mut common) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            Ordering::Less => i += 1,
            Ordering::Greater => j += 1,
            Ordering::Equal => (i, j, common) = (i + 1, j + 1, common + 1),
        }
    }
    common
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_stably_like_std() {
        let mut next = crate::test_random::below(0x2545_F491_4F6C_DD1D);
        for len in [0, 1, 2, 3, 7, 20, 33, 100, 1000] {
            let items: Vec<(u8, u32)> = (0..len).map(|i| (next(5) as u8, i)).collect();
            let mut expected = items.clone();
            expected.sort_by_key(|&(key, _)| key);
            let mut sorted = items.clone();
            sort_by_key(&mut sorted, |&(key, _)| key);
            assert_eq!(sorted, expected);
            let mut reversed = items.clone();
            sort_by(&mut reversed, |a, b| b.0.cmp(&a.0));
            expected.sort_by_key(|&(key, _)| std::cmp::Reverse(key));
            assert_eq!(reversed, expected);
            let mut by_u64 = items.clone();
            sort_by_u64_key(&mut by_u64, |&(key, _)| u64::from(key) << 40);
            expected.sort_by_key(|&(key, _)| key);
            assert_eq!(by_u64, expected);
        }
    }
}
