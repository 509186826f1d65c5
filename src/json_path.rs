//! Reading plain JSON data (a `serde_json::Value`) into the option and input types, so that an
//! error names the value it is about, in a JavaScript user's words:
//! ``align.minWords: invalid type: string "ten", expected a whole number``.
//!
//! Each type says how it is read ([`FromJson`]); [`crate::options!`] writes it for every option
//! struct, from the same field list as the struct, around one shared [`read_fields`]. The path is built only on the way out of an
//! error, so a good value costs nothing extra. (The types also derive serde's `Deserialize`, for
//! native callers; reading through it with a path-tracking deserializer would cost the wasm 9 KB
//! gzipped of visitors, instantiated once per type.)

use std::fmt;

use crate::error::Number;
pub use serde_json::Value;

/// A value that can be read from plain JSON data.
pub trait FromJson: Sized {
    /// Reads `value`; an error's path is relative to `value`.
    fn from_json(value: &Value) -> Result<Self, PathError>;
}

/// Reads `value` into `T`; an error carries the path of the value it is about.
pub fn from_value<T: FromJson>(value: &Value) -> Result<T, PathError> {
    T::from_json(value).map_err(|mut error| {
        error.steps.reverse();
        error
    })
}

/// An error reading plain data, and where it happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathError {
    /// The steps from the outer value to the bad one, innermost first until [`from_value`]
    /// reverses them: field names, or `[i]` for array items. Empty when the outer value itself
    /// is wrong.
    steps: Vec<Step>,
    message: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Step {
    Field(String),
    Item(usize),
}

impl PathError {
    /// An error about the value being read.
    pub fn new(message: impl Into<String>) -> Self {
        PathError {
            steps: Vec::new(),
            message: message.into(),
        }
    }

    /// The message, without the path (``unknown option `x` (expected one of: a, b)``).
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The path of the bad value: `align.minWords`, `includeSpans[0]`; `.` for the outer value.
    pub fn path(&self) -> String {
        if self.steps.is_empty() {
            return ".".into();
        }
        let mut path = String::new();
        for step in &self.steps {
            match step {
                Step::Field(name) if path.is_empty() => path.push_str(name),
                Step::Field(name) => {
                    path.push('.');
                    path.push_str(name);
                }
                Step::Item(index) => path.push_str(&format!("[{index}]")),
            }
        }
        path
    }

    /// The error one step further out.
    fn at(mut self, step: Step) -> Self {
        self.steps.push(step);
        self
    }
}

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path(), self.message)
    }
}

impl std::error::Error for PathError {}

/// `value` is not of the kind `expected` names ("a whole number", "an object").
pub fn invalid_type(value: &Value, expected: &str) -> PathError {
    PathError::new(format!(
        "invalid type: {}, expected {expected}",
        Shown(value)
    ))
}

/// How a value is named in a message: its kind, and the value itself if it is short.
struct Shown<'a>(&'a Value);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Value::Null => f.write_str("null"),
            Value::Bool(flag) => write!(f, "boolean `{flag}`"),
            Value::Number(number) => match (number.as_u64(), number.as_i64()) {
                (Some(whole), _) => write!(f, "number `{whole}`"),
                (None, Some(negative)) => write!(f, "number `{negative}`"),
                _ => write!(
                    f,
                    "number `{}`",
                    Number(number.as_f64().unwrap_or(f64::NAN))
                ),
            },
            Value::String(text) => write!(f, "string {text:?}"),
            Value::Array(_) => f.write_str("array"),
            Value::Object(_) => f.write_str("object"),
        }
    }
}

impl FromJson for bool {
    #[inline(never)] // one copy for every field of this type
    fn from_json(value: &Value) -> Result<Self, PathError> {
        value
            .as_bool()
            .ok_or_else(|| invalid_type(value, "a boolean"))
    }
}

impl FromJson for usize {
    #[inline(never)] // one copy for every field of this type
    fn from_json(value: &Value) -> Result<Self, PathError> {
        whole(value)
    }
}

impl FromJson for u32 {
    #[inline(never)] // one copy for every field of this type
    fn from_json(value: &Value) -> Result<Self, PathError> {
        whole(value)
    }
}

impl FromJson for u64 {
    #[inline(never)] // one copy for every field of this type
    fn from_json(value: &Value) -> Result<Self, PathError> {
        whole(value)
    }
}

/// A whole number that fits in `T`.
fn whole<T: TryFrom<u64>>(value: &Value) -> Result<T, PathError> {
    const EXPECTED: &str = "a whole number";
    let Value::Number(number) = value else {
        return Err(invalid_type(value, EXPECTED));
    };
    match number.as_u64().map(T::try_from) {
        Some(Ok(whole)) => Ok(whole),
        // Too large for `T`, or negative.
        Some(Err(_)) => Err(invalid_value(value, EXPECTED)),
        None if number.is_i64() => Err(invalid_value(value, EXPECTED)),
        None => Err(invalid_type(value, EXPECTED)),
    }
}

