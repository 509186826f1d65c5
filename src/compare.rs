//! Shared word n-grams between two texts, as highlightable spans in both.
//!
//! This is the simplest useful comparison: every run of `n` consecutive tokens that occurs in both
//! texts is marked in both, and marked tokens that follow each other are merged into one span (which
//! then also covers the spaces and punctuation between them). It is exact, not sketched: the later
//! fingerprint index and passage alignment build on the same tokens and spans.

// Fx rather than std's SipHash: the sets are only asked what they hold, and each hasher type is
// code of its own in the wasm.
use rustc_hash::FxHashSet as HashSet;

use serde::Serialize;

use crate::error::Error;
use crate::span::Span;
use crate::text::{tokenize, EvasionReport, Token};

/// Smallest n-gram size accepted by [`shared_ngrams`].
pub const MIN_NGRAM: usize = 1;
/// Largest n-gram size accepted by [`shared_ngrams`].
pub const MAX_NGRAM: usize = 64;

/// What two texts share, located in both.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SharedNgrams {
    /// The n-gram size used.
    pub n: usize,
    /// Number of distinct n-grams that occur in both texts.
    pub shared: usize,
    /// Spans of the first text covered by a shared n-gram: sorted and disjoint.
    pub a: Vec<Span>,
    /// Spans of the second text covered by a shared n-gram: sorted and disjoint.
    pub b: Vec<Span>,
    /// Number of words (tokens) in the first text.
    pub words_a: usize,
    /// Number of words (tokens) in the second text.
    pub words_b: usize,
    /// Number of words of the first text inside its shared spans.
    pub shared_words_a: usize,
    /// Number of words of the second text inside its shared spans.
    pub shared_words_b: usize,
    /// Traces of evasion in the first text (invisible characters, look-alike letters).
    pub evasion_a: EvasionReport,
    /// Traces of evasion in the second text.
    pub evasion_b: EvasionReport,
}

/// Finds the word n-grams that `a` and `b` have in common and where they are in each text.
///
/// Tokens are compared in matching form (see [`crate::text::analyze`]): case-insensitive, NFKC,
/// invisible characters removed and look-alike letters folded, so evasive copies still match; each
/// Han character counts as a word. `n` must be in [`MIN_NGRAM`]`..=`[`MAX_NGRAM`].
///
/// ```
/// use plagscope::shared_ngrams;
/// let a = "Intro. The quick brown fox jumps over the lazy dog. Outro.";
/// let b = "the QUICK brown fox jumps over the lazy cat";
/// let shared = shared_ngrams(a, b, 4).unwrap();
/// assert_eq!(shared.a[0].slice_of(a), "The quick brown fox jumps over the lazy");
/// assert_eq!(shared.b[0].slice_of(b), "the QUICK brown fox jumps over the lazy");
/// ```
pub fn shared_ngrams(a: &str, b: &str, n: usize) -> Result<SharedNgrams, Error> {
    if !(MIN_NGRAM..=MAX_NGRAM).contains(&n) {
        return Err(Error::invalid(
            "n",
            format!("the n-gram size must be in {MIN_NGRAM}..={MAX_NGRAM}, got {n}"),
        ));
    }
    let analysis_a = tokenize(a);
    let analysis_b = tokenize(b);
    let (tokens_a, tokens_b) = (&analysis_a.tokens, &analysis_b.tokens);
    let words_a: Vec<&str> = analysis_a.token_texts().collect();
    let words_b: Vec<&str> = analysis_b.token_texts().collect();

    let grams_a: HashSet<&[&str]> = words_a.windows(n).collect();
    let grams_b: HashSet<&[&str]> = words_b.windows(n).collect();
    let shared = grams_a.intersection(&grams_b).count();

    let (a, shared_words_a) = covered_spans(tokens_a, &words_a, &grams_b, n);
    let (b, shared_words_b) = covered_spans(tokens_b, &words_b, &grams_a, n);
    Ok(SharedNgrams {
        n,
        shared,
        a,
        b,
        words_a: tokens_a.len(),
        words_b: tokens_b.len(),
        shared_words_a,
        shared_words_b,
        evasion_a: analysis_a.evasion,
        evasion_b: analysis_b.evasion,
    })
}

/// Spans of `tokens` covered by any of its n-grams that is in `other`, and how many tokens they hold.
///
/// Matching n-grams that overlap (share tokens) merge into one span; matches that merely touch stay
/// separate, because the n-gram spanning their junction was not shared.
fn covered_spans(
    tokens: &[Token],
    words: &[&str],
    other: &HashSet<&[&str]>,
    n: usize,
) -> (Vec<Span>, usize) {
    // Runs of matched windows as token ranges [first, end).
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for (i, gram) in words.windows(n).enumerate() {
        if !other.contains(gram) {
            continue;
        }
        match runs.last_mut() {
            Some(run) if run.1 > i => run.1 = i + n,
            _ => runs.push((i, i + n)),
        }
    }
    let covered_tokens = runs.iter().map(|(first, end)| end - first).sum();
    let spans = runs
        .into_iter()
        .map(|(first, end)| Span::new(tokens[first].span.start, tokens[end - 1].span.end))
        .collect();
    (spans, covered_tokens)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(text: &str, spans: &[Span]) -> Vec<String> {
        spans.iter().map(|s| s.slice_of(text).to_string()).collect()
    }

    #[test]
    fn rejects_n_out_of_range() {
        for n in [0, MAX_NGRAM + 1] {
            let err = shared_ngrams("a", "a", n).unwrap_err();
            assert!(err.to_string().contains("1..=64"), "{err}");
        }
    }

    #[test]
    fn nothing_shared_gives_empty_spans() {
        let shared = shared_ngrams("one two three", "four five six", 2).unwrap();
        assert_eq!(shared.shared, 0);
        assert!(shared.a.is_empty() && shared.b.is_empty());
    }

    #[test]
    fn shorter_than_n_shares_nothing() {
        let shared = shared_ngrams("a b", "a b", 3).unwrap();
        assert_eq!(shared.shared, 0);
        assert!(shared.a.is_empty());
    }

    #[test]
    fn separate_matches_stay_separate_spans() {
        let a = "alpha beta gamma XX delta epsilon zeta";
        let b = "delta epsilon zeta YY alpha beta gamma";
        let shared = shared_ngrams(a, b, 3).unwrap();
        assert_eq!(shared.shared, 2);
        assert_eq!(
            texts(a, &shared.a),
            ["alpha beta gamma", "delta epsilon zeta"]
        );
        assert_eq!(
            texts(b, &shared.b),
            ["delta epsilon zeta", "alpha beta gamma"]
        );
    }

    #[test]
    fn overlapping_ngrams_merge_into_one_span() {
        let a = "x one two three four y";
        let b = "one two three four";
        let shared = shared_ngrams(a, b, 2).unwrap();
        assert_eq!(shared.shared, 3);
        assert_eq!(texts(a, &shared.a), ["one two three four"]);
        assert_eq!(texts(b, &shared.b), ["one two three four"]);
    }

    #[test]
    fn repeated_ngram_is_marked_everywhere_it_occurs() {
        let a = "red fish, red fish";
        let b = "one red fish";
        let shared = shared_ngrams(a, b, 2).unwrap();
        assert_eq!(texts(a, &shared.a), ["red fish", "red fish"]);
    }
}
