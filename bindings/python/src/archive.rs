//! Building an archive (the core's [`plagscope::store::archive`]) from Python: the pieces a
//! distributed job (cluster/build_archive.py) calls on its workers and its driver. Each function
//! reads its arguments, runs one core function (the analysis with the GIL released) and hands back
//! plain data: bytes for files, dicts with the manifest's JSON names for layouts and entries, the
//! manifest itself as its JSON text, which the job writes as `manifest.json` unchanged.

use std::sync::Mutex;

use plagscope::checker::CheckerOptions;
use plagscope::store::archive::build::{PartFiles, SegmentPart};
use plagscope::store::archive::directory::FileCheck;
use plagscope::store::archive::documents::decode_group as core_decode_group;
use plagscope::store::archive::ids::{decode_ids, quoted_id};
use plagscope::store::archive::postings;
use plagscope::store::archive::{Layout, Manifest};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use serde_json::json;

use crate::args;
use crate::errors::{self, core};

/// Adds the archive's functions and `SegmentPart` to the module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<PySegmentPart>()?;
    module.add_function(wrap_pyfunction!(archive_layout_for, module)?)?;
    module.add_function(wrap_pyfunction!(new_manifest, module)?)?;
    module.add_function(wrap_pyfunction!(merge_partitions, module)?)?;
    module.add_function(wrap_pyfunction!(partition_postings, module)?)?;
    module.add_function(wrap_pyfunction!(file_check, module)?)?;
    module.add_function(wrap_pyfunction!(manifest_remove, module)?)?;
    module.add_function(wrap_pyfunction!(archive_ids, module)?)?;
    module.add_function(wrap_pyfunction!(decode_group, module)?)?;
    Ok(())
}

/// The layout `{"partitionBits", "groupDocuments"}` for about `documents` documents of about
/// `words` words each.
#[pyfunction]
fn archive_layout_for(py: Python<'_>, documents: u64, words: u64) -> PyResult<Bound<'_, PyAny>> {
    record_to_python(
        py,
        serde_json::to_string(&Layout::for_size(documents, words)),
    )
}

/// The `manifest.json` (its text) of an archive of no segment yet, built with `options`
/// (`CheckerOptions`, `None` for the defaults) and cut by `layout`.
#[pyfunction]
#[pyo3(signature = (options, layout))]
fn new_manifest(
    py: Python<'_>,
    options: Option<&Bound<'_, PyAny>>,
    layout: &Bound<'_, PyAny>,
) -> PyResult<String> {
    let options: CheckerOptions = args::options(options, "options")?;
    let layout = layout_arg(layout)?;
    Ok(core(py, Manifest::new(options, layout))?.to_json())
}

/// One partition file from the pieces of it that the parts of a segment wrote, each checked.
#[pyfunction]
fn merge_partitions<'py>(
    py: Python<'py>,
    partition: u32,
    parts: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyBytes>> {
    let parts = bytes_list(parts, "parts")?;
    let merged = py.detach(|| {
        let views: Vec<&[u8]> = parts.iter().map(Vec::as_slice).collect();
        postings::merge_partitions(partition, &views)
    });
    Ok(PyBytes::new(py, &core(py, merged)?))
}

/// How many postings a partition file holds (from its header).
#[pyfunction]
fn partition_postings(py: Python<'_>, data: &Bound<'_, PyAny>) -> PyResult<u64> {
    core(
        py,
        postings::partition_postings(&args::bytes(data, "data")?),
    )
}

/// A file's `(length, xxh3)`, as a segment's directories list it.
#[pyfunction]
fn file_check(data: &Bound<'_, PyAny>) -> PyResult<(u32, u64)> {
    let check = FileCheck::of(&args::bytes(data, "data")?);
    Ok((check.bytes, check.xxh3))
}

/// The ids of segment `segment` of the archive of `manifest_json`, from its `ids.bin` file `data`,
/// checked against the manifest: what growing an archive checks new ids against.
#[pyfunction]
fn archive_ids(
    py: Python<'_>,
    manifest_json: &str,
    segment: &str,
    data: &Bound<'_, PyAny>,
) -> PyResult<Vec<String>> {
    let manifest = core(py, Manifest::parse(manifest_json))?;
    let Some(entry) = manifest.segments.iter().find(|b| b.name == segment) else {
        let message = format!("the archive has no segment {segment:?}");
        return core(py, Err(plagscope::Error::invalid("segment", message)));
    };
    let check = core(py, entry.ids.check())?;
    let path = Manifest::ids_path(segment);
    core(py, decode_ids(&args::bytes(data, "data")?, check, &path))
}

/// `manifest_json` with `ids` listed as removed (each once; the caller checks that the archive
/// holds them, and more removed ids than documents are refused).
#[pyfunction]
fn manifest_remove(py: Python<'_>, manifest_json: &str, ids: Vec<String>) -> PyResult<String> {
    let mut manifest = core(py, Manifest::parse(manifest_json))?;
    core(py, manifest.remove_ids(ids.iter().map(String::as_str)))?;
    Ok(manifest.to_json())
}

/// The documents of group file `data` (group `group` of its segment), each `{"id", "title",
/// "words", "text"}`, in order: how a compaction reads an archive back.
#[pyfunction]
fn decode_group<'py>(
    py: Python<'py>,
    group: u32,
    data: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let data = args::bytes(data, "data")?;
    let documents = core(py, py.detach(|| core_decode_group(group, &data)))?;
    let list: Vec<serde_json::Value> = (documents.into_iter())
        .map(|d| json!({"id": d.id, "title": d.title, "words": d.words, "text": d.text}))
        .collect();
    args::json_to_python(py, &serde_json::Value::Array(list).to_string())
}

