//! Results written as JSON for the wasm bindings, which hand the JS engine one JSON string to parse
//! (see `bindings/wasm/src/lib.rs`). The text is exactly what `serde_json::to_string` writes from the
//! derived `Serialize` impls (tests hold every written type to it), but with far less code:
//! serde's derived code makes a copy of serde_json's field writer, key escaping included, for
//! every field type of every struct, where here each struct is a list of its fields' names and
//! values, written by one loop for every struct ([`Json::options`] for [`crate::options!`],
//! [`Json::record`] for [`crate::report_records!`]), and each value type is written by one
//! function ([`Json::field`] takes a `dyn`).
//!
//! Strings are escaped as serde_json escapes them (`"`, `\`, and control characters as `\b`, `\t`,
//! `\n`, `\f`, `\r` or `\u00xx`), floats are written by the same `zmij` formatter serde_json uses
//! (`null` for NaN and infinities), integers in decimal.

use std::collections::BTreeMap;

use crate::span::Span;

/// A value that writes itself as JSON.
pub trait WriteJson {
    /// Appends this value's JSON to `json`.
    fn write_json(&self, json: &mut Json);
}

/// `value` as JSON, as `serde_json::to_string` writes it.
pub fn to_json(value: &(impl WriteJson + ?Sized)) -> String {
    let mut json = Json {
        bytes: Vec::with_capacity(1024),
        first: true,
    };
    value.write_json(&mut json);
    // Only whole strings, ASCII punctuation and ASCII keys went in.
    String::from_utf8(json.bytes).expect("JSON written from strings is UTF-8")
}

/// The JSON text being written, and whether the next value of an object or array is its first.
pub struct Json {
    bytes: Vec<u8>,
    first: bool,
}

impl Json {
    /// `{`: an object's fields follow, then [`Json::end`].
    pub fn begin(&mut self) {
        self.bytes.push(b'{');
        self.first = true;
    }

    /// `}`, the end of the object [`Json::begin`] began.
    pub fn end(&mut self) {
        self.bytes.push(b'}');
        self.first = false;
    }

    /// `"key":value`, after a comma unless it is the object's first field; `key` is a plain name
    /// with nothing to escape.
    pub fn field(&mut self, key: &str, value: &dyn WriteJson) {
        self.separate();
        self.bytes.push(b'"');
        self.bytes.extend_from_slice(key.as_bytes());
        self.bytes.extend_from_slice(b"\":");
        value.write_json(self);
    }

    /// An options struct (see [`crate::options!`]): each field under the camelCase form of its
    /// Rust name (serde's `rename_all = "camelCase"`), one loop for every struct.
    pub fn options(&mut self, names: &[&str], values: &[&dyn WriteJson]) {
        self.begin();
        for (name, value) in names.iter().zip(values) {
            self.field(&crate::json_path::camel_case(name), *value);
        }
        self.end();
    }

    /// A result record (see [`crate::report_records!`]): like [`Json::options`], but with the
    /// Rust names in one string, each followed by a comma, and a field whose value is `None` left
    /// out (serde's `skip_serializing_if`).
    pub fn record(&mut self, names: &str, values: &[Option<&dyn WriteJson>]) {
        self.begin();
        for (name, value) in names.split_terminator(',').zip(values) {
            if let Some(value) = value {
                self.field(&crate::json_path::camel_case(name), *value);
            }
        }
        self.end();
    }

    /// The comma before every value of an object or array but its first.
    fn separate(&mut self) {
        if !self.first {
            self.bytes.push(b',');
        }
        self.first = false;
    }

    fn raw(&mut self, text: &str) {
        self.bytes.extend_from_slice(text.as_bytes());
    }

    fn unsigned(&mut self, mut value: u64) {
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        loop {
            at -= 1;
            digits[at] = b'0' + (value % 10) as u8;
            value /= 10;
            if value == 0 {
                break;
            }
        }
        self.bytes.extend_from_slice(&digits[at..]);
    }

    /// Writes `text` as a JSON string, escaped.
    pub(crate) fn string(&mut self, text: &str) {
        self.bytes.push(b'"');
        for &byte in text.as_bytes() {
            let escaped: &[u8] = match byte {
                b'"' => b"\\\"",
                b'\\' => b"\\\\",
                0x08 => b"\\b",
                b'\t' => b"\\t",
                b'\n' => b"\\n",
                0x0C => b"\\f",
                b'\r' => b"\\r",
                0..=0x1F => {
                    const HEX: &[u8; 16] = b"0123456789abcdef";
                    let (high, low) = (HEX[usize::from(byte >> 4)], HEX[usize::from(byte & 0xF)]);
                    self.bytes
                        .extend_from_slice(&[b'\\', b'u', b'0', b'0', high, low]);
                    continue;
                }
                _ => {
                    self.bytes.push(byte);
                    continue;
                }
            };
            self.bytes.extend_from_slice(escaped);
        }
        self.bytes.push(b'"');
    }
}

impl WriteJson for usize {
    fn write_json(&self, json: &mut Json) {
        json.unsigned(*self as u64);
    }
}

impl WriteJson for u32 {
    fn write_json(&self, json: &mut Json) {
        json.unsigned(u64::from(*self));
    }
}

impl WriteJson for bool {
    fn write_json(&self, json: &mut Json) {
        json.raw(if *self { "true" } else { "false" });
    }
}

impl WriteJson for f64 {
    fn write_json(&self, json: &mut Json) {
        if self.is_finite() {
            json.raw(zmij::Buffer::new().format_finite(*self));
        } else {
            json.raw("null");
        }
    }
}

impl WriteJson for str {
    fn write_json(&self, json: &mut Json) {
        json.string(self);
    }
}

impl WriteJson for String {
    fn write_json(&self, json: &mut Json) {
        json.string(self);
    }
}

impl<T: WriteJson + ?Sized> WriteJson for &T {
    fn write_json(&self, json: &mut Json) {
        (**self).write_json(json);
    }
}

impl<T: WriteJson> WriteJson for Option<T> {
    fn write_json(&self, json: &mut Json) {
        match self {
            Some(value) => value.write_json(json),
            None => json.raw("null"),
        }
    }
}

impl<T: WriteJson> WriteJson for [T] {
    fn write_json(&self, json: &mut Json) {
        json.bytes.push(b'[');
        json.first = true;
        for item in self {
            json.separate();
            item.write_json(json);
        }
        json.bytes.push(b']');
        json.first = false;
    }
}

impl<T: WriteJson> WriteJson for Vec<T> {
    fn write_json(&self, json: &mut Json) {
        self.as_slice().write_json(json);
    }
}

impl WriteJson for BTreeMap<String, usize> {
    fn write_json(&self, json: &mut Json) {
        json.begin();
        for (key, value) in self {
            json.separate();
            json.string(key);
            json.raw(":");
            value.write_json(json);
        }
        json.end();
    }
}

impl WriteJson for Span {
    fn write_json(&self, json: &mut Json) {
        json.begin();
        json.field("start", &self.start);
        json.field("end", &self.end);
        json.end();
    }
}

#[cfg(test)]
#[path = "json_out_tests.rs"]
mod tests;
