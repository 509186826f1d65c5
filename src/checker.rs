//! The checker: a reference set and the check of a paper against it.
//!
//! **Index.** Each reference is analyzed ([`crate::text::analyze`]); its word k-shingles (k = 5) are
//! winnowed (guarantee t = 12) into fingerprints, and an inverted index maps each fingerprint to the
//! references holding it. Each reference also keeps its MinHash signature (whole-document Jaccard and
//! containment), its metadata signature, and feeds a document-frequency table used for tf·idf
//! SimHash weights.
//!
//! **Check.** The paper's shingles (all of them, not only its fingerprints: every shared run of at
//! least t words contains a reference fingerprint) are looked up in the index; references with hits
//! are aligned with the paper ([`crate::align`]) into passages. Quotes, the bibliography and text
//! found in *base* (template) documents are excluded first (MOSS `-b`), and fingerprints held by more
//! than `maxDocFrequency` references are treated as common phrasing (MOSS `-m`) when they form
//! short stock phrases; a long stretch held by many references is a popular source, still
//! evidence. The overall similarity is the share of the paper's words inside any reported passage, so overlapping sources
//! are not double-counted (Turnitin's definition).

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::{Deserialize, Serialize};

use crate::align::{align, AlignOptions, Passage, Side};
use crate::error::Error;
use crate::exclude::{bibliography, quotes, Exclusion, ExclusionKind};
use crate::methods::chinese_ngram::{self, NgramDuplicate, SampleStep};
use crate::methods::combined::{combined_similarity, CombinedSimilarity, Metadata, DEFAULT_MU};
use crate::methods::weibo::{self, WeiboComparison, DEFAULT_K};
use crate::sketch::hash::hash_bytes;
use crate::sketch::minhash::{
    containment_from_jaccard, MinHashScheme, MinHashSignature, MinHasher,
};
use crate::sketch::simhash::{hamming, text_simhash, IdfTable, TermWeighting};
use crate::sketch::{guarantee_window, winnow_positions, word_shingles};
use crate::span::Span;
use crate::text::chinese_script::ScriptCount;
use crate::text::{analyze, token_weights, Analysis, EvasionReport, TextOptions, WORD};

use crate::text::tokenize::check_size;
pub use crate::text::MAX_TEXT_BYTES;

/// Options fixed for a reference set (they decide what is stored in the index).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct CheckerOptions {
    /// How texts are normalized and tokenized.
    pub text: TextOptions,
    /// Words per fingerprint shingle, the noise threshold (2..=16). Default 5.
    pub k: usize,
    /// Guarantee threshold in words: every shared run this long is found (k..=64). Default 12.
    pub t: usize,
    /// MinHash slots (16..=1024). Default 128.
    pub num_perm: usize,
    /// MinHash scheme. Default one permutation.
    pub minhash_scheme: MinHashScheme,
}

impl Default for CheckerOptions {
    fn default() -> Self {
        CheckerOptions {
            text: TextOptions::default(),
            k: 5,
            t: 12,
            num_perm: 128,
            minhash_scheme: MinHashScheme::OnePermutation,
        }
    }
}

impl CheckerOptions {
    /// Checks the documented ranges.
    pub fn validate(&self) -> Result<(), Error> {
        self.text.validate()?;
        if !(2..=16).contains(&self.k) {
            return Err(Error::invalid(
                "k",
                format!("must be in 2..=16, got {}", self.k),
            ));
        }
        if !(self.k..=64).contains(&self.t) {
            return Err(Error::invalid(
                "t",
                format!("must be in k..=64 ({}..=64), got {}", self.k, self.t),
            ));
        }
        if !(16..=1024).contains(&self.num_perm) {
            return Err(Error::invalid(
                "numPerm",
                format!("must be in 16..=1024, got {}", self.num_perm),
            ));
        }
        Ok(())
    }
}

/// Options of one check (or one all-pairs run).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct CheckOptions {
    /// Passage alignment (gaps, minimum passage length in words, ...).
    pub align: AlignOptions,
    /// Leave quotations out. Default true.
    pub exclude_quotes: bool,
    /// Leave the bibliography out. Default true.
    pub exclude_bibliography: bool,
    /// Fingerprints held by more references than this are common phrasing, not evidence (MOSS -m;
    /// 1..=1000000). Default 10.
    pub max_doc_frequency: usize,
    /// Report at most this many sources (1..=10000). Default 100.
    pub max_sources: usize,
    /// Weight of the text part in the combined SimHash + metadata score, in [0.8, 0.9]. Default 0.85.
    pub mu: f64,
    /// K of the short-text (Weibo) score, in [2, 8]. Default 4.
    pub weibo_k: f64,
    /// The paper's metadata, compared with each source's by the combined score.
    pub meta: Metadata,
    /// All-pairs only: report pairs whose similarity (the larger of the two directions) reaches
    /// this share, in [0, 1]. Default 0.05.
    pub threshold: f64,
    /// References the reader left out of this report, by id: passages and similarity are those of
    /// a set without them (a base document left out no longer excludes its text), while common
    /// phrasing and the tf·idf statistics still count them. Default none.
    pub ignore_references: Vec<String>,
    /// Parts of the paper the reader left out of this report (UTF-16 spans): excluded like a
    /// quote, as [`ExclusionKind::Reader`]. Default none.
    pub exclude_spans: Vec<Span>,
    /// The reader's "include it again": a quote, bibliography or base-document exclusion that
    /// overlaps one of these spans is not made. Default none.
    pub include_spans: Vec<Span>,
}

