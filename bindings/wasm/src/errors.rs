//! Errors as JavaScript `Error`s that carry what callers match on: `code` (a stable
//! [`ErrorCode`] string), `path` (the argument or option it is about, as JS names it), `reason`
//! (the message without that name) and, for a
//! text too long, `size` and `limit` in bytes and whether the size is the `normalized` text's. The message is for people; its wording may change.

use js_sys::Reflect;
use plagscope::{Error, ErrorCode};
use wasm_bindgen::{JsError, JsValue};

/// A core error as a JS `Error`; a parameter's Rust path (`align.min_words`) is shown as the JS
/// caller wrote it (`align.minWords`).
pub fn from_core(error: Error) -> JsError {
    let path = plagscope::json_path::camel_case(error.path());
    let js = with_code(
        error.code(),
        &path,
        &error.message_naming(&path),
        error.reason(),
    );
    if let Some(sizes) = error.sizes() {
        let value: JsValue = js.clone().into();
        set(&value, "size", JsValue::from(sizes.size as f64));
        set(&value, "limit", JsValue::from(sizes.limit as f64));
        set(&value, "normalized", JsValue::from(sizes.normalized));
    }
    js
}

/// What an error about `path` is: an argument named `options` (or a field inside it) holds
/// options, every other argument is input.
pub fn code_for(path: &str) -> ErrorCode {
    match path.split(['.', '[']).next() {
        Some("options") => ErrorCode::InvalidOption,
        _ => ErrorCode::InvalidInput,
    }
}

/// "invalid `path`: reason", coded by [`code_for`].
pub fn invalid(path: &str, reason: impl AsRef<str>) -> JsError {
    let reason = reason.as_ref();
    with_code(
        code_for(path),
        path,
        &format!("invalid `{path}`: {reason}"),
        reason,
    )
}

/// "invalid `path`: reason" about a parameter that is not inside `options` (`n`, `onProgress`).
pub fn invalid_option(path: &str, reason: impl AsRef<str>) -> JsError {
    let reason = reason.as_ref();
    let message = format!("invalid `{path}`: {reason}");
    with_code(ErrorCode::InvalidOption, path, &message, reason)
}

/// A JS `Error` with `message`, `code`, `reason` (the message without the name of what it is
/// about, for callers that say that their own way) and (when not empty) `path`.
pub fn with_code(code: ErrorCode, path: &str, message: &str, reason: &str) -> JsError {
    let error = JsError::new(message);
    // The clone is a second handle to the same JS object, so the fields land on `error`.
    let value: JsValue = error.clone().into();
    set(&value, "code", JsValue::from_str(code.as_str()));
    set(&value, "reason", JsValue::from_str(reason));
    if !path.is_empty() {
        set(&value, "path", JsValue::from_str(path));
    }
    error
}

fn set(object: &JsValue, name: &str, value: JsValue) {
    // Setting a field on a fresh Error cannot fail; were it to, the message alone still stands.
    let _ = Reflect::set(object, &JsValue::from_str(name), &value);
}
