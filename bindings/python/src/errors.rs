//! Errors as `plagscope.PlagscopeError`, a `ValueError` that carries what callers match on:
//! `code` (a stable [`ErrorCode`] string), `path` (the argument or option it is about, as a Python
//! caller writes it: `options.align.minWords`, or `None`), `reason` (the message without that name)
//! and, for a text too long or a full set, `size` and `limit` in bytes and whether the size is the
//! `normalized` text's. The message is for people; its wording may change.

use plagscope::{Error, ErrorCode};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;

pyo3::create_exception!(
    plagscope._core,
    PlagscopeError,
    PyValueError,
    "An error of plagscope's core: `code` (e.g. 'PLAGSCOPE_INVALID_OPTION'), `path` (the \
     argument or option it is about, or None), `reason` (the message without that name); `size`, \
     `limit` and `normalized` for a text too long or a full reference set."
);

/// A core error as a `PlagscopeError`; a parameter's Rust path (`align.min_words`) is shown as the
/// Python caller wrote it in the options dict (`align.minWords`).
pub fn from_core(py: Python<'_>, error: Error) -> PyErr {
    let path = plagscope::json_path::camel_case(error.path());
    let err = with_code(
        py,
        error.code(),
        &path,
        &error.message_naming(&path),
        error.reason(),
    );
    if let Some(sizes) = error.sizes() {
        let value = err.value(py);
        set(value, "size", sizes.size);
        set(value, "limit", sizes.limit);
        set(value, "normalized", sizes.normalized);
    }
    err
}

/// A core result, its error raised as [`from_core`] does.
pub fn core<T>(py: Python<'_>, result: Result<T, Error>) -> PyResult<T> {
    result.map_err(|error| from_core(py, error))
}

/// What an error about `path` is: an argument named `options` (or a field inside it) holds
/// options, every other argument is input.
pub fn code_for(path: &str) -> ErrorCode {
    match path.split(['.', '[']).next() {
        Some("options") => ErrorCode::InvalidOption,
        _ => ErrorCode::InvalidInput,
    }
}

/// "invalid `path`: reason" as a `PlagscopeError`, coded by [`code_for`].
pub fn invalid(py: Python<'_>, path: &str, reason: impl AsRef<str>) -> PyErr {
    let reason = reason.as_ref();
    let message = format!("invalid `{path}`: {reason}");
    with_code(py, code_for(path), path, &message, reason)
}

/// "invalid `path`: reason" as a `TypeError`: an argument that is not of the Python type the
/// function takes (a number where a string goes, bytes where text goes).
pub fn wrong_type(path: &str, reason: impl AsRef<str>) -> PyErr {
    PyTypeError::new_err(format!("invalid `{path}`: {}", reason.as_ref()))
}

/// A `Checker` whose lock was poisoned: a bug panicked while it was being changed.
pub fn poisoned() -> PyErr {
    PyRuntimeError::new_err(
        "this Checker was left in an unknown state by an earlier internal error (a bug in \
         plagscope); build or load a new one",
    )
}

/// A `PlagscopeError` with `message`, `code`, `reason` and `path` (`None` when empty).
fn with_code(py: Python<'_>, code: ErrorCode, path: &str, message: &str, reason: &str) -> PyErr {
    let err = PlagscopeError::new_err(message.to_string());
    let value = err.value(py);
    set(value, "code", code.as_str());
    set(value, "reason", reason);
    set(value, "path", (!path.is_empty()).then_some(path));
    err
}

fn set<'py, T: IntoPyObject<'py>>(object: &Bound<'py, PyAny>, name: &str, value: T) {
    // Setting an attribute on a fresh exception cannot fail; were it to, the message still stands.
    let _ = object.setattr(name, value);
}