/// What a check leaves out: each excluded span with its reason, and per paper token whether it is
/// excluded.
type Exclusions = (Vec<(ExclusionKind, Span)>, Vec<bool>);

/// Most spans or ids in one of [`CheckOptions`]' reader lists.
pub const MAX_READER_CHOICES: usize = 100_000;

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            align: AlignOptions::default(),
            exclude_quotes: true,
            exclude_bibliography: true,
            max_doc_frequency: 10,
            max_sources: 100,
            mu: DEFAULT_MU,
            weibo_k: DEFAULT_K,
            meta: Metadata::default(),
            threshold: 0.05,
            ignore_references: Vec::new(),
            exclude_spans: Vec::new(),
            include_spans: Vec::new(),
        }
    }
}

impl CheckOptions {
    /// Checks the documented ranges.
    pub fn validate(&self) -> Result<(), Error> {
        self.align.validate()?;
        if !(1..=1_000_000).contains(&self.max_doc_frequency) {
            return Err(Error::invalid(
                "maxDocFrequency",
                format!("must be in 1..=1000000, got {}", self.max_doc_frequency),
            ));
        }
        if !(1..=10_000).contains(&self.max_sources) {
            return Err(Error::invalid(
                "maxSources",
                format!("must be in 1..=10000, got {}", self.max_sources),
            ));
        }
        if !(0.8..=0.9).contains(&self.mu) {
            return Err(Error::invalid(
                "mu",
                format!("must be in [0.8, 0.9], got {}", self.mu),
            ));
        }
        if !(2.0..=8.0).contains(&self.weibo_k) {
            return Err(Error::invalid(
                "weiboK",
                format!("must be in [2, 8], got {}", self.weibo_k),
            ));
        }
        if !(0.0..=1.0).contains(&self.threshold) {
            return Err(Error::invalid(
                "threshold",
                format!("must be in [0, 1], got {}", self.threshold),
            ));
        }
        for (name, count) in [
            ("ignoreReferences", self.ignore_references.len()),
            ("excludeSpans", self.exclude_spans.len()),
            ("includeSpans", self.include_spans.len()),
        ] {
            if count > MAX_READER_CHOICES {
                return Err(Error::invalid(
                    name,
                    format!("holds {count} items; at most {MAX_READER_CHOICES} are allowed"),
                ));
            }
        }
        for (name, spans) in [
            ("excludeSpans", &self.exclude_spans),
            ("includeSpans", &self.include_spans),
        ] {
            if let Some(span) = spans.iter().find(|s| s.start > s.end) {
                return Err(Error::invalid(
                    name,
                    format!("a span starts after it ends ({}..{})", span.start, span.end),
                ));
            }
        }
        Ok(())
    }
}

/// A reference document as added by the user.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Reference {
    /// A unique id (1..=1024 characters).
    pub id: String,
    /// A title for reports (defaults to the id).
    #[serde(default)]
    pub title: String,
    /// The full text.
    pub text: String,
    /// Keywords, tags and references, for the combined score.
    #[serde(default)]
    pub meta: Metadata,
    /// A base (template) document: its text is never reported, and it is excluded from the paper.
    #[serde(default)]
    pub base: bool,
}

impl Reference {
    /// A reference with an id and a text, titled by its id, without metadata, not a base document.
    ///
    /// ```
    /// use plagscope::checker::Reference;
    /// let reference = Reference::new("doc-1", "Some text.");
    /// assert_eq!((reference.title.as_str(), reference.base), ("doc-1", false));
    /// ```
    pub fn new(id: impl Into<String>, text: impl Into<String>) -> Self {
        let id = id.into();
        Reference {
            title: id.clone(),
            id,
            text: text.into(),
            meta: Metadata::default(),
            base: false,
        }
    }
}

/// What the index keeps per reference.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Entry {
    pub(crate) reference: Reference,
    /// Tokens of the reference.
    pub(crate) words: usize,
    /// Distinct word shingles.
    pub(crate) shingles: usize,
    /// Distinct winnowed fingerprints, sorted.
    #[serde(with = "crate::store::u64_bytes")]
    pub(crate) fingerprints: Vec<u64>,
    /// MinHash of the word shingle set.
    pub(crate) minhash: MinHashSignature,
    /// MinHash of the metadata set.
    pub(crate) meta_minhash: MinHashSignature,
}

/// A summary of one reference, for listings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReferenceInfo {
    /// Its id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Its number of words.
    pub words: usize,
    /// Its number of fingerprints in the index.
    pub fingerprints: usize,
    /// Whether it is a base document.
    pub base: bool,
}

