//! Reading JS arguments into plain Rust data before any work starts.
//!
//! A JS exception thrown while Rust frames are on the stack (a getter that throws, a revoked
//! Proxy) unwinds through them without running their epilogues: wasm's shadow stack pointer is
//! never restored, and after a few thousand such calls every export fails with "memory access
//! out of bounds". So JS values are read here only through `Reflect` calls that wasm-bindgen
//! guards (`catch`): an exception becomes an `Err` on the Rust side, never an unwinding. No
//! `instanceof`, `Array.isArray` or serde-wasm-bindgen (whose property reads are unguarded) touches a
//! caller's value.
//!
//! What comes out is a `serde_json::Value`: `undefined` and `null` properties are left out (they
//! mean "the default"), numbers must be finite, objects must be plain (`{}` or `Object.create(null)`,
//! not a `Map` or a `Date`). It is then read into the core's option types ([`FromJson`]), which refuse
//! misspelled names, with the path of a bad field in the message.

use plagscope::error::Number;
use plagscope::json_path::FromJson;
use serde_json::{Map, Number as JsonNumber, Value};
use wasm_bindgen::{JsError, JsValue};

use crate::errors;

/// Deepest nesting read; option objects are three levels deep at most.
const MAX_DEPTH: usize = 16;
/// Longest array read (metadata lists).
const MAX_ITEMS: f64 = 1_000_000.0;

/// Reads `value` (the argument or property at `path`) into plain data; `None` for `undefined` or
/// `null`.
pub fn read(value: &JsValue, path: &str) -> Result<Option<Value>, JsError> {
    read_at(value, path, 0)
}

fn read_at(value: &JsValue, path: &str, depth: usize) -> Result<Option<Value>, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    if let Some(flag) = value.as_bool() {
        return Ok(Some(Value::Bool(flag)));
    }
    if let Some(number) = value.as_f64() {
        return number_value(number, path).map(Some);
    }
    if let Some(text) = super::strings::js_string(value) {
        super::strings::well_formed_identifier(path, value, &text)?;
        return Ok(Some(Value::String(text)));
    }
    if !value.is_object() {
        return Err(errors::invalid(
            path,
            format!("a {} is not accepted here", type_name(value)),
        ));
    }
    if depth >= MAX_DEPTH {
        return Err(errors::invalid(
            path,
            format!("nested more than {MAX_DEPTH} levels deep"),
        ));
    }
    match kind_of(value, path)? {
        ObjectKind::Array => read_array(value, path, depth).map(Some),
        ObjectKind::Plain => read_object(value, path, depth).map(Some),
        ObjectKind::Other(name) if holds_bytes(value) => Err(errors::invalid(
            path,
            format!(
                "got {}, which holds bytes, where plagscope takes text as a string: \
             {DECODE}",
                article(&name)
            ),
        )),
        ObjectKind::Other(name) => Err(errors::invalid(
            path,
            format!("expected a plain object or array, got {}", article(&name)),
        )),
    }
}

/// What to do with a file's bytes given where text is expected.
pub const DECODE: &str =
    "decode the bytes first (for example with `new TextDecoder().decode(bytes)`)";

/// Whether `value` is a typed array, a `DataView` or an `ArrayBuffer`: a file's bytes, given
/// where text is expected. `ArrayBuffer.isView` reads an internal slot, never a Proxy trap.
pub fn holds_bytes(value: &JsValue) -> bool {
    let array_buffer =
        js_sys::Reflect::get_prototype_of(&js_sys::ArrayBuffer::new(0)).map(JsValue::from);
    js_sys::ArrayBuffer::is_view(value) || has_prototype(value, &[array_buffer]).unwrap_or(false)
}

/// Whether one of `targets` is on `value`'s prototype chain (8 links at most), read through
/// guarded calls only: `instanceof` would run a Proxy's trap unguarded.
fn has_prototype(value: &JsValue, targets: &[Result<JsValue, JsValue>]) -> Result<bool, JsValue> {
    if !value.is_object() {
        return Ok(false);
    }
    let mut current = value.clone();
    for _ in 0..8 {
        let prototype = JsValue::from(js_sys::Reflect::get_prototype_of(&current)?);
        if prototype.is_null() {
            return Ok(false);
        }
        if targets
            .iter()
            .any(|t| t.as_ref().is_ok_and(|t| *t == prototype))
        {
            return Ok(true);
        }
        current = prototype;
    }
    Ok(false)
}

