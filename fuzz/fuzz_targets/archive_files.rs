//! An archive's files from arbitrary bytes: each decoder gives an error or a value, never a panic,
//! and a check against a small real archive, one of whose files is replaced by the input (its
//! directory entry and the manifest rewritten to match, as a crafted archive would be), ends with
//! a report's references and the failures named.
#![no_main]

use std::collections::HashMap;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use plagscope::checker::CheckerOptions;
use plagscope::store::archive::build::add_segment;
use plagscope::store::archive::directory::{decode_directory, encode_directory, FileCheck};
use plagscope::store::archive::documents::decode_group;
use plagscope::store::archive::ids::decode_ids;
use plagscope::store::archive::postings::{decode_partition, encode_partition};
use plagscope::store::archive::query::{ArchiveQuery, ArchiveQueryOptions};
use plagscope::store::archive::{Layout, Manifest};

const PAPER: &str = "The river rose in the night and the town woke to water in the streets. \
    Boats came from the next valley with bread and blankets for the families on the roofs.";

/// A small archive: its manifest and files.
fn archive() -> &'static (Manifest, HashMap<String, Vec<u8>>) {
    static ARCHIVE: OnceLock<(Manifest, HashMap<String, Vec<u8>>)> = OnceLock::new();
    ARCHIVE.get_or_init(|| {
        let layout = Layout {
            partition_bits: 4,
            group_documents: 2,
        };
        let mut manifest = Manifest::new(CheckerOptions::default(), layout).unwrap();
        let texts = [
            ("a", PAPER),
            ("b", "A second document about the mountains, the snow and the long winter roads."),
            ("c", "Markets opened late on Monday as traders waited for the central bank's decision."),
        ];
        let files = add_segment(&mut manifest, "s0", texts.iter().map(|(i, t)| (*i, *i, *t))).unwrap();
        (manifest, files.into_iter().collect())
    })
}

/// Runs a query to its end against `files`.
fn run(manifest: &Manifest, files: &HashMap<String, Vec<u8>>) {
    let options = ArchiveQueryOptions::default();
    let mut query = ArchiveQuery::with_manifest(manifest.clone(), PAPER, options).unwrap();
    for _ in 0..16 {
        let wanted = query.wanted();
        if wanted.is_empty() {
            break;
        }
        for path in wanted {
            let file = files.get(&path).map(Vec::as_slice).ok_or_else(|| "missing".to_string());
            query.receive(&path, file).unwrap();
        }
    }
    assert!(query.wanted().is_empty(), "a query ends");
    let _ = query.references();
}

/// `files` with `path` replaced by `bytes`, its directory entry and the manifest made to match.
fn replaced(path: &str, bytes: &[u8]) -> (Manifest, HashMap<String, Vec<u8>>) {
    let (manifest, files) = archive();
    let (mut manifest, mut files) = (manifest.clone(), files.clone());
    files.insert(path.to_string(), bytes.to_vec());
    let (directory, index) = match path.split_once("/p/") {
        Some((_, file)) => ("s0/partitions.dir", usize::from_str_radix(&file[..5], 16).unwrap()),
        None => ("s0/groups.dir", usize::from_str_radix(&path[5..10], 16).unwrap()),
    };
    let count = if directory.ends_with("partitions.dir") { 16 } else { 2 };
    let mut entries = decode_directory(&files[directory], count, directory).unwrap();
    entries[index] = FileCheck::of(bytes);
    let rewritten = encode_directory(&entries);
    let entry = FileCheck::of(&rewritten).into();
    if directory.ends_with("partitions.dir") {
        manifest.segments[0].partitions = entry;
    } else {
        manifest.segments[0].groups = entry;
    }
    files.insert(directory.to_string(), rewritten);
    (manifest, files)
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, bytes)) = data.split_first() else {
        return;
    };
    match mode % 8 {
        0 => {
            if let Ok(postings) = decode_partition(3, bytes) {
                let again = encode_partition(3, &mut postings.clone());
                assert_eq!(decode_partition(3, &again).unwrap(), postings);
            }
        }
        1 => drop(decode_group(0, bytes)),
        2 => drop(decode_directory(bytes, 16, "d")),
        3 => drop(decode_ids(bytes, FileCheck::of(bytes), "ids")),
        4 => {
            if let Ok(text) = std::str::from_utf8(bytes) {
                if let Ok(manifest) = Manifest::parse(text) {
                    assert_eq!(Manifest::parse(&manifest.to_json()).unwrap(), manifest);
                    let _ = ArchiveQuery::with_manifest(manifest, PAPER, ArchiveQueryOptions::default());
                }
            }
        }
        5 => {
            // A file replaced without its checksum: the query names it and goes on.
            let (manifest, files) = archive();
            let mut files = files.clone();
            let mut paths: Vec<&String> = archive().1.keys().collect();
            paths.sort();
            let path = paths[bytes.first().copied().unwrap_or(0) as usize % paths.len()];
            files.insert(path.clone(), bytes.to_vec());
            run(manifest, &files);
        }
        6 => {
            // A crafted partition whose checksums match: the decoder is reached.
            let partition = (archive().1.keys())
                .filter(|p| p.starts_with("s0/p/"))
                .min()
                .expect("the paper's own document has postings");
            let (manifest, files) = replaced(partition, bytes);
            run(&manifest, &files);
        }
        _ => {
            // A crafted group of the paper's source, its checksums matching.
            let (manifest, files) = replaced("s0/d/00000.bin", bytes);
            run(&manifest, &files);
        }
    }
});
