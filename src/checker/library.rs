//! Changing the reference set: adding, validating, removing, merging and listing references. A
//! set holds at most [`MAX_REFERENCE_SET_BYTES`] of text.

use crate::error::{Error, ErrorCode};
use crate::sketch::{guarantee_window, winnow_positions};
use crate::text::tokenize::check_size;

use super::api::{Checker, MAX_REFERENCE_SET_BYTES};
use super::merge_sets::MergeOutcome;
use super::options::CheckerOptions;
use super::prepare::{distinct, prepare, Prepared};
use super::references::StoredReference;
use super::references::{Entry, Reference, ReferenceInfo};
use crate::index::postings::{fingerprint_of, FINGERPRINT_BITS};

/// What the set's indexes took from a reference's text: its analysis (the term counts) and its
/// fingerprints, which removing it takes back out.
pub(super) struct Indexed {
    prepared: Prepared,
    fingerprints: Vec<u64>,
}

impl Checker {
    /// Adds a reference. Its id must be new.
    pub fn add_reference(&mut self, reference: Reference) -> Result<(), Error> {
        self.index_reference(reference).map(drop)
    }

    /// Adds a reference (its id must be new) and hands back what the indexes took from it, with
    /// which [`Checker::unindex_reference`] takes it out again without analyzing the text anew.
    pub(super) fn index_reference(&mut self, mut reference: Reference) -> Result<Indexed, Error> {
        if reference.id.is_empty() || reference.id.chars().count() > 1024 {
            return Err(Error::input("id", "must be 1 to 1024 characters"));
        }
        if self.ids.contains_key(&reference.id) {
            return Err(Error::new(
                ErrorCode::DuplicateId,
                "id",
                format!("a reference with id {:?} already exists", reference.id),
            ));
        }
        check_size("text", reference.text.len(), false)?;
        self.check_room(reference.text.len())?;
        if reference.title.is_empty() {
            reference.title = reference.id.clone();
        }
        let prepared = prepare(&self.options, &reference.text)?;
        let fingerprints = self.fingerprints_of(&prepared)?;
        let distinct_shingles = distinct(&prepared.shingle_hashes);
        let entry = Entry {
            words: prepared.analysis.tokens.len(),
            shingles: distinct_shingles.len(),
            minhash: self.hasher.signature(&distinct_shingles),
            meta_minhash: reference.meta.signature(&self.hasher),
            fingerprint_count: fingerprints.len(),
            reference: StoredReference::new(reference),
        };
        self.idf.add_document(&prepared.analysis);
        self.insert_entry(entry, &fingerprints);
        Ok(Indexed {
            prepared,
            fingerprints,
        })
    }

    fn fingerprints_of(&self, prepared: &Prepared) -> Result<Vec<u64>, Error> {
        fingerprints_of(&self.options, prepared)
    }

    /// Refuses a reference of `bytes` that would take the set past [`MAX_REFERENCE_SET_BYTES`].
    /// The message names no size of its own, so that every file refused in a batch reads the same.
    pub(super) fn check_room(&self, bytes: usize) -> Result<(), Error> {
        if self.text_bytes.saturating_add(bytes) <= MAX_REFERENCE_SET_BYTES {
            return Ok(());
        }
        Err(Error::new(
            ErrorCode::SetFull,
            "text",
            format!(
                "the reference set is full: its {} references hold {} MB of text, and the \
                 limit is {} MB; remove references, or split the set in two and check against \
                 each",
                self.entries.len(),
                crate::error::megabytes(self.text_bytes),
                MAX_REFERENCE_SET_BYTES >> 20
            ),
        )
        .with_sizes(
            self.text_bytes.saturating_add(bytes),
            MAX_REFERENCE_SET_BYTES,
            false,
        ))
    }

    pub(super) fn insert_entry(&mut self, entry: Entry, fingerprints: &[u64]) {
        self.text_bytes += entry.reference.text.len();
        self.bases += usize::from(entry.reference.base);
        let slot = self.postings.push(fingerprints);
        self.ids.insert(entry.reference.id.clone(), slot);
        self.entries.push(entry);
    }

