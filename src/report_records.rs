//! How every result record (a report, a source, a passage, a method's scores, a listing) is
//! declared: once, like the input records ([`crate::records!`]).
//! [`report_records!`](crate::report_records!) turns one declaration per field into the struct
//! (derived `Serialize` with names in camelCase, and its JSON Schema) and its JSON writer
//! ([`crate::json_out::WriteJson`]), which writes the text `serde_json::to_string` writes from
//! the derived `Serialize`: the same camelCase names, in the same order, with one loop for every
//! struct ([`crate::json_out::Json::record`]) where serde's derived code is a copy per field. A
//! field marked `skip_none` (an `Option`) is left out of both while it is `None` (serde's
//! `skip_serializing_if = "Option::is_none"`).
//!
//! ```
//! plagscope::report_records! {
//!     /// A demo result.
//!     #[derive(Eq)]
//!     pub struct DemoResult {
//!         /// Its source.
//!         pub source_id: String;
//!         /// A note, absent when there is none.
//!         pub note: Option<String>, skip_none;
//!         /// How many.
//!         pub word_count: usize;
//!     }
//! }
//! let mut result = DemoResult { source_id: "a".into(), note: None, word_count: 2 };
//! let json = plagscope::json_out::to_json(&result);
//! assert_eq!(json, r#"{"sourceId":"a","wordCount":2}"#);
//! assert_eq!(json, serde_json::to_string(&result).unwrap());
//! result.note = Some("b".into());
//! let json = plagscope::json_out::to_json(&result);
//! assert_eq!(json, r#"{"sourceId":"a","note":"b","wordCount":2}"#);
//! assert_eq!(json, serde_json::to_string(&result).unwrap());
//! ```

/// Declares a result record; see the [module docs](crate::report_records). Each field is
/// `/// doc` `pub name: Type;` (always written) or `pub name: Option<Type>, skip_none;` (left out
/// while `None`); attributes before the struct (`#[derive(Copy, Eq)]`) are kept.
#[macro_export]
macro_rules! report_records {
    (
        $(#[$struct_meta:meta])*
        pub struct $name:ident {
            $(
                $(#[doc = $doc:literal])*
                pub $field:ident : $ty:ty $(, $skip:ident)? ;
            )*
        }
    ) => {
        $(#[$struct_meta])*
        #[derive(Debug, Clone, PartialEq, ::serde::Serialize, ::schemars::JsonSchema)]
        #[serde(rename_all = "camelCase")]
        pub struct $name {
            $(
                $(#[doc = $doc])*
                // The marker itself goes into an attribute that is never applied, `cfg_attr` on a
                // false condition: only `@value` below reads it, and refuses any but `skip_none`.
                $(#[serde(skip_serializing_if = "Option::is_none")] #[cfg_attr(any(), $skip)])?
                pub $field: $ty,
            )*
        }

        impl $crate::json_out::WriteJson for $name {
            /// The fields under their camelCase names, as the derived `Serialize` writes them.
            fn write_json(&self, json: &mut $crate::json_out::Json) {
                json.record(
                    concat!($(stringify!($field), ","),*),
                    &[$($crate::report_records!(@value &self.$field $(, $skip)?)),*],
                );
            }
        }
    };
    (@value $value:expr) => {
        Some($value as &dyn $crate::json_out::WriteJson)
    };
    (@value $value:expr, skip_none) => {
        Option::as_ref($value).map(|value| value as &dyn $crate::json_out::WriteJson)
    };
}
