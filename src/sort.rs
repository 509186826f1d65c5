//! One stable sort for the many small sorts by a key or a comparator (passages, fragments, sources,
//! candidates): std's sort is generic, so each element type and comparator gets its own copy of the
//! whole sort (about 8 KB of wasm each, over 100 KB for this crate's sorts). Here the sort itself
//! runs once, over `u32` positions with a `dyn` comparator, and only the small permutation step is
//! per type. Large sorts of plain numbers (`sort_unstable` of `u64`s) keep std's, which they share.

use std::cmp::Ordering;

/// Sorts `items` stably by `compare`, as `items.sort_by(compare)` does.
pub(crate) fn sort_by<T>(items: &mut Vec<T>, mut compare: impl FnMut(&T, &T) -> Ordering) {
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
pub(crate) fn sort<T: Ord>(items: &mut Vec<T>) {
    sort_by(items, T::cmp);
}

/// Sorts `items` stably by the key `key` gives, as `items.sort_by_key(key)` does.
pub(crate) fn sort_by_key<T, K: Ord>(items: &mut Vec<T>, mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// The positions `0..len` in the order `compare` gives (stable): the one instance of the sort.
fn sorted_positions(len: usize, compare: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<u32> {
    // A text's lists are far shorter than 2^32 items (at most 16 million tokens).
    let mut order: Vec<u32> = (0..len as u32).collect();
    order.sort_by(|&a, &b| compare(a as usize, b as usize));
    order
}

/// Rearranges `items` so that item `i` is the old item `order[i]`.
fn permute<T>(items: &mut Vec<T>, order: &[u32]) {
    let mut slots: Vec<Option<T>> = items.drain(..).map(Some).collect();
    items.extend(order.iter().map(|&from| {
        slots[from as usize]
            .take()
            .expect("a permutation takes each item once")
    }));
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
        }
    }
}
