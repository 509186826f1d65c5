//! Seeding, extension and filtering together: `align` with sentence vectors on both sides.

use crate::align::{align, AlignOptions, Evidence, Passage, Side};
use crate::sketch::hash_bytes;
use crate::sketch::sentence_terms::SentenceVectors;
use crate::text::sentences::sentence_units;
use crate::text::{analyze, token_weights, Analysis, TextOptions};

struct Text {
    analysis: Analysis,
    hashes: Vec<u64>,
    weights: Vec<u32>,
    vectors: SentenceVectors,
}

fn text(text: &str) -> Text {
    let analysis = analyze(text, &TextOptions::default()).unwrap();
    let hashes: Vec<u64> = (analysis.token_texts())
        .map(|t| hash_bytes(t.as_bytes()))
        .collect();
    let weights = token_weights(&analysis);
    let units = sentence_units(&analysis, &weights);
    // Every term weighs as a rare one would in a large set.
    let vectors = SentenceVectors::new(&analysis, &hashes, units, &mut |_| Some(4.0));
    Text {
        analysis,
        hashes,
        weights,
        vectors,
    }
}

fn side(t: &Text) -> Side<'_> {
    Side {
        hashes: &t.hashes,
        weights: &t.weights,
        shared: &[],
        common: &[],
        seeds: None,
        sums: None,
        sentences: Some(&t.vectors),
    }
}

fn passages(paper: &Text, source: &Text, options: &AlignOptions) -> Vec<Passage> {
    align(
        side(paper),
        side(source),
        &vec![false; paper.hashes.len()],
        options,
    )
}

const SOURCE: &str =
    "The river delta formed over thousands of years as sediment settled near the coast. \
    Farmers drained the marshes and planted rice along the new channels of the delta. \
    Floods returned every spring and carried fertile silt across the low fields. \
    Engineers later built levees that kept the water inside narrow embankments. \
    Without fresh silt the fields sank slowly and salt crept inland from the sea. \
    Today scientists debate whether opening the levees could rebuild the sinking land.";

/// SOURCE rewritten sentence by sentence: synonyms, other word order, two sentences swapped, no
/// exact run of five words.
const REWRITTEN: &str = "Over thousands of years the delta of the river was formed as sediments settled close to the coast. \
    Along the delta's new channels, farmers planted rice after they drained marshes. \
    Every spring floods returned, carrying silt that was fertile across fields lying low. \
    Without the fresh silt, fields slowly sank while salt crept inland from the sea. \
    Later, engineers constructed levees keeping the water within embankments that were narrow. \
    Scientists today debate if opening levees might rebuild land that is sinking.";

/// The same subject in other sentences: the topic words, not the source's.
const SAME_TOPIC: &str = "Deltas are among the most productive farming regions on earth. \
    Rice needs standing water, so farmers in deltas flood their fields on purpose. \
    Sea level rise threatens many deltas, and salt water ruins the soil for rice. \
    Some governments pay farmers to switch to crops that tolerate salt. \
    Others build higher levees, which protect towns but starve the land of silt. \
    Scientists disagree about which choice will keep the river deltas farmed.";

#[test]
fn a_rewritten_copy_is_one_rewritten_passage_with_its_sentence_pairs() {
    let (paper, source) = (text(REWRITTEN), text(SOURCE));
    let found = passages(&paper, &source, &AlignOptions::default());
    assert_eq!(found.len(), 1, "{found:?}");
    let passage = &found[0];
    assert_eq!(passage.evidence, Evidence::Rewritten);
    assert!(passage.sentence_pairs.len() >= 5, "{passage:?}");
    // It covers nearly all of both texts.
    assert!(passage.paper_start <= 1 && passage.paper_end >= paper.hashes.len() - 10);
    assert!(passage.source_start <= 1 && passage.source_end >= source.hashes.len() - 10);
    // The swapped sentences are matched to each other.
    let swapped = &passage.sentence_pairs[3];
    let first_word =
        |t: &Text, token: usize| t.analysis.text_of(&t.analysis.tokens[token]).to_string();
    assert_eq!(first_word(&paper, swapped.paper.start), "without");
    assert_eq!(first_word(&source, swapped.source.start), "without");
}

#[test]
fn a_rewritten_passage_holds_min_words_like_an_exact_one() {
    let (paper, source) = (text(REWRITTEN), text(SOURCE));
    let options = AlignOptions {
        min_words: 500,
        ..AlignOptions::default()
    };
    assert!(passages(&paper, &source, &options).is_empty());
}

#[test]
fn exact_evidence_alone_finds_nothing_in_the_rewritten_copy() {
    let (paper, source) = (text(REWRITTEN), text(SOURCE));
    let options = AlignOptions {
        rewritten: false,
        ..AlignOptions::default()
    };
    assert!(passages(&paper, &source, &options).is_empty());
}

