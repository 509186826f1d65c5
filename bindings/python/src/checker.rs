//! `plagscope.Checker`: a reference set and the checks against it, over the core's
//! [`Checker`]. Checks, pairs, saving and adding references run with the GIL released, so threads
//! of one process check in parallel: the set is behind a read-write lock, any number of checks at
//! once, a change waiting for them.

use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};

use plagscope::checker::{CheckOptions, Checker, CheckerOptions, PairsOptions, Paper, Reference};
use plagscope::json_out::to_json;
use plagscope::methods::combined::Metadata;
use plagscope::store::{export_index, import_index};
use plagscope::Error;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::args;
use crate::errors;

/// A reference set and the checks against it (the JS `Checker`, in snake_case).
#[pyclass(name = "Checker", module = "plagscope._core", frozen)]
pub struct PyChecker {
    inner: RwLock<Checker>,
}

/// Why work done without the GIL failed; raised once it is held again.
enum Failure {
    Core(Error),
    Poisoned,
}

impl From<Error> for Failure {
    fn from(error: Error) -> Self {
        Failure::Core(error)
    }
}

/// The outcome of work done without the GIL, its failure raised.
fn raise<T>(py: Python<'_>, result: Result<T, Failure>) -> PyResult<T> {
    result.map_err(|failure| match failure {
        Failure::Core(error) => errors::from_core(py, error),
        Failure::Poisoned => errors::poisoned(),
    })
}

impl PyChecker {
    fn new_of(checker: Checker) -> Self {
        PyChecker {
            inner: RwLock::new(checker),
        }
    }

    fn read(&self) -> Result<RwLockReadGuard<'_, Checker>, Failure> {
        self.inner.read().map_err(|_| Failure::Poisoned)
    }

    fn write(&self) -> Result<RwLockWriteGuard<'_, Checker>, Failure> {
        self.inner.write().map_err(|_| Failure::Poisoned)
    }
}

#[pymethods]
impl PyChecker {
    /// An empty reference set; `options` is a dict of `CheckerOptions` (every field optional).
    #[new]
    #[pyo3(signature = (options = None))]
    fn py_new(py: Python<'_>, options: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let options: CheckerOptions = args::options(options, "options")?;
        Ok(PyChecker::new_of(errors::core(py, Checker::new(options))?))
    }

    /// Adds a reference. Raises `PlagscopeError` (`PLAGSCOPE_DUPLICATE_ID`) if the id exists.
    #[pyo3(signature = (id, text, title = None, meta = None, base = false))]
    fn add_reference(
        &self,
        py: Python<'_>,
        id: &Bound<'_, PyAny>,
        text: &Bound<'_, PyAny>,
        title: Option<&Bound<'_, PyAny>>,
        meta: Option<&Bound<'_, PyAny>>,
        base: bool,
    ) -> PyResult<()> {
        let reference = Reference {
            id: args::text(id, "id")?,
            title: match title.filter(|title| !title.is_none()) {
                Some(title) => args::text(title, "title")?,
                None => String::new(),
            },
            text: args::text(text, "text")?,
            meta: metadata(meta)?,
            base,
        };
        let added =
            py.detach(|| -> Result<(), Failure> { Ok(self.write()?.add_reference(reference)?) });
        raise(py, added)
    }

    /// Removes the reference with `id`; returns whether it existed.
    fn remove_reference(&self, py: Python<'_>, id: &Bound<'_, PyAny>) -> PyResult<bool> {
        let id = args::text(id, "id")?;
        let removed = py.detach(|| Ok(self.write()?.remove_reference(&id)?));
        raise(py, removed)
    }

