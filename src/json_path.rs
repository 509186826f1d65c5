//! Deserializing plain JSON data so that an error names the field it is about:
//! ``align.minWords: invalid type: string "ten", expected usize``.
//!
//! [`from_value`] walks a `serde_json::Value` the way serde_json's own deserializer does, and
//! when an error comes back out of a field or an array item it records that step. The path is
//! built only on the way out of an error, so a good value costs nothing extra. (This replaces the
//! `serde_path_to_error` crate, whose wrapping of every visitor call cost the wasm 9 KB gzipped;
//! objects, arrays and optional values are all the option types hold.)

use std::fmt;

use serde::de::{
    self, DeserializeOwned, DeserializeSeed, Deserializer, Expected, IntoDeserializer, MapAccess,
    SeqAccess, Unexpected, Visitor,
};

use crate::error::Number;
use serde_json::{Map, Value};

/// A deserialization error and where it happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathError {
    /// The steps from the outer value to the bad one, outermost first: field names, or `[i]`
    /// for array items. Empty when the outer value itself is wrong.
    steps: Vec<Step>,
    message: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Step {
    Field(String),
    Item(usize),
}

impl PathError {
    /// serde's message, without the path (``unknown field `x`, expected `a` or `b` ``).
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

    /// The error one step further out: the steps are recorded innermost first while an error
    /// travels out, and reversed once in [`from_value`].
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

impl de::Error for PathError {
    fn custom<T: fmt::Display>(message: T) -> Self {
        PathError {
            steps: Vec::new(),
            message: message.to_string(),
        }
    }

    fn invalid_type(unexpected: Unexpected<'_>, expected: &dyn Expected) -> Self {
        de::Error::custom(format_args!(
            "invalid type: {}, expected {expected}",
            Shown(unexpected)
        ))
    }

    fn invalid_value(unexpected: Unexpected<'_>, expected: &dyn Expected) -> Self {
        de::Error::custom(format_args!(
            "invalid value: {}, expected {expected}",
            Shown(unexpected)
        ))
    }
}

/// serde's wording for an unexpected value, with numbers written by [`Number`]: serde's own
/// `Display` would link `f64`'s.
struct Shown<'a>(Unexpected<'a>);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Unexpected::Bool(flag) => write!(f, "boolean `{flag}`"),
            Unexpected::Unsigned(whole) => write!(f, "integer `{whole}`"),
            Unexpected::Signed(whole) => write!(f, "integer `{whole}`"),
            Unexpected::Float(number) => write!(f, "floating point `{}`", Number(number)),
            Unexpected::Char(c) => write!(f, "character `{c}`"),
            Unexpected::Str(text) => write!(f, "string {text:?}"),
            Unexpected::Bytes(_) => f.write_str("byte array"),
            Unexpected::Unit => f.write_str("unit value"),
            Unexpected::Option => f.write_str("Option value"),
            Unexpected::NewtypeStruct => f.write_str("newtype struct"),
            Unexpected::Seq => f.write_str("sequence"),
            Unexpected::Map => f.write_str("map"),
            Unexpected::Enum => f.write_str("enum"),
            Unexpected::UnitVariant => f.write_str("unit variant"),
            Unexpected::NewtypeVariant => f.write_str("newtype variant"),
            Unexpected::TupleVariant => f.write_str("tuple variant"),
            Unexpected::StructVariant => f.write_str("struct variant"),
            Unexpected::Other(other) => f.write_str(other),
        }
    }
}

/// Deserializes `value` into `T`; an error carries the path of the value it is about.
pub fn from_value<T: DeserializeOwned>(value: &Value) -> Result<T, PathError> {
    T::deserialize(Tracked(value)).map_err(|mut error| {
        error.steps.reverse();
        error
    })
}

/// A value being deserialized; containers hand out tracked values for their parts.
struct Tracked<'a>(&'a Value);