/// The error for an argument of the wrong kind: ``invalid `paper`: expected a string or { text,
/// meta }, got a Uint8Array``, with what to do when it is a file's bytes.
pub fn expected(path: &str, what: &str, value: &JsValue) -> JsError {
    let hint = if holds_bytes(value) {
        format!("; {DECODE}")
    } else {
        String::new()
    };
    errors::invalid(
        path,
        format!("expected {what}, got {}{hint}", describe(value)),
    )
}

/// Whether `value` reads as plain data (a string, number, boolean, array or plain object); an
/// unreadable object counts as plain, so that [`read`] reports why it cannot be read.
pub fn is_plain_data(value: &JsValue) -> bool {
    !value.is_object() || !matches!(kind_of(value, ""), Ok(ObjectKind::Other(_)))
}

/// Reads an options argument and deserializes it; absent gives the defaults. Errors name the
/// field: ``invalid `options.align.minWords`: expected a whole number, got -5``.
pub fn options<T: FromJson + Default>(value: &JsValue, path: &str) -> Result<T, JsError> {
    match read(value, path)? {
        None => Ok(T::default()),
        Some(Value::Object(map)) => deserialize(Value::Object(map), path),
        Some(other) => Err(errors::invalid(
            path,
            format!("expected an object, got {}", json_type(&other)),
        )),
    }
}

/// Deserializes plain data read by [`read`], naming the path of a field of the wrong type.
pub fn deserialize<T: FromJson>(value: Value, path: &str) -> Result<T, JsError> {
    plagscope::json_path::from_value(&value).map_err(|error| {
        let field = error.path();
        let message = error.message();
        if field == "." {
            errors::invalid(path, message)
        } else {
            errors::invalid(&format!("{path}.{field}"), message)
        }
    })
}

fn number_value(number: f64, path: &str) -> Result<Value, JsError> {
    if !number.is_finite() {
        return Err(errors::invalid(
            path,
            format!("expected a finite number, got {}", Number(number)),
        ));
    }
    // Whole numbers become integers, so that integer options accept `12` (a JS number is a double).
    const EXACT: f64 = 9_007_199_254_740_992.0; // 2^53
    let whole = number.fract() == 0.0 && number.abs() <= EXACT;
    Ok(Value::Number(if whole && number >= 0.0 {
        JsonNumber::from(number as u64)
    } else if whole {
        JsonNumber::from(number as i64)
    } else {
        JsonNumber::from_f64(number).expect("finite")
    }))
}

enum ObjectKind {
    Array,
    Plain,
    /// Something else, by its constructor's name (`Map`, `Date`, ...).
    Other(String),
}

/// What kind of object `value` is, read through its prototype only (a revoked Proxy throws
/// even for `Array.isArray`, and that exception must not cross Rust frames).
fn kind_of(value: &JsValue, path: &str) -> Result<ObjectKind, JsError> {
    let prototype = js_sys::Reflect::get_prototype_of(value).map_err(|e| unreadable(path, &e))?;
    let prototype: JsValue = prototype.into();
    if prototype.is_null() {
        return Ok(ObjectKind::Plain);
    }
    let array_prototype: JsValue = js_sys::Reflect::get_prototype_of(&js_sys::Array::new())
        .map(Into::into)
        .unwrap_or(JsValue::UNDEFINED);
    if prototype == array_prototype {
        return Ok(ObjectKind::Array);
    }
    let object_prototype: JsValue = js_sys::Reflect::get_prototype_of(&js_sys::Object::new())
        .map(Into::into)
        .unwrap_or(JsValue::UNDEFINED);
    // An object from another realm (an iframe, Node's vm) has another Object.prototype; its own
    // prototype is then null.
    let foreign_plain = js_sys::Reflect::get_prototype_of(&prototype)
        .map(|p| JsValue::from(p).is_null())
        .unwrap_or(false);
    if prototype == object_prototype || foreign_plain {
        return Ok(ObjectKind::Plain);
    }
    let name = get(&prototype, "constructor", path)
        .ok()
        .and_then(|constructor| get(&constructor, "name", path).ok())
        .and_then(|name| name.as_string())
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "object with a custom prototype".into());
    Ok(ObjectKind::Other(name))
}