    /// The options this reference set was made with, every field filled in.
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let json = raise(py, self.read().map(|checker| to_json(checker.options())))?;
        args::json_to_python(py, &json)
    }

    /// The references (`id`, `title`, ...), in the order they were added.
    fn references<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let json = raise(
            py,
            self.read().map(|checker| to_json(&checker.references())),
        )?;
        args::json_to_python(py, &json)
    }

    /// The reference with `id` (with its full text), or `None`.
    fn get_reference<'py>(
        &self,
        py: Python<'py>,
        id: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let id = args::text(id, "id")?;
        let found = py.detach(|| -> Result<_, Failure> {
            let reference = self.read()?.reference(&id)?;
            Ok(reference.map(|reference| to_json(&reference)))
        });
        match raise(py, found)? {
            Some(json) => args::json_to_python(py, &json).map(Some),
            None => Ok(None),
        }
    }

    /// The number of references.
    #[getter]
    fn reference_count(&self, py: Python<'_>) -> PyResult<usize> {
        raise(py, self.read().map(|checker| checker.len()))
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        self.reference_count(py)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "<plagscope.Checker with {} references>",
            self.reference_count(py)?
        ))
    }

    /// Checks a paper against the reference set; returns the report as a dict (see the docs of
    /// `plagscope.Checker.check`). `meta` is the paper's keywords, tags and references.
    #[pyo3(signature = (text, options = None, meta = None))]
    fn check<'py>(
        &self,
        py: Python<'py>,
        text: &Bound<'py, PyAny>,
        options: Option<&Bound<'py, PyAny>>,
        meta: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let text = args::text(text, "text")?;
        let options: CheckOptions = args::options(options, "options")?;
        let meta = metadata(meta)?;
        let report = py.detach(|| -> Result<String, Failure> {
            let report = self.read()?.check_with_meta(&text, &meta, &options)?;
            Ok(to_json(&report))
        });
        args::json_to_python(py, &raise(py, report)?)
    }

    /// Checks `text` against this set together with `candidates` (an archive's documents for it,
    /// `ArchiveQuery.references()`): those the set does not hold join it for this check only,
    /// and the set is as it was after it, whether the check succeeds or raises. Returns
    /// `{"report": ..., "sources": [...]}`, `sources` the candidates the report names, with their
    /// texts.
    #[pyo3(signature = (text, candidates, options = None, meta = None))]
    fn check_with_candidates<'py>(
        &self,
        py: Python<'py>,
        text: &Bound<'py, PyAny>,
        candidates: &Bound<'py, PyAny>,
        options: Option<&Bound<'py, PyAny>>,
        meta: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let paper = Paper {
            text: args::text(text, "text")?,
            meta: metadata(meta)?,
        };
        let candidates: Vec<Reference> = args::record(candidates, "candidates")?;
        let options: CheckOptions = args::options(options, "options")?;
        let found = py.detach(|| -> Result<String, Failure> {
            let mut checker = self.write()?;
            let found =
                checker.check_with_candidates(&paper, candidates, &options, &mut |_| Ok(()))?;
            Ok(to_json(&found))
        });
        args::json_to_python(py, &raise(py, found)?)
    }

    /// Compares every pair of references; returns the pairs at least `minSimilarity` similar,
    /// most similar first.
    #[pyo3(signature = (options = None))]
    fn pairs<'py>(
        &self,
        py: Python<'py>,
        options: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let options: PairsOptions = args::options(options, "options")?;
        let pairs = py
            .detach(|| -> Result<String, Failure> { Ok(to_json(&self.read()?.pairs(&options)?)) });
        args::json_to_python(py, &raise(py, pairs)?)
    }

    /// The whole reference set as one versioned, checksummed file (`bytes`), for `Checker.load`.
    fn save<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let file = py.detach(|| -> Result<Vec<u8>, Failure> { Ok(export_index(&*self.read()?)?) });
        Ok(PyBytes::new(py, &raise(py, file)?))
    }

    /// A reference set saved by `save`. Raises `PlagscopeError` (`PLAGSCOPE_INVALID_INDEX`) for a
    /// truncated, corrupted, foreign or newer-version file.
    #[staticmethod]
    fn load(py: Python<'_>, data: &Bound<'_, PyAny>) -> PyResult<Self> {
        let data = args::bytes(data, "data")?;
        let checker = py.detach(|| import_index(&data));
        Ok(PyChecker::new_of(errors::core(py, checker)?))
    }

    /// Adds the references of a set saved by `save` with the same options, without analyzing
    /// their texts again; an id this set holds already is left out. Returns `{"added", "skipped"}`
    /// counts; a bad file or other options raise and leave this set as it was.
    fn merge<'py>(&self, py: Python<'py>, data: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let data = args::bytes(data, "data")?;
        let outcome = py.detach(|| -> Result<String, Failure> {
            let other = import_index(&data)?;
            Ok(to_json(&self.write()?.merge(other)?))
        });
        args::json_to_python(py, &raise(py, outcome)?)
    }
}

/// The `meta` argument: `None`, or a dict `{"keywords", "tags", "references"}` of lists of str.
fn metadata(meta: Option<&Bound<'_, PyAny>>) -> PyResult<Metadata> {
    match meta.filter(|meta| !meta.is_none()) {
        Some(meta) => args::record(meta, "meta"),
        None => Ok(Metadata::default()),
    }
}
