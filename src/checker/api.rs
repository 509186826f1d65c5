//! The [`Checker`]: the reference set it holds and its public methods, each of which hands the
//! stages (`check.rs`, `pairs.rs`) a borrowed `ReferenceSet`. Changing the set is `library.rs`.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::error::{Error, ErrorCode};
use crate::index::postings::Postings;
use crate::methods::combined::Metadata;
use crate::sketch::minhash::MinHasher;
use crate::sketch::simhash::IdfTable;

use super::options::{CheckOptions, CheckerOptions, PairsOptions};
use super::pair_candidates::PairCandidates;
use super::progress::OnProgress;
use super::reference_set::ReferenceSet;
use super::references::Entry;
use super::report::{PairReport, Report};
#[cfg(feature = "translated")]
use super::sentence_model::Translation;
use super::{check, pair_candidates, pairs};
#[cfg(feature = "translated")]
use crate::lexicon::Lexicon;
#[cfg(feature = "translated")]
use crate::sketch::embeddings::SentenceEncoder;
#[cfg(feature = "translated")]
use std::sync::Arc;

/// A reference set and the checks against it.
#[derive(Debug, Clone)]
pub struct Checker {
    pub(crate) options: CheckerOptions,
    pub(crate) entries: Vec<Entry>,
    pub(crate) idf: IdfTable,
    /// Id -> the reference's slot in the postings.
    pub(super) ids: HashMap<String, u32>,
    /// Fingerprint -> the references holding it.
    pub(super) postings: Postings,
    pub(super) hasher: MinHasher,
    /// Bytes of reference text held, kept under [`MAX_REFERENCE_SET_BYTES`].
    pub(super) text_bytes: usize,
    /// How many references are base (template) documents: a check looks for text shared with
    /// them only when there is one, without a pass over every reference.
    pub(super) bases: usize,
    /// The sentence model and lexicon for translated evidence, once given
    /// ([`Checker::use_sentence_model`]).
    #[cfg(feature = "translated")]
    pub(super) translation: Option<Translation>,
    /// The bytes of the references' sentence codes a saved index brought, kept unread while no
    /// model is given (then the model's [`Translation`] holds the codes): `saved_codes.rs`.
    pub(super) saved_codes: Vec<u8>,
}

