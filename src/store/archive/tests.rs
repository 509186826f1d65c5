//! The manifest's rules: segment numbering and names, removed ids, each segment's partition bits.

use super::*;
use crate::store::archive::assembly::SegmentAssembly;
use crate::store::archive::build::add_segment;
use crate::store::archive::directory::FileCheck;

fn entry(name: &str, first: u32, documents: u32) -> SegmentEntry {
    let file = FileEntry::from(FileCheck::of(b"a directory"));
    SegmentEntry {
        name: name.into(),
        first_document: first,
        documents,
        words: 10,
        postings: 5,
        partition_bits: 4,
        partitions: file.clone(),
        groups: file.clone(),
        ids: file,
    }
}

#[test]
fn segment_entries_continue_the_numbering_under_new_plain_names() {
    let layout = Layout::for_size(100, 500);
    let mut manifest = Manifest::new(CheckerOptions::default(), layout).unwrap();
    manifest.add_segment_entry(entry("s0000", 0, 7)).unwrap();
    manifest.add_segment_entry(entry("s0001", 7, 3)).unwrap();
    assert_eq!(manifest.documents(), 10);
    let gap = manifest
        .add_segment_entry(entry("s0002", 11, 1))
        .unwrap_err();
    assert!(gap.to_string().contains("next is 10"), "{gap}");
    let twice = manifest
        .add_segment_entry(entry("s0001", 10, 1))
        .unwrap_err();
    assert!(twice.to_string().contains("already"), "{twice}");
    let path = manifest
        .add_segment_entry(entry("../x", 10, 1))
        .unwrap_err();
    assert!(path.to_string().contains("plain folder name"), "{path}");
    let mut bad = entry("s0002", 10, 1);
    bad.groups.xxh3 = "xyz".into();
    assert!(manifest.add_segment_entry(bad).is_err());
    assert_eq!(manifest.segments.len(), 2, "a refused entry is not added");
    assert!(Manifest::parse(&manifest.to_json()).is_ok());
}

#[test]
fn removed_ids_are_listed_once() {
    let mut manifest = Manifest::new(CheckerOptions::default(), Layout::for_size(1, 1)).unwrap();
    for (n, name) in ["s0", "s1", "s2"].into_iter().enumerate() {
        manifest
            .add_segment_entry(entry(name, n as u32, 1))
            .unwrap();
    }
    manifest.remove_ids(["a", "b", "a"]).unwrap();
    manifest.remove_ids(["b", "c"]).unwrap();
    assert_eq!(manifest.removed, ["a", "b", "c"]);
}

#[test]
fn a_later_segment_has_partition_bits_of_its_own_size() {
    let layout = Layout::for_size(100_000, 2_000);
    assert_eq!(layout.partition_bits, 14);
    let mut manifest = Manifest::new(CheckerOptions::default(), layout).unwrap();
    assert_eq!(
        manifest.segment_layout(1_000, 2_000),
        layout,
        "the first segment: the archive's"
    );
    manifest.add_segment_entry(entry("s0000", 0, 7)).unwrap();
    let later = manifest.segment_layout(1_000, 2_000);
    assert_eq!(
        later.partition_bits, 7,
        "1% of the documents: 1% of the partitions"
    );
    assert_eq!(later.group_documents, layout.group_documents);
    let mut wrong = entry("s0001", 7, 1);
    wrong.partition_bits = 21;
    assert!(manifest.add_segment_entry(wrong).is_err());
    let mut json: serde_json::Value = serde_json::from_str(&manifest.to_json()).unwrap();
    json["segments"][0]["partitionBits"] = serde_json::json!(3);
    assert!(Manifest::parse(&json.to_string()).is_err());
}

#[test]
fn a_version_2_archive_is_refused_clearly() {
    let manifest = Manifest::new(CheckerOptions::default(), Layout::for_size(1, 1)).unwrap();
    let old = (manifest.to_json())
        .replace("\"version\": 3", "\"version\": 2")
        .replace("\"segments\"", "\"batches\"");
    let value: serde_json::Value = serde_json::from_str(&old).unwrap();
    for error in [Manifest::parse(&old), Manifest::from_value(&value)] {
        let error = error.err().unwrap().to_string();
        assert!(
            error.contains("version 2;") && error.contains("build the archive again"),
            "{error}"
        );
    }
    let other = Manifest::parse(r#"{"format": "zip"}"#).err().unwrap();
    assert!(other
        .to_string()
        .contains("not a plagscope archive (format \"zip\")"));
}

/// Issue 43: a manifest listing one segment twice was read, and a check then refused the second
/// segment's files as "not a file this check asked for"; a `removed` list of ids the archive does
/// not hold made the page count "-999,239 documents".
#[test]
fn a_segment_listed_twice_or_more_removed_ids_than_documents_are_refused() {
    let mut manifest = Manifest::new(CheckerOptions::default(), Layout::for_size(10, 10)).unwrap();
    manifest.add_segment_entry(entry("s0000", 0, 2)).unwrap();
    manifest.add_segment_entry(entry("s0001", 2, 1)).unwrap();
    let twice = manifest.to_json().replace("\"s0001\"", "\"s0000\"");
    let error = Manifest::parse(&twice).unwrap_err();
    assert_eq!(error.code(), crate::error::ErrorCode::InvalidIndex);
    assert!(
        error.to_string().contains("lists segment \"s0000\" twice"),
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
    let error = add_segment(&mut manifest, "s0000", documents)
        .err()
        .unwrap();
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

#[test]
fn new_segments_are_named_after_the_highest_taken() {
    assert_eq!(next_segment_name([]), "s0000");
    assert_eq!(next_segment_name(["s0000", "s0009", "x12", "s1"]), "s0010");
    assert_eq!(next_segment_name(["s9999"]), "s10000");
}

#[test]
fn an_assembly_lists_a_segment_only_when_its_files_add_up() {
    let layout = Layout {
        partition_bits: 4,
        group_documents: 2,
    };
    let mut manifest = Manifest::new(CheckerOptions::default(), layout).unwrap();
    manifest.add_segment_entry(entry("s0000", 0, 7)).unwrap();
    let taken = SegmentAssembly::new(&manifest, "s0000", 3, 100).unwrap_err();
    assert!(taken.to_string().contains("already"), "{taken}");
    let mut assembly = SegmentAssembly::new(&manifest, "s0001", 3, 100).unwrap();
    let file = FileCheck::of(b"a file");
    assembly.add_counts(3, 300).unwrap();
    assembly.add_partition(3, file, 40).unwrap();
    assert!(assembly.add_partition(3, file, 40).is_err(), "twice");
    assert!(assembly.add_partition(1 << 20, file, 1).is_err(), "outside");
    assembly.add_group(0, file).unwrap();
    let missing = assembly.finish(&mut manifest, &["a", "b", "c"]);
    assert!(missing.unwrap_err().to_string().contains("1 of them"));
    assert!(assembly.finish(&mut manifest, &["a"]).is_err());
    assert_eq!(
        manifest.segments.len(),
        1,
        "a refused segment is not listed"
    );
    assembly.add_group(1, file).unwrap();
    let files = assembly.finish(&mut manifest, &["a", "b", "c"]).unwrap();
    let paths: Vec<&str> = files.iter().map(|(path, _)| path.as_str()).collect();
    assert_eq!(
        paths,
        ["s0001/partitions.dir", "s0001/groups.dir", "s0001/ids.bin"]
    );
    let listed = &manifest.segments[1];
    assert_eq!((listed.first_document, listed.documents), (7, 3));
    assert_eq!((listed.words, listed.postings), (300, 40));
}
