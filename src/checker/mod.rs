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
//! are aligned with the paper ([`crate::align`]) into passages. Quotes (but those a source's passage
//! runs across, which are part of a copy), the bibliography and text found in *base* (template)
//! documents are excluded first (MOSS `-b`), and fingerprints held by more
//! than `maxDocFrequency` references are treated as common phrasing (MOSS `-m`) when they form
//! short stock phrases; a long stretch held by many references is a popular source, still
//! evidence. The overall similarity is the share of the paper's words inside any reported passage, so overlapping sources
//! are not double-counted (Turnitin's definition).

use rustc_hash::FxHashMap as HashMap;

use crate::align::Side;
use crate::error::Error;
use crate::sketch::hash::hash_bytes;
use crate::sketch::minhash::MinHasher;
use crate::sketch::sentence_terms::sentence_fingerprints;
use crate::sketch::shingle::word_shingle_hashes;
use crate::sketch::simhash::IdfTable;
use crate::text::sentences::sentence_units;
use crate::text::{analyze, analyze_with_progress, token_weights, Analysis};

mod check;
mod evidence;
mod exclusions;
mod library;
mod loader;
mod merge;
mod options;
mod pair_candidates;
mod pairs;
mod progress;
mod quotations;
mod report;
mod report_json;
mod retrieval;
mod scoring;
mod sentences;
mod stored;

use crate::index::postings;
use postings::Postings;
pub(crate) use postings::{fingerprint_of, FINGERPRINT_BYTES};

pub use check::Paper;
pub(crate) use library::{Entry, StoredEntry};
pub use library::{Reference, ReferenceInfo};
pub(crate) use loader::Loader;
pub use merge::MergeOutcome;
pub use options::{CheckOptions, CheckerOptions, Defaults, PairsOptions, ScoreOptions};
pub use pair_candidates::{CandidatePair, PairCandidates, LSH_JACCARD, NEAR_DUPLICATE_BITS};
pub use progress::{OnProgress, Progress, Stage};
pub use quotations::{ACROSS_EDGE_WORDS, EDGE_WINDOW_WORDS};
pub use report::{
    MethodScores, PairReport, PassageReport, Report, SentencePairReport, SharedRun, SourceReport,
    WordSpan,
};
pub use retrieval::MAX_STOCK_PHRASE_WORDS;
pub(crate) use stored::{StoredReference, StoredText};

pub use crate::text::MAX_TEXT_BYTES;

/// A paper or reference after analysis, with what alignment needs.
struct Prepared {
    analysis: Analysis,
    token_hashes: Vec<u64>,
    /// Each token's weight in tenths of a word.
    token_weights: Vec<u32>,
    /// Empty for a source prepared by [`Checker::prepare_source`].
    shingle_hashes: Vec<u64>,
    /// Per shingle, how many references hold its fingerprint: filled by
    /// [`Checker::count_holders`] for a paper or a reference being paired, so that each is looked
    /// up in the postings once (each lookup reads every level); empty otherwise.
    held_by: Vec<u32>,
}

impl Prepared {
    /// Its sentences' fingerprints (see [`sentence_fingerprints`]), each with its unit's tokens;
    /// a sentence with an `unusable` token (excluded text) has none.
    fn sentence_fingerprints(&self, unusable: &[bool]) -> Vec<(u64, std::ops::Range<usize>)> {
        let units = sentence_units(&self.analysis, &self.token_weights);
        let fingerprints = sentence_fingerprints(&self.analysis, &self.token_hashes, &units);
        (fingerprints.into_iter())
            .map(|(f, u)| (f, units[u].clone()))
            .filter(|(_, unit)| {
                !unusable
                    .get(unit.clone())
                    .is_some_and(|u| u.contains(&true))
            })
            .collect()
    }

    fn side(&self) -> Side<'_> {
        Side {
            hashes: &self.token_hashes,
            weights: &self.token_weights,
            shared: &[],
            seeds: None,
            sentences: None,
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
    /// Id -> the reference's slot in the postings.
    ids: HashMap<String, u32>,
    /// Fingerprint -> the references holding it.
    postings: Postings,
    hasher: MinHasher,
    /// Bytes of reference text held, kept under [`MAX_REFERENCE_SET_BYTES`].
    text_bytes: usize,
}

/// Most reference text one set holds, in bytes of UTF-8 (base documents included): 256 MiB, about
/// 21,000 references of 2,000 words. Measured in the wasm build, a reference set took up to 5.5
/// times its text in memory (postings, sketches, the text; about 2 times at 10,000 references since
/// saving and loading stopped copying the file, PERFORMANCE.md); a wasm instance has at most 4 GiB,
/// and a check of a 64 MiB paper needs up to 1.5 GB more. Past this the set is refused with a
/// message rather than run out of memory.
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
            ids: HashMap::default(),
            postings: Postings::default(),
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

