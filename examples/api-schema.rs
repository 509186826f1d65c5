//! Prints the JSON Schema of plagscope's API ([`plagscope::schema::api_schema`]); the build writes
//! it to `pkg/schema.json`, and the TypeScript declarations, the CLI and the page follow it.

fn main() {
    let schema = plagscope::schema::api_schema();
    println!(
        "{}",
        serde_json::to_string_pretty(&schema).expect("a JSON value always serializes")
    );
}
