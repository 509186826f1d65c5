//! Building an archive (the core's [`plagscope::store::archive`]) from Python: the pieces a
//! distributed job (cluster/build_archive.py) calls on its workers and its driver. Each function
//! reads its arguments, runs one core function (the analysis with the GIL released) and hands back
//! plain data: bytes for files, dicts with the manifest's JSON names for layouts and entries, the
//! manifest itself as its JSON text, which the job writes as `manifest.json` unchanged.

use std::sync::Mutex;

use plagscope::checker::CheckerOptions;
use plagscope::store::archive::build::{finish_batch as core_finish_batch, BatchPart, PartFiles};
use plagscope::store::archive::directory::FileCheck;
use plagscope::store::archive::documents::decode_group as core_decode_group;
use plagscope::store::archive::ids::{decode_ids, quoted_id};
use plagscope::store::archive::postings;
use plagscope::store::archive::{BatchEntry, Layout, Manifest};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use serde_json::json;

use crate::args;
use crate::errors::{self, core};

/// Adds the archive's functions and `BatchPart` to the module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<PyBatchPart>()?;
    module.add_function(wrap_pyfunction!(archive_layout_for, module)?)?;
    module.add_function(wrap_pyfunction!(new_manifest, module)?)?;
    module.add_function(wrap_pyfunction!(manifest_batch_layout, module)?)?;
    module.add_function(wrap_pyfunction!(merge_partitions, module)?)?;
    module.add_function(wrap_pyfunction!(partition_postings, module)?)?;
    module.add_function(wrap_pyfunction!(file_check, module)?)?;
    module.add_function(wrap_pyfunction!(finish_batch, module)?)?;
    module.add_function(wrap_pyfunction!(manifest_add_batch, module)?)?;
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

/// The layout of the next batch of the archive of `manifest_json`, of about `documents` documents
/// of about `words` words each: the archive's for its first batch, else partition bits sized for
/// the batch's own postings (a small batch writes few partition files).
#[pyfunction]
fn manifest_batch_layout<'py>(
    py: Python<'py>,
    manifest_json: &str,
    documents: u64,
    words: u64,
) -> PyResult<Bound<'py, PyAny>> {
    let manifest = core(py, Manifest::parse(manifest_json))?;
    record_to_python(
        py,
        serde_json::to_string(&manifest.batch_layout(documents, words)),
    )
}

/// The `manifest.json` (its text) of an archive of no batch yet, built with `options`
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

/// One partition file from the pieces of it that the parts of a batch wrote, each checked.
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

/// A file's `(length, xxh3)`, as a batch's directories list it.
#[pyfunction]
fn file_check(data: &Bound<'_, PyAny>) -> PyResult<(u32, u64)> {
    let check = FileCheck::of(&args::bytes(data, "data")?);
    Ok((check.bytes, check.xxh3))
}

/// What `finish_batch` gives Python.
type FinishedFiles<'py> = (
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyAny>,
);

/// A finished batch: `(partitions_dir, groups_dir, ids_file, entry)`, the two directory files,
/// the ids file and the manifest's entry, from the `(length, xxh3)` of every partition of the
/// batch's layout (`(0, 0)` for one not written; 2^bits of them, which gives the entry its
/// partition bits) and of every group, in order, and the documents' `ids` in number order.
#[pyfunction]
#[pyo3(signature = (name, first_document, documents, words, postings, partitions, groups, ids))]
#[allow(clippy::too_many_arguments)] // The entry's fields, as Python passes them: by name.
fn finish_batch<'py>(
    py: Python<'py>,
    name: &str,
    first_document: u32,
    documents: u32,
    words: u64,
    postings: u64,
    partitions: Vec<(u32, u64)>,
    groups: Vec<(u32, u64)>,
    ids: Vec<String>,
) -> PyResult<FinishedFiles<'py>> {
    let checks = |list: Vec<(u32, u64)>| -> Vec<FileCheck> {
        (list.into_iter())
            .map(|(bytes, xxh3)| FileCheck { bytes, xxh3 })
            .collect()
    };
    if !partitions.len().is_power_of_two() || !(16..=1 << 20).contains(&partitions.len()) {
        let message = format!(
            "must list 2^bits partitions, bits in 4..=20, got {}",
            partitions.len()
        );
        return core(py, Err(plagscope::Error::invalid("partitions", message)));
    }
    let counts = (first_document, documents, words, postings);
    let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
    let checks = (&checks(partitions)[..], &checks(groups)[..]);
    let finished = core_finish_batch(name, counts, checks, &ids);
    Ok((
        PyBytes::new(py, &finished.partitions_directory),
        PyBytes::new(py, &finished.groups_directory),
        PyBytes::new(py, &finished.ids_file),
        record_to_python(py, serde_json::to_string(&finished.entry))?,
    ))
}

