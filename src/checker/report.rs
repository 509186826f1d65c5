//! What a check reports: sources, passages with their evidence and shared runs, the seeds' scores,
//! and the pairs of the all-pairs comparison.

use crate::align::Evidence;
use crate::exclude::Exclusion;
use crate::methods::chinese_ngram::NgramDuplicate;
use crate::methods::combined::CombinedSimilarity;
use crate::methods::weibo::WeiboComparison;
use crate::text::{CountUnit, EvasionReport};

crate::report_records! {
    /// A shared n-gram run inside a passage, located in both texts (UTF-16 units).
    #[derive(Copy, Eq)]
    pub struct SharedRun {
        /// Start in the paper.
        pub start: usize;
        /// End in the paper.
        pub end: usize;
        /// Start in the source.
        pub source_start: usize;
        /// End in the source.
        pub source_end: usize;
    }
}

crate::report_records! {
    /// A passage of the paper that matches a passage of a source.
    pub struct PassageReport {
        /// Start in the paper (UTF-16 units of the original text).
        pub start: usize;
        /// End in the paper.
        pub end: usize;
        /// Start in the source.
        pub source_start: usize;
        /// End in the source.
        pub source_end: usize;
        /// Words of the paper in the passage (characters where most are of a script written without
        /// spaces: see `unit`).
        pub words: usize;
        /// What `words`, `matchedWords` and `longestRun` count.
        pub unit: CountUnit;
        /// Words inside exact shared runs.
        pub matched_words: usize;
        /// Words of the longest exact shared run: the strongest single piece of evidence.
        pub longest_run: usize;
        /// Share of the passage's words inside exact shared runs, in [0, 1].
        pub matched_share: f64;
        /// The paper side is in Simplified and the source side in Traditional Chinese characters, or
        /// the reverse: copied across scripts, a disguise.
        pub converted_script: bool;
        /// The exact shared runs, for highlighting.
        pub ngrams: Vec<SharedRun>;
        /// What found the passage: exact shared runs, or sentences rewritten from the source's.
        pub evidence: Evidence;
        /// The copied block this passage is a piece of, numbered from 0 among the source's passages:
        /// passages of one region were copied from one stretch of the source (its sentences in order
        /// or reordered), and the paper's sentences between them are the writer's own (or rewritten
        /// past recognition), left out of the passages.
        pub region: usize;
        /// Paper sentences in the passage (0 when sentences were not compared).
        pub sentences: usize;
        /// The paper sentences that match a source sentence on their rare content words, in paper
        /// order: all the evidence of a rewritten passage, the sentences an exact one grew over; for a
        /// translated passage, each sentence and the source sentence it translates, with the model's
        /// similarity.
        pub sentence_pairs: Vec<SentencePairReport>;
        /// For a passage the sentence model found (translated, or reworded in one language), the
        /// language of each side; absent for the others.
        pub languages: Option<LanguagePair>, skip_none;
    }
}

crate::report_records! {
    /// The languages of the two sides of a passage the sentence model found, as BCP 47 tags ("en", "zh", "de",
    /// "ja", "ru", ...), told from the text by whichlang's 16 languages.
    #[derive(Eq)]
    pub struct LanguagePair {
        /// The paper's side.
        pub paper: String;
        /// The source's side.
        pub source: String;
    }
}

crate::report_records! {
    /// A paper sentence and the source sentence it was rewritten from.
    pub struct SentencePairReport {
        /// Start of the paper sentence (UTF-16 units).
        pub start: usize;
        /// End of the paper sentence.
        pub end: usize;
        /// Start of the source sentence.
        pub source_start: usize;
        /// End of the source sentence.
        pub source_end: usize;
        /// How alike the two sentences are, in [0, 1]: the tf·idf cosine of their content words, or,
        /// in a passage with `languages` (found by the sentence model), the model's cosine.
        pub similarity: f64;
        /// The paper sentence's words whose content the source sentence shares, for marking.
        pub shared_words: Vec<WordSpan>;
        /// The source sentence's words whose content the paper sentence shares.
        pub source_shared_words: Vec<WordSpan>;
    }
}

crate::report_records! {
    /// A stretch of words in one text (UTF-16 units).
    #[derive(Copy, Eq)]
    pub struct WordSpan {
        /// First UTF-16 unit.
        pub start: usize;
        /// One past the last.
        pub end: usize;
    }
}

crate::report_records! {
    /// The seed methods' scores for a pair of texts.
    pub struct MethodScores {
        /// Weighted SimHash (tf·idf·(1+len)) combined with metadata Jaccard.
        pub combined: CombinedSimilarity;
        /// 32-bit short-text SimHash with the duplicate rate.
        pub weibo: WeiboComparison;
        /// Chinese 4-gram sampling (the paper checked against the source).
        pub chinese_ngram: NgramDuplicate;
    }
}

crate::report_records! {
    /// How a paper relates to one source.
    pub struct SourceReport {
        /// The source's id.
        pub id: String;
        /// The source's title.
        pub title: String;
        /// Share of the paper's (counted) words inside passages matching this source.
        pub similarity: f64;
        /// Share of the source's words used by the paper.
        pub source_coverage: f64;
        /// MinHash estimate of the Jaccard similarity of the two word shingle sets.
        pub jaccard: f64;
        /// MinHash estimate of the containment of the paper in the source.
        pub containment: f64;
        /// Hamming distance of the two 64-bit SimHashes (tf·idf·(1+len) weights).
        pub simhash_distance: u32;
        /// Scores of the seed methods.
        pub scores: MethodScores;
        /// The matching passages, in paper order.
        pub passages: Vec<PassageReport>;
    }
}

crate::report_records! {
    /// The result of a check.
    pub struct Report {
        /// Share of the paper's counted words inside any reported passage, in [0, 1].
        pub similarity: f64;
        /// Words of the paper counted (not excluded).
        pub words: usize;
        /// Words of the paper in all.
        pub total_words: usize;
        /// What the paper's counts count: words, or characters for a paper mostly in a script
        /// written without spaces.
        pub unit: CountUnit;
        /// Sources with at least one passage, most similar first.
        pub sources: Vec<SourceReport>;
        /// Traces of evasion in the paper.
        pub evasion: EvasionReport;
        /// Parts of the paper left out of the check.
        pub excluded: Vec<Exclusion>;
    }
}

crate::report_records! {
    /// One pair of the all-pairs comparison.
    pub struct PairReport {
        /// First document's id.
        pub a: String;
        /// Second document's id.
        pub b: String;
        /// The larger of the two directions' similarities.
        pub similarity: f64;
        /// The comparison, seen from `a` (its `similarity` is the share of `a` found in `b`,
        /// `sourceCoverage` the share of `b` found in `a`).
        pub report: SourceReport;
    }
}
