//! The references a check compares with the paper, each decompressed and prepared once per check
//! ([`Sources`]) and shared by every stage that reads it: the tables' and quotations' judgement,
//! the evidence stage, the translated stage and scoring.

use std::cell::OnceCell;
use std::rc::Rc;

use crate::error::Error;
use crate::sketch::sentence_terms::SentenceVectors;

use super::prepare::{prepare_source, Prepared};
use super::reference_set::ReferenceSet;
use super::sentences::TermWeights;

/// A reference as the source side of a check: its text, its preparation (tokens only, no
/// shingles), and its sentence vectors once a stage asked for them.
pub(super) struct Source {
    pub(super) text: String,
    pub(super) prepared: Prepared,
    vectors: OnceCell<SentenceVectors>,
}

impl Source {
    /// Its sentence vectors with every token usable, weighed once per check.
    pub(super) fn vectors(&self, term_weights: &mut TermWeights<'_>) -> &SentenceVectors {
        (self.vectors).get_or_init(|| term_weights.vectors(&self.prepared, &[]))
    }

    /// Its sentence vectors, if a stage weighed them.
    pub(super) fn weighed_vectors(&self) -> Option<&SentenceVectors> {
        self.vectors.get()
    }
}

/// The sources a check prepared, by place in the set, kept while a later stage of the same check
/// may read them. Few (the candidates), so a list.
pub(super) struct Sources<'a> {
    set: ReferenceSet<'a>,
    kept: Vec<(usize, Rc<Source>)>,
}

impl<'a> Sources<'a> {
    /// None prepared yet, of the references of `set`.
    pub(super) fn new(set: ReferenceSet<'a>) -> Self {
        Sources {
            set,
            kept: Vec::new(),
        }
    }

    /// Reference `document` as a source, prepared now unless kept, and kept for later stages.
    pub(super) fn get(&mut self, document: usize) -> Result<Rc<Source>, Error> {
        if let Some(kept) = self.kept(document) {
            return Ok(kept);
        }
        let source = self.prepare(document)?;
        self.kept.push((document, Rc::clone(&source)));
        Ok(source)
    }

    /// Reference `document` as a source, without keeping it when it was not kept already: for a
    /// stage that reads every reference once (the translated stage's term space) or references
    /// no later stage reads (base documents).
    pub(super) fn get_once(&mut self, document: usize) -> Result<Rc<Source>, Error> {
        match self.kept(document) {
            Some(kept) => Ok(kept),
            None => self.prepare(document),
        }
    }

    /// No later stage reads reference `document`: its memory goes when the last stage holding
    /// it lets it go.
    pub(super) fn release(&mut self, document: usize) {
        self.kept.retain(|(kept, _)| *kept != document);
    }

    fn kept(&self, document: usize) -> Option<Rc<Source>> {
        (self.kept.iter())
            .find(|(kept, _)| *kept == document)
            .map(|(_, source)| Rc::clone(source))
    }

    fn prepare(&self, document: usize) -> Result<Rc<Source>, Error> {
        let text = self.set.entries[document].reference.text()?.into_owned();
        let prepared = prepare_source(self.set.options, &text)?;
        Ok(Rc::new(Source {
            text,
            prepared,
            vectors: OnceCell::new(),
        }))
    }
}