/// A shared n-gram run inside a passage, located in both texts (UTF-16 units).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SharedRun {
    /// Start in the paper.
    pub start: usize,
    /// End in the paper.
    pub end: usize,
    /// Start in the source.
    pub source_start: usize,
    /// End in the source.
    pub source_end: usize,
}

/// A passage of the paper that matches a passage of a source.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PassageReport {
    /// Start in the paper (UTF-16 units of the original text).
    pub start: usize,
    /// End in the paper.
    pub end: usize,
    /// Start in the source.
    pub source_start: usize,
    /// End in the source.
    pub source_end: usize,
    /// Words of the paper in the passage.
    pub words: usize,
    /// Words inside exact shared runs.
    pub matched_words: usize,
    /// Words of the longest exact shared run: the strongest single piece of evidence.
    pub longest_run: usize,
    /// Share of the passage's words inside exact shared runs, in [0, 1].
    pub matched_share: f64,
    /// The paper side is in Simplified and the source side in Traditional Chinese characters, or
    /// the reverse: copied across scripts, a disguise.
    pub converted_script: bool,
    /// The exact shared runs, for highlighting.
    pub ngrams: Vec<SharedRun>,
}

/// The seed methods' scores for a pair of texts.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MethodScores {
    /// Weighted SimHash (tf·idf·(1+len)) combined with metadata Jaccard.
    pub combined: CombinedSimilarity,
    /// 32-bit short-text SimHash with the duplicate rate.
    pub weibo: WeiboComparison,
    /// Chinese 4-gram sampling (the paper checked against the source).
    pub chinese_ngram: NgramDuplicate,
}

/// How a paper relates to one source.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SourceReport {
    /// The source's id.
    pub id: String,
    /// The source's title.
    pub title: String,
    /// Share of the paper's (counted) words inside passages matching this source.
    pub similarity: f64,
    /// Share of the source's words used by the paper.
    pub source_coverage: f64,
    /// MinHash estimate of the Jaccard similarity of the two word shingle sets.
    pub jaccard: f64,
    /// MinHash estimate of the containment of the paper in the source.
    pub containment: f64,
    /// Hamming distance of the two 64-bit SimHashes (tf·idf·(1+len) weights).
    pub simhash_distance: u32,
    /// Scores of the seed methods.
    pub scores: MethodScores,
    /// The matching passages, in paper order.
    pub passages: Vec<PassageReport>,
}

/// The result of a check.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    /// Share of the paper's counted words inside any reported passage, in [0, 1].
    pub similarity: f64,
    /// Words of the paper counted (not excluded).
    pub words: usize,
    /// Words of the paper in all.
    pub total_words: usize,
    /// Sources with at least one passage, most similar first.
    pub sources: Vec<SourceReport>,
    /// Traces of evasion in the paper.
    pub evasion: EvasionReport,
    /// Parts of the paper left out of the check.
    pub excluded: Vec<Exclusion>,
}

/// One pair of the all-pairs comparison.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PairReport {
    /// First document's id.
    pub a: String,
    /// Second document's id.
    pub b: String,
    /// The larger of the two directions' similarities.
    pub similarity: f64,
    /// The comparison, seen from `a` (its `similarity` is the share of `a` found in `b`,
    /// `sourceCoverage` the share of `b` found in `a`).
    pub report: SourceReport,
}

/// A paper or reference after analysis, with what alignment needs.
struct Prepared {
    analysis: Analysis,
    token_hashes: Vec<u64>,
    /// Each token's weight in tenths of a word.
    token_weights: Vec<u32>,
    shingle_hashes: Vec<u64>,
}

impl Prepared {
    fn side(&self) -> Side<'_> {
        Side {
            hashes: &self.token_hashes,
            weights: &self.token_weights,
            shared: &[],
        }
    }

    /// This text as the paper side of an alignment, with the tokens other references share.
    fn paper_side<'a>(&'a self, shared: &'a [bool]) -> Side<'a> {
        Side {
            shared,
            ..self.side()
        }
    }
}

/// A reference set and the checks against it.
#[derive(Debug, Clone)]
pub struct Checker {
    pub(crate) options: CheckerOptions,
    pub(crate) entries: Vec<Entry>,
    pub(crate) idf: IdfTable,
    ids: HashMap<String, usize>,
    /// Fingerprint -> indices into `entries`.
    postings: HashMap<u64, Vec<u32>>,
    hasher: MinHasher,
    /// Bytes of reference text held, kept under [`MAX_REFERENCE_SET_BYTES`].
    text_bytes: usize,
}

/// Most reference text one set holds, in bytes of UTF-8 (base documents included): 256 MiB, about
/// 21,000 references of 2,000 words. Measured in the wasm build, a reference set takes about 5.5
/// times its text in memory (postings, sketches, the text), growing in doublings; a wasm instance
/// has at most 4 GiB, and a check of a 64 MiB paper needs up to 1.5 GB more. Past this the set is
/// refused with a message rather than run out of memory.
pub const MAX_REFERENCE_SET_BYTES: usize = 256 << 20;

