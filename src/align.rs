//! Passage alignment: from shared word runs between a paper and a source to passages that tolerate
//! small edits, each with its exact shared pieces.
//!
//! 1. **Segments**: every maximal run of equal tokens of at least `seed_words` words, found from seed
//!    n-grams of the source (n-grams that occur very often in the source are skipped as seeds).
//! 2. **Fragments**: segments chained along the diagonal: the next segment starts at most `max_gap`
//!    words after the fragment in *both* texts. Gaps are the "imperfections" (WCopyfind): a few
//!    inserted, deleted or changed words inside a copied passage.
//! 3. **Passages**: fragments next to each other in the paper (within `merge_gap` words) whose source
//!    ranges are close (within `merge_gap` words, or within the passage's own length, so sentences
//!    reordered inside a copied paragraph still make one passage) are merged.
//! 4. **Filter**: a passage needs one exact run of at least `anchor_words` words, so chains of
//!    common short phrases are not reported. The survivors are merged once more: next to each
//!    other in the paper and within their combined length in the source, they are one copied block
//!    with its sentences reordered. Then passages with fewer than `min_words` matched words go.
//! 5. **One place each**: where passages overlap in the paper (a source that repeats a phrase
//!    matches it at each repetition), the strongest is kept.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::error::Error;

/// How passages are aligned.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct AlignOptions {
    /// Shortest exact run used as a seed, in words (1..=16). Default 3.
    pub seed_words: usize,
    /// Largest gap inside a passage, in words, in each text (0..=100). Default 30.
    pub max_gap: usize,
    /// Largest distance at which fragments merge into one passage, in words (0..=500). Default 60.
    pub merge_gap: usize,
    /// Fewest matched words in a reported passage: smaller matches are excluded (1..=10000).
    /// Default 12.
    pub min_words: usize,
    /// A reported passage contains an exact run at least this long (1..=64). Default 6.
    pub anchor_words: usize,
}

impl Default for AlignOptions {
    fn default() -> Self {
        AlignOptions {
            seed_words: 3,
            max_gap: 30,
            merge_gap: 60,
            min_words: 12,
            anchor_words: 6,
        }
    }
}

impl AlignOptions {
    /// Checks the documented ranges.
    pub fn validate(&self) -> Result<(), Error> {
        let check = |name: &'static str, value: usize, range: std::ops::RangeInclusive<usize>| {
            if range.contains(&value) {
                Ok(())
            } else {
                Err(Error::invalid(
                    name,
                    format!(
                        "must be in {}..={}, got {value}",
                        range.start(),
                        range.end()
                    ),
                ))
            }
        };
        check("seedWords", self.seed_words, 1..=16)?;
        check("maxGap", self.max_gap, 0..=100)?;
        check("mergeGap", self.merge_gap, 0..=500)?;
        check("minWords", self.min_words, 1..=10_000)?;
        check("anchorWords", self.anchor_words, 1..=64)
    }
}

/// An exact shared run: `len` tokens from `paper` in the paper and from `source` in the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Segment {
    /// First token in the paper.
    pub paper: usize,
    /// First token in the source.
    pub source: usize,
    /// Number of tokens.
    pub len: usize,
}

/// An aligned passage: token ranges in both texts and the exact runs inside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Passage {
    /// First paper token.
    pub paper_start: usize,
    /// One past the last paper token.
    pub paper_end: usize,
    /// First source token.
    pub source_start: usize,
    /// One past the last source token.
    pub source_end: usize,
    /// The exact runs, sorted by paper position.
    pub segments: Vec<Segment>,
    /// Paper tokens inside exact runs (each counted once).
    pub matched_words: usize,
}

/// Seeds occurring more often than this in the source are skipped (they would only add noise).
const MAX_SEED_OCCURRENCES: usize = 64;

fn seed_hash(tokens: &[u64]) -> u64 {
    tokens.iter().fold(0x9E37_79B9_7F4A_7C15u64, |h, &t| {
        (h.rotate_left(17) ^ t).wrapping_mul(0xFF51_AFD7_ED55_8CCD)
    })
}