#[test]
fn a_text_on_the_same_topic_is_not_a_rewritten_copy() {
    let found = passages(&text(SAME_TOPIC), &text(SOURCE), &AlignOptions::default());
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn one_rewritten_sentence_is_no_passage_and_two_in_a_row_are_a_short_copy() {
    let first: String = REWRITTEN.split(". ").take(1).collect();
    let (paper, source) = (text(&first), text(SOURCE));
    assert!(passages(&paper, &source, &AlignOptions::default()).is_empty());
    // Two consecutive sentences rewritten from two consecutive ones, each well over
    // `sentenceSimilarity` and sharing rare words: a short copy, under `minSentences`.
    let two: String = REWRITTEN.split(". ").take(2).collect::<Vec<_>>().join(". ");
    let paper = text(&two);
    let found = passages(&paper, &source, &AlignOptions::default());
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].sentence_pairs.len(), 2);
    // A higher bar than the short copy's similarity leaves them out.
    let options = AlignOptions {
        sentence_similarity: 90,
        ..AlignOptions::default()
    };
    assert!(passages(&paper, &source, &options).is_empty());
}

#[test]
fn an_exact_passage_grows_over_the_rewritten_sentences_next_to_it() {
    // The first three sentences pasted, the last three rewritten.
    let pasted: Vec<&str> = SOURCE.split(". ").take(3).collect();
    let rewritten: Vec<&str> = REWRITTEN.split(". ").skip(3).collect();
    let paper_text = format!("{}. {}", pasted.join(". "), rewritten.join(". "));
    let (paper, source) = (text(&paper_text), text(SOURCE));
    let exact_only = passages(
        &paper,
        &source,
        &AlignOptions {
            rewritten: false,
            ..AlignOptions::default()
        },
    );
    assert_eq!(exact_only.len(), 1);
    let found = passages(&paper, &source, &AlignOptions::default());
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].evidence, Evidence::Exact);
    assert!(
        found[0].paper_end > exact_only[0].paper_end + 20,
        "{found:?}"
    );
    assert!(!found[0].sentence_pairs.is_empty());
}

#[test]
fn a_sentence_under_the_similarity_extends_an_exact_passage_but_is_no_evidence_alone() {
    // "Later, engineers constructed levees..." matches its source sentence with a cosine of about
    // 0.65: under a `sentenceSimilarity` of 70, within EXTENSION_SIMILARITY_MARGIN of it.
    let pasted: Vec<&str> = SOURCE.split(". ").take(3).collect();
    let moved = REWRITTEN.split(". ").nth(4).unwrap();
    let paper_text = format!("{}. {moved}", pasted.join(". "));
    let (paper, source) = (text(&paper_text), text(SOURCE));
    let at = |similarity: usize| {
        let options = AlignOptions {
            sentence_similarity: similarity,
            ..AlignOptions::default()
        };
        passages(&paper, &source, &options)
    };
    let extended = at(70);
    assert_eq!(extended.len(), 1, "{extended:?}");
    assert_eq!(extended[0].paper_end, paper.hashes.len(), "{extended:?}");
    assert_eq!(extended[0].sentence_pairs.len(), 1, "{extended:?}");
    // 10 points higher, the sentence is too far even for an extension.
    let not_extended = at(80);
    assert_eq!(not_extended.len(), 1, "{not_extended:?}");
    assert!(not_extended[0].paper_end < paper.hashes.len() - 5);
}

#[test]
fn sentences_under_the_similarity_are_evidence_in_the_source_order_only() {
    // At 90, two of the six rewritten sentences pass on their own and three more reach the
    // extension margin (0.80), one after the other in both texts: an ordered run.
    let options = AlignOptions {
        sentence_similarity: 90,
        ..AlignOptions::default()
    };
    let source = text(SOURCE);
    let found = passages(&text(REWRITTEN), &source, &options);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].evidence, Evidence::Rewritten);
    // The same sentences in reverse order are two standalone seeds and three weak ones: nothing.
    let mut reversed: Vec<&str> = REWRITTEN
        .split(". ")
        .map(|s| s.trim_end_matches('.'))
        .collect();
    reversed.reverse();
    let reversed = text(&format!("{}.", reversed.join(". ")));
    let found = passages(&reversed, &source, &options);
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn a_passage_covers_the_edges_of_its_sentences_when_they_are_the_same_text() {
    // A verbatim copy whose first three words are no evidence (unusable: stock phrasing, say):
    // the exact runs start at the fourth word, the sentence pair shows the first three are the
    // copy's too.
    let (paper, source) = (text(SOURCE), text(SOURCE));
    let mut unusable = vec![false; paper.hashes.len()];
    unusable[..3].fill(true);
    let options = AlignOptions::default();
    let found = align(side(&paper), side(&source), &unusable, &options);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0].paper_start, found[0].source_start), (0, 0));
    let exact_only = AlignOptions {
        rewritten: false,
        ..options
    };
    let found = align(side(&paper), side(&source), &unusable, &exact_only);
    assert_eq!(found[0].paper_start, 3, "{found:?}");
}

#[test]
fn a_copy_begun_inside_a_sentence_does_not_take_the_papers_words_before_it() {
    // The paper's own "In our region" opens the sentence whose rest is copied: the exact passage
    // starts at the copy, although the whole sentence matches the source's.
    let copied = SOURCE.strip_prefix("The ").unwrap();
    let paper = text(&format!("In our region the {copied}"));
    let found = passages(&paper, &text(SOURCE), &AlignOptions::default());
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].paper_start >= 3, "{found:?}");
}
