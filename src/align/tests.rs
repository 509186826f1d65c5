use super::*;
use crate::sketch::hash_bytes;
use crate::text::units::CJK_CHARACTER;
use crate::text::WORD;

/// Whitespace-separated words, each weighing one word.
fn words(text: &str) -> (Vec<u64>, Vec<u32>) {
    let hashes: Vec<u64> = text
        .split_whitespace()
        .map(|w| hash_bytes(w.as_bytes()))
        .collect();
    let weights = vec![WORD; hashes.len()];
    (hashes, weights)
}

/// One token per character, each weighing a Chinese character.
fn hanzi(text: &str) -> (Vec<u64>, Vec<u32>) {
    let hashes: Vec<u64> = text
        .chars()
        .map(|c| hash_bytes(c.to_string().as_bytes()))
        .collect();
    let weights = vec![CJK_CHARACTER; hashes.len()];
    (hashes, weights)
}

fn side(tokens: &(Vec<u64>, Vec<u32>)) -> Side<'_> {
    Side {
        hashes: &tokens.0,
        weights: &tokens.1,
        shared: &[],
        common: &[],
        seeds: None,
        sums: None,
        sentences: None,
    }
}

fn run(
    paper: &(Vec<u64>, Vec<u32>),
    source: &(Vec<u64>, Vec<u32>),
    options: &AlignOptions,
) -> Vec<Passage> {
    align(side(paper), side(source), &[], options)
}

/// A law repeats its subject ("预备役" 65 times in one law of 3 KB): a run whose first window is
/// too frequent in the source to be a seed is still found, from that first window.
#[test]
fn a_run_that_starts_with_a_frequent_phrase_is_found_whole() {
    let source = format!("{}a b c d e f g", "a b c q ".repeat(70));
    let source = words(&source).0;
    let paper = words("y a b c d e f g z").0;
    let segments = exact_segments(&paper, &source, &[], 3);
    let copied = Segment {
        paper: 1,
        source: 70 * 4,
        len: 7,
    };
    assert_eq!(segments, [copied]);
}

#[test]
fn exact_segments_are_maximal() {
    let paper = words("x a b c d y a b c").0;
    let source = words("a b c d z").0;
    let segments = exact_segments(&paper, &source, &[], 3);
    let expected = [
        Segment {
            paper: 1,
            source: 0,
            len: 4,
        },
        Segment {
            paper: 6,
            source: 0,
            len: 3,
        },
    ];
    assert_eq!(segments, expected);
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
        words("one two three four five six seven eight nine ten eleven twelve thirteen fourteen");
    let paper = words("intro words here one two three four CHANGED six seven eight nine ten INSERTED eleven twelve thirteen fourteen outro");
    let passages = run(&paper, &source, &small());
    assert_eq!(passages.len(), 1);
    let p = &passages[0];
    assert_eq!((p.paper_start, p.paper_end), (3, 18));
    assert_eq!((p.source_start, p.source_end), (0, 14));
    assert_eq!(p.matched_words, 13);
    assert_eq!(p.segments.len(), 3);
    assert_eq!((p.longest_run, p.longest_weight), (5, 5 * WORD));
}

#[test]
fn reordered_sentences_merge_and_short_common_phrases_do_not_count() {
    let source = words(
        "alpha beta gamma delta epsilon . zeta eta theta iota kappa . lambda mu nu xi omicron",
    );
    let paper = words(
        "lambda mu nu xi omicron . alpha beta gamma delta epsilon . zeta eta theta iota kappa",
    );
    let passages = run(&paper, &source, &small());
    assert_eq!(passages.len(), 1, "{passages:?}");
    assert_eq!(passages[0].matched_words, 16);

    let common = run(
        &words("we see one of the best of them"),
        &words("one of the best"),
        &small(),
    );
    assert!(common.is_empty());
}

#[test]
fn excluded_tokens_break_runs() {
    let text = words("a b c d e f g h i j").0;
    let mut excluded = vec![false; 10];
    excluded[5] = true;
    let segments = exact_segments(&text, &text, &excluded, 3);
    let expected = [
        Segment {
            paper: 0,
            source: 0,
            len: 5,
        },
        Segment {
            paper: 6,
            source: 6,
            len: 4,
        },
    ];
    assert_eq!(segments, expected);
}

#[test]
fn one_source_phrase_is_not_stretched_over_the_paper() {
    // The source says "from the point of view of the" once; the paper repeats it in four places,
    // with unrelated text between them. Each is a short common phrase, not a passage.
    let source = words("we argue from the point of view of the reader and nothing else");
    let paper = words(
        "first from the point of view of the author a b c d e \
         second from the point of view of the critic f g h i j \
         third from the point of view of the editor k l m n o \
         fourth from the point of view of the printer p q r s t",
    );
    let options = AlignOptions {
        min_words: 12,
        anchor_words: 6,
        ..AlignOptions::default()
    };
    assert!(run(&paper, &source, &options).is_empty());
}