    /// Checks a stored entry against this set's options, so that nothing read from a file can make
    /// a later check fail: both signatures of this set's scheme and size, fingerprints sorted and
    /// distinct, a valid id.
    pub(super) fn validate_entry(&self, entry: &Entry, fingerprints: &[u64]) -> Result<(), Error> {
        let id = &entry.reference.id;
        let invalid =
            |what: String| Err(Error::invalid_index(format!("the reference {id:?} {what}")));
        if id.is_empty() || id.chars().count() > 1024 {
            return Err(Error::invalid_index(
                "a reference id is empty or longer than 1024 characters",
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
        if !fingerprints.windows(2).all(|w| w[0] < w[1]) {
            return invalid("has fingerprints out of order".into());
        }
        if fingerprints
            .last()
            .is_some_and(|&f| f >> FINGERPRINT_BITS != 0)
        {
            return invalid(format!(
                "has fingerprints of more than {FINGERPRINT_BITS} bits"
            ));
        }
        if fingerprints.len() != entry.fingerprint_count {
            return invalid("has a wrong fingerprint count".into());
        }
        if fingerprints.len() > entry.shingles {
            return invalid(format!(
                "claims {} fingerprints but only {} shingles",
                fingerprints.len(),
                entry.shingles
            ));
        }
        Ok(())
    }

    /// Appends `entry` holding `fingerprints` (checked), its postings gathered in `pending` until
    /// they make a level.
    pub(super) fn append_entry(
        &mut self,
        entry: Entry,
        fingerprints: &[u64],
        pending: &mut Vec<(u64, u32)>,
    ) {
        self.text_bytes += entry.reference.text.len();
        self.bases += usize::from(entry.reference.base);
        let slot = self.postings.append(fingerprints, pending);
        self.ids.insert(entry.reference.id.clone(), slot);
        self.entries.push(entry);
    }

    /// Adds the references of `other`, which must have been built with the same options, after
    /// this set's own, in their order. A reference whose id this set already holds is left out.
    /// Only the references left out are analyzed again (to take their terms out of `other`'s
    /// document frequencies); the others are moved as they are.
    ///
    /// ```
    /// use plagscope::checker::{Checker, CheckerOptions, Reference};
    /// let mut a = Checker::new(CheckerOptions::default()).unwrap();
    /// a.add_reference(Reference::new("one", "The first text.")).unwrap();
    /// let mut b = Checker::new(CheckerOptions::default()).unwrap();
    /// b.add_reference(Reference::new("one", "Another first text.")).unwrap();
    /// b.add_reference(Reference::new("two", "The second text.")).unwrap();
    /// let outcome = a.merge(b).unwrap();
    /// assert_eq!((outcome.added, outcome.skipped), (1, 1));
    /// assert_eq!(a.reference("one").unwrap().unwrap().text, "The first text.");
    /// ```
    pub fn merge(&mut self, other: Checker) -> Result<MergeOutcome, Error> {
        super::merge_sets::merge(self, other)
    }

    /// Removes the reference with `id`; returns whether it existed. The work is that of the
    /// removed reference (its posting lists, its terms' document frequencies), plus shifting one
    /// small table of the references after it: the other posting lists are not touched.
    pub fn remove_reference(&mut self, id: &str) -> Result<bool, Error> {
        let Some(position) = self.position_of(id) else {
            return Ok(false);
        };
        // The text was analyzed when it was added, with the same options: this cannot fail, and
        // it fails before anything is changed.
        let prepared = prepare(&self.options, &self.entries[position].reference.text()?)?;
        let fingerprints = self.fingerprints_of(&prepared)?;
        let indexed = Indexed {
            prepared,
            fingerprints,
        };
        Ok(self.unindex_reference(id, &indexed))
    }

    /// Removes reference `id`, which [`Checker::index_reference`] added and described as
    /// `indexed`; false if the set does not hold it.
    pub(super) fn unindex_reference(&mut self, id: &str, indexed: &Indexed) -> bool {
        let Some(position) = self.position_of(id) else {
            return false;
        };
        self.idf.remove_document(&indexed.prepared.analysis);
        self.ids.remove(id);
        #[cfg(feature = "translated")]
        if let Some(translation) = &self.translation {
            translation.forget(id);
        }
        let entry = self.entries.remove(position);
        self.postings.remove(position, &indexed.fingerprints);
        self.text_bytes -= entry.reference.text.len();
        self.bases -= usize::from(entry.reference.base);
        if self.postings.mostly_free() {
            self.renumber();
        }
        true
    }

    /// Rebuilds the postings and the id map with the references numbered afresh, dropping the
    /// slots removals left free.
    fn renumber(&mut self) {
        let old = std::mem::take(&mut self.postings);
        let mut entries = std::mem::take(&mut self.entries).into_iter();
        self.ids.clear();
        self.text_bytes = 0;
        self.bases = 0;
        let mut pending = Vec::new();
        // A run of references' fingerprints at a time, never the whole set's at once.
        for run in old.fingerprints_by_level() {
            // The run first: zip asks its first iterator first, and must not take an entry past it.
            for (fingerprints, entry) in run.iter().zip(entries.by_ref()) {
                self.append_entry(entry, fingerprints, &mut pending);
            }
        }
        self.postings.flush(pending);
    }

    /// Each reference's fingerprints, ascending, in the order of the references (for tests).
    #[cfg(test)]
    pub(crate) fn fingerprints_by_position(&self) -> Vec<Vec<u64>> {
        self.postings.fingerprints_by_position()
    }

    /// Each reference's fingerprints, ascending, in the order of the references, a run of
    /// references at a time, for saving and merging: one run's fingerprints are held at once (the
    /// wasm engine's memory keeps its highest point for good).
    pub(crate) fn fingerprint_runs(&self) -> Box<dyn Iterator<Item = Vec<Vec<u64>>> + '_> {
        Box::new(self.postings.fingerprints_by_level())
    }

    /// The references, in the order they were added.
    pub fn references(&self) -> Vec<ReferenceInfo> {
        self.entries
            .iter()
            .map(|e| ReferenceInfo {
                id: e.reference.id.clone(),
                title: e.reference.title.clone(),
                words: e.words,
                fingerprints: e.fingerprint_count,
                base: e.reference.base,
            })
            .collect()
    }

    /// The reference with `id`, its text decompressed; an error only for a text a damaged saved
    /// index gave.
    pub fn reference(&self, id: &str) -> Result<Option<Reference>, Error> {
        self.position_of(id)
            .map(|i| self.entries[i].reference.to_reference())
            .transpose()
    }
}

/// The distinct fingerprints of a prepared text, ascending: its winnowed shingles', and its
/// sentences' (which find a source whose copy was rewritten and keeps no exact run).
fn fingerprints_of(options: &CheckerOptions, prepared: &Prepared) -> Result<Vec<u64>, Error> {
    let window = guarantee_window(options.shingle_words, options.guarantee_words)?;
    let hashes = &prepared.shingle_hashes;
    let mut fingerprints: Vec<u64> = (winnow_positions(hashes, window).into_iter())
        .map(|i| fingerprint_of(hashes[i]))
        .collect();
    let sentences = prepared.sentence_fingerprints(&[]);
    fingerprints.extend(sentences.into_iter().map(|(f, _)| fingerprint_of(f)));
    Ok(distinct(&fingerprints))
}

/// What a reference set indexes of `text` under `options`: its distinct fingerprints, ascending
/// (those [`Checker::add_reference`] puts in the postings), and its words. An archive indexes
/// its documents with it, and a paper checked against an archive looks up the same fingerprints:
/// winnowing selects, in both texts, the least hash of every window they share, so a shared run
/// of `guarantee_words` is found from the paper's own selection.
pub fn indexed_fingerprints(
    options: &CheckerOptions,
    text: &str,
) -> Result<(Vec<u64>, usize), Error> {
    check_size("text", text.len(), false)?;
    let prepared = prepare(options, text)?;
    Ok((
        fingerprints_of(options, &prepared)?,
        prepared.analysis.tokens.len(),
    ))
}

/// A fingerprint of a paper checked against an archive, with the stretch of the paper it covers,
/// in token weights ([`crate::text::WORD`] a word) from the paper's start: its first place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlacedFingerprint {
    /// The fingerprint, as [`indexed_fingerprints`] gives it.
    pub fingerprint: u64,
    /// The weight of the tokens before the stretch.
    pub start: u32,
    /// The weight of the tokens before the stretch's end.
    pub end: u32,
}

/// [`indexed_fingerprints`] of `text` with the stretch each covers where it first appears,
/// ascending by fingerprint: an archive check judges common phrasing by it as a check of a
/// library does, a stretch at a time.
pub fn placed_fingerprints(
    options: &CheckerOptions,
    text: &str,
) -> Result<Vec<PlacedFingerprint>, Error> {
    check_size("text", text.len(), false)?;
    let prepared = prepare(options, text)?;
    let window = guarantee_window(options.shingle_words, options.guarantee_words)?;
    let mut before = Vec::with_capacity(prepared.token_weights.len() + 1);
    before.push(0u32);
    for &weight in &prepared.token_weights {
        before.push(before.last().copied().unwrap_or(0).saturating_add(weight));
    }
    let at = |token: usize| before[token.min(before.len() - 1)];
    let hashes = &prepared.shingle_hashes;
    let shingles = (winnow_positions(hashes, window).into_iter()).map(|i| PlacedFingerprint {
        fingerprint: fingerprint_of(hashes[i]),
        start: at(i),
        end: at(i + options.shingle_words),
    });
    let sentences =
        (prepared.sentence_fingerprints(&[]).into_iter()).map(|(f, unit)| PlacedFingerprint {
            fingerprint: fingerprint_of(f),
            start: at(unit.start),
            end: at(unit.end),
        });
    let mut placed: Vec<PlacedFingerprint> = shingles.chain(sentences).collect();
    placed.sort_unstable_by_key(|p| (p.fingerprint, p.start));
    placed.dedup_by_key(|p| p.fingerprint);
    Ok(placed)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Renumbering reads the set back a run of references at a time: with a long reference, then
    /// short ones in levels of their own, every reference comes back, in order.
    #[test]
    fn renumbering_a_set_of_several_levels_keeps_every_reference() {
        let text = |doc: usize, words: usize| -> String {
            (0..words).map(|i| format!("w{doc}x{i} ")).collect()
        };
        let mut checker = Checker::new(Default::default()).unwrap();
        let sizes = [2000, 30, 30, 30];
        for (doc, &words) in sizes.iter().enumerate() {
            checker
                .add_reference(Reference::new(format!("d{doc}"), text(doc, words)))
                .unwrap();
        }
        assert!(
            checker.postings.fingerprint_runs_count() > 1,
            "several runs"
        );
        let before = crate::store::export_index(&checker).unwrap();
        checker.renumber();
        assert_eq!(crate::store::export_index(&checker).unwrap(), before);
        assert_eq!(checker.len(), sizes.len());
    }
}