impl Checker {
    /// An empty checker.
    ///
    /// ```
    /// use plagscope::checker::{CheckOptions, Checker, CheckerOptions, Reference};
    /// let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    /// checker.add_reference(Reference::new(
    ///     "src",
    ///     "Winnowing selects fingerprints from the hashes of k-grams so that every match \
    ///      of sufficient length between two documents is detected by the algorithm.",
    /// )).unwrap();
    /// let paper = "As shown before, winnowing selects fingerprints from the hashes of k-grams so \
    ///              that every match of sufficient length between two documents is detected.";
    /// let report = checker.check(paper, &CheckOptions::default()).unwrap();
    /// assert_eq!(report.sources[0].id, "src");
    /// let passage = &report.sources[0].passages[0];
    /// assert!(paper[passage.start..passage.end].starts_with("winnowing selects"));
    /// assert!(report.similarity > 0.8);
    /// ```
    pub fn new(options: CheckerOptions) -> Result<Self, Error> {
        options.validate()?;
        let hasher = MinHasher::new(options.num_perm, options.minhash_scheme)?;
        Ok(Checker {
            options,
            entries: Vec::new(),
            idf: IdfTable::new(),
            ids: HashMap::new(),
            postings: HashMap::new(),
            hasher,
            text_bytes: 0,
        })
    }

    /// The options of this reference set.
    pub fn options(&self) -> &CheckerOptions {
        &self.options
    }

