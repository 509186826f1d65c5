//! The manifest's rules: batch numbering and names, removed ids, each batch's partition bits.

use super::*;
use crate::store::archive::build::{add_batch, finish_batch};
use crate::store::archive::directory::FileCheck;

fn entry(name: &str, first: u32, documents: u32) -> BatchEntry {
    let partitions = [FileCheck::default(); 16];
    finish_batch(name, (first, documents, 10, 5), (&partitions, &[]), &[]).entry
}

#[test]
fn batch_entries_continue_the_numbering_under_new_plain_names() {
    let layout = Layout::for_size(100, 500);
    let mut manifest = Manifest::new(CheckerOptions::default(), layout).unwrap();
    manifest.add_batch_entry(entry("b0000", 0, 7)).unwrap();
    manifest.add_batch_entry(entry("b0001", 7, 3)).unwrap();
    assert_eq!(manifest.documents(), 10);
    let gap = manifest.add_batch_entry(entry("b0002", 11, 1)).unwrap_err();
    assert!(gap.to_string().contains("next is 10"), "{gap}");
    let twice = manifest.add_batch_entry(entry("b0001", 10, 1)).unwrap_err();
    assert!(twice.to_string().contains("already"), "{twice}");
    let path = manifest.add_batch_entry(entry("../x", 10, 1)).unwrap_err();
    assert!(path.to_string().contains("plain folder name"), "{path}");
    let mut bad = entry("b0002", 10, 1);
    bad.groups.xxh3 = "xyz".into();
    assert!(manifest.add_batch_entry(bad).is_err());
    assert_eq!(manifest.batches.len(), 2, "a refused entry is not added");
    assert!(Manifest::parse(&manifest.to_json()).is_ok());
}

#[test]
fn removed_ids_are_listed_once() {
    let mut manifest = Manifest::new(CheckerOptions::default(), Layout::for_size(1, 1)).unwrap();
    for (n, name) in ["b0", "b1", "b2"].into_iter().enumerate() {
        manifest.add_batch_entry(entry(name, n as u32, 1)).unwrap();
    }
    manifest.remove_ids(["a", "b", "a"]).unwrap();
    manifest.remove_ids(["b", "c"]).unwrap();
    assert_eq!(manifest.removed, ["a", "b", "c"]);
}

#[test]
fn a_later_batch_has_partition_bits_of_its_own_size() {
    let layout = Layout::for_size(100_000, 2_000);
    assert_eq!(layout.partition_bits, 14);
    let mut manifest = Manifest::new(CheckerOptions::default(), layout).unwrap();
    assert_eq!(
        manifest.batch_layout(1_000, 2_000),
        layout,
        "the first batch: the archive's"
    );
    manifest.add_batch_entry(entry("b0000", 0, 7)).unwrap();
    let later = manifest.batch_layout(1_000, 2_000);
    assert_eq!(
        later.partition_bits, 7,
        "1% of the documents: 1% of the partitions"
    );
    assert_eq!(later.group_documents, layout.group_documents);
    let mut wrong = entry("b0001", 7, 1);
    wrong.partition_bits = 21;
    assert!(manifest.add_batch_entry(wrong).is_err());
    let mut json: serde_json::Value = serde_json::from_str(&manifest.to_json()).unwrap();
    json["batches"][0]["partitionBits"] = serde_json::json!(3);
    assert!(Manifest::parse(&json.to_string()).is_err());
}

#[test]
fn a_version_1_archive_is_refused_clearly() {
    let manifest = Manifest::new(CheckerOptions::default(), Layout::for_size(1, 1)).unwrap();
    let old = manifest
        .to_json()
        .replace("\"version\": 2", "\"version\": 1");
    let error = Manifest::parse(&old).err().unwrap().to_string();
    assert!(
        error.contains("version 1") && error.contains("build the archive again"),
        "{error}"
    );
}

/// Issue 43: a manifest listing one batch twice was read, and a check then refused the second
/// batch's files as "not a file this check asked for"; a `removed` list of ids the archive does
/// not hold made the page count "-999,239 documents".
#[test]
fn a_batch_listed_twice_or_more_removed_ids_than_documents_are_refused() {
    let mut manifest = Manifest::new(CheckerOptions::default(), Layout::for_size(10, 10)).unwrap();
    manifest.add_batch_entry(entry("b0000", 0, 2)).unwrap();
    manifest.add_batch_entry(entry("b0001", 2, 1)).unwrap();
    let twice = manifest.to_json().replace("\"b0001\"", "\"b0000\"");
    let error = Manifest::parse(&twice).unwrap_err();
    assert_eq!(error.code(), crate::error::ErrorCode::InvalidIndex);
    assert!(
        error.to_string().contains("lists batch \"b0000\" twice"),
        "{error}"
    );

    let mut json: serde_json::Value = serde_json::from_str(&manifest.to_json()).unwrap();
    json["removed"] = serde_json::json!(["a", "b", "c", "d"]);
    let error = Manifest::parse(&json.to_string()).unwrap_err().to_string();
    assert!(
        error.contains("4 removed ids") && error.contains("holds 3 documents"),
        "{error}"
    );
    json["removed"] = serde_json::json!(["a", "a"]);
    let error = Manifest::parse(&json.to_string()).unwrap_err().to_string();
    assert!(error.contains("removed id \"a\" twice"), "{error}");

    let error = manifest.remove_ids(["a", "b", "c", "d"]).unwrap_err();
    assert!(error.to_string().contains("holds 3 documents"), "{error}");
    assert!(
        manifest.removed.is_empty(),
        "a refused removal lists nothing"
    );
}

/// Issue 43: a 100 KB id was quoted whole, twice, in the error that refused it.
#[test]
fn an_over_long_id_is_refused_with_a_short_quotation_of_it() {
    let mut manifest = Manifest::new(CheckerOptions::default(), Layout::for_size(1, 1)).unwrap();
    let long = "x".repeat(100_000);
    let documents = [(long.as_str(), "", "a few words of text")];
    let error = add_batch(&mut manifest, "b0000", documents).err().unwrap();
    let message = error.to_string();
    assert!(
        message.len() < 300,
        "{} bytes: {message:.300}",
        message.len()
    );
    assert!(message.contains("100000 characters"), "{message}");
    assert_eq!(ids::quoted_id("b/7.txt"), "\"b/7.txt\"");
    assert!(ids::quoted_id(&"é".repeat(2000)).ends_with("…\" (2000 characters)"));
}
