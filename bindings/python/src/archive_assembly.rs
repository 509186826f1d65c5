//! A segment's assembly from Python (the core's
//! [`plagscope::store::archive::assembly::SegmentAssembly`]): the cluster job's driver hands it
//! the `(length, xxh3)` its workers return for each file, and it writes the segment's directories,
//! its ids file and the new manifest. `add_segment` does the whole of it in one process.

use std::sync::Mutex;

use plagscope::store::archive::assembly::SegmentAssembly;
use plagscope::store::archive::build::add_segment as core_add_segment;
use plagscope::store::archive::directory::FileCheck;
use plagscope::store::archive::{next_segment_name as core_next_segment_name, Manifest};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList};

use crate::archive::record_to_python;
use crate::errors::{self, core};

/// Adds `SegmentAssembly`, `add_segment` and `next_segment_name` to the module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<PySegmentAssembly>()?;
    module.add_function(wrap_pyfunction!(add_segment, module)?)?;
    module.add_function(wrap_pyfunction!(next_segment_name, module)?)?;
    Ok(())
}

/// What `finish` and `add_segment` give Python: the new manifest's text and the segment's files.
type Written<'py> = (String, Bound<'py, PyList>);

/// The name of a new segment: `s0000`, or the one after the highest `sNNNN` of `taken`.
#[pyfunction]
fn next_segment_name(taken: Vec<String>) -> String {
    core_next_segment_name(taken.iter().map(String::as_str))
}

/// Adds a segment named `name` of `documents` (`(id, title, text)` tuples) to the archive of
/// `manifest_json`, in one process (the analysis with the GIL released): `(manifest_json,
/// [(path, bytes)])`, the files for the caller to write before the manifest.
#[pyfunction]
fn add_segment<'py>(
    py: Python<'py>,
    manifest_json: &str,
    name: &str,
    documents: Vec<(String, String, String)>,
) -> PyResult<Written<'py>> {
    let mut manifest = core(py, Manifest::parse(manifest_json))?;
    let files = py.detach(|| {
        let items = (documents.iter()).map(|(i, t, x)| (i.as_str(), t.as_str(), x.as_str()));
        core_add_segment(&mut manifest, name, items)
    });
    let files = core(py, files)?;
    Ok((manifest.to_json(), file_list(py, files)?))
}

/// A segment of an archive being assembled from its files' checks: make it with the manifest
/// and the segment's size, cut the parts by its `layout`, hand it every partition, group and
/// part's counts, then `finish` once with the ids.
#[pyclass(name = "SegmentAssembly", module = "plagscope._core", frozen)]
pub struct PySegmentAssembly {
    /// The manifest the segment joins and the assembly; `None` once finished.
    inner: Mutex<Option<(Manifest, SegmentAssembly)>>,
}

impl PySegmentAssembly {
    /// Runs `work` on the assembly, unless it is finished (or a bug poisoned its lock).
    fn with<T>(
        &self,
        work: impl FnOnce(&mut Option<(Manifest, SegmentAssembly)>) -> T,
    ) -> PyResult<T> {
        let mut inner = self.inner.lock().map_err(|_| errors::poisoned())?;
        if inner.is_none() {
            return Err(PyRuntimeError::new_err(
                "this SegmentAssembly is finished: make a new one for another segment",
            ));
        }
        Ok(work(&mut inner))
    }

    /// Runs `work` on the unfinished assembly and raises its error.
    fn update(
        &self,
        py: Python<'_>,
        work: impl FnOnce(&mut SegmentAssembly) -> Result<(), plagscope::Error>,
    ) -> PyResult<()> {
        let done = self.with(|inner| work(&mut inner.as_mut().expect("checked by `with`").1))?;
        core(py, done)
    }
}

#[pymethods]
impl PySegmentAssembly {
    /// Segment `name` (new, a plain folder name) of about `documents` documents of about `words`
    /// words each, to join the archive of `manifest_json`.
    #[new]
    fn py_new(
        py: Python<'_>,
        manifest_json: &str,
        name: &str,
        documents: u64,
        words: u64,
    ) -> PyResult<Self> {
        let manifest = core(py, Manifest::parse(manifest_json))?;
        let assembly = core(py, SegmentAssembly::new(&manifest, name, documents, words))?;
        Ok(PySegmentAssembly {
            inner: Mutex::new(Some((manifest, assembly))),
        })
    }

    /// The layout `{"partitionBits", "groupDocuments"}` the segment's parts cut their files by.
    #[getter]
    fn layout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let layout = self.with(|inner| inner.as_ref().expect("checked").1.layout())?;
        record_to_python(py, serde_json::to_string(&layout))
    }

    /// Counts a part's `documents` and their `words`.
    fn add_counts(&self, py: Python<'_>, documents: u32, words: u64) -> PyResult<()> {
        self.update(py, |assembly| assembly.add_counts(documents, words))
    }

    /// Lists partition `partition`'s final file by its `(length, xxh3)`, and its postings.
    fn add_partition(
        &self,
        py: Python<'_>,
        partition: u32,
        check: (u32, u64),
        postings: u64,
    ) -> PyResult<()> {
        let check = FileCheck {
            bytes: check.0,
            xxh3: check.1,
        };
        self.update(py, |assembly| {
            assembly.add_partition(partition, check, postings)
        })
    }

    /// Lists group `group`'s file by its `(length, xxh3)`.
    fn add_group(&self, py: Python<'_>, group: u32, check: (u32, u64)) -> PyResult<()> {
        let check = FileCheck {
            bytes: check.0,
            xxh3: check.1,
        };
        self.update(py, |assembly| assembly.add_group(group, check))
    }

    /// `(manifest_json, [(path, bytes)])`: the manifest listing the segment, and its
    /// directories and ids file for the caller to write first. `ids` are the documents' in
    /// number order. A refused assembly (a group missing, counts that do not match) raises and
    /// can be completed and finished again; a finished one raises.
    fn finish<'py>(&self, py: Python<'py>, ids: Vec<String>) -> PyResult<Written<'py>> {
        let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
        let finished = self.with(|inner| {
            let (manifest, assembly) = inner.as_mut().expect("checked by `with`");
            let files = assembly.finish(manifest, &ids)?;
            let manifest = manifest.to_json();
            *inner = None;
            Ok((manifest, files))
        })?;
        let (manifest, files) = core(py, finished)?;
        Ok((manifest, file_list(py, files)?))
    }
}

/// Files by path as a list of `(path, bytes)`.
fn file_list(py: Python<'_>, files: Vec<(String, Vec<u8>)>) -> PyResult<Bound<'_, PyList>> {
    let items: Vec<(String, Bound<'_, PyBytes>)> = (files.into_iter())
        .map(|(path, bytes)| (path, PyBytes::new(py, &bytes)))
        .collect();
    PyList::new(py, items)
}