    /// Number of references (base documents included).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are no references.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    fn prepare(&self, text: &str) -> Result<Prepared, Error> {
        let analysis = analyze(text, &self.options.text)?;
        let token_hashes = analysis
            .token_texts()
            .map(|t| hash_bytes(t.as_bytes()))
            .collect();
        let shingle_hashes = word_shingles(&analysis, self.options.k)?
            .into_iter()
            .map(|s| s.hash)
            .collect();
        Ok(Prepared {
            token_weights: token_weights(&analysis),
            analysis,
            token_hashes,
            shingle_hashes,
        })
    }

    fn distinct(hashes: &[u64]) -> Vec<u64> {
        let mut distinct = hashes.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        distinct
    }

    /// Adds a reference. Its id must be new.
    pub fn add_reference(&mut self, mut reference: Reference) -> Result<(), Error> {
        if reference.id.is_empty() || reference.id.chars().count() > 1024 {
            return Err(Error::invalid("id", "must be 1 to 1024 characters"));
        }
        if self.ids.contains_key(&reference.id) {
            return Err(Error::invalid(
                "id",
                format!("a reference with id {:?} already exists", reference.id),
            ));
        }
        check_size("text", reference.text.len(), "is")?;
        self.check_room(reference.text.len())?;
        if reference.title.is_empty() {
            reference.title = reference.id.clone();
        }
        let prepared = self.prepare(&reference.text)?;
        let window = guarantee_window(self.options.k, self.options.t)?;
        let fingerprints: Vec<u64> = Self::distinct(
            &winnow_positions(&prepared.shingle_hashes, window)
                .into_iter()
                .map(|i| prepared.shingle_hashes[i])
                .collect::<Vec<_>>(),
        );
        let distinct_shingles = Self::distinct(&prepared.shingle_hashes);
        let entry = Entry {
            words: prepared.analysis.tokens.len(),
            shingles: distinct_shingles.len(),
            minhash: self.hasher.signature(&distinct_shingles),
            meta_minhash: reference.meta.signature(&self.hasher),
            fingerprints,
            reference,
        };
        self.idf.add_document(&prepared.analysis);
        self.insert_entry(entry);
        Ok(())
    }

    /// Refuses a reference of `bytes` that would take the set past [`MAX_REFERENCE_SET_BYTES`].
    /// The message names no size of its own, so that every file refused in a batch reads the same.
    fn check_room(&self, bytes: usize) -> Result<(), Error> {
        if self.text_bytes.saturating_add(bytes) <= MAX_REFERENCE_SET_BYTES {
            return Ok(());
        }
        let mb = |bytes: usize| bytes as f64 / (1 << 20) as f64;
        Err(Error::invalid(
            "text",
            format!(
                "the reference set is full: its {} references hold {:.1} MB of text, and the \
                 limit is {} MB; remove references, or split the set in two and check against \
                 each",
                self.entries.len(),
                mb(self.text_bytes),
                MAX_REFERENCE_SET_BYTES >> 20
            ),
        ))
    }

    pub(crate) fn insert_entry(&mut self, entry: Entry) {
        let index = self.entries.len();
        self.text_bytes += entry.reference.text.len();
        for &fingerprint in &entry.fingerprints {
            self.postings
                .entry(fingerprint)
                .or_default()
                .push(index as u32);
        }
        self.ids.insert(entry.reference.id.clone(), index);
        self.entries.push(entry);
    }

    /// Rebuilds a checker from saved parts (see [`crate::store`]).
    pub(crate) fn from_parts(
        options: CheckerOptions,
        entries: Vec<Entry>,
        idf: IdfTable,
    ) -> Result<Self, Error> {
        let mut checker = Checker::new(options)?;
        checker.idf = idf;
        checker.entries.reserve_exact(entries.len());
        checker.ids.reserve(entries.len());
        for entry in entries {
            if checker.ids.contains_key(&entry.reference.id) {
                return Err(Error::InvalidIndex(format!(
                    "the index holds the id {:?} twice",
                    entry.reference.id
                )));
            }
            checker.validate_entry(&entry)?;
            if checker.check_room(entry.reference.text.len()).is_err() {
                return Err(Error::InvalidIndex(format!(
                    "it holds more than {} MB of reference text, more than a reference set may \
                     hold",
                    MAX_REFERENCE_SET_BYTES >> 20
                )));
            }
            checker.insert_entry(entry);
        }
        Ok(checker)
    }

    /// Checks a stored entry against this set's options, so that nothing read from a file can make
    /// a later check fail: both signatures of this set's scheme and size, fingerprints sorted and
    /// distinct, a valid id.
    fn validate_entry(&self, entry: &Entry) -> Result<(), Error> {
        let id = &entry.reference.id;
        let invalid =
            |what: String| Err(Error::InvalidIndex(format!("the reference {id:?} {what}")));
        if id.is_empty() || id.chars().count() > 1024 {
            return Err(Error::InvalidIndex(
                "a reference id is empty or longer than 1024 characters".into(),
            ));
        }
        for (name, signature) in [
            ("MinHash", &entry.minhash),
            ("metadata", &entry.meta_minhash),
        ] {
            if signature.slots != self.options.num_perm
                || signature.scheme != self.options.minhash_scheme
            {
                return invalid(format!(
                    "has a {name} signature of {} {:?} slots; the index uses {} {:?} slots",
                    signature.slots,
                    signature.scheme,
                    self.options.num_perm,
                    self.options.minhash_scheme
                ));
            }
        }
        if !entry.fingerprints.windows(2).all(|w| w[0] < w[1]) {
            return invalid("has fingerprints out of order".into());
        }
        if entry.fingerprints.len() > entry.shingles {
            return invalid(format!(
                "claims {} fingerprints but only {} shingles",
                entry.fingerprints.len(),
                entry.shingles
            ));
        }
        Ok(())
    }

    /// Removes the reference with `id`; returns whether it existed.
    pub fn remove_reference(&mut self, id: &str) -> Result<bool, Error> {
        let Some(index) = self.ids.remove(id) else {
            return Ok(false);
        };
        let entry = self.entries.remove(index);
        if let Ok(prepared) = self.prepare(&entry.reference.text) {
            self.idf.remove_document(&prepared.analysis);
        }
        // Indices after the removed one shift down: rebuild the postings, the id map and the total.
        self.postings.clear();
        self.ids.clear();
        self.text_bytes = 0;
        let entries = std::mem::take(&mut self.entries);
        for entry in entries {
            self.insert_entry(entry);
        }
        Ok(true)
    }

    /// The references, in the order they were added.
    pub fn references(&self) -> Vec<ReferenceInfo> {
        self.entries
            .iter()
            .map(|e| ReferenceInfo {
                id: e.reference.id.clone(),
                title: e.reference.title.clone(),
                words: e.words,
                fingerprints: e.fingerprints.len(),
                base: e.reference.base,
            })
            .collect()
    }

    /// The reference with `id`.
    pub fn reference(&self, id: &str) -> Option<&Reference> {
        self.ids.get(id).map(|&i| &self.entries[i].reference)
    }

    /// Counts, for each reference, the distinct paper shingles found among its fingerprints,
    /// skipping shingles that touch an `unusable` token (excluded text, common phrasing).
    fn candidates(
        &self,
        paper: &Prepared,
        unusable: &[bool],
        base: Option<bool>,
    ) -> Vec<(usize, usize)> {
        let k = self.options.k;
        let mut seen = HashSet::new();
        let mut hits: HashMap<usize, usize> = HashMap::new();
        for (position, &hash) in paper.shingle_hashes.iter().enumerate() {
            if unusable[position..position + k].iter().any(|&e| e) || !seen.insert(hash) {
                continue;
            }
            let Some(documents) = self.postings.get(&hash) else {
                continue;
            };
            for &document in documents {
                let document = document as usize;
                if base.is_none_or(|b| self.entries[document].reference.base == b) {
                    *hits.entry(document).or_default() += 1;
                }
            }
        }
        let mut candidates: Vec<(usize, usize)> = hits.into_iter().collect();
        candidates.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        candidates
    }

    /// Checks `text` against the reference set.
    pub fn check(&self, text: &str, options: &CheckOptions) -> Result<Report, Error> {
        options.validate()?;
        check_size("text", text.len(), "is")?;
        let paper = self.prepare(text)?;
        let tokens = &paper.analysis.tokens;
        let ignored: HashSet<&str> = options
            .ignore_references
            .iter()
            .map(|id| id.as_str())
            .collect();
        let (excluded_spans, excluded) = self.exclusions(text, &paper, &ignored, options)?;
        let counted = excluded.iter().filter(|&&e| !e).count();
        let paper_shingles = Self::distinct(&paper.shingle_hashes);
        let paper_minhash = self.hasher.signature(&paper_shingles);
        let paper_simhash =
            text_simhash(&paper.analysis, TermWeighting::TfIdfLength, Some(&self.idf))?;
        let paper_meta = options.meta.signature(&self.hasher);

        // Excluded text and common phrasing cannot be evidence.
        let common = common_phrasing(
            &self.postings,
            &paper,
            &self.options,
            options.max_doc_frequency,
        );
        let unusable: Vec<bool> = common
            .iter()
            .zip(&excluded)
            .map(|(&common, &excluded)| common || excluded)
            .collect();
        let shared = shared_by_references(&self.postings, &paper, self.options.k, 2);
        let mut covered = vec![false; tokens.len()];
        let mut sources = Vec::new();
        for (document, _) in self.candidates(&paper, &unusable, Some(false)) {
            let entry = &self.entries[document];
            if ignored.contains(entry.reference.id.as_str()) {
                continue;
            }
            let source = self.prepare(&entry.reference.text)?;
            let passages = align(
                paper.paper_side(&shared),
                source.side(),
                &unusable,
                &options.align,
            );
            if passages.is_empty() {
                continue;
            }
            for passage in &passages {
                covered[passage.paper_start..passage.paper_end]
                    .iter_mut()
                    .zip(&excluded[passage.paper_start..passage.paper_end])
                    .for_each(|(c, &e)| *c |= !e);
            }
            let comparison = Comparison {
                a: &paper,
                a_minhash: &paper_minhash,
                a_shingles: paper_shingles.len(),
                a_simhash: paper_simhash,
                a_meta: &paper_meta,
                a_excluded: &excluded,
                a_counted: counted,
                a_text: text,
            };
            sources.push(self.source_report(&comparison, entry, &source, &passages, options)?);
        }
        sources.sort_by(|a, b| {
            b.similarity
                .total_cmp(&a.similarity)
                .then_with(|| a.id.cmp(&b.id))
        });
        sources.truncate(options.max_sources);
        let covered_words = covered.iter().filter(|&&c| c).count();
        let mut excluded_report: Vec<Exclusion> = excluded_spans
            .into_iter()
            .map(|(kind, span)| Exclusion {
                kind,
                start: span.start,
                end: span.end,
            })
            .collect();
        excluded_report.sort_by_key(|e| (e.start, e.end));
        Ok(Report {
            similarity: ratio(covered_words, counted),
            words: counted,
            total_words: tokens.len(),
            sources,
            evasion: paper.analysis.evasion.clone(),
            excluded: excluded_report,
        })
    }

    /// What is left out of the paper and why: the reader's spans, quotations and the bibliography
    /// (unless the reader included them again), then text shared with base documents. Returns the
    /// spans and, per paper token, whether it is excluded.
    fn exclusions(
        &self,
        text: &str,
        paper: &Prepared,
        ignored: &HashSet<&str>,
        options: &CheckOptions,
    ) -> Result<Exclusions, Error> {
        let included_again = |span: &Span| {
            options
                .include_spans
                .iter()
                .any(|i| i.start < span.end && span.start < i.end)
        };
        let mut spans: Vec<(ExclusionKind, Span)> = options
            .exclude_spans
            .iter()
            .filter(|s| s.start < s.end)
            .map(|&s| (ExclusionKind::Reader, s))
            .collect();
        if options.exclude_quotes {
            spans.extend(quotes(text).into_iter().map(|s| (ExclusionKind::Quote, s)));
        }
        if options.exclude_bibliography {
            spans.extend(bibliography(text).map(|s| (ExclusionKind::Bibliography, s)));
        }
        spans.retain(|(kind, span)| *kind == ExclusionKind::Reader || !included_again(span));
        let mut excluded = vec![false; paper.analysis.tokens.len()];
        for (_, span) in &spans {
            mark_inside(&paper.analysis, *span, &mut excluded);
        }
        // Text shared with base documents is excluded like a quote.
        let mut base_spans = Vec::new();
        for (document, _) in self.candidates(paper, &excluded, Some(true)) {
            let entry = &self.entries[document];
            if ignored.contains(entry.reference.id.as_str()) {
                continue;
            }
            let source = self.prepare(&entry.reference.text)?;
            for passage in align(paper.side(), source.side(), &excluded, &options.align) {
                let span = token_span(&paper.analysis, passage.paper_start, passage.paper_end);
                if !included_again(&span) {
                    base_spans.push((ExclusionKind::Base, span));
                }
            }
        }
        for (_, span) in &base_spans {
            mark_inside(&paper.analysis, *span, &mut excluded);
        }
        spans.extend(base_spans);
        Ok((spans, excluded))
    }

    fn source_report(
        &self,
        paper: &Comparison<'_>,
        entry: &Entry,
        source: &Prepared,
        passages: &[Passage],
        options: &CheckOptions,
    ) -> Result<SourceReport, Error> {
        let mut paper_covered = vec![false; paper.a.analysis.tokens.len()];
        let mut source_covered = vec![false; source.analysis.tokens.len()];
        let mut passage_reports = Vec::with_capacity(passages.len());
        for passage in passages {
            for (i, flag) in paper_covered[passage.paper_start..passage.paper_end]
                .iter_mut()
                .enumerate()
            {
                *flag |= !paper.a_excluded[passage.paper_start + i];
            }
            source_covered[passage.source_start..passage.source_end].fill(true);
            let span = token_span(&paper.a.analysis, passage.paper_start, passage.paper_end);
            let source_span =
                token_span(&source.analysis, passage.source_start, passage.source_end);
            passage_reports.push(PassageReport {
                start: span.start,
                end: span.end,
                source_start: source_span.start,
                source_end: source_span.end,
                words: passage.paper_end - passage.paper_start,
                matched_words: passage.matched_words,
                longest_run: passage.longest_run,
                matched_share: ratio(
                    passage.matched_words,
                    passage.paper_end - passage.paper_start,
                ),
                converted_script: false,
                ngrams: passage
                    .segments
                    .iter()
                    .map(|s| {
                        let a = token_span(&paper.a.analysis, s.paper, s.paper + s.len);
                        let b = token_span(&source.analysis, s.source, s.source + s.len);
                        SharedRun {
                            start: a.start,
                            end: a.end,
                            source_start: b.start,
                            source_end: b.end,
                        }
                    })
                    .collect(),
            });
        }
        mark_converted_script(paper.a_text, &entry.reference.text, &mut passage_reports);
        let jaccard = paper.a_minhash.jaccard(&entry.minhash)?;
        let source_simhash = text_simhash(
            &source.analysis,
            TermWeighting::TfIdfLength,
            Some(&self.idf),
        )?;
        Ok(SourceReport {
            id: entry.reference.id.clone(),
            title: entry.reference.title.clone(),
            similarity: ratio(
                paper_covered.iter().filter(|&&c| c).count(),
                paper.a_counted,
            ),
            source_coverage: ratio(
                source_covered.iter().filter(|&&c| c).count(),
                source.analysis.tokens.len(),
            ),
            jaccard,
            containment: containment_from_jaccard(jaccard, paper.a_shingles, entry.shingles),
            simhash_distance: hamming(paper.a_simhash, source_simhash),
            scores: MethodScores {
                combined: combined_similarity(
                    paper.a_simhash,
                    source_simhash,
                    paper.a_meta,
                    &entry.meta_minhash,
                    options.mu,
                )?,
                weibo: weibo::compare(&paper.a.analysis, &source.analysis, options.weibo_k)?,
                chinese_ngram: chinese_ngram::check(
                    &paper.a.analysis,
                    &source.analysis,
                    SampleStep::Adaptive,
                )?,
            },
            passages: passage_reports,
        })
    }

    /// Compares every pair of (non-base) references that share fingerprints; returns the pairs whose
    /// similarity reaches `options.threshold`, most similar first.
    pub fn pairs(&self, options: &CheckOptions) -> Result<Vec<PairReport>, Error> {
        options.validate()?;
        let mut shared: BTreeMap<(u32, u32), usize> = BTreeMap::new();
        for documents in self.postings.values() {
            if documents.len() < 2 || documents.len() > options.max_doc_frequency {
                continue;
            }
            for (i, &a) in documents.iter().enumerate() {
                for &b in &documents[i + 1..] {
                    if !self.entries[a as usize].reference.base
                        && !self.entries[b as usize].reference.base
                    {
                        *shared.entry((a.min(b), a.max(b))).or_default() += 1;
                    }
                }
            }
        }
        let mut prepared: HashMap<usize, Prepared> = HashMap::new();
        let mut pairs = Vec::new();
        for &(a, b) in shared.keys() {
            let (a, b) = (a as usize, b as usize);
            for document in [a, b] {
                if let std::collections::hash_map::Entry::Vacant(slot) = prepared.entry(document) {
                    slot.insert(self.prepare(&self.entries[document].reference.text)?);
                }
            }
            let (pa, pb) = (&prepared[&a], &prepared[&b]);
            let no_exclusions = vec![false; pa.analysis.tokens.len()];
            let common =
                common_phrasing(&self.postings, pa, &self.options, options.max_doc_frequency);
            // `a` itself is a reference: text it shares with `b` is held by two already.
            let shared = shared_by_references(&self.postings, pa, self.options.k, 3);
            let passages = align(pa.paper_side(&shared), pb.side(), &common, &options.align);
            if passages.is_empty() {
                continue;
            }
            let entry_a = &self.entries[a];
            let a_simhash =
                text_simhash(&pa.analysis, TermWeighting::TfIdfLength, Some(&self.idf))?;
            let comparison = Comparison {
                a: pa,
                a_minhash: &entry_a.minhash,
                a_shingles: entry_a.shingles,
                a_simhash,
                a_meta: &entry_a.meta_minhash,
                a_excluded: &no_exclusions,
                a_counted: pa.analysis.tokens.len(),
                a_text: &entry_a.reference.text,
            };
            let report =
                self.source_report(&comparison, &self.entries[b], pb, &passages, options)?;
            let similarity = report.similarity.max(report.source_coverage);
            if similarity >= options.threshold {
                pairs.push(PairReport {
                    a: entry_a.reference.id.clone(),
                    b: self.entries[b].reference.id.clone(),
                    similarity,
                    report,
                });
            }
        }
        pairs.sort_by(|x, y| {
            y.similarity
                .total_cmp(&x.similarity)
                .then_with(|| (&x.a, &x.b).cmp(&(&y.a, &y.b)))
        });
        Ok(pairs)
    }
}

