//! The one error type of the core. Every fallible public function returns `Result<T, Error>`: a
//! stable [`ErrorCode`] that callers match on, the path of the parameter it is about, and a
//! message meant for the person who called it. The bindings hand all three over (a JavaScript
//! `Error` with `code` and `path`); the wording may change, the codes do not.

use std::fmt;

use schemars::JsonSchema;
use serde::Serialize;

/// What went wrong, as a stable code. Callers choose their behaviour (and their own wording) by
/// code, never by the message. The README lists them; the TypeScript `ErrorCode` is generated
/// from this declaration.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, JsonSchema)]
pub enum ErrorCode {
    /// An option or parameter outside its documented range, of the wrong type, unknown, or at
    /// odds with another option.
    #[serde(rename = "PLAGSCOPE_INVALID_OPTION")]
    InvalidOption,
    /// A document or argument that cannot be used as given: a reference id that is empty or too
    /// long, a text that is not a string, a pair of one reference with itself, a signature of the
    /// wrong length.
    #[serde(rename = "PLAGSCOPE_INVALID_INPUT")]
    InvalidInput,
    /// A text over the size a check accepts (`size` and `limit` say by how much, in bytes;
    /// `normalized`, whether the size is that of the text as prepared for matching).
    #[serde(rename = "PLAGSCOPE_TEXT_TOO_LONG")]
    TextTooLong,
    /// A reference whose id is already in the set.
    #[serde(rename = "PLAGSCOPE_DUPLICATE_ID")]
    DuplicateId,
    /// An id that names no reference in the set.
    #[serde(rename = "PLAGSCOPE_UNKNOWN_REFERENCE")]
    UnknownReference,
    /// The reference set is full: adding this text would take it past its limit (`size`, the text
    /// the set would hold, and `limit`, in bytes).
    #[serde(rename = "PLAGSCOPE_SET_FULL")]
    SetFull,
    /// A saved index that cannot be read: truncated, damaged, foreign, or from another version.
    #[serde(rename = "PLAGSCOPE_INVALID_INDEX")]
    InvalidIndex,
    /// Two indexes built with different options, which cannot be merged (`path` names the option).
    #[serde(rename = "PLAGSCOPE_INDEX_MISMATCH")]
    IndexMismatch,
    /// A progress callback threw, which stops the work it was told about.
    #[serde(rename = "PLAGSCOPE_STOPPED")]
    Stopped,
    /// A sentence-model file that cannot be read: truncated, damaged, foreign, or of another
    /// format version (produced by the `plagscope-model` crate, which loads it).
    #[serde(rename = "PLAGSCOPE_INVALID_MODEL")]
    InvalidModel,
    /// A call on a `Checker` made while another call on it is running (from its progress
    /// callback or an option's getter); make it once that call has returned.
    #[serde(rename = "PLAGSCOPE_BUSY")]
    Busy,
}

impl ErrorCode {
    /// Every code, in declaration order (the README's table and the TypeScript are held to it).
    pub const ALL: [ErrorCode; 11] = [
        ErrorCode::InvalidOption,
        ErrorCode::InvalidInput,
        ErrorCode::TextTooLong,
        ErrorCode::DuplicateId,
        ErrorCode::UnknownReference,
        ErrorCode::SetFull,
        ErrorCode::InvalidIndex,
        ErrorCode::IndexMismatch,
        ErrorCode::Stopped,
        ErrorCode::InvalidModel,
        ErrorCode::Busy,
    ];

    /// The code as callers see it: `"PLAGSCOPE_INVALID_OPTION"`.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::InvalidOption => "PLAGSCOPE_INVALID_OPTION",
            ErrorCode::InvalidInput => "PLAGSCOPE_INVALID_INPUT",
            ErrorCode::TextTooLong => "PLAGSCOPE_TEXT_TOO_LONG",
            ErrorCode::DuplicateId => "PLAGSCOPE_DUPLICATE_ID",
            ErrorCode::UnknownReference => "PLAGSCOPE_UNKNOWN_REFERENCE",
            ErrorCode::SetFull => "PLAGSCOPE_SET_FULL",
            ErrorCode::InvalidIndex => "PLAGSCOPE_INVALID_INDEX",
            ErrorCode::IndexMismatch => "PLAGSCOPE_INDEX_MISMATCH",
            ErrorCode::Stopped => "PLAGSCOPE_STOPPED",
            ErrorCode::InvalidModel => "PLAGSCOPE_INVALID_MODEL",
            ErrorCode::Busy => "PLAGSCOPE_BUSY",
        }
    }
}

