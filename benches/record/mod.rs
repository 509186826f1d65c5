//! What a bench prints, also written as JSON to the file `BENCH_JSON` names, for
//! `bench/record.mjs` to keep in `bench/results/<bench>.json` (with the command, commit, date and
//! machine) and `scripts/figures.mjs` to render into FIGURES.md. The record is the printed output
//! in order: lines of text (`say!`, `note`) and tables (`table`, then `row`), each cell the text
//! printed. Without `BENCH_JSON`, nothing is written.
#![allow(dead_code, unused_macros)]

use std::sync::Mutex;

use serde_json::{json, Value};

/// The output so far: a line is a string, a table an object.
static OUTPUT: Mutex<Vec<Value>> = Mutex::new(Vec::new());

/// Prints a line and records it (`println!`'s arguments).
macro_rules! say {
    ($($arg:tt)*) => {{
        let line = format!($($arg)*);
        println!("{line}");
        $crate::record::note(&line);
    }};
}
pub(crate) use say;

/// Starts a table: the rows after it are its own.
pub fn table(title: impl Into<String>, columns: &[&str]) {
    let title: String = title.into();
    (OUTPUT.lock().unwrap()).push(json!({ "title": title.trim(), "columns": columns, "rows": [] }));
}

/// A row of the last table.
pub fn row<S: ToString>(cells: &[S]) {
    let cells: Vec<String> = cells
        .iter()
        .map(|c| c.to_string().trim().to_string())
        .collect();
    let mut output = OUTPUT.lock().unwrap();
    let table = output.iter_mut().rev().find(|item| item.is_object());
    let table = table.expect("record::row before record::table");
    table["rows"].as_array_mut().unwrap().push(json!(cells));
}

/// A line of text (blank lines are left out).
pub fn note(text: impl AsRef<str>) {
    let text = text.as_ref().trim();
    if !text.is_empty() {
        OUTPUT.lock().unwrap().push(json!(text));
    }
}

/// Writes the record to `BENCH_JSON`, when set.
pub fn write() {
    let Ok(path) = std::env::var("BENCH_JSON") else {
        return;
    };
    let record = json!({ "output": *OUTPUT.lock().unwrap() });
    std::fs::write(&path, serde_json::to_string_pretty(&record).unwrap() + "\n")
        .unwrap_or_else(|e| panic!("BENCH_JSON {path}: {e}"));
}
