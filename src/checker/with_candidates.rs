//! A check against the set together with documents held elsewhere: an archive's candidates for
//! one paper ([`crate::store::archive::query::ArchiveQuery`]). They join the set for the check
//! and leave it after, so a check against a library and an archive copies neither, and every
//! caller (the npm package, the page's worker, the CLI, Python) runs the same steps.

use crate::error::Error;

use super::api::Checker;
use super::library::Indexed;
use super::options::CheckOptions;
use super::progress::OnProgress;
use super::references::{Paper, Reference};
use super::report::Report;

crate::report_records! {
    /// A report on a paper checked with candidates, and the candidates it names as sources: the
    /// set no longer holds them, and a reader needs their texts for the side-by-side view.
    pub struct CandidatesReport {
        /// The report, as a check of a set holding the candidates gives it.
        pub report: Report;
        /// The candidates among the report's sources, in the report's order.
        pub sources: Vec<Reference>;
    }
}

impl Checker {
    /// Checks `paper` against this set and `candidates` (documents analyzed with this set's
    /// options): each candidate whose id the set does not hold is added for the check, and all
    /// of them are removed after it, whether it succeeded or not, so the set is as it was (its
    /// references, their order and their terms' counts; a candidate's id the set holds is the
    /// set's own reference). An error adding a candidate stops the check and is returned.
    pub fn check_with_candidates(
        &mut self,
        paper: &Paper,
        candidates: Vec<Reference>,
        options: &CheckOptions,
        progress: OnProgress<'_>,
    ) -> Result<CandidatesReport, Error> {
        let mut added: Vec<(Reference, Indexed)> = Vec::new();
        let checked = self
            .add_candidates(candidates, &mut added)
            .and_then(|()| self.check_with_progress(&paper.text, &paper.meta, options, progress));
        // Last added first: the set's own references keep their places throughout. What each
        // took into the indexes is at hand, so none is analyzed a third time.
        for (candidate, indexed) in added.iter().rev() {
            self.unindex_reference(&candidate.id, indexed);
        }
        let mut added: Vec<Reference> = added.into_iter().map(|(c, _)| c).collect();
        let report = checked?;
        // In the report's order; a few of each, so found by a scan (a hash set and a sort
        // would each be code of their own in the wasm).
        let mut sources = Vec::new();
        for source in &report.sources {
            if let Some(at) = added.iter().position(|c| c.id == source.id) {
                sources.push(added.swap_remove(at));
            }
        }
        Ok(CandidatesReport { report, sources })
    }

    /// Adds each of `candidates` the set does not hold, each kept in `added` once it is in.
    fn add_candidates(
        &mut self,
        candidates: Vec<Reference>,
        added: &mut Vec<(Reference, Indexed)>,
    ) -> Result<(), Error> {
        for mut candidate in candidates {
            // A candidate added already (its id twice) is held too.
            if self.position_of(&candidate.id).is_some() {
                continue;
            }
            if candidate.title.is_empty() {
                candidate.title = candidate.id.clone();
            }
            let indexed = (self.index_reference(candidate.clone()))
                .map_err(|error| error.within("candidates"))?;
            added.push((candidate, indexed));
        }
        Ok(())
    }
}