/// Longest stretch of common phrasing that is still a stock phrase, in words: a formula ("the
/// receipts into the Treasury during the year ending on the 30th of September") is short. A longer
/// stretch held by many references is a popular source that many of them copied, and copying it
/// again is still copying.
pub const MAX_STOCK_PHRASE_WORDS: u32 = 20;

/// Tokens covered by shingles that are fingerprints of more than `max_doc_frequency` references:
/// common phrasing (MOSS `-m`), which cannot be evidence. Winnowing selects a fingerprint in every
/// window, so a phrase shared by many references is covered but for a few words at its edges, fewer
/// than a passage needs. Stretches longer than [`MAX_STOCK_PHRASE_WORDS`] are not stock phrases and
/// stay evidence.
fn common_phrasing(
    postings: &HashMap<u64, Vec<u32>>,
    prepared: &Prepared,
    options: &CheckerOptions,
    max_doc_frequency: usize,
) -> Vec<bool> {
    let mut common = vec![false; prepared.analysis.tokens.len()];
    let positions = prepared
        .shingle_hashes
        .iter()
        .enumerate()
        .filter(|(_, hash)| {
            postings
                .get(hash)
                .is_some_and(|d| d.len() > max_doc_frequency)
        })
        .map(|(position, _)| position);
    // Winnowing keeps a fingerprint in every window of w shingles, so inside one shared stretch
    // common fingerprints are at most w apart: join them into stretches.
    let window = guarantee_window(options.k, options.t).unwrap_or(1);
    let mut stretches: Vec<(usize, usize)> = Vec::new();
    for position in positions {
        match stretches.last_mut() {
            Some(last) if position <= last.1 - options.k + window => last.1 = position + options.k,
            _ => stretches.push((position, position + options.k)),
        }
    }
    for (start, end) in stretches {
        let weight: u32 = prepared.token_weights[start..end].iter().sum();
        if weight <= MAX_STOCK_PHRASE_WORDS * WORD {
            common[start..end].fill(true);
        }
    }
    common
}

