//! How every input record (a reference, a paper) is declared: once, like the options
//! ([`crate::options!`]). [`records!`](crate::records!) turns one declaration per field into the
//! struct (serde names in camelCase, unknown names refused), its reader from plain JSON data
//! ([`crate::json_path::FromJson`]: a missing required field or a wrong type is an error that
//! names its path) and its JSON Schema, from which the TypeScript is generated. A field is
//! required unless it is marked `default`, which gives it its type's default.
//!
//! ```
//! plagscope::records! {
//!     /// A demo record.
//!     pub struct Demo {
//!         /// Its name.
//!         pub name: String;
//!         /// How many.
//!         pub count: usize, default;
//!     }
//! }
//! use plagscope::json_path::{from_value, Value};
//! let read: Demo = from_value(&serde_json::json!({ "name": "a" })).unwrap();
//! assert_eq!((read.name.as_str(), read.count), ("a", 0));
//! let missing = from_value::<Demo>(&serde_json::json!({ "count": 2 })).unwrap_err();
//! assert_eq!(missing.to_string(), ".: missing field `name`");
//! ```

/// Declares an input record; see the [module docs](crate::records). Each field is `/// doc`
/// `pub name: Type;` (required) or `pub name: Type, default;` (optional, its type's default).
#[macro_export]
macro_rules! records {
    (
        $(#[$struct_meta:meta])*
        pub struct $name:ident {
            $(
                $(#[doc = $doc:literal])*
                pub $field:ident : $ty:ty $(, $default:ident)? ;
            )*
        }
    ) => {
        $(#[$struct_meta])*
        #[derive(Debug, Clone, PartialEq, ::serde::Serialize, ::serde::Deserialize, ::schemars::JsonSchema)]
        #[serde(rename_all = "camelCase", deny_unknown_fields)]
        pub struct $name {
            $(
                $(#[doc = $doc])*
                $(#[serde($default)])?
                pub $field: $ty,
            )*
        }

        impl $crate::json_path::FromJson for $name {
            /// Reads the fields by their camelCase names; a required one missing is an error.
            fn from_json(
                value: &$crate::json_path::Value,
            ) -> Result<Self, $crate::json_path::PathError> {
                $( let mut $field: Option<$ty> = None; )*
                $crate::json_path::read_fields(value, &[$(stringify!($field)),*], &mut |index, inner| {
                    let mut at = 0;
                    $(
                        if index == at {
                            $field = Some($crate::json_path::FromJson::from_json(inner)?);
                            return Ok(());
                        }
                        at += 1;
                    )*
                    unreachable!("field {index} of {at}")
                })?;
                Ok($name { $( $field: $crate::records!(@value $field $($default)?), )* })
            }
        }
    };
    (@value $field:ident) => {
        $field.ok_or_else(|| {
            $crate::json_path::missing_field(&$crate::json_path::camel_case(stringify!($field)))
        })?
    };
    (@value $field:ident default) => {
        $field.unwrap_or_default()
    };
}