impl<'de> Deserializer<'de> for Tracked<'de> {
    type Error = PathError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, PathError> {
        match self.0 {
            Value::Object(fields) => visitor.visit_map(Fields::new(fields)),
            Value::Array(items) => visitor.visit_seq(Items {
                items: items.iter().enumerate(),
            }),
            Value::Null => visitor.visit_unit(),
            Value::Bool(flag) => visitor.visit_bool(*flag),
            Value::Number(number) => match (number.as_u64(), number.as_i64()) {
                (Some(whole), _) => visitor.visit_u64(whole),
                (None, Some(negative)) => visitor.visit_i64(negative),
                _ => visitor.visit_f64(number.as_f64().unwrap_or(f64::NAN)),
            },
            Value::String(text) => visitor.visit_borrowed_str(text),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, PathError> {
        match self.0 {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, PathError> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, PathError> {
        // The option types' enums are plain names.
        match self.0 {
            Value::String(variant) => {
                let variant: de::value::StrDeserializer<'_, PathError> =
                    variant.as_str().into_deserializer();
                variant.deserialize_enum(name, variants, visitor)
            }
            _ => self.deserialize_any(visitor),
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf unit
        unit_struct seq tuple tuple_struct map struct identifier ignored_any
    }
}

/// An object's fields, each value tracked under its name.
struct Fields<'a> {
    fields: serde_json::map::Iter<'a>,
    /// The field whose name was just read, its value next.
    pending: Option<(&'a String, &'a Value)>,
}

impl<'a> Fields<'a> {
    fn new(fields: &'a Map<String, Value>) -> Self {
        Fields {
            fields: fields.iter(),
            pending: None,
        }
    }
}

impl<'de> MapAccess<'de> for Fields<'de> {
    type Error = PathError;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, PathError> {
        let Some((name, value)) = self.fields.next() else {
            return Ok(None);
        };
        self.pending = Some((name, value));
        // An unknown name is refused here: the path then ends with that name.
        let key: de::value::StrDeserializer<'_, PathError> = name.as_str().into_deserializer();
        seed.deserialize(key)
            .map(Some)
            .map_err(|error| error.at(Step::Field(name.clone())))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, PathError> {
        let (name, value) = self
            .pending
            .take()
            .ok_or_else(|| de::Error::custom("a value was asked for before its name"))?;
        seed.deserialize(Tracked(value))
            .map_err(|error| error.at(Step::Field(name.clone())))
    }
}

/// An array's items, each tracked under its index.
struct Items<'a> {
    items: std::iter::Enumerate<std::slice::Iter<'a, Value>>,
}

impl<'de> SeqAccess<'de> for Items<'de> {
    type Error = PathError;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, PathError> {
        let Some((index, item)) = self.items.next() else {
            return Ok(None);
        };
        seed.deserialize(Tracked(item))
            .map(Some)
            .map_err(|error| error.at(Step::Item(index)))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checker::{CheckOptions, CheckerOptions};
    use serde_json::json;

    fn error<T: DeserializeOwned + fmt::Debug>(value: Value) -> (String, String) {
        let error = from_value::<T>(&value).unwrap_err();
        (error.path(), error.message().to_string())
    }

    #[test]
    fn good_values_read_as_serde_json_reads_them() {
        let value = json!({"maxSources": 7, "align": {"minWords": 4}, "excludeQuotes": false,
            "includeSpans": [{"start": 1, "end": 5}]});
        let ours: CheckOptions = from_value(&value).unwrap();
        let theirs: CheckOptions = serde_json::from_value(value).unwrap();
        assert_eq!(ours, theirs);
        assert_eq!(ours.max_sources, 7);
        let defaults: CheckerOptions = from_value(&json!({})).unwrap();
        assert_eq!(defaults, CheckerOptions::default());
    }

    #[test]
    fn a_bad_field_is_named_by_its_path() {
        let (path, message) = error::<CheckOptions>(json!({"align": {"minWords": "ten"}}));
        assert_eq!(path, "align.minWords");
        assert!(
            message.starts_with("invalid type: string \"ten\""),
            "{message}"
        );
        let (path, message) =
            error::<CheckOptions>(json!({"includeSpans": [{"start": 1, "end": 2}, {"start": 1}]}));
        assert_eq!(path, "includeSpans[1]");
        assert_eq!(message, "missing field `end`");
        let (path, message) = error::<CheckerOptions>(json!({"text": {"maxWordChar": 3}}));
        assert_eq!(path, "text.maxWordChar");
        assert!(
            message.starts_with("unknown field `maxWordChar`, expected one of"),
            "{message}"
        );
    }

    #[test]
    fn unexpected_values_are_worded_as_serde_words_them() {
        for value in [
            json!(2.5),
            json!(-4),
            json!(true),
            json!("x"),
            json!([1]),
            json!({"a": 1}),
        ] {
            let ours = from_value::<u8>(&value).unwrap_err();
            let theirs = serde_json::from_value::<u8>(value).unwrap_err();
            assert_eq!(ours.message(), theirs.to_string());
        }
        let ours = from_value::<crate::sketch::minhash::MinHashScheme>(&json!("nine")).unwrap_err();
        let theirs = serde_json::from_value::<crate::sketch::minhash::MinHashScheme>(json!("nine"))
            .unwrap_err();
        assert_eq!(ours.message(), theirs.to_string());
    }

    #[test]
    fn a_bad_outer_value_has_the_root_path() {
        let (path, message) = error::<CheckOptions>(json!("all"));
        assert_eq!(path, ".");
        assert!(
            message.contains("expected struct CheckOptions"),
            "{message}"
        );
        assert_eq!(
            from_value::<Option<u32>>(&json!(null)).unwrap(),
            None,
            "null is an absent optional value"
        );
        assert_eq!(from_value::<Option<u32>>(&json!(3)).unwrap(), Some(3));
    }
}
