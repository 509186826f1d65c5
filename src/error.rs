//! The one error type of the core. Every fallible public function returns `Result<T, Error>`; the
//! binding layer turns it into a JavaScript `Error` whose message is this type's `Display`.

use std::fmt;

/// Everything that can go wrong in plagscope, with a message meant for the person who called it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// A parameter is outside its documented range, e.g. an n-gram size of 0.
    InvalidParameter {
        /// The parameter's Rust name, with the path to it for a nested option
        /// (`align.min_words`); empty until [`Error::within`] names it. The JavaScript binding
        /// shows each part in camelCase.
        name: String,
        /// What was wrong and what is allowed.
        message: String,
    },
    /// A saved index that cannot be read: truncated, corrupted, foreign or from a newer version.
    InvalidIndex(String),
}

impl Error {
    /// Shorthand for [`Error::InvalidParameter`].
    pub fn invalid(name: &str, message: impl Into<String>) -> Self {
        Error::InvalidParameter {
            name: name.to_string(),
            message: message.into(),
        }
    }

    /// An invalid value whose name the caller adds with [`Error::within`].
    pub fn invalid_value(message: impl Into<String>) -> Self {
        Error::invalid("", message)
    }

    /// The same error, for a parameter inside `field`: `min_words` becomes `align.min_words`.
    pub fn within(self, field: &str) -> Self {
        match self {
            Error::InvalidParameter { name, message } => Error::InvalidParameter {
                name: if name.is_empty() {
                    field.to_string()
                } else {
                    format!("{field}.{name}")
                },
                message,
            },
            other => other,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidParameter { name, message } => write!(f, "invalid `{name}`: {message}"),
            Error::InvalidIndex(message) => write!(f, "cannot read the index file: {message}"),
        }
    }
}

impl std::error::Error for Error {}

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
