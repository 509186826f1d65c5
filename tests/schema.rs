//! The API schema (src/schema.rs) against the engine: every declared range is the one validation
//! enforces (both ends accepted, one step past refused with the field named), every declared
//! default is the one an empty options object gets, and unknown names are refused. The
//! TypeScript, the CLI and the page are generated from this schema, so this is what holds them
//! to the engine.

use plagscope::checker::{CheckOptions, CheckerOptions, PairsOptions};
use plagscope::schema::api_schema;
use plagscope::sketch::{MinHashOptions, ShingleOptions, SimHashOptions, WinnowOptions};
use serde::de::DeserializeOwned;
use serde_json::{json, Map, Value};

/// Deserializes and validates `value` as the options type `name`.
fn validate(name: &str, value: Value) -> Result<(), String> {
    fn run<T: DeserializeOwned>(
        value: Value,
        check: fn(&T) -> Result<(), plagscope::Error>,
    ) -> Result<(), String> {
        let options: T = serde_json::from_value(value).map_err(|e| e.to_string())?;
        check(&options).map_err(|e| e.to_string())
    }
    match name {
        "CheckerOptions" => run::<CheckerOptions>(value, CheckerOptions::validate),
        "CheckOptions" => run::<CheckOptions>(value, CheckOptions::validate),
        "PairsOptions" => run::<PairsOptions>(value, PairsOptions::validate),
        "ShingleOptions" => run::<ShingleOptions>(value, ShingleOptions::validate),
        "WinnowOptions" => run::<WinnowOptions>(value, WinnowOptions::validate),
        "MinHashOptions" => run::<MinHashOptions>(value, MinHashOptions::validate),
        "SimHashOptions" => run::<SimHashOptions>(value, SimHashOptions::validate),
        other => panic!("no options type {other}"),
    }
}

/// The default of `name` as JSON, from its `Default`.
fn default_of(name: &str) -> Value {
    match name {
        "CheckerOptions" => serde_json::to_value(CheckerOptions::default()),
        "CheckOptions" => serde_json::to_value(CheckOptions::default()),
        "PairsOptions" => serde_json::to_value(PairsOptions::default()),
        "ShingleOptions" => serde_json::to_value(ShingleOptions::default()),
        "WinnowOptions" => serde_json::to_value(WinnowOptions::default()),
        "MinHashOptions" => serde_json::to_value(MinHashOptions::default()),
        "SimHashOptions" => serde_json::to_value(SimHashOptions::default()),
        other => panic!("no options type {other}"),
    }
    .unwrap()
}

/// Every scalar option reachable from `type_name`: (path of camelCase names, its schema).
fn leaves(schema: &Value, type_name: &str, path: Vec<String>, out: &mut Vec<(Vec<String>, Value)>) {
    let definition = &schema["$defs"][type_name];
    for (name, property) in definition["properties"].as_object().unwrap() {
        let mut here = path.clone();
        here.push(name.clone());
        let target = property["$ref"]
            .as_str()
            .map(|r| r.trim_start_matches("#/$defs/").to_string());
        match target {
            Some(ref inner) if schema["$defs"][inner]["type"] == "object" => {
                leaves(schema, inner, here, out)
            }
            _ => out.push((here, property.clone())),
        }
    }
}

/// `{ a: { b: value } }` for the path `[a, b]`.
fn nested(path: &[String], value: Value) -> Value {
    path.iter().rev().fold(value, |inner, name| {
        Value::Object(Map::from_iter([(name.clone(), inner)]))
    })
}

fn snake(name: &str) -> String {
    name.chars()
        .flat_map(|c| {
            let lower = c.to_ascii_lowercase();
            (c.is_ascii_uppercase())
                .then_some('_')
                .into_iter()
                .chain([lower])
        })
        .collect()
}

#[test]
fn every_declared_range_is_enforced_at_both_ends() {
    let schema = api_schema();
    let mut checked = 0;
    for name in schema["options"].as_array().unwrap() {
        let name = name.as_str().unwrap();
        let mut all = Vec::new();
        leaves(&schema, name, Vec::new(), &mut all);
        for (path, property) in all {
            let (Some(min), Some(max)) =
                (property["minimum"].as_f64(), property["maximum"].as_f64())
            else {
                continue;
            };
            let integer = property["type"] == "integer" || property["type"][0] == "integer";
            let step = if integer { 1.0 } else { 0.01 };
            let at = |value: f64| {
                let mut options = nested(
                    &path,
                    if integer {
                        json!(value as u64)
                    } else {
                        json!(value)
                    },
                );
                // The one rule between fields: the guarantee is at least the shingle length. Its
                // partner is put where it allows every value of the one under test.
                let partner = match path.as_slice() {
                    [one] if one == "shingleWords" => Some(("guaranteeWords", 64)),
                    [one] if one == "guaranteeWords" => Some(("shingleWords", 1)),
                    _ => None,
                };
                let declared = |other: &str| !schema["$defs"][name]["properties"][other].is_null();
                if let Some((other, value)) = partner.filter(|(other, _)| declared(other)) {
                    let value = if name == "CheckerOptions" && other == "shingleWords" {
                        2
                    } else {
                        value
                    };
                    options[other] = json!(value);
                }
                options
            };
            assert_eq!(validate(name, at(max)), Ok(()), "{name} {path:?} = {max}");
            assert_eq!(validate(name, at(min)), Ok(()), "{name} {path:?} = {min}");
            let field = path.iter().map(|p| snake(p)).collect::<Vec<_>>().join(".");
            let over = validate(name, at(max + step)).unwrap_err();
            assert!(
                over.contains(&format!("`{field}`")),
                "{name} {path:?}: {over}"
            );
            if min >= step {
                let under = validate(name, at(min - step)).unwrap_err();
                assert!(
                    under.contains(&format!("`{field}`")),
                    "{name} {path:?}: {under}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} ranged options found");
}

#[test]
fn every_declared_default_is_the_default_and_unknown_names_are_refused() {
    let schema = api_schema();
    for name in schema["options"].as_array().unwrap() {
        let name = name.as_str().unwrap();
        let defaults = default_of(name);
        for (key, property) in schema["$defs"][name]["properties"].as_object().unwrap() {
            assert_eq!(property["default"], defaults[key], "{name}.{key}");
        }
        assert_eq!(validate(name, json!({})), Ok(()));
        let misspelled = validate(name, json!({ "bogusOption": 1 })).unwrap_err();
        assert!(
            misspelled.contains("unknown field `bogusOption`"),
            "{misspelled}"
        );
    }
}

#[test]
fn every_option_and_result_is_documented() {
    let schema = api_schema();
    for (name, definition) in schema["$defs"].as_object().unwrap() {
        assert!(
            definition["description"].is_string(),
            "{name} has no doc comment"
        );
        for (key, property) in definition["properties"].as_object().into_iter().flatten() {
            let documented = property["description"].is_string() || property["$ref"].is_string();
            assert!(documented, "{name}.{key} has no doc comment");
        }
    }
}