fn read_array(value: &JsValue, path: &str, depth: usize) -> Result<Value, JsError> {
    let length = get(value, "length", path)?.as_f64().unwrap_or(0.0);
    if length > MAX_ITEMS {
        return Err(errors::invalid(
            path,
            format!(
                "an array of {} items (at most {})",
                Number(length),
                Number(MAX_ITEMS)
            ),
        ));
    }
    let mut items = Vec::new();
    for index in 0..length as u32 {
        let item = js_sys::Reflect::get_u32(value, index).map_err(|e| unreadable(path, &e))?;
        let item_path = format!("{path}[{index}]");
        items.push(read_at(&item, &item_path, depth + 1)?.unwrap_or(Value::Null));
    }
    Ok(Value::Array(items))
}

fn read_object(value: &JsValue, path: &str, depth: usize) -> Result<Value, JsError> {
    let keys = js_sys::Reflect::own_keys(value).map_err(|e| unreadable(path, &e))?;
    let mut map = Map::new();
    for key in keys.iter() {
        // Symbol keys are no option names.
        let Some(name) = key.as_string() else {
            continue;
        };
        let inner = js_sys::Reflect::get(value, &key).map_err(|e| unreadable(path, &e))?;
        let inner_path = format!("{path}.{name}");
        if let Some(plain) = read_at(&inner, &inner_path, depth + 1)? {
            map.insert(name, plain);
        }
    }
    Ok(Value::Object(map))
}

fn get(value: &JsValue, name: &str, path: &str) -> Result<JsValue, JsError> {
    js_sys::Reflect::get(value, &JsValue::from_str(name)).map_err(|e| unreadable(path, &e))
}

/// The error for a value that threw while being read, with the exception's own message.
fn unreadable(path: &str, exception: &JsValue) -> JsError {
    // Even the exception is read through a guarded call: it may itself be a revoked Proxy.
    let message = if exception.is_object() {
        js_sys::Reflect::get(exception, &JsValue::from_str("message"))
            .ok()
            .and_then(|m| m.as_string())
    } else {
        exception.as_string()
    };
    let message = message.unwrap_or_else(|| "it threw an exception".into());
    let whole = format!("could not read `{path}`: {message}");
    errors::with_code(errors::code_for(path), path, &whole, &message)
}

/// The bytes of a `Uint8Array` (a Node `Buffer` too) or an `ArrayBuffer`, recognized through its
/// prototype chain and taken through a guarded `Reflect.construct` into a plain `Uint8Array` of this
/// realm (so that even a Proxy posing as one cannot throw through Rust frames), left in JS memory:
/// the engine reads it a piece at a time.
pub fn byte_array(value: &JsValue, path: &str) -> Result<js_sys::Uint8Array, JsError> {
    let uint8_array: JsValue = js_sys::Uint8Array::new_with_length(0).into();
    let targets = [
        js_sys::Reflect::get_prototype_of(&uint8_array).map(JsValue::from),
        js_sys::Reflect::get_prototype_of(&js_sys::ArrayBuffer::new(0)).map(JsValue::from),
    ];
    let expected = || {
        errors::invalid(
            path,
            format!(
                "expected a Uint8Array or ArrayBuffer, got {}",
                describe(value)
            ),
        )
    };
    if !has_prototype(value, &targets).map_err(|e| unreadable(path, &e))? {
        return Err(expected());
    }
    let constructor = get(&uint8_array, "constructor", path)?;
    let constructor = js_sys::Function::from(constructor);
    let copy = js_sys::Reflect::construct(&constructor, &js_sys::Array::of1(value))
        .map_err(|e| unreadable(path, &e))?;
    Ok(js_sys::Uint8Array::from(copy))
}

/// A short, safe description of a JS value for error messages (never the value itself).
pub fn describe(value: &JsValue) -> String {
    if value.is_null() || value.is_undefined() {
        return type_name(value);
    }
    if value.is_object() {
        return match kind_of(value, "") {
            Ok(ObjectKind::Array) => "an array".into(),
            Ok(ObjectKind::Plain) => "an object".into(),
            Ok(ObjectKind::Other(name)) => article(&name),
            Err(_) => "an unreadable object".into(),
        };
    }
    article(&type_name(value))
}

fn type_name(value: &JsValue) -> String {
    if value.is_null() {
        return "null".into();
    }
    value
        .js_typeof()
        .as_string()
        .unwrap_or_else(|| "value".into())
}

fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn article(name: &str) -> String {
    let vowel = (name.bytes().next()).is_some_and(|b| b"AEIOaeiou".contains(&b)); // "a Uint8Array"
    format!("{} {name}", if vowel { "an" } else { "a" })
}
