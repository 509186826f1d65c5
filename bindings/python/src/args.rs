//! Reading Python arguments into plain Rust data before any work starts, and handing results back.
//!
//! Texts are `str` (a lone surrogate, which `str` can hold and UTF-8 cannot, is read as U+FFFD:
//! one UTF-16 unit either way, so every offset stays right). Options and metadata are dicts read
//! into a `serde_json::Value` (keys must be strings, numbers finite, `None` values mean "the
//! default" and are left out) and then into the core's types through [`FromJson`], which refuses
//! misspelled names and names the path of a bad field. Results go the other way as the JSON the
//! npm package returns, parsed by Python's `json` module.

use plagscope::json_out::{to_json, WriteJson};
use plagscope::json_path::FromJson;
use pyo3::prelude::*;
use pyo3::types::{
    PyBool, PyByteArray, PyBytes, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple,
};
use serde_json::{Map, Number, Value};

use crate::errors;

/// Deepest nesting read; option dicts are three levels deep at most.
const MAX_DEPTH: usize = 16;

/// What to do with a file's bytes given where text is expected.
const DECODE: &str = "decode the bytes first (for example with `data.decode('utf-8')`)";

/// The text argument `name`: a `str`, else a `TypeError` naming it (with what to do for bytes).
pub fn text(value: &Bound<'_, PyAny>, name: &str) -> PyResult<String> {
    match value.cast::<PyString>() {
        Ok(text) => string(text),
        Err(_) if holds_bytes(value) => Err(errors::wrong_type(
            name,
            format!("expected a str, got {}: {DECODE}", type_name(value)),
        )),
        Err(_) => Err(errors::wrong_type(
            name,
            format!("expected a str, got {}", type_name(value)),
        )),
    }
}