/// Tokens covered by a shingle that is a fingerprint of at least `min_references` references:
/// phrasing the domain shares, which shows nothing about one source.
fn shared_by_references(
    postings: &HashMap<u64, Vec<u32>>,
    prepared: &Prepared,
    k: usize,
    min_references: usize,
) -> Vec<bool> {
    let mut shared = vec![false; prepared.analysis.tokens.len()];
    for (position, hash) in prepared.shingle_hashes.iter().enumerate() {
        if postings
            .get(hash)
            .is_some_and(|d| d.len() >= min_references)
        {
            shared[position..position + k].fill(true);
        }
    }
    shared
}

/// The paper's side of a comparison.
struct Comparison<'a> {
    a: &'a Prepared,
    a_minhash: &'a MinHashSignature,
    a_shingles: usize,
    a_simhash: u64,
    a_meta: &'a MinHashSignature,
    a_excluded: &'a [bool],
    a_counted: usize,
    /// The original text of `a`.
    a_text: &'a str,
}

fn ratio(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

/// Flags the passages whose paper side and source side are written in different Chinese scripts.
fn mark_converted_script(paper: &str, source: &str, passages: &mut [PassageReport]) {
    let paper_spans: Vec<Span> = passages.iter().map(|p| Span::new(p.start, p.end)).collect();
    let source_spans: Vec<Span> = passages
        .iter()
        .map(|p| Span::new(p.source_start, p.source_end))
        .collect();
    let paper_counts = ScriptCount::of_spans(paper, &paper_spans);
    let source_counts = ScriptCount::of_spans(source, &source_spans);
    for (passage, (a, b)) in passages
        .iter_mut()
        .zip(paper_counts.iter().zip(&source_counts))
    {
        passage.converted_script = a.differs_from(b);
    }
}

/// The original span from token `start` to token `end - 1`.
fn token_span(analysis: &Analysis, start: usize, end: usize) -> Span {
    Span::new(
        analysis.tokens[start].span.start,
        analysis.tokens[end - 1].span.end,
    )
}

/// Marks the tokens lying inside `span`.
fn mark_inside(analysis: &Analysis, span: Span, excluded: &mut [bool]) {
    let first = analysis
        .tokens
        .partition_point(|t| t.span.start < span.start);
    for (i, token) in analysis.tokens.iter().enumerate().skip(first) {
        if token.span.start >= span.end {
            break;
        }
        if token.span.end <= span.end {
            excluded[i] = true;
        }
    }
}