/// Consecutive documents of a segment being analyzed, from its first (a multiple of the layout's
/// group size): `add` each, then `finish` once for the part's files.
#[pyclass(name = "SegmentPart", module = "plagscope._core", frozen)]
pub struct PySegmentPart {
    /// `None` once finished: `finish` consumes the part.
    inner: Mutex<Option<SegmentPart>>,
}

impl PySegmentPart {
    /// Runs `work` on the part, unless it is finished (or a bug poisoned its lock).
    fn with<T>(&self, work: impl FnOnce(&mut Option<SegmentPart>) -> T) -> PyResult<T> {
        let mut part = self.inner.lock().map_err(|_| errors::poisoned())?;
        if part.is_none() {
            return Err(PyRuntimeError::new_err(
                "this SegmentPart is finished: `finish` hands its files over once; make a new part",
            ));
        }
        Ok(work(&mut part))
    }
}

#[pymethods]
impl PySegmentPart {
    /// A part of a segment built with `options` (`CheckerOptions`, `None` for the defaults), cut by
    /// `layout`, whose first document is the segment's document `first`.
    #[new]
    #[pyo3(signature = (options, layout, first))]
    fn py_new(
        py: Python<'_>,
        options: Option<&Bound<'_, PyAny>>,
        layout: &Bound<'_, PyAny>,
        first: u32,
    ) -> PyResult<Self> {
        let options: CheckerOptions = args::options(options, "options")?;
        let part = core(py, SegmentPart::new(options, layout_arg(layout)?, first))?;
        Ok(PySegmentPart {
            inner: Mutex::new(Some(part)),
        })
    }

    /// Analyzes and adds a document (with the GIL released); returns its number in the segment.
    fn add(
        &self,
        py: Python<'_>,
        id: &Bound<'_, PyAny>,
        title: &Bound<'_, PyAny>,
        text: &Bound<'_, PyAny>,
    ) -> PyResult<u32> {
        let id = args::text(id, "id")?;
        let title = args::text(title, "title")?;
        let text = args::text(text, "text")?;
        let added = py.detach(|| {
            self.with(|part| {
                let part = part.as_mut().expect("checked by `with`");
                part.add(&id, &title, &text)
                    .map_err(|e| e.about(&format!("document {}", quoted_id(&id))))
            })
        })?;
        core(py, added)
    }

    /// The part's files: `{"documents", "words", "partitions": [(p, bytes)], "groups": [(g,
    /// bytes)]}`. The part is consumed: a later call raises.
    fn finish<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let files = py.detach(|| self.with(|part| part.take().expect("checked").finish()))?;
        part_files(py, core(py, files)?)
    }
}

/// A part's files as the dict `finish` returns.
fn part_files(py: Python<'_>, files: PartFiles) -> PyResult<Bound<'_, PyDict>> {
    let numbered = |list: Vec<(u32, Vec<u8>)>| -> PyResult<Bound<'_, PyList>> {
        let items: Vec<(u32, Bound<'_, PyBytes>)> = (list.into_iter())
            .map(|(n, file)| (n, PyBytes::new(py, &file)))
            .collect();
        PyList::new(py, items)
    };
    let dict = PyDict::new(py);
    dict.set_item("documents", files.documents)?;
    dict.set_item("words", files.words)?;
    dict.set_item("partitions", numbered(files.partitions)?)?;
    dict.set_item("groups", numbered(files.groups)?)?;
    Ok(dict)
}

/// The `layout` argument: a dict `{"partitionBits", "groupDocuments"}`, checked.
fn layout_arg(value: &Bound<'_, PyAny>) -> PyResult<Layout> {
    let json = record_json(value, "layout")?;
    let layout: Layout =
        serde_json::from_str(&json).map_err(|e| record_error(value.py(), "layout", e))?;
    core(
        value.py(),
        layout.validate().map_err(|e| e.within("layout")),
    )?;
    Ok(layout)
}

/// Every item of the list argument `name` as bytes.
fn bytes_list(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<Vec<u8>>> {
    (value.try_iter()?.enumerate())
        .map(|(i, item)| args::bytes(&item?, &format!("{name}[{i}]")))
        .collect()
}

/// The dict argument `name` as the JSON text of a manifest record (a layout, a segment entry), for
/// serde to read with the manifest's own names (camelCase), an unknown field refused. (Plain
/// functions per record: the binding does not name serde's traits.)
fn record_json(value: &Bound<'_, PyAny>, name: &str) -> PyResult<String> {
    let py = value.py();
    if !value.is_instance_of::<PyDict>() {
        let reason = format!("expected a dict, got {}", args::type_name(value));
        return Err(errors::invalid(py, name, reason));
    }
    (py.import("json")?.getattr("dumps")?.call1((value,)))
        .map_err(|e| errors::invalid(py, name, format!("not plain JSON data ({e})")))?
        .extract()
}

/// A manifest record's serde error as an invalid argument `name`.
fn record_error(py: Python<'_>, name: &str, error: serde_json::Error) -> PyErr {
    errors::invalid(py, name, error.to_string())
}

/// A manifest record's JSON as Python data.
pub(crate) fn record_to_python(
    py: Python<'_>,
    json: serde_json::Result<String>,
) -> PyResult<Bound<'_, PyAny>> {
    args::json_to_python(py, &json.expect("a manifest record is plain data"))
}
