//! How every option of plagscope is declared: once, with its doc, default and range.
//!
//! [`options!`](crate::options!) turns one declaration per field into the struct (serde names in
//! camelCase, unknown names refused), its `Default`, its reader from plain JSON data
//! ([`crate::json_path::FromJson`], the same names), its JSON writer ([`crate::json_out`]), its
//! `validate` (ranges, then each field's own rules) and its JSON Schema (doc comment as
//! `description`, the default, `minimum`/`maximum`).
//! Everything else is generated from that schema ([`crate::schema`]): the TypeScript declarations,
//! the CLI's flags and help, the page's option limits and the README's tables. Adding an option is
//! one line in one declaration.
//!
//! ```
//! plagscope::options! {
//!     /// How a demo is run.
//!     #[derive(Eq)]
//!     pub struct DemoOptions {
//!         /// Words per shingle.
//!         pub shingle_words: usize = 5, in 2..=16;
//!         /// Leave quotations out.
//!         pub exclude_quotes: bool = true;
//!     }
//! }
//! let bad = DemoOptions { shingle_words: 1, ..DemoOptions::default() };
//! assert_eq!(
//!     bad.validate().unwrap_err().to_string(),
//!     "invalid `shingle_words`: must be in 2..=16, got 1"
//! );
//! ```

use crate::error::{Error, Number};
use crate::span::Span;

/// Most items in one list of an option (ids or spans the reader left out, metadata terms).
pub const MAX_LIST_ITEMS: usize = 100_000;

