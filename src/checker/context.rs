//! One check in progress ([`Check`]): what every stage reads (the set, the paper, its phrasing,
//! the options, the references the reader left out) and what the stages share (the sources
//! prepared, the term weights, progress). Each stage is a method of it, in its own module;
//! `check.rs` runs them in order.

use rustc_hash::FxHashSet as HashSet;

use super::options::CheckOptions;
use super::phrasing::Phrasing;
use super::prepare::Prepared;
use super::progress::OnProgress;
use super::reference_set::ReferenceSet;
use super::sentences::TermWeights;
use super::sources::Sources;

/// One check of a paper against a reference set, between its stages.
pub(super) struct Check<'a> {
    pub(super) set: ReferenceSet<'a>,
    /// The paper's text, as given.
    pub(super) text: &'a str,
    /// The paper, analyzed, each shingle's holders counted.
    pub(super) paper: &'a Prepared,
    /// Which paper tokens are common phrasing and which other references share.
    pub(super) phrasing: Phrasing,
    pub(super) options: &'a CheckOptions,
    /// The ids of the references the reader left out of this check.
    ignored: HashSet<&'a str>,
    pub(super) sources: Sources<'a>,
    pub(super) term_weights: TermWeights<'a>,
    pub(super) progress: OnProgress<'a>,
}

impl<'a> Check<'a> {
    /// The check of `paper` (`text` analyzed) against `set` with `options`, before its
    /// exclusions.
    pub(super) fn new(
        set: ReferenceSet<'a>,
        (text, paper): (&'a str, &'a Prepared),
        options: &'a CheckOptions,
        progress: OnProgress<'a>,
    ) -> Self {
        let ignored = (options.ignore_references.iter())
            .map(|id| id.as_str())
            .collect();
        Check {
            set,
            text,
            paper,
            phrasing: Phrasing::of(set, paper, options.align.max_doc_frequency),
            options,
            ignored,
            sources: Sources::new(set),
            term_weights: TermWeights::new(set.idf),
            progress,
        }
    }

    /// Whether the reader left reference `document` out of this check.
    pub(super) fn ignores(&self, document: usize) -> bool {
        let id = self.set.entries[document].reference.id.as_str();
        self.ignored.contains(id)
    }
}