#[test]
fn scattered_stock_phrases_do_not_make_a_passage() {
    // Three shared phrases of four words, each separated by unrelated text: 12 matched words, but
    // only a third of each side is shared.
    let gap = |p: &str| (1..=12).map(|i| format!(" {p}{i} ")).collect::<String>();
    let source = words(&format!(
        "in the first place {} on the other hand {} at the same time",
        gap("x"),
        gap("y")
    ));
    let paper = words(&format!(
        "in the first place {} on the other hand {} at the same time",
        gap("p"),
        gap("q")
    ));
    let options = AlignOptions {
        anchor_words: 4,
        min_words: 12,
        ..AlignOptions::default()
    };
    assert!(run(&paper, &source, &options).is_empty());
}

#[test]
fn chinese_thresholds_are_in_characters_not_words() {
    // 15 shared characters (9 word equivalents) are below the 12-word minimum; 24 are above it.
    let shared = "国务院总理今天在人民大会堂会见了";
    let source = hanzi(&format!(
        "据报道{shared}来访的外国代表团并且进行了友好的交谈"
    ));
    let short = hanzi(&format!(
        "新华社消息{}其他内容完全不同的文字在这里",
        &shared[..15 * 3]
    ));
    assert!(run(&short, &source, &AlignOptions::default()).is_empty());
    let long = hanzi(&format!("新华社消息{shared}来访的外国代表团其他内容"));
    let passages = run(&long, &source, &AlignOptions::default());
    assert_eq!(passages.len(), 1, "{passages:?}");
    assert!(passages[0].matched_words >= 20);
}

#[test]
fn sides_of_every_passage_correspond() {
    // A source paragraph copied with a few edits, and stray matches of its words elsewhere.
    let source = words(
        "the committee met on tuesday to discuss the budget for the coming year and agreed \
         that spending on roads and schools should rise while administrative costs fall",
    );
    let paper = words(
        "the budget was discussed and the committee met on tuesday to discuss the budget for \
         the coming year and agreed that spending on roads and new schools should rise while \
         costs fall the committee met",
    );
    let passages = run(&paper, &source, &AlignOptions::default());
    assert_eq!(passages.len(), 1, "{passages:?}");
    for p in passages {
        let (a, b) = (p.paper_end - p.paper_start, p.source_end - p.source_start);
        assert!(a.max(b) <= 2 * a.min(b), "{p:?}");
    }
}

#[test]
fn options_are_validated() {
    let bad = AlignOptions {
        seed_words: 0,
        ..AlignOptions::default()
    };
    assert!(bad.validate().is_err());
    let bad = AlignOptions {
        min_density: 101,
        ..AlignOptions::default()
    };
    assert!(bad.validate().is_err());
    assert!(AlignOptions::default().validate().is_ok());
}

/// Words `w{from}..w{to}`, distinct from any English word.
fn numbered(prefix: &str, range: std::ops::Range<usize>) -> String {
    range.map(|i| format!("{prefix}{i} ")).collect()
}

#[test]
fn an_edited_copy_needs_evidence_no_other_reference_shares() {
    // 80 source words copied with every 8th word changed: no run of 12, 70 words in runs.
    let source = words(&numbered("w", 0..80));
    let edited: String = (0..80)
        .map(|i| {
            if i % 8 == 7 {
                format!("x{i} ")
            } else {
                format!("w{i} ")
            }
        })
        .collect();
    let paper = words(&edited);
    let passages = run(&paper, &source, &AlignOptions::default());
    assert_eq!(passages.len(), 1, "{passages:?}");
    assert!(passages[0].longest_run < 12);
    // The same copy, when every one of its words is phrasing other references share too, is
    // the domain's common phrasing, not evidence against this source.
    let shared = vec![true; paper.0.len()];
    let paper_side = Side {
        shared: &shared,
        ..side(&paper)
    };
    assert!(align(paper_side, side(&source), &[], &AlignOptions::default()).is_empty());
}

#[test]
fn a_phrase_the_source_repeats_does_not_stretch_a_copy() {
    // The source says "in accordance with the law" three times; the paper copies one sentence
    // around its second occurrence, and uses the phrase again a sentence earlier.
    let phrase = "in accordance with the law";
    let source = words(&format!(
        "{} {phrase} {} {phrase} {} {phrase} {}",
        numbered("a", 0..20),
        numbered("b", 0..20),
        numbered("c", 0..20),
        numbered("d", 0..20)
    ));
    let paper = words(&format!(
        "{} {phrase} {} {} {phrase} {}",
        numbered("p", 0..20),
        numbered("q", 0..15),
        numbered("b", 10..20),
        numbered("c", 0..10),
    ));
    let passages = run(&paper, &source, &AlignOptions::default());
    assert_eq!(passages.len(), 1, "{passages:?}");
    let p = &passages[0];
    // Paper: "b10 .. b19 in accordance with the law c0 .. c9" only, its twin in the source.
    assert_eq!(
        (p.paper_end - p.paper_start, p.source_end - p.source_start),
        (25, 25)
    );
}

