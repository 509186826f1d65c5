//! The JSON Schema of every type that crosses the API: the options (declared once with
//! [`crate::options!`]: doc, default, range) and the results. The build writes it to
//! `pkg/schema.json` (`cargo run --example api-schema`); the TypeScript declarations, the CLI's
//! flags and help, the page's option limits and the README's tables are generated from it or
//! tested against it.
//!
//! Names are the JavaScript ones (camelCase), since the schema describes what crosses the
//! boundary.

use schemars::{generate::SchemaSettings, SchemaGenerator};
use serde_json::{json, Map, Value};

use crate::checker::{
    CandidatesReport, CheckOptions, CheckerOptions, Defaults, MergeOutcome, PairReport,
    PairsOptions, Paper, Reference, ReferenceInfo, Report,
};
use crate::sketch::{HashedShingle, MinHashOptions, ShingleOptions, SimHashOptions, WinnowOptions};
use crate::store::archive::query::ArchiveQueryOptions;
use crate::text::{AnalysisReport, TextOptions};
use crate::{ErrorCode, SharedNgrams};

/// The options a caller passes, by the name of their type.
pub const OPTION_TYPES: [&str; 7] = [
    "CheckerOptions",
    "CheckOptions",
    "PairsOptions",
    "ShingleOptions",
    "WinnowOptions",
    "MinHashOptions",
    "SimHashOptions",
];

/// The schema document: `{ $schema, title, version, options: [type names], $defs: { Name: schema } }`.
pub fn api_schema() -> Value {
    let mut generator = SchemaGenerator::new(SchemaSettings::draft2020_12());
    // Options a caller passes.
    generator.subschema_for::<CheckerOptions>();
    generator.subschema_for::<CheckOptions>();
    generator.subschema_for::<PairsOptions>();
    generator.subschema_for::<ArchiveQueryOptions>();
    generator.subschema_for::<TextOptions>();
    generator.subschema_for::<ShingleOptions>();
    generator.subschema_for::<WinnowOptions>();
    generator.subschema_for::<MinHashOptions>();
    generator.subschema_for::<SimHashOptions>();
    // Inputs.
    generator.subschema_for::<Paper>();
    generator.subschema_for::<Reference>();
    // What comes back.
    generator.subschema_for::<Defaults>();
    generator.subschema_for::<ReferenceInfo>();
    generator.subschema_for::<Report>();
    generator.subschema_for::<CandidatesReport>();
    generator.subschema_for::<PairReport>();
    generator.subschema_for::<MergeOutcome>();
    generator.subschema_for::<SharedNgrams>();
    generator.subschema_for::<AnalysisReport<'static>>();
    generator.subschema_for::<HashedShingle>();
    // What a failed call says, beside its message.
    generator.subschema_for::<ErrorCode>();
    let definitions: Map<String, Value> = generator.take_definitions(true);
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "plagscope",
        "version": crate::VERSION,
        "options": OPTION_TYPES,
        "$defs": definitions,
    })
}

/// The schema of one type, by its name in `$defs`.
pub fn definition<'a>(schema: &'a Value, name: &str) -> Option<&'a Value> {
    schema.get("$defs")?.get(name)
}
