//! `plagscope.ArchiveQuery`: checking a paper against an archive (the core's
//! [`ArchiveQuery`]) from Python. The caller fetches the files the query wants (from a folder, a
//! URL prefix, an object store: the query does no I/O) and hands each back; the references it
//! then gives go into a `Checker` made with the manifest's options, which checks the paper.

use std::sync::Mutex;

use plagscope::store::archive::query::{ArchiveQuery, ArchiveQueryOptions};
use pyo3::prelude::*;

use crate::args;
use crate::errors::{self, core};

/// A check of one paper against an archive, in progress: `wanted`, `receive` each, until `wanted`
/// is empty; then `references`.
#[pyclass(name = "ArchiveQuery", module = "plagscope._core", frozen)]
pub struct PyArchiveQuery {
    inner: Mutex<ArchiveQuery>,
}

impl PyArchiveQuery {
    fn with<T>(&self, work: impl FnOnce(&mut ArchiveQuery) -> T) -> PyResult<T> {
        let mut query = self.inner.lock().map_err(|_| errors::poisoned())?;
        Ok(work(&mut query))
    }
}

#[pymethods]
impl PyArchiveQuery {
    /// A query for `paper` against the archive whose `manifest.json` text is `manifest_json`:
    /// `max_candidates` documents at most are fetched, `cover` random partitions beyond the
    /// paper's (chosen from `seed`) hide which are the paper's, `max_fingerprints` of the
    /// paper's fingerprints at most are looked up (None: the engine's default; 0: all), and a
    /// fingerprint held by more than `max_doc_frequency` documents counts only inside a stretch
    /// longer than a stock phrase (None: the default of a check's `align.maxDocFrequency`).
    #[new]
    #[pyo3(signature = (manifest_json, paper, max_candidates = 20, cover = 0, seed = 0, max_fingerprints = None, max_doc_frequency = None))]
    #[allow(clippy::too_many_arguments)] // Python's keyword arguments: one per query option
    fn py_new(
        py: Python<'_>,
        manifest_json: &str,
        paper: &Bound<'_, PyAny>,
        max_candidates: usize,
        cover: usize,
        seed: usize,
        max_fingerprints: Option<usize>,
        max_doc_frequency: Option<usize>,
    ) -> PyResult<Self> {
        let paper = args::text(paper, "paper")?;
        let defaults = ArchiveQueryOptions::default();
        let options = ArchiveQueryOptions {
            max_candidates,
            cover,
            seed,
            max_fingerprints: max_fingerprints.unwrap_or(defaults.max_fingerprints),
            max_doc_frequency: max_doc_frequency.unwrap_or(defaults.max_doc_frequency),
        };
        let query = py.detach(|| ArchiveQuery::new(manifest_json, &paper, options));
        Ok(PyArchiveQuery {
            inner: Mutex::new(core(py, query)?),
        })
    }

    /// The paths (relative to the archive's folder or URL) to fetch next; empty when done.
    fn wanted(&self) -> PyResult<Vec<String>> {
        self.with(|query| query.wanted())
    }

    /// Hands back the file at `path` (one `wanted` gave): its bytes, or `None` and the `reason`
    /// it could not be fetched. A missing or damaged file is recorded in `failures`, not raised;
    /// a path that was not asked for raises.
    #[pyo3(signature = (path, data, reason = None))]
    fn receive(
        &self,
        py: Python<'_>,
        path: &str,
        data: Option<&Bound<'_, PyAny>>,
        reason: Option<String>,
    ) -> PyResult<()> {
        let data = match data.filter(|data| !data.is_none()) {
            Some(data) => Ok(args::bytes(data, "data")?),
            None => Err(reason.unwrap_or_else(|| "not fetched".into())),
        };
        let received = py.detach(|| {
            self.with(|query| query.receive(path, data.as_deref().map_err(String::clone)))
        })?;
        core(py, received)
    }

    /// The candidate documents fetched, as references (`id`, `title`, `text`, ...), removed ones
    /// left out, most shared fingerprints first: add them to a `Checker` made with the manifest's
    /// `options`, then check the paper.
    fn references<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let references = self.with(|query| query.references())?;
        args::to_python(py, references.as_slice())
    }

    /// What could not be fetched or read, each `"path: why"`.
    fn failures(&self) -> PyResult<Vec<String>> {
        self.with(|query| query.failures().to_vec())
    }

    /// `(partitions, bytes)`: the partitions asked for (the paper's and the cover) and the bytes
    /// received so far.
    fn traffic(&self) -> PyResult<(usize, u64)> {
        self.with(|query| query.traffic())
    }

    /// The archive's `CheckerOptions` (a dict), to make the `Checker` the references go into.
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let options = self.with(|query| query.manifest().options.clone())?;
        args::to_python(py, &options)
    }
}