/// Declares an option struct; see the [module docs](crate::options). Each field is
/// `/// doc` `pub name: Type = default` with an optional `, in low..=high` range, and an optional
/// `check path;` after the fields names a function for rules between fields.
#[macro_export]
macro_rules! options {
    (
        $(#[$struct_meta:meta])*
        pub struct $name:ident {
            $(
                $(#[doc = $doc:literal])*
                pub $field:ident : $ty:ty = $default:expr $(, in $low:literal ..= $high:literal)? ;
            )*
        }
        $(check $extra:path;)?
    ) => {
        $(#[$struct_meta])*
        #[derive(Debug, Clone, PartialEq, ::serde::Serialize, ::serde::Deserialize, ::schemars::JsonSchema)]
        #[serde(rename_all = "camelCase", default, deny_unknown_fields)]
        pub struct $name {
            $(
                $(#[doc = $doc])*
                $(#[schemars(range(min = $low, max = $high))])?
                pub $field: $ty,
            )*
        }

        impl Default for $name {
            fn default() -> Self {
                $name { $($field: $default,)* }
            }
        }

        impl $name {
            /// Checks every documented range and rule; the error names the field (its Rust name;
            /// the JavaScript binding shows its camelCase name).
            pub fn validate(&self) -> Result<(), $crate::Error> {
                $(
                    $( $crate::options::InRange::check_range(
                        &self.$field, stringify!($field), $low, $high)?; )?
                    $crate::options::Validate::validate(&self.$field)
                        .map_err(|e| e.within(stringify!($field)))?;
                )*
                $( $extra(self)?; )?
                Ok(())
            }
        }

        impl $crate::json_path::FromJson for $name {
            /// Reads the fields given by their camelCase names; the others keep their defaults.
            #[inline(never)] // one copy, whether read as an argument or as another's field
            fn from_json(
                value: &$crate::json_path::Value,
            ) -> Result<Self, $crate::json_path::PathError> {
                let mut read = Self::default();
                $crate::json_path::read_fields(value, &[$(stringify!($field)),*], &mut |index, inner| {
                    let mut field = 0;
                    $(
                        if index == field {
                            return $crate::json_path::read_into(&mut read.$field, inner);
                        }
                        field += 1;
                    )*
                    unreachable!("field {index} of {field}")
                })?;
                Ok(read)
            }
        }

        impl $crate::json_out::WriteJson for $name {
            /// The fields under their camelCase names, as the derived `Serialize` writes them.
            fn write_json(&self, json: &mut $crate::json_out::Json) {
                json.options(
                    &[$(stringify!($field)),*],
                    &[$(&self.$field as &dyn $crate::json_out::WriteJson),*],
                );
            }
        }

        impl $crate::options::Validate for $name {
            fn validate(&self) -> Result<(), $crate::Error> {
                $name::validate(self)
            }
        }

        impl $crate::options::Differ for $name {
            /// The first field, in declaration order, whose value differs, nested fields named by
            /// their path (`text.ignore_case`).
            fn difference(&self, other: &Self) -> Option<$crate::options::Difference> {
                $(
                    if let Some(found) = $crate::options::Differ::difference(&self.$field, &other.$field) {
                        return Some(found.within(stringify!($field)));
                    }
                )*
                None
            }
        }
    };
}

/// A value's own rules, checked by the `validate` of the struct holding it: nothing for plain
/// values, the ranges for nested option structs, length and order for lists and spans.
pub trait Validate {
    /// `Ok` when the value is acceptable.
    fn validate(&self) -> Result<(), Error> {
        Ok(())
    }
}

impl Validate for bool {}
impl Validate for usize {}
impl Validate for f64 {}
impl Validate for String {}
impl<T: Validate> Validate for Option<T> {
    fn validate(&self) -> Result<(), Error> {
        self.as_ref().map_or(Ok(()), Validate::validate)
    }
}

impl<T: Validate> Validate for Vec<T> {
    fn validate(&self) -> Result<(), Error> {
        if self.len() > MAX_LIST_ITEMS {
            return Err(Error::invalid_value(format!(
                "holds {} items; at most {MAX_LIST_ITEMS} are allowed",
                self.len()
            )));
        }
        self.iter().try_for_each(Validate::validate)
    }
}

impl Validate for Span {
    fn validate(&self) -> Result<(), Error> {
        if self.start > self.end {
            return Err(Error::invalid_value(format!(
                "a span starts after it ends ({}..{})",
                self.start, self.end
            )));
        }
        Ok(())
    }
}

/// Where two values of an option differ: the field's Rust path and each value as JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// The field's path (`text.ignore_case`); empty for a plain value until [`Difference::within`].
    pub path: String,
    /// The first value, as JSON (`true`, `5`, `"onePermutation"`).
    pub this: String,
    /// The second value, as JSON.
    pub other: String,
}

impl Difference {
    /// The same difference, for a value inside `field`.
    pub fn within(mut self, field: &str) -> Self {
        self.path = crate::error::path_within(field, &self.path);
        self
    }
}

/// Which option of two sets of options differs, to say so in an error (a saved index built with
/// other options): option structs compare field by field, plain values as a whole.
pub trait Differ: PartialEq + crate::json_out::WriteJson {
    /// `None` when equal, else the first differing field and both values.
    fn difference(&self, other: &Self) -> Option<Difference>
    where
        Self: Sized,
    {
        (self != other).then(|| Difference::of(self, other))
    }
}

impl Difference {
    /// Two differing plain values; one copy for every type (a `dyn` each), as the wasm is small.
    #[inline(never)]
    fn of(this: &dyn crate::json_out::WriteJson, other: &dyn crate::json_out::WriteJson) -> Self {
        Difference {
            path: String::new(),
            this: crate::json_out::to_json(this),
            other: crate::json_out::to_json(other),
        }
    }
}

impl Differ for bool {}
impl Differ for usize {}
impl Differ for f64 {}
impl Differ for String {}
impl<T: PartialEq + crate::json_out::WriteJson> Differ for Option<T> {}
impl<T: PartialEq + crate::json_out::WriteJson> Differ for Vec<T> {}
impl Differ for Span {}

/// A number checked against its declared inclusive range.
pub trait InRange<Bound> {
    /// `Err` naming `field` when the value is outside `low..=high`.
    fn check_range(&self, field: &'static str, low: Bound, high: Bound) -> Result<(), Error>;
}

impl InRange<usize> for usize {
    fn check_range(&self, field: &'static str, low: usize, high: usize) -> Result<(), Error> {
        if (low..=high).contains(self) {
            return Ok(());
        }
        Err(Error::invalid(
            field,
            format!("must be in {low}..={high}, got {self}"),
        ))
    }
}

impl InRange<usize> for Option<usize> {
    fn check_range(&self, field: &'static str, low: usize, high: usize) -> Result<(), Error> {
        match self {
            Some(value) if !(low..=high).contains(value) => Err(Error::invalid(
                field,
                format!("must be in {low}..={high} or absent, got {value}"),
            )),
            _ => Ok(()),
        }
    }
}

impl InRange<f64> for f64 {
    fn check_range(&self, field: &'static str, low: f64, high: f64) -> Result<(), Error> {
        if (low..=high).contains(self) {
            return Ok(());
        }
        Err(Error::invalid(
            field,
            format!(
                "must be in [{}, {}], got {}",
                Number(low),
                Number(high),
                Number(*self)
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::options! {
        /// Test options.
        pub struct Inner {
            /// A share.
            pub share: f64 = 0.5, in 0.0..=1.0;
            /// Spans.
            pub spans: Vec<Span> = Vec::new();
        }
    }

    crate::options! {
        /// Test options holding others.
        pub struct Outer {
            /// Nested.
            pub inner: Inner = Inner::default();
            /// A limit.
            pub max_chars: Option<usize> = None, in 1..=10;
        }
        check ordered;
    }

    fn ordered(options: &Outer) -> Result<(), Error> {
        if options.max_chars == Some(7) {
            return Err(Error::invalid("max_chars", "seven is refused by a rule"));
        }
        Ok(())
    }

    #[test]
    fn errors_name_the_path_of_the_field() {
        let mut outer = Outer::default();
        assert!(outer.validate().is_ok());
        outer.inner.share = 1.5;
        assert_eq!(
            outer.validate().unwrap_err().to_string(),
            "invalid `inner.share`: must be in [0, 1], got 1.5"
        );
        outer.inner.share = 0.5;
        outer.inner.spans = vec![Span { start: 3, end: 2 }];
        assert_eq!(
            outer.validate().unwrap_err().to_string(),
            "invalid `inner.spans`: a span starts after it ends (3..2)"
        );
        outer.inner.spans.clear();
        outer.max_chars = Some(11);
        assert!(outer
            .validate()
            .unwrap_err()
            .to_string()
            .contains("1..=10 or absent"));
        outer.max_chars = Some(7);
        assert!(outer.validate().unwrap_err().to_string().contains("seven"));
    }

    #[test]
    fn a_difference_names_the_first_differing_field_by_its_path() {
        let outer = Outer::default();
        assert_eq!(outer.difference(&outer.clone()), None);
        let mut other = outer.clone();
        other.inner.share = 0.25;
        other.max_chars = Some(3);
        let found = outer.difference(&other).unwrap();
        assert_eq!(
            (
                found.path.as_str(),
                found.this.as_str(),
                found.other.as_str()
            ),
            ("inner.share", "0.5", "0.25")
        );
        other.inner = outer.inner.clone();
        let found = outer.difference(&other).unwrap();
        assert_eq!(
            (found.path, found.this, found.other),
            ("max_chars".into(), "null".into(), "3".into())
        );
    }

    #[test]
    fn unknown_names_are_refused_and_missing_ones_take_the_default() {
        let outer: Outer = serde_json::from_str(r#"{"inner":{"share":0.25}}"#).unwrap();
        assert_eq!(outer.inner.share, 0.25);
        assert_eq!(outer.max_chars, None);
        assert!(serde_json::from_str::<Outer>(r#"{"maxChar":3}"#).is_err());
    }
}