    /// Bytes this set holds on the heap, by part, for the benches (hash maps estimated from their
    /// capacity).
    #[doc(hidden)]
    pub fn heap_bytes(&self) -> Vec<(&'static str, usize)> {
        let mut parts = self.postings.heap_bytes();
        let texts = self
            .entries
            .iter()
            .map(|e| e.reference.text.heap_bytes())
            .sum();
        let signatures = (self.entries.iter())
            .map(|e| (e.minhash.values.capacity() + e.meta_minhash.values.capacity()) * 4)
            .sum();
        // Each id twice (the entry's and the id map's key), with about 32 bytes of map around it.
        let ids: usize = (self.entries.iter())
            .map(|e| e.reference.id.capacity() * 2 + e.reference.title.capacity() + 32)
            .sum();
        parts.extend([
            ("texts (compressed)", texts),
            ("MinHash signatures", signatures),
            (
                "entries, ids and titles",
                ids + self.entries.capacity() * std::mem::size_of::<Entry>(),
            ),
            ("document frequencies", self.idf.heap_bytes()),
        ]);
        parts
    }

    /// The position in `entries` of the reference with `id`.
    fn position_of(&self, id: &str) -> Option<usize> {
        self.ids
            .get(id)
            .and_then(|&slot| self.postings.position(slot))
    }

    /// A paper, or a reference being indexed or paired: analyzed, with its shingle hashes.
    fn prepare(&self, text: &str) -> Result<Prepared, Error> {
        self.prepare_with_progress(text, &mut |_| Ok(()))
    }

    /// [`Self::prepare`], telling `progress` how far it is in hundredths as it goes (reading the
    /// text is about 40 of them, its token hashes 15, its shingle hashes 30, natively on a 64 MB
    /// paper).
    fn prepare_with_progress(
        &self,
        text: &str,
        progress: &mut dyn FnMut(usize) -> Result<(), Error>,
    ) -> Result<Prepared, Error> {
        let length = text.len().max(1);
        let analysis = analyze_with_progress(text, &self.options.text, &mut |bytes| {
            progress(bytes * 40 / length)
        })?;
        progress(40)?;
        let mut prepared = self.analyzed(analysis);
        progress(55)?;
        prepared.shingle_hashes =
            word_shingle_hashes(&prepared.analysis, self.options.shingle_words)?;
        progress(85)?;
        Ok(prepared)
    }

    /// A reference as the source side of a check's alignment, which needs its tokens only: its
    /// `shingle_hashes` are left empty.
    fn prepare_source(&self, text: &str) -> Result<Prepared, Error> {
        Ok(self.analyzed(analyze(text, &self.options.text)?))
    }

    /// A text's `analysis` with its token hashes and weights (no shingle hashes yet).
    fn analyzed(&self, analysis: Analysis) -> Prepared {
        let token_hashes = analysis
            .token_texts()
            .map(|t| hash_bytes(t.as_bytes()))
            .collect();
        Prepared {
            token_weights: token_weights(&analysis),
            analysis,
            token_hashes,
            shingle_hashes: Vec::new(),
            held_by: Vec::new(),
        }
    }

    /// Fills `prepared.held_by` from the postings.
    fn count_holders(&self, prepared: &mut Prepared) {
        let result = self.count_holders_with_progress(prepared, &mut |_, _| Ok(()));
        result.expect("a callback that never fails");
    }

    /// [`Self::count_holders`], telling `progress` how many of the shingles are looked up about
    /// every million (a 64 MB paper has ten million).
    fn count_holders_with_progress(
        &self,
        prepared: &mut Prepared,
        progress: &mut dyn FnMut(usize, usize) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let hashes = &prepared.shingle_hashes;
        let mut held_by = Vec::with_capacity(hashes.len());
        for (at, chunk) in hashes.chunks(1 << 20).enumerate() {
            progress(at << 20, hashes.len())?;
            let counts = chunk
                .iter()
                .map(|&hash| self.postings.count(fingerprint_of(hash)));
            held_by.extend(counts.map(|count| count as u32));
        }
        prepared.held_by = held_by;
        Ok(())
    }

    fn distinct(hashes: &[u64]) -> Vec<u64> {
        let mut distinct = hashes.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        distinct
    }
}