/// The ids of batch `batch` of the archive of `manifest_json`, from its `ids.bin` file `data`,
/// checked against the manifest: what growing an archive checks new ids against.
#[pyfunction]
fn archive_ids(
    py: Python<'_>,
    manifest_json: &str,
    batch: &str,
    data: &Bound<'_, PyAny>,
) -> PyResult<Vec<String>> {
    let manifest = core(py, Manifest::parse(manifest_json))?;
    let Some(entry) = manifest.batches.iter().find(|b| b.name == batch) else {
        let message = format!("the archive has no batch {batch:?}");
        return core(py, Err(plagscope::Error::invalid("batch", message)));
    };
    let check = core(py, entry.ids.check())?;
    let path = Manifest::ids_path(batch);
    core(py, decode_ids(&args::bytes(data, "data")?, check, &path))
}

/// `manifest_json` with `entry` (a `finish_batch` entry) as its last batch; refused if its name is
/// taken or its first document does not follow the archive's last.
#[pyfunction]
fn manifest_add_batch(
    py: Python<'_>,
    manifest_json: &str,
    entry: &Bound<'_, PyAny>,
) -> PyResult<String> {
    let mut manifest = core(py, Manifest::parse(manifest_json))?;
    let entry: BatchEntry = serde_json::from_str(&record_json(entry, "entry")?)
        .map_err(|e| record_error(py, "entry", e))?;
    core(py, manifest.add_batch_entry(entry))?;
    Ok(manifest.to_json())
}

/// `manifest_json` with `ids` listed as removed (each once; the caller checks that the archive
/// holds them, and more removed ids than documents are refused).
#[pyfunction]
fn manifest_remove(py: Python<'_>, manifest_json: &str, ids: Vec<String>) -> PyResult<String> {
    let mut manifest = core(py, Manifest::parse(manifest_json))?;
    core(py, manifest.remove_ids(ids.iter().map(String::as_str)))?;
    Ok(manifest.to_json())
}

/// The documents of group file `data` (group `group` of its batch), each `{"id", "title",
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

/// Consecutive documents of a batch being analyzed, from its first (a multiple of the layout's
/// group size): `add` each, then `finish` once for the part's files.
#[pyclass(name = "BatchPart", module = "plagscope._core", frozen)]
pub struct PyBatchPart {
    /// `None` once finished: `finish` consumes the part.
    inner: Mutex<Option<BatchPart>>,
}

impl PyBatchPart {
    /// Runs `work` on the part, unless it is finished (or a bug poisoned its lock).
    fn with<T>(&self, work: impl FnOnce(&mut Option<BatchPart>) -> T) -> PyResult<T> {
        let mut part = self.inner.lock().map_err(|_| errors::poisoned())?;
        if part.is_none() {
            return Err(PyRuntimeError::new_err(
                "this BatchPart is finished: `finish` hands its files over once; make a new part",
            ));
        }
        Ok(work(&mut part))
    }
}

#[pymethods]
impl PyBatchPart {
    /// A part of a batch built with `options` (`CheckerOptions`, `None` for the defaults), cut by
    /// `layout`, whose first document is the batch's document `first`.
    #[new]
    #[pyo3(signature = (options, layout, first))]
    fn py_new(
        py: Python<'_>,
        options: Option<&Bound<'_, PyAny>>,
        layout: &Bound<'_, PyAny>,
        first: u32,
    ) -> PyResult<Self> {
        let options: CheckerOptions = args::options(options, "options")?;
        let part = core(py, BatchPart::new(options, layout_arg(layout)?, first))?;
        Ok(PyBatchPart {
            inner: Mutex::new(Some(part)),
        })
    }

    /// Analyzes and adds a document (with the GIL released); returns its number in the batch.
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

/// The dict argument `name` as the JSON text of a manifest record (a layout, a batch entry), for
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
fn record_to_python(
    py: Python<'_>,
    json: serde_json::Result<String>,
) -> PyResult<Bound<'_, PyAny>> {
    args::json_to_python(py, &json.expect("a manifest record is plain data"))
}
