//! Archives (src/store/archive): a set built as static files, in one segment or in parts, grown by
//! segments, and checked by fetching only what the paper's fingerprints touch.

mod common;

use std::collections::HashMap;

use plagscope::checker::{CheckOptions, Checker, CheckerOptions, Reference, Report};
use plagscope::store::archive::assembly::SegmentAssembly;
use plagscope::store::archive::build::{add_segment, SegmentPart};
use plagscope::store::archive::directory::FileCheck;
use plagscope::store::archive::ids::decode_ids;
use plagscope::store::archive::postings::{merge_partitions, partition_postings};
use plagscope::store::archive::query::{ArchiveQuery, ArchiveQueryOptions};
use plagscope::store::archive::{Layout, Manifest, ARCHIVE_VERSION};

/// An archive's files by path, as a static host serves them.
type Host = HashMap<String, Vec<u8>>;

/// Documents numbered `doc-N`, each a Brown corpus text.
fn documents(count: usize) -> Vec<(String, String, String)> {
    (common::brown_documents(count).into_iter().enumerate())
        .map(|(i, text)| (format!("doc-{i}"), format!("Document {i}"), text))
        .collect()
}

fn layout() -> Layout {
    Layout {
        partition_bits: 8,
        group_documents: 4,
    }
}

/// An archive of `docs` in segments of `segment` documents.
fn archive(docs: &[(String, String, String)], segment: usize) -> (Manifest, Host) {
    let mut manifest = Manifest::new(CheckerOptions::default(), layout()).unwrap();
    let mut host = Host::new();
    for (n, chunk) in docs.chunks(segment).enumerate() {
        let items = chunk
            .iter()
            .map(|(i, t, x)| (i.as_str(), t.as_str(), x.as_str()));
        host.extend(add_segment(&mut manifest, &format!("s{n}"), items).unwrap());
    }
    host.insert("manifest.json".into(), manifest.to_json().into_bytes());
    (manifest, host)
}

/// Runs a query against `host` to the end; the report and the query.
fn check(host: &Host, paper: &str, options: ArchiveQueryOptions) -> (Report, ArchiveQuery) {
    let manifest = std::str::from_utf8(&host["manifest.json"]).unwrap();
    let mut query = ArchiveQuery::new(manifest, paper, options).unwrap();
    loop {
        let wanted = query.wanted();
        if wanted.is_empty() {
            break;
        }
        for path in wanted {
            let file = host
                .get(&path)
                .map(Vec::as_slice)
                .ok_or_else(|| "404 Not Found".to_string());
            query.receive(&path, file).unwrap();
        }
    }
    let mut checker = Checker::new(query.manifest().options.clone()).unwrap();
    for reference in query.references() {
        checker.add_reference(reference).unwrap();
    }
    (
        checker.check(paper, &CheckOptions::default()).unwrap(),
        query,
    )
}

/// A paper copying 120 words of document 7 and 150 of document 31 between text of its own.
fn planted(docs: &[(String, String, String)], own: &str) -> String {
    let own = |from| common::words(own, from, 200);
    format!(
        "{} {} {} {} {}",
        own(0),
        common::words(&docs[7].2, 300, 120),
        own(200),
        common::words(&docs[31].2, 900, 150),
        own(400)
    )
}

/// The ids of the sources reported, in order.
fn ids(report: &Report) -> Vec<&str> {
    report.sources.iter().map(|s| s.id.as_str()).collect()
}

fn local_report(docs: &[(String, String, String)], ids: &[usize], paper: &str) -> Report {
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    for &i in ids {
        let (id, title, text) = &docs[i];
        checker
            .add_reference(Reference {
                title: title.clone(),
                ..Reference::new(id.clone(), text.clone())
            })
            .unwrap();
    }
    checker.check(paper, &CheckOptions::default()).unwrap()
}