/// All maximal exact runs of at least `seed_words` tokens shared by `paper` and `source` (token
/// hashes), never starting on or running through an `excluded` paper token.
pub fn exact_segments(
    paper: &[u64],
    source: &[u64],
    excluded: &[bool],
    seed_words: usize,
) -> Vec<Segment> {
    let n = seed_words.max(1);
    if paper.len() < n || source.len() < n {
        return Vec::new();
    }
    let mut seeds: HashMap<u64, Vec<usize>> = HashMap::new();
    for (j, window) in source.windows(n).enumerate() {
        seeds.entry(seed_hash(window)).or_default().push(j);
    }
    let is_excluded = |i: usize| excluded.get(i).copied().unwrap_or(false);
    let mut segments = Vec::new();
    for (i, window) in paper.windows(n).enumerate() {
        if (i..i + n).any(is_excluded) {
            continue;
        }
        let Some(positions) = seeds.get(&seed_hash(window)) else {
            continue;
        };
        if positions.len() > MAX_SEED_OCCURRENCES {
            continue;
        }
        for &j in positions {
            if paper[i..i + n] != source[j..j + n] {
                continue; // a seed hash collision
            }
            // Only maximal runs: skip seeds that continue a run started earlier.
            if i > 0 && j > 0 && paper[i - 1] == source[j - 1] && !is_excluded(i - 1) {
                continue;
            }
            let mut len = n;
            while i + len < paper.len()
                && j + len < source.len()
                && paper[i + len] == source[j + len]
                && !is_excluded(i + len)
            {
                len += 1;
            }
            segments.push(Segment {
                paper: i,
                source: j,
                len,
            });
        }
    }
    segments.sort_unstable();
    segments
}

/// Aligns `paper` with `source` (token hashes) into passages; see the module docs.
pub fn align(
    paper: &[u64],
    source: &[u64],
    excluded: &[bool],
    options: &AlignOptions,
) -> Vec<Passage> {
    let segments = exact_segments(paper, source, excluded, options.seed_words);
    let fragments = chain(&segments, options.max_gap, options.seed_words);
    let anchored: Vec<Passage> = merge(fragments, options.merge_gap, options.anchor_words)
        .into_iter()
        .filter(|p| p.segments.iter().any(|s| s.len >= options.anchor_words))
        .collect();
    let passages = merge_reordered(anchored, options.merge_gap)
        .into_iter()
        .filter(|p| p.matched_words >= options.min_words)
        .collect();
    one_source_place_per_paper_place(passages)
}

fn passage_of(segment: Segment) -> Passage {
    Passage {
        paper_start: segment.paper,
        paper_end: segment.paper + segment.len,
        source_start: segment.source,
        source_end: segment.source + segment.len,
        segments: vec![segment],
        matched_words: segment.len,
    }
}

/// Step 2: chains segments along the diagonal with gaps of at most `max_gap` words in both texts.
/// A segment continues a fragment only forwards in the source (overlapping it by less than a seed).
fn chain(segments: &[Segment], max_gap: usize, seed_words: usize) -> Vec<Passage> {
    let mut open: Vec<Passage> = Vec::new();
    let mut done: Vec<Passage> = Vec::new();
    for &segment in segments {
        // Close fragments that can no longer be continued.
        let (still_open, closed): (Vec<Passage>, Vec<Passage>) = open
            .into_iter()
            .partition(|f| f.paper_end + max_gap >= segment.paper);
        done.extend(closed);
        open = still_open;
        // The segment moves forward in both texts, starting at most `max_gap` words after the
        // fragment in the source (the paper side is guaranteed by the partition above).
        let continues = |f: &Passage| {
            segment.paper + segment.len > f.paper_end
                && segment.source + seed_words >= f.source_end
                && segment.source + segment.len > f.source_end
                && segment.source <= f.source_end + max_gap
        };
        // Prefer the fragment whose source end is closest to this segment's source start.
        let best = open
            .iter_mut()
            .filter(|f| continues(f))
            .min_by_key(|f| segment.source.abs_diff(f.source_end));
        match best {
            Some(fragment) => extend(fragment, segment),
            None => open.push(passage_of(segment)),
        }
    }
    done.extend(open);
    done
}

