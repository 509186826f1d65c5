//! Where an archive's files are, from the core's one declaration of its layout
//! ([`plagscope::store::archive::Manifest`]'s paths), so that the cluster job writes each file
//! where a check reads it and no path is spelled twice.

use plagscope::store::archive::Manifest;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Adds the path functions to the module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(archive_segment_files, module)?)?;
    module.add_function(wrap_pyfunction!(archive_partition_path, module)?)?;
    module.add_function(wrap_pyfunction!(archive_group_path, module)?)?;
    Ok(())
}

/// The files every segment has, relative to the archive's folder:
/// `{"partitions": ..., "groups": ..., "ids": ...}` (the two directories and the ids).
#[pyfunction]
fn archive_segment_files<'py>(py: Python<'py>, segment: &str) -> PyResult<Bound<'py, PyDict>> {
    let files = PyDict::new(py);
    files.set_item("partitions", Manifest::partitions_path(segment))?;
    files.set_item("groups", Manifest::groups_path(segment))?;
    files.set_item("ids", Manifest::ids_path(segment))?;
    Ok(files)
}

/// Where partition `partition` of `segment` is, relative to the archive's folder.
#[pyfunction]
fn archive_partition_path(segment: &str, partition: u32) -> String {
    Manifest::partition_path(segment, partition)
}

/// Where group `group` of `segment` is, relative to the archive's folder.
#[pyfunction]
fn archive_group_path(segment: &str, group: u32) -> String {
    Manifest::group_path(segment, group)
}
