//! Extension: seeds and exact passages grouped into clusters that lie close together in both texts
//! (Sanchez-Perez et al., PAN 2014: cluster by the gaps in the paper, then within each cluster by
//! the gaps in the source, again until nothing splits).

use std::ops::Range;

/// One piece of evidence, as unit ranges (end-exclusive) in both texts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Item {
    pub(crate) paper: Range<usize>,
    pub(crate) source: Range<usize>,
    /// Index of the seed or the exact passage it stands for.
    pub(crate) index: usize,
    /// An exact passage (true) or a sentence seed.
    pub(crate) exact: bool,
}

/// Groups `items` so that, inside a group, the items follow each other with gaps of at most
/// `max_gap` units in the paper and in the source; items in no common group are never joined.
pub(crate) fn clusters(items: Vec<Item>, max_gap: usize) -> Vec<Vec<Item>> {
    let mut done = Vec::new();
    let mut todo = vec![items];
    while let Some(group) = todo.pop() {
        let by_paper = split(group, max_gap, |i| i.paper.clone());
        if by_paper.len() > 1 {
            todo.extend(by_paper);
            continue;
        }
        let group = by_paper.into_iter().next().unwrap_or_default();
        let by_source = split(group, max_gap, |i| i.source.clone());
        if by_source.len() > 1 {
            todo.extend(by_source);
        } else {
            done.extend(by_source.into_iter().filter(|g| !g.is_empty()));
        }
    }
    crate::sort::sort_by_key(&mut done, |g| g.iter().map(|i| i.paper.start).min());
    done
}

/// Cuts `items` where the next range (sorted by start) begins more than `max_gap` units after the
/// ranges before it end.
fn split(
    mut items: Vec<Item>,
    max_gap: usize,
    range: impl Fn(&Item) -> Range<usize>,
) -> Vec<Vec<Item>> {
    crate::sort::sort_by_key(&mut items, |i| (range(i).start, range(i).end));
    let mut groups: Vec<Vec<Item>> = Vec::new();
    let mut end = 0;
    for item in items {
        let r = range(&item);
        match groups.last_mut() {
            Some(group) if r.start <= end + max_gap => {
                end = end.max(r.end);
                group.push(item);
            }
            _ => {
                end = r.end;
                groups.push(vec![item]);
            }
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seed(paper: usize, source: usize) -> Item {
        Item {
            paper: paper..paper + 1,
            source: source..source + 1,
            index: paper,
            exact: false,
        }
    }

    fn shape(groups: &[Vec<Item>]) -> Vec<Vec<usize>> {
        let mut shape: Vec<Vec<usize>> = groups
            .iter()
            .map(|g| {
                let mut papers: Vec<usize> = g.iter().map(|i| i.paper.start).collect();
                papers.sort_unstable();
                papers
            })
            .collect();
        shape.sort();
        shape
    }

    #[test]
    fn seeds_close_in_both_texts_cluster_even_when_shuffled() {
        // Paper units 10-13 match source units 40-43 in another order; 30 is far in the paper,
        // 14 is near in the paper but far in the source.
        let items = vec![
            seed(10, 42),
            seed(11, 40),
            seed(12, 43),
            seed(13, 41),
            seed(14, 90),
            seed(30, 44),
        ];
        assert_eq!(
            shape(&clusters(items, 3)),
            [vec![10, 11, 12, 13], vec![14], vec![30]]
        );
    }

    #[test]
    fn a_gap_within_max_gap_joins_and_one_past_it_splits() {
        let joined = clusters(vec![seed(0, 0), seed(4, 4)], 3);
        assert_eq!(joined.len(), 1);
        let split = clusters(vec![seed(0, 0), seed(5, 5)], 3);
        assert_eq!(split.len(), 2);
    }

    #[test]
    fn an_exact_passage_spanning_units_joins_seeds_at_both_ends() {
        let exact = Item {
            paper: 5..9,
            source: 20..24,
            index: 0,
            exact: true,
        };
        let groups = clusters(vec![seed(3, 18), exact, seed(10, 25)], 1);
        assert_eq!(groups.len(), 1);
        assert_eq!(groups[0].len(), 3);
    }
}
