//! Tests of `index/postings/mod.rs`.

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
                        _ => next(400) << 31 | next(3),
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
            _ => {}
        }
    }
    assert_levels_as_a_counter_leaves_them(&postings);
    assert!(postings.levels.len() >= 2, "the test builds several levels");
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

/// Each level under an eighth of the one before, unless the two would make more than a full one.
fn assert_levels_as_a_counter_leaves_them(postings: &Postings) {
    for pair in postings.levels.windows(2) {
        let (before, last) = (pair[0].postings(), pair[1].postings());
        assert!(last * LEVEL_RATIO < before || before + last > FULL_LEVEL);
    }
}

/// Past [`FULL_LEVEL`] postings levels stay apart, whether references are pushed one by one
/// or loaded, and answer the same; every reference is in a level, the last one without
/// fingerprints too.
#[test]
fn full_levels_are_left_as_they_are() {
    let mut lists: Vec<Vec<u64>> = (0..110u64)
        .map(|doc| {
            (0..20_000)
                .map(|i| fingerprint_of(((doc % 40) << 20) | (i * 7)))
                .collect()
        })
        .collect();
    lists.push(Vec::new());
    let (mut pushed, mut loaded) = (Postings::default(), Postings::default());
    let mut pending = Vec::new();
    for fingerprints in &lists {
        pushed.push(fingerprints);
        loaded.append(fingerprints, &mut pending);
    }
    loaded.flush(pending);
    let postings: usize = lists.iter().map(Vec::len).sum();
    for built in [&pushed, &loaded] {
        assert_levels_as_a_counter_leaves_them(built);
        let sizes: Vec<usize> = built.levels.iter().map(Frozen::postings).collect();
        assert!(
            sizes.iter().all(|&size| size <= FULL_LEVEL + 20_000),
            "{sizes:?}"
        );
        assert_eq!(sizes.iter().sum::<usize>(), postings);
        assert!(sizes.len() > postings / (FULL_LEVEL + 20_000), "{sizes:?}");
    }
    for key in [fingerprint_of(7), fingerprint_of((39 << 20) | (7 * 19_999))] {
        let expected: Vec<u32> = (0..110u32)
            .filter(|&doc| u64::from(doc % 40) == key >> 20)
            .collect();
        assert_eq!(pushed.documents(key).collect::<Vec<_>>(), expected);
        assert_eq!(loaded.documents(key).collect::<Vec<_>>(), expected);
    }
    for built in [&pushed, &loaded] {
        assert_eq!(built.fingerprints_by_position(), lists);
        assert_eq!(built.level_ends.last(), Some(&(lists.len() as u32)));
    }
}

/// References without fingerprints (texts shorter than a shingle) are in a level too, so
/// saving and removing find them.
#[test]
fn loaded_references_without_fingerprints_are_in_a_level() {
    let mut postings = Postings::default();
    let mut pending = Vec::new();
    for _ in 0..3 {
        postings.append(&[], &mut pending);
    }
    postings.flush(pending);
    assert_eq!(postings.level_ends, [3]);
    assert_eq!(
        postings.fingerprints_by_position(),
        vec![Vec::<u64>::new(); 3]
    );
    postings.remove(1, &[]);
    assert_eq!(postings.fingerprints_by_position().len(), 2);
}
