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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_the_parameter() {
        let e = Error::invalid("n", "must be in 1..=64, got 0");
        assert_eq!(e.to_string(), "invalid `n`: must be in 1..=64, got 0");
    }
}
