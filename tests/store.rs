//! Saved indexes across versions: golden files written by earlier builds still load and give the
//! same references and the same report.
//!
//! `tests/data/golden/index-v<N>.idx` is a small reference set (English, Chinese, metadata, a base
//! document, default options) saved in format N, and `report-v<N>.json` the report of
//! [`GOLDEN_PAPER`] against it when it was written. To add the file of the current format (after a
//! format change, keeping the older ones checked in):
//!
//! ```text
//! cargo test --test store -- --ignored write_golden_files
//! ```
#![cfg(not(target_arch = "wasm32"))]

use std::path::PathBuf;

use plagscope::checker::{CheckOptions, Checker, CheckerOptions, Reference};
use plagscope::methods::combined::Metadata;
use plagscope::store::{export_index, import_index, FORMAT_VERSION};

/// Every format version whose golden files are checked in.
const GOLDEN_VERSIONS: [u32; 4] = [2, 3, 4, 5];

/// The paper checked against every golden index: copies from the English and the Chinese
/// references, and the base document's boilerplate (which must not be reported).
const GOLDEN_PAPER: &str = "Submitted in partial fulfilment of the requirements of the course. \
    It is well known that glaciers carve deep valleys over thousands of years as the ice grinds \
    the rock beneath it and carries the debris down to the plains. \
    自然人的个人信息受法律保护，任何组织、个人不得侵害自然人的个人信息权益。 \
    Our own conclusion is different and rests on new measurements.";

fn golden_references() -> Vec<Reference> {
    vec![
        Reference {
            title: "Glaciers".into(),
            meta: Metadata {
                keywords: vec!["glaciers".into(), "erosion".into()],
                tags: vec!["geology".into()],
                references: vec!["doi:10.1000/ice".into()],
            },
            ..Reference::new(
                "glaciers",
                "Glaciers carve deep valleys over thousands of years as the ice grinds the rock \
                 beneath it and carries the debris down to the plains, where it settles as till.",
            )
        },
        Reference::new(
            "rivers",
            "Rivers carry sediment to the sea, building deltas where the current slows and the \
             finer grains settle out in wide fans of silt and clay.",
        ),
        Reference {
            title: "个人信息保护法".into(),
            ..Reference::new(
                "zh",
                "中华人民共和国个人信息保护法规定，自然人的个人信息受法律保护，任何组织、个人不得侵害自然人的个人信息权益。",
            )
        },
        Reference {
            base: true,
            ..Reference::new(
                "template",
                "Submitted in partial fulfilment of the requirements of the course.",
            )
        },
    ]
}

fn golden_checker() -> Checker {
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    for reference in golden_references() {
        checker.add_reference(reference).unwrap();
    }
    checker
}

fn golden_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/golden")
        .join(name)
}

fn report_json(checker: &Checker) -> serde_json::Value {
    let report = checker
        .check(GOLDEN_PAPER, &CheckOptions::default())
        .unwrap();
    serde_json::to_value(report).unwrap()
}

/// Writes the golden files of the current format version. Run once per format version (see the
/// module docs); the files of earlier versions are never rewritten.
#[test]
#[ignore = "writes tests/data/golden; run by hand after a format change"]
fn write_golden_files() {
    let checker = golden_checker();
    std::fs::create_dir_all(golden_path("")).unwrap();
    let index = golden_path(&format!("index-v{FORMAT_VERSION}.idx"));
    std::fs::write(&index, export_index(&checker).unwrap()).unwrap();
    let report = serde_json::to_string_pretty(&report_json(&checker)).unwrap();
    std::fs::write(
        golden_path(&format!("report-v{FORMAT_VERSION}.json")),
        report + "\n",
    )
    .unwrap();
    println!("wrote {}", index.display());
}

/// Whether two JSON values are equal, numbers within 1e-12 (scores are computed with `ln` and
/// `exp`, whose last bit may differ between platforms).
fn same_json(a: &serde_json::Value, b: &serde_json::Value) -> bool {
    use serde_json::Value;
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            (x.as_f64().unwrap() - y.as_f64().unwrap()).abs() <= 1e-12
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same_json(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(key, x)| y.get(key).is_some_and(|y| same_json(x, y)))
        }
        _ => a == b,
    }
}

#[test]
fn a_version_no_longer_read_is_refused_with_what_to_do() {
    // Format 1 was written only by builds before 2026-11-23; its reader was dropped to make room
    // for compressing the texts.
    let bytes = std::fs::read(golden_path("index-v1.idx")).unwrap();
    assert_eq!(
        import_index(&bytes).unwrap_err().to_string(),
        "cannot read the index file: this index was saved by an older plagscope (format 1); open \
         it in that version or add the references again"
    );
}

#[test]
fn the_current_format_has_a_golden_file() {
    assert!(GOLDEN_VERSIONS.contains(&FORMAT_VERSION));
    assert!(golden_path(&format!("index-v{FORMAT_VERSION}.idx")).exists());
}

#[test]
fn every_golden_index_loads_with_the_same_references_and_report() {
    let fresh = golden_checker();
    for version in GOLDEN_VERSIONS {
        let bytes = std::fs::read(golden_path(&format!("index-v{version}.idx"))).unwrap();
        assert_eq!(bytes[16..20], version.to_le_bytes(), "index-v{version}");
        let loaded = import_index(&bytes).unwrap();
        assert_eq!(loaded.references(), fresh.references(), "index-v{version}");
        for reference in golden_references() {
            assert_eq!(loaded.reference(&reference.id).unwrap(), Some(reference));
        }
        assert_eq!(loaded.options(), fresh.options());
        let expected: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(golden_path(&format!("report-v{version}.json"))).unwrap(),
        )
        .unwrap();
        let report = report_json(&loaded);
        assert!(
            same_json(&report, &expected),
            "index-v{version}: {report:#}"
        );
        assert!(same_json(&report, &report_json(&fresh)), "index-v{version}");
        // Saved again, it is in today's format and loads the same.
        let saved = export_index(&loaded).unwrap();
        assert_eq!(saved, export_index(&fresh).unwrap(), "index-v{version}");
    }
}

#[test]
fn the_golden_report_finds_the_copies_and_not_the_template() {
    let report = report_json(&golden_checker());
    let ids: Vec<&str> = report["sources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|source| source["id"].as_str().unwrap())
        .collect();
    assert!(ids.contains(&"glaciers") && ids.contains(&"zh"), "{ids:?}");
    assert!(!ids.contains(&"template"), "{ids:?}");
}
