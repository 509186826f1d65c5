//! Properties of passage alignment over random token sequences: whatever the input, every passage
//! is well formed and its two sides correspond, and a planted exact copy of at least `anchorWords`
//! is always found, in word and in character scripts; the seed tables a check or all pairs builds
//! beforehand find the same runs.
#![cfg(not(target_arch = "wasm32"))]

use plagscope::align::{
    align, exact_segments_from_paper, exact_segments_with, AlignOptions, Passage, SeedTable, Side,
};
use plagscope::text::units::CJK_CHARACTER;
use plagscope::text::WORD;
use proptest::prelude::*;

/// A small vocabulary, so random texts share many short runs by chance (the hard case).
fn tokens(len: std::ops::Range<usize>) -> impl Strategy<Value = Vec<u64>> {
    prop::collection::vec(0u64..24, len)
}

fn check_well_formed(passage: &Passage, paper: &[u64], source: &[u64], weight: u32) {
    assert!(passage.paper_start < passage.paper_end && passage.paper_end <= paper.len());
    assert!(passage.source_start < passage.source_end && passage.source_end <= source.len());
    for s in &passage.segments {
        assert!(s.paper >= passage.paper_start && s.paper + s.len <= passage.paper_end);
        assert!(s.source >= passage.source_start && s.source + s.len <= passage.source_end);
        assert_eq!(
            paper[s.paper..s.paper + s.len],
            source[s.source..s.source + s.len]
        );
    }
    let (a, b) = (
        passage.paper_end - passage.paper_start,
        passage.source_end - passage.source_start,
    );
    // All tokens weigh the same here, so lengths in tokens are lengths in weight.
    assert!(
        a.max(b) <= 2 * a.min(b),
        "sides {a} and {b} do not correspond"
    );
    assert!(passage.matched_words <= a && passage.longest_run <= passage.matched_words);
    assert_eq!(
        passage.matched_weight,
        passage.matched_words as u32 * weight
    );
}

/// Aligns `paper` with `source`; also with the source's seed table built beforehand (as all pairs
/// does), which must give the same passages.
fn run(paper: &[u64], source: &[u64], weight: u32, options: &AlignOptions) -> Vec<Passage> {
    let (paper_weights, source_weights) = (vec![weight; paper.len()], vec![weight; source.len()]);
    let paper = Side {
        hashes: paper,
        weights: &paper_weights,
        shared: &[],
        common: &[],
        seeds: None,
        sums: None,
        sentences: None,
    };
    let source_side = Side {
        hashes: source,
        weights: &source_weights,
        shared: &[],
        common: &[],
        seeds: None,
        sums: None,
        sentences: None,
    };
    let passages = align(paper, source_side, &[], options);
    let table = SeedTable::new(source, options.seed_words);
    let with_table = Side {
        seeds: Some(&table),
        ..source_side
    };
    assert_eq!(align(paper, with_table, &[], options), passages);
    // A check gives the paper's table (with its filter) instead.
    let paper_table = SeedTable::with_filter(paper.hashes, options.seed_words);
    let with_paper_table = Side {
        seeds: Some(&paper_table),
        ..paper
    };
    assert_eq!(align(with_paper_table, source_side, &[], options), passages);
    passages
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn passages_are_well_formed_and_correspond(
        paper in tokens(0..300),
        source in tokens(0..300),
        chinese in any::<bool>(),
        min_words in 1usize..20,
        max_gap in 0usize..40,
    ) {
        let weight = if chinese { CJK_CHARACTER } else { WORD };
        let options = AlignOptions { min_words, max_gap, ..AlignOptions::default() };
        let passages = run(&paper, &source, weight, &options);
        for passage in &passages {
            check_well_formed(passage, &paper, &source, weight);
        }
        // One place each: passages do not overlap in the paper by more than half.
        for (i, a) in passages.iter().enumerate() {
            for b in &passages[i + 1..] {
                let overlap = a.paper_end.min(b.paper_end).saturating_sub(a.paper_start.max(b.paper_start));
                prop_assert!(2 * overlap <= (b.paper_end - b.paper_start).max(a.paper_end - a.paper_start));
            }
        }
    }

    /// The runs found from the paper's table are the runs found from the source's, with texts
    /// of few distinct tokens (seeds too frequent to be seeds) and excluded paper tokens.
    #[test]
    fn runs_from_the_papers_table_are_the_runs_from_the_sources(
        vocabulary in 2u64..30,
        paper in prop::collection::vec(0u64..1000, 0..600),
        source in prop::collection::vec(0u64..1000, 0..600),
        excluded in prop::collection::vec(prop::bool::weighted(0.05), 0..600),
        window in 1usize..6,
    ) {
        let (paper, source): (Vec<u64>, Vec<u64>) =
            (paper.iter().map(|t| t % vocabulary).collect(), source.iter().map(|t| t % vocabulary).collect());
        let from_source = exact_segments_with(&paper, &source, &SeedTable::new(&source, window), &excluded);
        let paper_table = SeedTable::with_filter(&paper, window);
        prop_assert_eq!(exact_segments_from_paper(&paper, &paper_table, &source, &excluded), from_source);
    }

    #[test]
    fn a_planted_exact_copy_of_an_anchor_is_found(
        before in tokens(0..200),
        after in tokens(0..200),
        source_before in tokens(0..200),
        source_after in tokens(0..200),
        copy_len in 12usize..80,
        chinese in any::<bool>(),
    ) {
        // Copied tokens come from their own range, so the copy is one exact run.
        let weight = if chinese { CJK_CHARACTER } else { WORD };
        let copy_len = if chinese { copy_len * 2 } else { copy_len }; // 12 words = 20 hanzi
        let copy: Vec<u64> = (1000..1000 + copy_len as u64).collect();
        let paper = [before.clone(), copy.clone(), after].concat();
        let source = [source_before.clone(), copy, source_after].concat();
        let passages = run(&paper, &source, weight, &AlignOptions::default());
        let found = passages.iter().any(|p| {
            p.paper_start <= before.len()
                && p.paper_end >= before.len() + copy_len
                && p.source_start <= source_before.len()
                && p.source_end >= source_before.len() + copy_len
        });
        prop_assert!(found, "copy of {} tokens not found: {:?}", copy_len, passages);
    }
}
