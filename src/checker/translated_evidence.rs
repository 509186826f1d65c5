//! Where a check asks for translated evidence (stage 5b), whichever way the engine was built: the
//! stage itself (`translated.rs`) needs the lexicon and the sentence model, which the wasm engine
//! does not link until it is given them.

use rustc_hash::FxHashSet as HashSet;

use crate::error::Error;
use crate::sketch::sentence_terms::SentenceVectors;

use super::evidence::Aligned;
use super::options::CheckOptions;
use super::prepare::Prepared;
use super::progress::OnProgress;
use super::reference_set::ReferenceSet;
use super::sentences::TermWeights;

/// Adds to `aligned` the sources in another language that the paper translates (or that
/// translate it), when `options.align.translated` and the paper has sentence vectors.
pub(super) fn translated_evidence(
    set: ReferenceSet<'_>,
    (paper, sentences): (&Prepared, Option<&SentenceVectors>),
    ignored: &HashSet<&str>,
    options: &CheckOptions,
    aligned: &mut Aligned,
    term_weights: &mut TermWeights<'_>,
    progress: OnProgress<'_>,
) -> Result<(), Error> {
    let Some(vectors) = sentences.filter(|_| options.align.translated) else {
        return Ok(());
    };
    #[cfg(not(target_arch = "wasm32"))]
    {
        let already: HashSet<usize> = aligned.sources.iter().map(|(entry, _)| *entry).collect();
        let found = super::translated::translated_sources(
            set,
            (paper, vectors),
            (ignored, &already),
            &options.align,
            term_weights,
            progress,
        )?;
        aligned.sources.extend(found);
    }
    #[cfg(target_arch = "wasm32")]
    let _ = (
        set,
        paper,
        vectors,
        ignored,
        aligned,
        term_weights,
        progress,
    );
    Ok(())
}