#[test]
fn a_phrase_repeated_far_away_in_the_source_does_not_stretch_its_side() {
    // A statute states a 12-word rule in article 1 and again, reworded, in article 9, which the
    // paper copies whole; the paper's opening sentence keeps article 1's exact wording. The copy
    // is article 9: the source side must not reach back over the 100 words of articles 2-8.
    let rule = numbered("r", 0..12);
    let reworded: String = (0..12)
        .map(|i| {
            if i % 4 == 1 {
                format!("s{i} ")
            } else {
                format!("r{i} ")
            }
        })
        .collect();
    let article_nine = numbered("c", 0..200);
    let source = words(&format!(
        "{} {rule} {} {} {reworded} {article_nine}",
        numbered("a", 0..10),
        numbered("a", 10..20),
        numbered("f", 0..100),
    ));
    let paper = words(&format!("{} {rule} {article_nine}", numbered("p", 0..30)));
    let passages = run(&paper, &source, &AlignOptions::default());
    assert_eq!(passages.len(), 1, "{passages:?}");
    let p = &passages[0];
    let article_nine_start = 10 + 12 + 10 + 100;
    assert!(p.source_start >= article_nine_start, "{p:?}");
    assert_eq!(p.source_end, source.0.len(), "{p:?}");
    assert_eq!(p.paper_end, paper.0.len(), "{p:?}");
}

#[test]
fn a_block_copied_from_further_on_after_the_writers_sentence_is_a_passage_of_its_own() {
    // The paper copies the source's opening (50 words), writes 15 words of its own, then copies
    // 35 words from 75 words further on: reordered neighbours in range to merge, whose source
    // side then sheds the later block as a far stray. It is a copy of its own.
    let (opening, later) = (numbered("a", 0..50), numbered("b", 0..35));
    let source = words(&format!("{opening} {} {later}", numbered("f", 0..75)));
    let paper = words(&format!("{opening} {} {later}", numbered("o", 0..15)));
    let passages = run(&paper, &source, &AlignOptions::default());
    let sides: Vec<_> = (passages.iter())
        .map(|p| (p.paper_start..p.paper_end, p.source_start..p.source_end))
        .collect();
    assert_eq!(sides, [(0..50, 0..50), (65..100, 125..160)]);
}

/// A paper copying `copied` whole after 20 words of its own, and a source holding it after 30
/// words of its own; `stock` marks the paper's common phrasing, as ranges of the copy's words.
fn copy_through_stock(copied: &str, stock: &[(usize, usize)]) -> Vec<Passage> {
    let paper = words(&format!("{} {copied}", numbered("p", 0..20)));
    let source = words(&format!(
        "{} {copied} {}",
        numbered("s", 0..30),
        numbered("t", 0..30)
    ));
    let mut common = vec![false; paper.0.len()];
    for &(start, end) in stock {
        common[20 + start..20 + end].fill(true);
    }
    let paper_side = Side {
        common: &common,
        ..side(&paper)
    };
    align(paper_side, side(&source), &common, &AlignOptions::default())
}

#[test]
fn a_sentence_copied_through_stock_phrases_is_one_run() {
    // 16 words copied word for word, 5 of them a stock phrase many references hold: no run of
    // the 12 an anchor needs, but one copied sentence.
    let copied = format!(
        "{} {} {}",
        numbered("a", 0..6),
        numbered("c", 0..5),
        numbered("b", 0..5)
    );
    let passages = copy_through_stock(&copied, &[(6, 11)]);
    assert_eq!(passages.len(), 1, "{passages:?}");
    assert_eq!(passages[0].segments.len(), 1, "{passages:?}");
    assert_eq!((passages[0].paper_start, passages[0].paper_end), (20, 36));
}

#[test]
fn a_stock_phrase_between_a_few_words_is_not_a_run() {
    // An 8-word stock phrase between three words of the source's own on either side: 14 words
    // the same, but mostly the domain's phrasing.
    let copied = format!(
        "{} {} {}",
        numbered("a", 0..3),
        numbered("c", 0..8),
        numbered("b", 0..3)
    );
    let passages = copy_through_stock(&copied, &[(3, 11)]);
    assert!(passages.is_empty(), "{passages:?}");
}