#[test]
fn planted_sources_are_found_with_the_passages_of_a_local_check() {
    let docs = documents(60);
    let (manifest, host) = archive(&docs[..50], 50);
    let paper = planted(&docs, &docs[55].2);
    let (report, query) = check(&host, &paper, ArchiveQueryOptions::default());
    let found = ids(&report);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(
        found.contains(&"doc-7") && found.contains(&"doc-31"),
        "{found:?}"
    );
    assert_eq!(
        report
            .sources
            .iter()
            .find(|s| s.id == "doc-7")
            .unwrap()
            .title,
        "Document 7"
    );
    // The same passages as a local check against the two sources (scores that weigh terms by
    // the set, such as the weighted SimHash, follow the candidates fetched, as they would follow a
    // local set).
    let passages = |r: &Report| -> Vec<_> {
        (r.sources.iter())
            .map(|s| (s.id.clone(), s.similarity, s.passages.clone()))
            .collect()
    };
    let local = local_report(&docs, &[7, 31], &paper);
    assert_eq!(passages(&report), passages(&local));
    assert!(query.failures().is_empty(), "{:?}", query.failures());
    // Far from all of the archive was fetched.
    let total: u64 = host.values().map(|f| f.len() as u64).sum();
    let (partitions, fetched) = query.traffic();
    assert!(partitions < manifest.layout.partitions() as usize);
    assert!(fetched * 2 < total, "{fetched} of {total} bytes");
}

#[test]
fn a_clean_paper_finds_nothing() {
    let docs = documents(60);
    let (_, host) = archive(&docs[..50], 50);
    let (report, _) = check(&host, &docs[55].2, ArchiveQueryOptions::default());
    assert!(
        report.sources.is_empty(),
        "{:?}",
        report.sources.iter().map(|s| &s.id).collect::<Vec<_>>()
    );
}

#[test]
fn segments_added_later_are_searched_and_removed_documents_are_not() {
    let docs = documents(60);
    let (mut manifest, mut host) = archive(&docs[..50], 20);
    assert_eq!(manifest.segments.len(), 3);
    assert_eq!(manifest.segments[2].first_document, 40);
    // The first segment is cut by the archive's layout; later ones by bits of their own size.
    let bits: Vec<u32> = manifest.segments.iter().map(|b| b.partition_bits).collect();
    assert_eq!(bits, [8, 4, 4]);
    assert!(host.contains_key("s1/p/0000f.bin") && !host.contains_key("s1/p/00010.bin"));
    let paper = planted(&docs, &docs[55].2);
    let (report, query) = check(&host, &paper, ArchiveQueryOptions::default());
    assert_eq!(report.sources.len(), 2, "found across segments s0 and s1");
    assert!(
        query.traffic().0 <= 256 + 2 * 16,
        "each segment's partitions by its own bits"
    );
    assert_eq!(query.archive_partitions(), 256 + 2 * 16);
    manifest.removed.push("doc-31".into());
    host.insert("manifest.json".into(), manifest.to_json().into_bytes());
    let (report, _) = check(&host, &paper, ArchiveQueryOptions::default());
    assert_eq!(ids(&report), ["doc-7"]);
}

#[test]
fn a_segment_built_in_parts_gives_the_files_of_one_process() {
    let docs = documents(24);
    let items = || {
        docs.iter()
            .map(|(i, t, x)| (i.as_str(), t.as_str(), x.as_str()))
    };
    let mut manifest = Manifest::new(CheckerOptions::default(), layout()).unwrap();
    let whole: Host = add_segment(&mut manifest, "s0", items())
        .unwrap()
        .into_iter()
        .collect();
    // Two parts cut at a group boundary (document 12), as two workers would build them.
    let mut parts = Vec::new();
    for (first, chunk) in [(0, &docs[..12]), (12, &docs[12..])] {
        let mut part = SegmentPart::new(CheckerOptions::default(), layout(), first).unwrap();
        for (id, title, text) in chunk {
            part.add(id, title, text).unwrap();
        }
        parts.push(part.finish().unwrap());
    }
    // The cluster job's way: the files' checks, not the files, go to the assembly.
    let fresh = Manifest::new(CheckerOptions::default(), layout()).unwrap();
    let mut assembly = SegmentAssembly::new(&fresh, "s0", 24, 100).unwrap();
    let mut files = Host::new();
    for p in 0..layout().partitions() {
        let pieces: Vec<&[u8]> = (parts.iter())
            .flat_map(|part| {
                part.partitions
                    .iter()
                    .filter(|(q, _)| *q == p)
                    .map(|(_, f)| f.as_slice())
            })
            .collect();
        if pieces.is_empty() {
            continue;
        }
        let merged = merge_partitions(p, &pieces).unwrap();
        let postings = partition_postings(&merged).unwrap();
        assembly
            .add_partition(p, FileCheck::of(&merged), postings)
            .unwrap();
        files.insert(Manifest::partition_path("s0", p), merged);
    }
    for part in &parts {
        assembly.add_counts(part.documents, part.words).unwrap();
        for (g, file) in &part.groups {
            assembly.add_group(*g, FileCheck::of(file)).unwrap();
            files.insert(Manifest::group_path("s0", *g), file.clone());
        }
    }
    let ids: Vec<&str> = docs.iter().map(|(id, _, _)| id.as_str()).collect();
    let mut assembled = fresh.clone();
    files.extend(assembly.finish(&mut assembled, &ids).unwrap());
    assert_eq!(files, whole);
    assert_eq!(assembled.segments, manifest.segments);
}

