//! The options of a reference set ([`CheckerOptions`]: they decide what is indexed), of one check
//! ([`CheckOptions`]) and of one all-pairs run ([`PairsOptions`]), each declared once with its
//! default and range (see [`crate::options`]).

use crate::align::AlignOptions;
use crate::error::Error;
use crate::sketch::minhash::MinHashScheme;
use crate::span::Span;
use crate::text::TextOptions;

crate::options! {
    /// Options fixed for a reference set (they decide what is stored in the index).
    pub struct CheckerOptions {
        /// How texts are normalized and tokenized.
        pub text: TextOptions = TextOptions::default();
        /// Words per fingerprint shingle, the noise threshold (winnowing's `k`): shared runs
        /// shorter than this are not evidence.
        pub shingle_words: usize = 5, in 2..=16;
        /// The guarantee threshold in words (winnowing's `t`): every shared run this long is
        /// found. At least `shingleWords`.
        pub guarantee_words: usize = 12, in 2..=64;
        /// MinHash slots (permutations) of each document's signature.
        pub num_perm: usize = 128, in 16..=1024;
        /// How the MinHash signature is computed.
        pub minhash_scheme: MinHashScheme = MinHashScheme::OnePermutation;
    }
    check guarantee_covers_a_shingle;
}

/// Winnowing's window is `guarantee_words - shingle_words + 1` shingles: at least one.
fn guarantee_covers_a_shingle(options: &CheckerOptions) -> Result<(), Error> {
    if options.guarantee_words < options.shingle_words {
        return Err(Error::invalid(
            "guarantee_words",
            format!(
                "must be at least the shingle length ({}), got {}",
                options.shingle_words, options.guarantee_words
            ),
        ));
    }
    Ok(())
}

crate::options! {
    /// The weights of the seeds' whole-document scores shown with each source.
    pub struct ScoreOptions {
        /// Weight of the text in the combined SimHash + metadata score (the paper's `mu`):
        /// `score = w / (hamming + 1) + (1 - w) × metadata Jaccard`.
        pub combined_text_weight: f64 = 0.85, in 0.8..=0.9;
        /// Weight of the duplicate rate in the short-text (Weibo) score (the paper's `K`):
        /// `sim = 1 / (hamming + 1) + K × dup`, similar when `sim >= 1 + 0.2 K`.
        pub duplicate_weight: f64 = 4.0, in 2.0..=8.0;
    }
}

crate::options! {
    /// Options of one check.
    pub struct CheckOptions {
        /// How passages are matched (gaps, the smallest passage, common phrasing, ...).
        pub align: AlignOptions = AlignOptions::default();
        /// Leave out text in quotation marks, paired as each language writes them (“…”, „…“,
        /// „…”, ”…”, ‘…’, "…", «…», »…«, »…», 「…」, 『…』): cited, not copied. A quotation that a
        /// source's passage runs across is part of a copy and counts; one left out that matches
        /// a source names it.
        pub exclude_quotes: bool = true;
        /// Leave out reference lists, found by their entries (authors, years, DOIs, volumes;
        /// numbered or hanging) anywhere, under a heading in many languages (References,
        /// Literaturverzeichnis, Références, Список литературы, 参考文献, …) or none, and
        /// everything after such a heading in the second half of the paper.
        pub exclude_bibliography: bool = true;
        /// Leave out tables of numbers (rows of cells mostly numbers): their header rows and row
        /// numbers are no evidence. A table a source holds whole is still a copy.
        pub exclude_tables: bool = true;
        /// Report at most this many sources.
        pub max_sources: usize = 100, in 1..=10_000;
        /// List only sources with at least this share of the paper; the overall similarity still
        /// counts every source.
        pub min_source_similarity: f64 = 0.0, in 0.0..=1.0;
        /// Weights of the whole-document scores.
        pub scores: ScoreOptions = ScoreOptions::default();
        /// References the reader left out of this report, by id: passages and similarity are
        /// those of a set without them (a base document left out no longer excludes its text),
        /// while common phrasing and the tf·idf statistics still count them.
        pub ignore_references: Vec<String> = Vec::new();
        /// Parts of the paper the reader left out of this report (UTF-16 spans), excluded like a
        /// quote, with kind "reader".
        pub exclude_spans: Vec<Span> = Vec::new();
        /// The reader's "include it again": a quote, bibliography or base-document exclusion that
        /// overlaps one of these spans is not made.
        pub include_spans: Vec<Span> = Vec::new();
    }
}

crate::options! {
    /// Options of one all-pairs run over the reference set.
    pub struct PairsOptions {
        /// How passages are matched.
        pub align: AlignOptions = AlignOptions::default();
        /// Weights of the whole-document scores.
        pub scores: ScoreOptions = ScoreOptions::default();
        /// Report the pairs whose similarity (the larger of the two directions) reaches this share.
        pub min_similarity: f64 = 0.05, in 0.0..=1.0;
    }
}

crate::report_records! {
    /// Every option's default, filled in: what front ends read instead of writing defaults again.
    #[derive(Default)]
    pub struct Defaults {
        /// The defaults of a reference set's options.
        pub checker: CheckerOptions;
        /// The defaults of a check's options.
        pub check: CheckOptions;
        /// The defaults of an all-pairs run's options.
        pub pairs: PairsOptions;
    }
}
