//! Honest structure is not evidence (issue 42): a reference list shared in part with classmates'
//! lists, under a heading in any language, before the middle of a short essay or without a heading,
//! and a table sharing only its header row and row numbers with a classmate's, report nothing, and
//! are named with the classmate's text they match.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{brown_documents, words};

use plagscope::checker::{CheckOptions, Checker, CheckerOptions, Reference, Report};
use plagscope::exclude::ExclusionKind;

/// Reference-list entries in APA style, their titles and names from real text, so that no two are
/// alike; entry `i` is the same text wherever it is cited.
fn entries(text: &str, range: std::ops::Range<usize>) -> Vec<String> {
    let names: Vec<&str> = text
        .split_whitespace()
        .filter(|w| w.len() > 3 && w.chars().all(|c| c.is_ascii_alphabetic()))
        .collect();
    range
        .map(|i| {
            let name = |k: usize| {
                let w = names[(i * 7 + k) % names.len()];
                format!("{}{}", w[..1].to_uppercase(), &w[1..])
            };
            format!(
                "{}, {}. ({}). {} {} of the {} {}. Journal of {} Studies, {}({}), {}–{}. https://doi.org/10.{}/{}",
                name(0), &name(1)[..1], 1980 + i % 40, name(2), names[(i * 11) % names.len()],
                names[(i * 13 + 1) % names.len()], names[(i * 17 + 2) % names.len()], name(3),
                i % 30 + 1, i % 4 + 1, 10 * i + 1, 10 * i + 19, 1000 + i, 4000 + 37 * i
            )
        })
        .collect()
}

fn checker(classmates: &[String]) -> Checker {
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    for (i, text) in classmates.iter().enumerate() {
        checker
            .add_reference(Reference::new(format!("classmate{i}"), text.as_str()))
            .unwrap();
    }
    checker
}

fn passages(report: &Report, paper: &str) -> Vec<String> {
    (report.sources.iter())
        .flat_map(|s| &s.passages)
        .map(|p| {
            plagscope::Span::new(p.start, p.end)
                .slice_of(paper)
                .to_string()
        })
        .collect()
}

#[test]
fn a_shared_reference_list_in_a_short_essay_is_no_evidence_under_any_heading() {
    let docs = brown_documents(6);
    let pool = docs.join(" ");
    let list = |range, heading: &str| format!("{heading}{}\n", entries(&pool, range).join("\n"));
    let classmates = [
        format!(
            "{}\n\nReferences\n{}",
            words(&docs[0], 0, 700),
            list(0..30, "")
        ),
        format!(
            "{}\n\nReferences\n{}",
            words(&docs[1], 0, 900),
            list(15..45, "")
        ),
    ];
    let checker = checker(&classmates);
    for heading in [
        "References\n",
        "Literaturverzeichnis\n",
        "Références\n",
        "Bibliografía\n",
        "Referências\n",
        "Список литературы\n",
        "Βιβλιογραφία\n",
        "Kaynakça\n",
        "Tài liệu tham khảo\n",
        "参考资料\n",
        "Works Consulted\n",
        "References Cited\n",
        "",
    ] {
        // 900 words of the writer's own, then a 40-entry list: it starts before the middle.
        let paper = format!("{}\n\n{}", words(&docs[4], 0, 900), list(5..45, heading));
        let report = checker.check(&paper, &CheckOptions::default()).unwrap();
        assert_eq!(
            report.similarity,
            0.0,
            "{heading:?}: {:?}",
            passages(&report, &paper)
        );
        // Named with what it matched: the classmate whose list shares most of its entries (30;
        // the other shares 25).
        let lists: Vec<_> = (report.excluded.iter())
            .filter(|e| e.kind == ExclusionKind::Bibliography)
            .collect();
        assert!(!lists.is_empty(), "{heading:?}");
        assert!(
            (lists.iter()).any(|e| e.source.as_deref() == Some("classmate1")),
            "{heading:?}: {lists:?}"
        );
    }
    // A list no reference shares names nothing.
    let own_list = format!(
        "{}

References
{}
",
        words(&docs[4], 0, 900),
        entries(&docs[5], 100..120).join("\n")
    );
    let report = checker.check(&own_list, &CheckOptions::default()).unwrap();
    let list = (report.excluded.iter()).find(|e| e.kind == ExclusionKind::Bibliography);
    assert_eq!(list.map(|e| e.source.clone()), Some(None), "{report:?}");
}

#[test]
fn tables_sharing_a_header_row_and_row_numbers_are_no_evidence() {
    let docs = brown_documents(6);
    // A header row of 24 years (longer than any anchor run) and row numbers, cells of one digit
    // as survey counts are, so that short runs of equal numbers meet by chance.
    let table = |seed: usize| {
        let years: Vec<String> = (2000..2024).map(|y| y.to_string()).collect();
        let header = format!("Row\t{}", years.join("\t"));
        let rows: Vec<String> = (1..=12)
            .map(|r| {
                let cells: Vec<String> = (0..24)
                    .map(|c| ((r * 7 + c * 3 + seed * (c + 1) * 5) % 10).to_string())
                    .collect();
                format!("{r}\t{}", cells.join("\t"))
            })
            .collect();
        format!("{header}\n{}\n", rows.join("\n"))
    };
    let classmate = format!(
        "{}\n\n{}\n{}",
        words(&docs[0], 0, 300),
        table(1),
        words(&docs[0], 300, 300)
    );
    let checker = checker(std::slice::from_ref(&classmate));
    let paper = format!(
        "{}\n\n{}\n{}",
        words(&docs[4], 0, 300),
        table(2),
        words(&docs[4], 300, 300)
    );
    let report = checker.check(&paper, &CheckOptions::default()).unwrap();
    assert_eq!(report.similarity, 0.0, "{:?}", passages(&report, &paper));
    let left_out = (report.excluded.iter()).find(|e| e.kind == ExclusionKind::Table);
    // Left out, and named with the classmate whose table frame it shares.
    assert_eq!(
        left_out.and_then(|e| e.source.as_deref()),
        Some("classmate0"),
        "{:?}",
        report.excluded
    );
    // A whole table copied is still a copy.
    let copied = format!(
        "{}\n\n{}\n{}",
        words(&docs[4], 0, 300),
        table(1),
        words(&docs[4], 300, 300)
    );
    let report = checker.check(&copied, &CheckOptions::default()).unwrap();
    assert!(report.similarity > 0.1, "{}", report.similarity);
}