#[test]
fn damaged_or_missing_files_are_named_and_the_rest_is_reported() {
    let docs = documents(60);
    let (manifest, mut host) = archive(&docs[..50], 50);
    let paper = planted(&docs, &docs[55].2);
    // Document 31's group damaged: document 7 is still reported.
    let group = Manifest::group_path("s0", 31 / manifest.layout.group_documents);
    host.get_mut(&group).unwrap()[20] ^= 1;
    let (report, query) = check(&host, &paper, ArchiveQueryOptions::default());
    assert_eq!(ids(&report), ["doc-7"]);
    assert_eq!(query.failures().len(), 1);
    assert!(
        query.failures()[0].starts_with(&group),
        "{:?}",
        query.failures()
    );
    assert!(
        query.failures()[0].contains("checksum"),
        "{:?}",
        query.failures()
    );
    // A missing directory leaves its segment out, and says so.
    host.remove(&Manifest::partitions_path("s0"));
    let (report, query) = check(&host, &paper, ArchiveQueryOptions::default());
    assert!(report.sources.is_empty());
    assert!(
        query.failures().iter().any(|f| f.contains("404")),
        "{:?}",
        query.failures()
    );
}

#[test]
fn a_bad_manifest_is_refused_with_a_reason() {
    let docs = documents(8);
    let (manifest, _) = archive(&docs, 8);
    let json = manifest.to_json();
    let version = format!("\"version\": {ARCHIVE_VERSION}");
    for (bad, reason) in [
        ("{", "cannot be read"),
        (&json.replace(&version, "\"version\": 9"), "version 9"),
        (
            &json.replace("\"hashScheme\": 5", "\"hashScheme\": 4"),
            "hash scheme 4",
        ),
        (
            &json.replace("plagscope-archive", "zip"),
            "not a plagscope archive",
        ),
        (
            &json.replace("\"partitionBits\": 8", "\"partitionBits\": 40"),
            "4..=20",
        ),
    ] {
        let error = ArchiveQuery::new(bad, "a paper", ArchiveQueryOptions::default())
            .err()
            .unwrap();
        assert!(error.to_string().contains(reason), "{reason}: {error}");
    }
}

#[test]
fn a_long_paper_looks_up_a_bounded_sample_of_its_fingerprints() {
    let docs = documents(60);
    let (_, host) = archive(&docs[..50], 50);
    // About 2,500 words of its own around the two planted passages.
    let own: String = (52..60)
        .map(|i| common::words(&docs[i].2, 0, 300) + " ")
        .collect();
    let paper = planted(&docs, &own);
    let all = ArchiveQueryOptions {
        max_fingerprints: 0,
        ..ArchiveQueryOptions::default()
    };
    let (everything, every_fingerprint) = check(&host, &paper, all);
    let budget = ArchiveQueryOptions {
        max_fingerprints: 60,
        ..ArchiveQueryOptions::default()
    };
    let (sampled, query) = check(&host, &paper, budget);
    // 256 partitions: 60 fingerprints fall in at most 60, all of them in far more.
    assert!(query.traffic().0 <= 60, "{:?}", query.traffic());
    assert!(
        every_fingerprint.traffic().0 > 150,
        "{:?}",
        every_fingerprint.traffic()
    );
    assert_eq!(ids(&sampled), ids(&everything));
    assert!(ids(&sampled).contains(&"doc-7") && ids(&sampled).contains(&"doc-31"));
}

#[test]
fn cover_partitions_are_fetched_too() {
    let docs = documents(20);
    let (_, host) = archive(&docs, 20);
    let paper = common::words(&docs[3].2, 0, 300);
    let (_, plain) = check(&host, &paper, ArchiveQueryOptions::default());
    let covered = ArchiveQueryOptions {
        cover: 40,
        seed: 7,
        ..ArchiveQueryOptions::default()
    };
    let (report, query) = check(&host, &paper, covered);
    assert_eq!(query.traffic().0, plain.traffic().0 + 40);
    assert_eq!(report.sources[0].id, "doc-3");
}