/// A `str` as Rust text. A lone surrogate (which a `str` can hold and UTF-8 cannot) becomes
/// U+FFFD, as a JS string's does in the npm package: one UTF-16 unit for one, so that offsets after
/// it stay right (PyO3's `to_string_lossy` would make it three, one per byte of its UTF-8 form).
fn string(text: &Bound<'_, PyString>) -> PyResult<String> {
    if let Ok(text) = text.to_cow() {
        return Ok(text.into_owned());
    }
    let units = text.call_method1("encode", ("utf-16-le", "surrogatepass"))?;
    let units = units.cast::<PyBytes>()?.as_bytes();
    let units = units
        .chunks_exact(2)
        .map(|pair| u16::from_le_bytes([pair[0], pair[1]]));
    Ok(char::decode_utf16(units)
        .map(|unit| unit.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect())
}

/// The bytes argument `name` (`bytes`, `bytearray` or anything with the buffer protocol, such as a
/// `memoryview` or `mmap`), copied out.
pub fn bytes(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<u8>> {
    if let Ok(bytes) = value.cast::<PyBytes>() {
        return Ok(bytes.as_bytes().to_vec());
    }
    if let Ok(array) = value.cast::<PyByteArray>() {
        return Ok(array.to_vec());
    }
    if !value.is_instance_of::<PyString>() {
        // Any other buffer (memoryview, mmap, array.array) through `memoryview(value).tobytes()`;
        // not `bytes(value)`, which would make `bytes(5)` five zero bytes.
        let builtins = value.py().import("builtins")?;
        if let Ok(view) = builtins.getattr("memoryview")?.call1((value,)) {
            let copy = view.call_method0("tobytes")?;
            if let Ok(bytes) = copy.cast::<PyBytes>() {
                return Ok(bytes.as_bytes().to_vec());
            }
        }
    }
    Err(errors::wrong_type(
        name,
        format!("expected bytes (a saved index), got {}", type_name(value)),
    ))
}

/// Reads the options argument `path` into `T`: `None` gives the defaults, a dict is read field by
/// field; an error names the field: ``invalid `options.align.minWords`: ...``.
pub fn options<T: FromJson + Default>(value: Option<&Bound<'_, PyAny>>, path: &str) -> PyResult<T> {
    let Some(value) = value.filter(|value| !value.is_none()) else {
        return Ok(T::default());
    };
    if !value.is_instance_of::<PyDict>() {
        let reason = format!("expected a dict, got {}", type_name(value));
        return Err(errors::invalid(value.py(), path, reason));
    }
    record(value, path)
}

/// Reads `value` (the argument at `path`, a dict or other plain data) into `T` through the core's
/// [`FromJson`], naming the path of a bad field.
pub fn record<T: FromJson>(value: &Bound<'_, PyAny>, path: &str) -> PyResult<T> {
    let py = value.py();
    let json = read(value, path, 0)?.unwrap_or(Value::Null);
    plagscope::json_path::from_value(&json).map_err(|error| {
        let field = error.path();
        if field == "." {
            errors::invalid(py, path, error.message())
        } else {
            errors::invalid(py, &format!("{path}.{field}"), error.message())
        }
    })
}

/// `value` as plain JSON data; `None` for Python's `None`.
fn read(value: &Bound<'_, PyAny>, path: &str, depth: usize) -> PyResult<Option<Value>> {
    let py = value.py();
    if value.is_none() {
        return Ok(None);
    }
    // Before `int`: `bool` is a subclass of it.
    if let Ok(flag) = value.cast::<PyBool>() {
        return Ok(Some(Value::Bool(flag.is_true())));
    }
    if value.is_instance_of::<PyInt>() {
        return integer(value, path).map(Some);
    }
    if let Ok(number) = value.cast::<PyFloat>() {
        let number = number.value();
        return match Number::from_f64(number) {
            Some(number) => Ok(Some(Value::Number(number))),
            None => Err(errors::invalid(
                py,
                path,
                format!("expected a finite number, got {number}"),
            )),
        };
    }
    if let Ok(text) = value.cast::<PyString>() {
        return Ok(Some(Value::String(string(text)?)));
    }
    if depth >= MAX_DEPTH {
        let reason = format!("nested more than {MAX_DEPTH} levels deep");
        return Err(errors::invalid(py, path, reason));
    }
    if let Ok(dict) = value.cast::<PyDict>() {
        return read_dict(dict, path, depth).map(Some);
    }
    if value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>() {
        let mut items = Vec::new();
        for (index, item) in value.try_iter()?.enumerate() {
            let item = item?;
            items.push(read(&item, &format!("{path}[{index}]"), depth + 1)?.unwrap_or(Value::Null));
        }
        return Ok(Some(Value::Array(items)));
    }
    let hint = if holds_bytes(value) {
        format!("; {DECODE}")
    } else {
        String::new()
    };
    let reason = format!(
        "expected a str, number, bool, list or dict, got {}{hint}",
        type_name(value)
    );
    Err(errors::invalid(py, path, reason))
}

fn read_dict(dict: &Bound<'_, PyDict>, path: &str, depth: usize) -> PyResult<Value> {
    let mut map = Map::new();
    for (key, item) in dict.iter() {
        let Ok(key) = key.cast::<PyString>() else {
            let reason = format!("its keys must be str, got {}", type_name(&key));
            return Err(errors::invalid(dict.py(), path, reason));
        };
        let key = string(key)?;
        // `None` means "the default", as a JS `undefined` does: the field is left out.
        if let Some(value) = read(&item, &format!("{path}.{key}"), depth + 1)? {
            map.insert(key, value);
        }
    }
    Ok(Value::Object(map))
}

fn integer(value: &Bound<'_, PyAny>, path: &str) -> PyResult<Value> {
    if let Ok(whole) = value.extract::<u64>() {
        return Ok(Value::Number(whole.into()));
    }
    if let Ok(whole) = value.extract::<i64>() {
        return Ok(Value::Number(whole.into()));
    }
    let reason = format!("expected a number, got {} (beyond 64 bits)", value.str()?);
    Err(errors::invalid(value.py(), path, reason))
}

/// Whether `value` holds bytes (a file's content given where text goes).
fn holds_bytes(value: &Bound<'_, PyAny>) -> bool {
    value.is_instance_of::<PyBytes>()
        || value.is_instance_of::<PyByteArray>()
        || value
            .get_type()
            .name()
            .is_ok_and(|name| name.to_string_lossy() == "memoryview")
}

/// The name of `value`'s type, as messages show it (`int`, `bytes`, `NoneType`).
pub fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_else(|_| "object".into())
}

/// A core result as Python data: its JSON (the JSON the npm package returns) through `json.loads`.
pub fn to_python<'py, T: WriteJson + ?Sized>(
    py: Python<'py>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    json_to_python(py, &to_json(value))
}

/// JSON written by the core (outside the GIL, say) as Python data.
pub fn json_to_python<'py>(py: Python<'py>, json: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.getattr("loads")?.call1((json,))
}
