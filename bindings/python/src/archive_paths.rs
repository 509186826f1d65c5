//! Where an archive's files are, from the core's one declaration of its layout
//! ([`plagscope::store::archive::Manifest`]'s paths), so that the cluster job writes each file
//! where a check reads it and no path is spelled twice.

use plagscope::store::archive::Manifest;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Adds the path functions to the module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(archive_batch_files, module)?)?;
    module.add_function(wrap_pyfunction!(archive_partition_path, module)?)?;
    module.add_function(wrap_pyfunction!(archive_group_path, module)?)?;
    Ok(())
}

/// The files every batch has, relative to the archive's folder:
/// `{"partitions": ..., "groups": ..., "ids": ...}` (the two directories and the ids).
#[pyfunction]
fn archive_batch_files<'py>(py: Python<'py>, batch: &str) -> PyResult<Bound<'py, PyDict>> {
    let files = PyDict::new(py);
    files.set_item("partitions", Manifest::partitions_path(batch))?;
    files.set_item("groups", Manifest::groups_path(batch))?;
    files.set_item("ids", Manifest::ids_path(batch))?;
    Ok(files)
}

/// Where partition `partition` of `batch` is, relative to the archive's folder.
#[pyfunction]
fn archive_partition_path(batch: &str, partition: u32) -> String {
    Manifest::partition_path(batch, partition)
}

/// Where group `group` of `batch` is, relative to the archive's folder.
#[pyfunction]
fn archive_group_path(batch: &str, group: u32) -> String {
    Manifest::group_path(batch, group)
}