/// Everything that can go wrong in plagscope, with a message meant for the person who called it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    code: ErrorCode,
    path: String,
    message: String,
    sizes: Option<Sizes>,
}

/// A refused size and the limit it is over, in bytes, for [`ErrorCode::TextTooLong`] and
/// [`ErrorCode::SetFull`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sizes {
    /// The size of what was refused.
    pub size: usize,
    /// The most that is accepted.
    pub limit: usize,
    /// Whether `size` is that of the text as prepared for matching (some characters, such as
    /// U+FDFA, become many), not as given.
    pub normalized: bool,
}

impl Error {
    /// An error of `code` about the parameter `path` (its Rust name, with the path to it for a
    /// nested option: `align.min_words`; empty if it is about no one parameter).
    pub fn new(code: ErrorCode, path: &str, message: impl Into<String>) -> Self {
        Error {
            code,
            path: path.to_string(),
            message: message.into(),
            sizes: None,
        }
    }

    /// An option or parameter out of its range: [`ErrorCode::InvalidOption`].
    pub fn invalid(path: &str, message: impl Into<String>) -> Self {
        Error::new(ErrorCode::InvalidOption, path, message)
    }

    /// An invalid option value whose name the caller adds with [`Error::within`].
    pub fn invalid_value(message: impl Into<String>) -> Self {
        Error::invalid("", message)
    }

    /// A document or argument that cannot be used: [`ErrorCode::InvalidInput`].
    pub fn input(path: &str, message: impl Into<String>) -> Self {
        Error::new(ErrorCode::InvalidInput, path, message)
    }

    /// A saved index that cannot be read: [`ErrorCode::InvalidIndex`].
    pub fn invalid_index(message: impl Into<String>) -> Self {
        Error::new(ErrorCode::InvalidIndex, "", message)
    }

    /// A sentence-model file that cannot be read: [`ErrorCode::InvalidModel`].
    pub fn invalid_model(message: impl Into<String>) -> Self {
        Error::new(ErrorCode::InvalidModel, "", message)
    }

    /// The same error, saying the size refused and the limit (in bytes), and whether the size is
    /// that of the text as prepared for matching.
    pub fn with_sizes(mut self, size: usize, limit: usize, normalized: bool) -> Self {
        self.sizes = Some(Sizes {
            size,
            limit,
            normalized,
        });
        self
    }

    /// The same error, for a parameter inside `field`: `min_words` becomes `align.min_words`.
    pub fn within(mut self, field: &str) -> Self {
        self.path = path_within(field, &self.path);
        self
    }

    /// The same error, its message saying first what it is about (`document "a7": `).
    pub fn about(mut self, subject: &str) -> Self {
        self.message = format!("{subject}: {}", self.message);
        self
    }

    /// The same error with another code (a record read as an option is an input).
    pub fn with_code(mut self, code: ErrorCode) -> Self {
        self.code = code;
        self
    }

    /// What kind of error this is.
    pub fn code(&self) -> ErrorCode {
        self.code
    }

    /// The parameter it is about, by its Rust path (`align.min_words`); empty for none.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// What was wrong and what is allowed, without the parameter's name.
    pub fn reason(&self) -> &str {
        &self.message
    }

    /// The size refused and the limit, for a text that is too long.
    pub fn sizes(&self) -> Option<Sizes> {
        self.sizes
    }

    /// The whole message with the parameter named as `name` shows it: the core writes Rust
    /// paths, the JavaScript binding camelCase ones.
    pub fn message_naming(&self, name: &str) -> String {
        match self.code {
            ErrorCode::InvalidIndex => format!("cannot read the index file: {}", self.message),
            ErrorCode::InvalidModel => format!("cannot read the model file: {}", self.message),
            _ if name.is_empty() => self.message.clone(),
            _ => format!("invalid `{name}`: {}", self.message),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message_naming(&self.path))
    }
}

