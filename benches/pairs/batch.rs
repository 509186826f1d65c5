//! The batch: documents cut from real English prose, with copies planted by the generator, so the
//! ground truth is how the batch was made and never plagscope's output.
//!
//! Prose comes from the corpus `scripts/corpus.mjs` extracts (`target/corpus/en`: the Brown corpus
//! and CIA World Factbook profiles; `target/corpus/bench-en`: news articles of Feb-Mar 2017, when
//! present). The words of all documents, in file order, are cut into pieces of 300 to 1,000 words
//! with a paragraph break every 60 to 120 words. Planted pairs (source, target), every role a
//! different document:
//! - whole: the target is replaced by the source, verbatim;
//! - light: the target is the source with 10% of its words replaced by random corpus words;
//! - heavy: the same with 30% replaced;
//! - partial: a run of 60 to 150 words of the source is inserted at a paragraph break of the
//!   target, which keeps its own text;
//! - popular: one source copied verbatim into [`POPULAR_COPIES`] targets, so its text is held by
//!   more references than `maxDocFrequency` (every pair of the cluster is planted).

use std::collections::BTreeSet;

use crate::common::{corpus, corpus_dir, SplitMix};

/// Copies of the popular source (more than the default `maxDocFrequency` of 10).
pub const POPULAR_COPIES: usize = 14;

/// How a planted pair was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Whole,
    Light,
    Heavy,
    Partial,
    Popular,
}

/// Every kind, in table order.
pub const KINDS: [Kind; 5] = [
    Kind::Whole,
    Kind::Light,
    Kind::Heavy,
    Kind::Partial,
    Kind::Popular,
];

/// The generated documents and the planted pairs (document indices, smaller first).
pub struct Batch {
    pub documents: Vec<String>,
    pub planted: Vec<(usize, usize, Kind)>,
}

/// A uniform number in `0..n`.
fn below(rng: &mut SplitMix, n: usize) -> usize {
    (rng.next() % n as u64) as usize
}

/// The corpus words, in file order (news articles too when they were extracted).
fn corpus_words() -> Vec<String> {
    let mut texts: Vec<(String, String)> = corpus("en");
    if corpus_dir("bench-en").is_dir() {
        texts.extend(corpus("bench-en"));
    }
    texts
        .iter()
        .flat_map(|(_, text)| text.split_whitespace())
        .map(str::to_owned)
        .collect()
}

/// Words as prose: a paragraph break every 60 to 120 words.
fn prose(words: &[String], rng: &mut SplitMix) -> String {
    let mut text = String::new();
    let mut next_break = 60 + below(rng, 61);
    for (i, word) in words.iter().enumerate() {
        if i > 0 {
            text.push_str(if i == next_break { "\n\n" } else { " " });
            if i == next_break {
                next_break += 60 + below(rng, 61);
            }
        }
        text.push_str(word);
    }
    text
}

/// `words` with `percent`% of them replaced by random words of `vocabulary`.
fn edited(
    words: &[String],
    percent: u64,
    vocabulary: &[String],
    rng: &mut SplitMix,
) -> Vec<String> {
    words
        .iter()
        .map(|word| {
            if rng.next() % 100 < percent {
                vocabulary[below(rng, vocabulary.len())].clone()
            } else {
                word.clone()
            }
        })
        .collect()
}

/// `count` pieces of 300 to 1,000 consecutive words of `vocabulary`.
fn cut(vocabulary: &[String], count: usize, rng: &mut SplitMix) -> Vec<Vec<String>> {
    let mut pieces: Vec<Vec<String>> = Vec::with_capacity(count);
    let mut at = 0;
    while pieces.len() < count {
        let len = 300 + below(rng, 701);
        assert!(
            at + len <= vocabulary.len(),
            "the corpus holds too few words for {count} documents; run `npm run setup` and \
             `node scripts/corpus.mjs --bench`"
        );
        pieces.push(vocabulary[at..at + len].to_vec());
        at += len;
    }
    pieces
}

/// The target of a planted pair of `kind` (not popular) made from `source` and the `target`'s
/// own words.
fn copy(
    kind: Kind,
    source: &[String],
    target: &[String],
    vocabulary: &[String],
    rng: &mut SplitMix,
) -> Vec<String> {
    match kind {
        Kind::Whole | Kind::Popular => source.to_vec(),
        Kind::Light => edited(source, 10, vocabulary, rng),
        Kind::Heavy => edited(source, 30, vocabulary, rng),
        Kind::Partial => {
            let len = 60 + below(rng, 91);
            let from = below(rng, source.len() - len);
            let into = below(rng, target.len());
            let mut words = target.to_vec();
            words.splice(into..into, source[from..from + len].iter().cloned());
            words
        }
    }
}

/// Generates `count` documents with the planted pairs: `per_kind` of whole, light, heavy and
/// partial copies (twice as many partial), and one popular cluster.
pub fn generate(count: usize, per_kind: usize, seed: u64) -> Batch {
    let vocabulary = corpus_words();
    let mut rng = SplitMix(seed);
    let mut pieces = cut(&vocabulary, count, &mut rng);
    // Distinct roles: a shuffled order of the documents, taken two (or more) at a time.
    let mut order: Vec<usize> = (0..count).collect();
    for i in (1..count).rev() {
        order.swap(i, below(&mut rng, i + 1));
    }
    let mut roles = order.into_iter();
    let mut planted = Vec::new();
    for (kind, times) in [
        (Kind::Whole, per_kind),
        (Kind::Light, per_kind),
        (Kind::Heavy, per_kind),
        (Kind::Partial, 2 * per_kind),
    ] {
        for _ in 0..times {
            let (source, target) = (roles.next().unwrap(), roles.next().unwrap());
            pieces[target] = copy(
                kind,
                &pieces[source],
                &pieces[target],
                &vocabulary,
                &mut rng,
            );
            planted.push((source.min(target), source.max(target), kind));
        }
    }
    let cluster: Vec<usize> = roles.take(POPULAR_COPIES + 1).collect();
    for &target in &cluster[1..] {
        pieces[target] = pieces[cluster[0]].clone();
    }
    for (i, &a) in cluster.iter().enumerate() {
        for &b in &cluster[i + 1..] {
            planted.push((a.min(b), a.max(b), Kind::Popular));
        }
    }
    let documents = pieces.iter().map(|words| prose(words, &mut rng)).collect();
    let distinct: BTreeSet<(usize, usize)> = planted.iter().map(|&(a, b, _)| (a, b)).collect();
    assert_eq!(distinct.len(), planted.len(), "planted pairs are distinct");
    Batch { documents, planted }
}