#[test]
fn a_manifest_read_from_a_json_value_is_the_one_parsed_from_its_text() {
    let docs = documents(8);
    let (manifest, _) = archive(&docs, 4);
    let json = manifest.to_json();
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(Manifest::from_value(&value).unwrap(), manifest);
    assert_eq!(Manifest::parse(&json).unwrap(), manifest);
    let mut wrong = value.clone();
    wrong["layout"]["groupDocuments"] = serde_json::json!(-3);
    let error = Manifest::from_value(&wrong).unwrap_err().to_string();
    assert!(error.contains("groupDocuments"), "{error}");
    wrong = value;
    wrong["segments"][0]["unexpected"] = serde_json::json!(1);
    assert!(Manifest::from_value(&wrong).is_err());
}

#[test]
fn paths_not_handed_back_are_wanted_again_and_strangers_are_refused() {
    let docs = documents(20);
    let (_, host) = archive(&docs, 20);
    let manifest = std::str::from_utf8(&host["manifest.json"]).unwrap();
    let paper = common::words(&docs[3].2, 0, 300);
    let mut query = ArchiveQuery::new(manifest, &paper, ArchiveQueryOptions::default()).unwrap();
    let first = query.wanted();
    assert_eq!(first, ["s0/partitions.dir", "s0/groups.dir"]);
    query.receive(&first[0], Ok(&host[&first[0]])).unwrap();
    assert_eq!(
        query.wanted(),
        first[1..],
        "the one not handed back is wanted again"
    );
    assert!(
        query.receive("s0/p/00000.bin", Ok(b"x")).is_err(),
        "not asked for"
    );
}

#[test]
fn a_segment_lists_its_ids_so_growing_it_reads_no_document() {
    let docs = documents(12);
    let (manifest, host) = archive(&docs, 5);
    let mut all = Vec::new();
    for segment in &manifest.segments {
        let path = Manifest::ids_path(&segment.name);
        all.extend(decode_ids(&host[&path], segment.ids.check().unwrap(), &path).unwrap());
    }
    let expected: Vec<&str> = docs.iter().map(|(id, _, _)| id.as_str()).collect();
    assert_eq!(all, expected);
}

#[test]
fn a_source_held_by_many_documents_is_still_found_and_a_stock_phrase_is_not() {
    // Issue 43, item 13: the source a whole class copies (here 55 essays each holding 300 words of
    // it) was common phrasing to the archive (more than 50 holders) and the copy of it was missed,
    // while a check of a library finds it: a stretch longer than a stock phrase is evidence.
    let docs = documents(100);
    let source = &docs[7].2;
    let mut archived: Vec<(String, String, String)> = docs[..40].to_vec();
    for n in 0..55 {
        let own = common::words(&docs[40 + n].2, 0, 150);
        let text = format!("{own} {}", common::words(source, 200, 300));
        archived.push((format!("essay-{n}"), format!("Essay {n}"), text));
    }
    let (_, host) = archive(&archived, 40);
    let paper = format!(
        "{} {} {}",
        common::words(&docs[97].2, 0, 200),
        common::words(source, 300, 150),
        common::words(&docs[98].2, 0, 200)
    );
    let (report, _) = check(&host, &paper, ArchiveQueryOptions::default());
    assert!(!report.sources.is_empty(), "the copy is found");
    let copied = common::words(source, 300, 150);
    let found = &report.sources[0];
    assert!(
        found.id == "doc-7" || found.id.starts_with("essay-"),
        "{}",
        found.id
    );
    let passage = &found.passages[0];
    assert!(
        passage.words >= 140,
        "{} of 150 copied words",
        passage.words
    );
    assert!(paper.contains(&copied));
    // A stock sentence many documents share is no source, however many hold it.
    let stock = "The committee met on Tuesday to discuss the annual budget in detail.";
    let mut archived: Vec<(String, String, String)> = docs[..40].to_vec();
    for (n, doc) in docs[40..80].iter().enumerate() {
        let text = format!(
            "{} {stock} {}",
            common::words(&doc.2, 0, 100),
            common::words(&doc.2, 100, 100)
        );
        archived.push((format!("memo-{n}"), format!("Memo {n}"), text));
    }
    let (_, host) = archive(&archived, 40);
    let paper = format!(
        "{} {stock} {}",
        common::words(&docs[97].2, 0, 200),
        common::words(&docs[98].2, 0, 200)
    );
    let (report, _) = check(&host, &paper, ArchiveQueryOptions::default());
    assert!(report.sources.is_empty(), "{:?}", ids(&report));
}