fn extend(passage: &mut Passage, segment: Segment) {
    let new_words =
        (segment.paper + segment.len).saturating_sub(passage.paper_end.max(segment.paper));
    passage.matched_words += new_words.min(segment.len);
    passage.paper_end = passage.paper_end.max(segment.paper + segment.len);
    passage.source_end = passage.source_end.max(segment.source + segment.len);
    passage.source_start = passage.source_start.min(segment.source);
    passage.segments.push(segment);
}

/// Distance between two ranges (0 when they overlap).
fn gap(a: (usize, usize), b: (usize, usize)) -> usize {
    b.0.saturating_sub(a.1).max(a.0.saturating_sub(b.1))
}

/// Merges `fragment` into `into`.
fn absorb(into: &mut Passage, fragment: Passage) {
    let overlap = into
        .paper_end
        .min(fragment.paper_end)
        .saturating_sub(into.paper_start.max(fragment.paper_start));
    into.matched_words += fragment.matched_words.saturating_sub(overlap);
    into.paper_start = into.paper_start.min(fragment.paper_start);
    into.paper_end = into.paper_end.max(fragment.paper_end);
    into.source_start = into.source_start.min(fragment.source_start);
    into.source_end = into.source_end.max(fragment.source_end);
    into.segments.extend(fragment.segments);
    into.segments.sort_unstable();
}

/// Merges fragments (in paper order) into the nearby passage whose source range is closest, when
/// they are within `merge_gap` words in the paper and `accept(passage, fragment, source distance)`.
/// Every passage still open in the paper is considered, not only the last one, so a stray
/// fragment in between does not cut a passage in two.
fn merge_by(
    mut fragments: Vec<Passage>,
    merge_gap: usize,
    accept: impl Fn(&Passage, &Passage, usize) -> bool,
) -> Vec<Passage> {
    fragments.sort_by_key(|f| (f.paper_start, std::cmp::Reverse(f.matched_words)));
    let mut passages: Vec<Passage> = Vec::new();
    for fragment in fragments {
        let best = passages
            .iter_mut()
            .rev()
            .take_while(|p| p.paper_end + merge_gap * 4 >= fragment.paper_start)
            .filter(|p| fragment.paper_start <= p.paper_end + merge_gap)
            .map(|p| {
                let distance = gap(
                    (p.source_start, p.source_end),
                    (fragment.source_start, fragment.source_end),
                );
                (distance, p)
            })
            .filter(|(distance, p)| accept(p, &fragment, *distance))
            .min_by_key(|(distance, _)| *distance);
        match best {
            Some((_, passage)) => absorb(passage, fragment),
            None => passages.push(fragment),
        }
    }
    passages
}

/// Step 3: merges fragments that are close in the paper and in the source. A strong fragment (at
/// least `2 × anchor_words` matched words) may lie anywhere within the passage's length in the
/// source; a weak one is only taken in when it lies inside the passage in both texts, so a stray
/// common phrase cannot stretch a passage (chaining already joined the weak pieces that continue a
/// passage along its diagonal).
fn merge(fragments: Vec<Passage>, merge_gap: usize, anchor_words: usize) -> Vec<Passage> {
    merge_by(fragments, merge_gap, |passage, fragment, distance| {
        if fragment.matched_words >= 2 * anchor_words {
            distance <= merge_gap.max(passage.source_end - passage.source_start)
        } else {
            fragment.paper_start >= passage.paper_start
                && fragment.paper_end <= passage.paper_end
                && fragment.source_start >= passage.source_start
                && fragment.source_end <= passage.source_end
        }
    })
}

/// Step 4b: once weak strays are filtered out, passages next to each other in the paper whose
/// source ranges lie within their combined length are one copied block with reordered sentences.
fn merge_reordered(passages: Vec<Passage>, merge_gap: usize) -> Vec<Passage> {
    merge_by(passages, merge_gap, |passage, fragment, distance| {
        distance
            <= merge_gap.max(
                (passage.paper_end - passage.paper_start)
                    + (fragment.paper_end - fragment.paper_start),
            )
    })
}