impl std::error::Error for Error {}

/// `path` (of a value inside `field`) as seen from outside it: `field.path`, or `field` alone.
pub(crate) fn path_within(field: &str, path: &str) -> String {
    if path.is_empty() {
        field.to_string()
    } else {
        format!("{field}.{path}")
    }
}

/// A number as error messages write it: whole numbers without a fraction (`1`, not `1.0`), others
/// in their shortest exact form (`0.35`). It uses the float formatter serde_json links anyway;
/// `f64`'s own `Display` would add 19 KB to the wasm.
#[derive(Debug, Clone, Copy)]
pub struct Number(pub f64);

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const EXACT: f64 = 9_007_199_254_740_992.0; // 2^53: every whole number below is exact
        let x = self.0;
        if x.is_nan() {
            f.write_str("NaN")
        } else if x.is_infinite() {
            f.write_str(if x > 0.0 { "inf" } else { "-inf" })
        } else if x.fract() == 0.0 && x.abs() < EXACT {
            write!(f, "{}", x as i64)
        } else {
            f.write_str(zmij::Buffer::new().format_finite(x))
        }
    }
}

/// `bytes` in MiB with one decimal, as `format!("{:.1}", bytes as f64 / 1048576.0)` writes it
/// (ties to even), in integer arithmetic: messages then do not link the float formatting code
/// with a precision, 7 KB of wasm.
pub(crate) fn megabytes(bytes: usize) -> String {
    const MIB_BITS: u32 = 20;
    let scaled = bytes as u128 * 10;
    let mut tenths = scaled >> MIB_BITS;
    let remainder = scaled & ((1 << MIB_BITS) - 1);
    let half = 1 << (MIB_BITS - 1);
    if remainder > half || (remainder == half && tenths % 2 == 1) {
        tenths += 1;
    }
    // Below 2^64 (a usize times 10, over 2^20): written as a u64, whose formatting the crate
    // links anyway, where u128's would add its own (1.3 KB of wasm).
    let tenths = tenths as u64;
    format!("{}.{}", tenths / 10, tenths % 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_the_parameter() {
        let e = Error::invalid("n", "must be in 1..=64, got 0");
        assert_eq!(e.to_string(), "invalid `n`: must be in 1..=64, got 0");
        assert_eq!(e.code(), ErrorCode::InvalidOption);
        assert_eq!(e.within("align").path(), "align.n");
    }

    #[test]
    fn each_code_is_written_as_its_serde_name() {
        for code in ErrorCode::ALL {
            assert_eq!(serde_json::to_value(code).unwrap(), code.as_str());
        }
    }

    #[test]
    fn numbers_read_back_to_themselves_and_whole_ones_have_no_fraction() {
        for (x, written) in [
            (1.0, "1"),
            (-3.0, "-3"),
            (0.35, "0.35"),
            (1.5, "1.5"),
            (0.0, "0"),
            (f64::NAN, "NaN"),
            (f64::INFINITY, "inf"),
            (f64::NEG_INFINITY, "-inf"),
        ] {
            assert_eq!(Number(x).to_string(), written);
        }
        for x in [1e-7, 123456.789, 2.5e300, 9_007_199_254_740_993.0, -0.1] {
            assert_eq!(Number(x).to_string().parse::<f64>().unwrap(), x);
        }
    }

    #[test]
    fn megabytes_are_written_as_float_formatting_writes_them() {
        let mut bytes: Vec<usize> = (0..200_000).map(|i| i * 5_243).collect();
        // Exact ties (0.25 MiB, 0.75 MiB, ...) and the values around them.
        for tie in (1..400).map(|k| k * (1 << 18)) {
            bytes.extend([tie - 1, tie, tie + 1]);
        }
        bytes.extend([usize::MAX, usize::MAX / 3, 64 << 20, (64 << 20) + 1]);
        for b in bytes {
            assert_eq!(
                megabytes(b),
                format!("{:.1}", b as f64 / 1_048_576.0),
                "{b}"
            );
        }
    }
}
