//! plagscope's Python bindings: the only crate that knows about PyO3. The core, `plagscope`, has no
//! Python type in it; this crate reads Python arguments into the core's types, calls it, and hands
//! the results back as plain Python data.
//!
//! The module is `plagscope._core`; the package `plagscope` (python/plagscope/) re-exports it with
//! its documentation. Its API mirrors the JavaScript one in snake_case: one class for state
//! ([`checker::PyChecker`], `Checker`), plain functions for stateless work ([`sketches`]).
//!
//! - Archives (a reference set published as static files, built by a cluster job): the pieces of
//!   the build ([`archive`]) and `ArchiveQuery` ([`archive_query`]) to check a paper against one.
//! - Options are dicts with the JSON names (camelCase, as the schema, the reports and the JS API
//!   spell them: `{"align": {"minWords": 8}}`), read through the core's `json_path`, so a bad field
//!   is named in the error.
//! - Reports are the JSON the npm package returns, as dicts and lists (`json.loads` of the core's
//!   `json_out`): one format for every binding.
//! - Offsets are UTF-16 code units of the original text, end-exclusive (see `plagscope.slice_utf16`).
//! - Every core error is a `plagscope.PlagscopeError` (a `ValueError`) with `code`, `path` and
//!   `reason`; an argument of the wrong Python type is a `TypeError`. Nothing panics across the
//!   boundary; were a bug to panic, PyO3 raises it as `PanicException` (the wheel is built with
//!   `panic = "unwind"`, profile `python-release`).

#![cfg(not(target_arch = "wasm32"))]
#![deny(missing_docs)]

mod archive;
mod archive_assembly;
mod archive_paths;
mod archive_query;
mod args;
mod checker;
mod errors;
mod sketches;

use plagscope::checker::Defaults;
use pyo3::prelude::*;

/// The plagscope version (the core's version).
#[pyfunction]
fn version() -> &'static str {
    plagscope::VERSION
}

/// The defaults of every option, filled in: `{"checker": ..., "check": ..., "pairs": ...}`.
#[pyfunction]
fn defaults(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    args::to_python(py, &Defaults::default())
}

/// The `plagscope._core` extension module.
#[pymodule]
fn _core(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add("PlagscopeError", py.get_type::<errors::PlagscopeError>())?;
    module.add("__version__", plagscope::VERSION)?;
    module.add_class::<checker::PyChecker>()?;
    module.add_class::<archive_query::PyArchiveQuery>()?;
    module.add_function(wrap_pyfunction!(version, module)?)?;
    module.add_function(wrap_pyfunction!(defaults, module)?)?;
    sketches::register(module)?;
    archive_paths::register(module)?;
    archive_assembly::register(module)?;
    archive::register(module)
}