/// Step 5: a part of the paper is copied from one place. When a source repeats itself ("the
/// Secretary of the Treasury" ten times in a statute), a copied passage also matches those other
/// places: keep the strongest passage and drop weaker ones lying mostly inside it in the paper.
fn one_source_place_per_paper_place(mut passages: Vec<Passage>) -> Vec<Passage> {
    passages.sort_by_key(|p| std::cmp::Reverse((p.matched_words, p.paper_end - p.paper_start)));
    let mut kept: Vec<Passage> = Vec::new();
    for passage in passages {
        let length = passage.paper_end - passage.paper_start;
        let overlapped: usize = kept
            .iter()
            .map(|k| {
                passage
                    .paper_end
                    .min(k.paper_end)
                    .saturating_sub(passage.paper_start.max(k.paper_start))
            })
            .sum();
        if overlapped * 2 <= length {
            kept.push(passage);
        }
    }
    kept.sort_by_key(|p| p.paper_start);
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sketch::hash_bytes;

    fn hashes(text: &str) -> Vec<u64> {
        text.split_whitespace()
            .map(|w| hash_bytes(w.as_bytes()))
            .collect()
    }

    #[test]
    fn exact_segments_are_maximal() {
        let paper = hashes("x a b c d y a b c");
        let source = hashes("a b c d z");
        let segments = exact_segments(&paper, &source, &[], 3);
        assert_eq!(
            segments,
            [
                Segment {
                    paper: 1,
                    source: 0,
                    len: 4
                },
                Segment {
                    paper: 6,
                    source: 0,
                    len: 3
                }
            ]
        );
    }

    /// Options for the short synthetic texts of these tests.
    fn small() -> AlignOptions {
        AlignOptions {
            max_gap: 10,
            merge_gap: 30,
            min_words: 8,
            anchor_words: 4,
            ..AlignOptions::default()
        }
    }

    #[test]
    fn small_edits_stay_inside_one_passage() {
        let source =
            "one two three four five six seven eight nine ten eleven twelve thirteen fourteen";
        let paper = "intro words here one two three four CHANGED six seven eight nine ten INSERTED eleven twelve thirteen fourteen outro";
        let passages = align(&hashes(paper), &hashes(source), &[], &small());
        assert_eq!(passages.len(), 1);
        let p = &passages[0];
        assert_eq!((p.paper_start, p.paper_end), (3, 18));
        assert_eq!((p.source_start, p.source_end), (0, 14));
        assert_eq!(p.matched_words, 13);
        assert_eq!(p.segments.len(), 3);
    }

    #[test]
    fn reordered_sentences_merge_and_short_common_phrases_do_not_count() {
        let source =
            "alpha beta gamma delta epsilon . zeta eta theta iota kappa . lambda mu nu xi omicron";
        let paper =
            "lambda mu nu xi omicron . alpha beta gamma delta epsilon . zeta eta theta iota kappa";
        let passages = align(&hashes(paper), &hashes(source), &[], &small());
        assert_eq!(passages.len(), 1, "{passages:?}");
        assert_eq!(passages[0].matched_words, 16);

        let common = align(
            &hashes("we see one of the best of them"),
            &hashes("one of the best"),
            &[],
            &small(),
        );
        assert!(common.is_empty());
    }

    #[test]
    fn excluded_tokens_break_runs() {
        let text = hashes("a b c d e f g h i j");
        let mut excluded = vec![false; 10];
        excluded[5] = true;
        let segments = exact_segments(&text, &text, &excluded, 3);
        assert_eq!(
            segments,
            [
                Segment {
                    paper: 0,
                    source: 0,
                    len: 5
                },
                Segment {
                    paper: 6,
                    source: 6,
                    len: 4
                }
            ]
        );
    }

    #[test]
    fn options_are_validated() {
        assert!(AlignOptions {
            seed_words: 0,
            ..AlignOptions::default()
        }
        .validate()
        .is_err());
        assert!(AlignOptions::default().validate().is_ok());
    }
}
