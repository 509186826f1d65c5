//! Progress of long work (all pairs, the check of a long paper), for a progress bar: a callback
//! told `done` of `total` items of a stage about every 1%, whose error stops the work (a way to
//! cancel) and is returned.

use crate::error::Error;

/// A stage of long work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// All pairs: each reference read once, for the candidate pairs.
    Reading,
    /// All pairs: the candidate pairs compared.
    Comparing,
    /// A check: the paper prepared, step by step ([`PREPARING_STEPS`], each in
    /// [`PREPARING_PARTS`]): read; its bibliography and the reader's exclusions; its quotations;
    /// the text it shares with templates; its fingerprints; its candidate references; its
    /// sentences weighed. A long paper spends seconds here before the first reference is compared.
    Preparing,
    /// A check: the paper aligned with each candidate reference.
    Aligning,
    /// A check with translated copies looked for: each reference read in the bilingual
    /// dictionary's terms (once per reference), then the sources with sentences in the paper's
    /// order compared with the sentence model.
    Translating,
    /// A check: each source found written up (its passages, scores and evidence).
    Reporting,
    /// The references' sentences encoded by the sentence model for the search by meaning
    /// (`Checker::encode_sentences`), a reference at a time.
    Encoding,
}

/// Steps of [`Stage::Preparing`].
pub const PREPARING_STEPS: usize = 7;

/// Parts of each step of [`Stage::Preparing`] in its progress: the stage is told in hundredths of a
/// step, so that a long step (reading a 64 MB paper, its quotations) moves as it goes.
pub const PREPARING_PARTS: usize = 100;

impl Stage {
    /// The stage's name in the JS API.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Reading => "reading",
            Stage::Comparing => "comparing",
            Stage::Preparing => "preparing",
            Stage::Aligning => "aligning",
            Stage::Translating => "translating",
            Stage::Reporting => "reporting",
            Stage::Encoding => "encoding",
        }
    }
}

/// How far long work is: `done` of `total` items of `stage`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// The stage.
    pub stage: Stage,
    /// Items done in this stage.
    pub done: usize,
    /// Items in this stage.
    pub total: usize,
}

/// A progress callback; an error it returns stops the work and is returned.
pub type OnProgress<'a> = &'a mut dyn FnMut(Progress) -> Result<(), Error>;

/// Tells `progress` that `done` of the [`PREPARING_STEPS`] steps of preparing a paper are done.
pub(super) fn preparing(
    progress: &mut dyn FnMut(Progress) -> Result<(), Error>,
    done: usize,
) -> Result<(), Error> {
    let total = PREPARING_STEPS * PREPARING_PARTS;
    let done = done * PREPARING_PARTS;
    progress(Progress {
        stage: Stage::Preparing,
        done,
        total,
    })
}

/// Tells `progress` that `done` of `total` parts of the step after the first `step` steps of
/// preparing a paper are done, when that moves the stage by a hundredth of a step.
pub(super) fn preparing_part(
    progress: &mut dyn FnMut(Progress) -> Result<(), Error>,
    step: usize,
    done: usize,
    total: usize,
) -> Result<(), Error> {
    let hundredths = |done: usize| (done * PREPARING_PARTS / total.max(1)).min(PREPARING_PARTS - 1);
    if done > 0 && hundredths(done) != hundredths(done - 1) {
        let done = step * PREPARING_PARTS + hundredths(done);
        let total = PREPARING_STEPS * PREPARING_PARTS;
        progress(Progress {
            stage: Stage::Preparing,
            done,
            total,
        })?;
    }
    Ok(())
}

/// Tells `progress` that `done` of `total` are done, at about every 1% (and at the end) only.
pub(super) fn report(
    progress: &mut dyn FnMut(Progress) -> Result<(), Error>,
    stage: Stage,
    done: usize,
    total: usize,
) -> Result<(), Error> {
    if done == total || done % (total / 100).max(1) == 0 {
        progress(Progress { stage, done, total })?;
    }
    Ok(())
}