fn invalid_value(value: &Value, expected: &str) -> PathError {
    PathError::new(format!(
        "invalid value: {}, expected {expected}",
        Shown(value)
    ))
}

impl FromJson for f64 {
    #[inline(never)] // one copy for every field of this type
    fn from_json(value: &Value) -> Result<Self, PathError> {
        value
            .as_f64()
            .ok_or_else(|| invalid_type(value, "a number"))
    }
}

impl FromJson for String {
    #[inline(never)] // one copy for every field of this type
    fn from_json(value: &Value) -> Result<Self, PathError> {
        value
            .as_str()
            .map(str::to_owned)
            .ok_or_else(|| invalid_type(value, "a string"))
    }
}

impl<T: FromJson> FromJson for Option<T> {
    /// `null` is an absent value.
    fn from_json(value: &Value) -> Result<Self, PathError> {
        match value {
            Value::Null => Ok(None),
            _ => T::from_json(value).map(Some),
        }
    }
}

impl<T: FromJson> FromJson for Vec<T> {
    fn from_json(value: &Value) -> Result<Self, PathError> {
        let Value::Array(items) = value else {
            return Err(invalid_type(value, "an array"));
        };
        let mut read = Vec::with_capacity(items.len());
        for (index, item) in items.iter().enumerate() {
            read.push(T::from_json(item).map_err(|error| error.at(Step::Item(index)))?);
        }
        Ok(read)
    }
}

/// Reads `value` into `slot`: one copy per type, shared by every field of that type.
#[inline(never)]
pub fn read_into<T: FromJson>(slot: &mut T, value: &Value) -> Result<(), PathError> {
    *slot = T::from_json(value)?;
    Ok(())
}

/// Reads an object's fields: `names` are the Rust field names, each matched by its camelCase
/// form (as serde's `rename_all = "camelCase"` names it); `read(i, value)` reads the field
/// `names[i]`. A name not in `names` is refused, and so is a value that is not an object.
///
/// `read` is a trait object so that this function, with its error paths, exists once rather than
/// once per type read.
pub fn read_fields(
    value: &Value,
    names: &[&str],
    read: &mut dyn FnMut(usize, &Value) -> Result<(), PathError>,
) -> Result<(), PathError> {
    let Value::Object(fields) = value else {
        return Err(invalid_type(value, "an object"));
    };
    for (name, inner) in fields {
        let Some(index) = names.iter().position(|field| is_camel_case_of(name, field)) else {
            let expected: Vec<String> = names.iter().map(|field| camel_case(field)).collect();
            return Err(PathError::new(format!(
                "unknown option `{name}` (expected one of: {})",
                expected.join(", ")
            )));
        };
        read(index, inner).map_err(|error| error.at(Step::Field(name.clone())))?;
    }
    Ok(())
}

/// The error for a required field the object does not have.
pub fn missing_field(camel_case_name: &str) -> PathError {
    PathError::new(format!("missing field `{camel_case_name}`"))
}

/// The index of the name in `names` that `value` is, for enums written as plain names.
pub fn variant(value: &Value, names: &[&str]) -> Result<usize, PathError> {
    let expected = match names {
        [one] => format!("`{one}`"),
        [first, second] => format!("`{first}` or `{second}`"),
        _ => format!("one of `{}`", names.join("`, `")),
    };
    let Value::String(name) = value else {
        return Err(invalid_type(value, &expected));
    };
    names
        .iter()
        .position(|known| known == name)
        .ok_or_else(|| PathError::new(format!("unknown variant `{name}`, expected {expected}")))
}

/// Whether `key` is the camelCase form of the snake_case `field`.
fn is_camel_case_of(key: &str, field: &str) -> bool {
    let mut key = key.bytes();
    let mut field = field.bytes();
    while let Some(byte) = field.next() {
        let wanted = match byte {
            b'_' => match field.next() {
                Some(next) => next.to_ascii_uppercase(),
                None => return false,
            },
            other => other,
        };
        if key.next() != Some(wanted) {
            return false;
        }
    }
    key.next().is_none()
}

/// The camelCase form of a snake_case field name or dotted path (`align.min_words` ->
/// `align.minWords`), as a JS caller writes it.
pub fn camel_case(field: &str) -> String {
    let mut camel = Vec::with_capacity(field.len());
    let mut upper = false;
    for &byte in field.as_bytes() {
        match byte {
            b'_' => upper = true,
            _ if upper => {
                camel.push(byte.to_ascii_uppercase());
                upper = false;
            }
            _ => camel.push(byte),
        }
    }
    // Only ASCII bytes were changed, to ASCII bytes.
    String::from_utf8(camel).unwrap_or_default()
}

#[cfg(test)]
#[path = "json_path_tests.rs"]
mod tests;
