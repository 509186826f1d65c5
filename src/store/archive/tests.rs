//! The manifest's rules: batch numbering and names, removed ids, each batch's partition bits.

use super::*;
use crate::store::archive::build::finish_batch;
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
    manifest.remove_ids(["a", "b", "a"]);
    manifest.remove_ids(["b", "c"]);
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