/// Most reference text one set holds, in bytes of UTF-8 (base documents included): 256 MiB, about
/// 21,000 references of 2,000 words. A set takes a few times its text in memory (postings,
/// sketches, the text; PERFORMANCE.md "Memory and disk"), a wasm instance has at most 4 GiB, and a
/// check of a 64 MiB paper needs up to 1.5 GB more: past this the set is refused with a message
/// rather than run out of memory.
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
            bases: 0,
            #[cfg(feature = "translated")]
            translation: None,
            saved_codes: Vec::new(),
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
    pub(super) fn position_of(&self, id: &str) -> Option<usize> {
        self.ids
            .get(id)
            .and_then(|&slot| self.postings.position(slot))
    }

    /// What the stages read of the set.
    pub(super) fn set(&self) -> ReferenceSet<'_> {
        ReferenceSet {
            options: &self.options,
            entries: &self.entries,
            postings: &self.postings,
            idf: &self.idf,
            hasher: &self.hasher,
            has_bases: self.bases > 0,
            #[cfg(feature = "translated")]
            translation: self.translation.as_ref(),
        }
    }

    /// Gives the checker a multilingual sentence model and the bilingual lexicon, with which a
    /// check with `align.translated` finds translated copies (English ↔ Chinese). Each
    /// reference's sentences are read in the lexicon's terms the first time a check needs them.
    /// The sentence codes a saved index brought (or a model computed) are kept when made from
    /// this model as it reads their reference's text, and dropped otherwise.
    #[cfg(feature = "translated")]
    pub fn use_sentence_model(&mut self, encoder: Arc<dyn SentenceEncoder>, lexicon: Lexicon) {
        let saved = self.take_codes();
        let translation = Translation::new(encoder, lexicon);
        translation.adopt(saved, |id| self.text_of(id));
        self.translation = Some(translation);
    }

    /// Encodes the sentences of every reference that the sentence model has not encoded yet
    /// (nor a saved index brought), for the search by meaning (`align.meaningSearch`): a check
    /// would otherwise encode them first. `progress` is told of each reference
    /// ([`Stage::Encoding`](super::Stage::Encoding)); an error it returns stops the work, the
    /// references encoded so far kept. Returns how many were encoded: none without a model.
    #[cfg(feature = "translated")]
    pub fn encode_sentences(&self, progress: OnProgress<'_>) -> Result<usize, Error> {
        super::translated::encode_references(self.set(), progress)
    }

    /// Whether a sentence model was given ([`Checker::use_sentence_model`]).
    pub fn has_sentence_model(&self) -> bool {
        #[cfg(feature = "translated")]
        return self.translation.is_some();
        #[cfg(not(feature = "translated"))]
        false
    }

    /// Checks `text` against the reference set.
    pub fn check(&self, text: &str, options: &CheckOptions) -> Result<Report, Error> {
        self.check_with_meta(text, &Metadata::default(), options)
    }

    /// Checks a paper with metadata (see [`Paper`]) against the reference set.
    pub fn check_with_meta(
        &self,
        text: &str,
        meta: &Metadata,
        options: &CheckOptions,
    ) -> Result<Report, Error> {
        self.check_with_progress(text, meta, options, &mut |_| Ok(()))
    }

    /// [`Checker::check_with_meta`], telling `progress` how far it is: the steps of preparing the
    /// paper ([`Stage::Preparing`]), then how many of the candidate references it has been aligned
    /// with ([`Stage::Aligning`]) and how many sources are written up ([`Stage::Reporting`]), about
    /// every 1%; an error from `progress` stops the check and is returned.
    pub fn check_with_progress(
        &self,
        text: &str,
        meta: &Metadata,
        options: &CheckOptions,
        progress: OnProgress<'_>,
    ) -> Result<Report, Error> {
        check::check(self.set(), text, meta, options, progress)
    }

    /// Compares the candidate pairs of (non-base) references ([`Checker::pair_candidates`]);
    /// returns the pairs whose similarity reaches `options.min_similarity`, most similar first.
    pub fn pairs(&self, options: &PairsOptions) -> Result<Vec<PairReport>, Error> {
        self.pairs_with_progress(options, &mut |_| Ok(()))
    }

    /// [`Checker::pairs`], telling `progress` how far it is about every 1% of each stage; an
    /// error from `progress` stops it (a way to cancel) and is returned.
    pub fn pairs_with_progress(
        &self,
        options: &PairsOptions,
        progress: OnProgress<'_>,
    ) -> Result<Vec<PairReport>, Error> {
        pairs::all_pairs(self.set(), options, progress)
    }

    /// The candidate pairs [`Checker::pairs`] compares, with how many each source gave.
    pub fn pair_candidates(&self, options: &PairsOptions) -> Result<PairCandidates, Error> {
        pair_candidates::pair_candidates(self.set(), options)
    }

    /// Compares the given pairs of references (by id), each once, as [`Checker::pairs`] compares
    /// its candidates; returns those whose similarity reaches `options.min_similarity`, most similar
    /// first. An unknown id, or a pair of one reference with itself, is an error.
    pub fn pairs_among(
        &self,
        pairs: &[(&str, &str)],
        options: &PairsOptions,
    ) -> Result<Vec<PairReport>, Error> {
        options.validate()?;
        let index = |id: &str| {
            self.position_of(id).map(|i| i as u32).ok_or_else(|| {
                let message = format!("there is no reference with id {id:?}");
                Error::new(ErrorCode::UnknownReference, "pairs", message)
            })
        };
        let mut seen = HashSet::default();
        let mut indices = Vec::with_capacity(pairs.len());
        for &(a, b) in pairs {
            let (a, b) = (index(a)?, index(b)?);
            if a == b {
                return Err(Error::input("pairs", "a reference paired with itself"));
            }
            if seen.insert((a.min(b), a.max(b))) {
                indices.push((a.min(b), a.max(b)));
            }
        }
        pairs::listed(self.set(), &indices, options)
    }
}
