//! The printed table, the targets, and the QUALITY_DEBUG listing of wrong detections.

use std::collections::HashMap;

use crate::corpus::{excerpt, Lang};
use crate::generate::{Case, Kind, Suspicious, CROSS_KINDS, KINDS};
use crate::record::{self, say};
use crate::score::{self, case_recall, detection_precision, detects, Detection, Score};
use plagscope::align::Evidence;

/// A suspicious document and what plagscope reported in it.
pub type Checked = (Suspicious, Vec<Detection>);

/// Least precision of every kind with planted passages.
const MIN_PRECISION: f64 = 0.95;
/// Largest share of reported passages whose paper and source spans differ by more than 2x.
const MAX_LOPSIDED: f64 = 0.01;

/// What a kind is held to.
enum Target {
    /// Least plagdet and least precision.
    Plagdet(f64, f64),
    /// Kinds without planted passages must flag nothing.
    Nothing,
    /// Scored and printed, never missed (real human rewriting, translation: no target yet).
    Reported(&'static str),
}

fn target(kind: Kind) -> Target {
    match kind {
        Kind::Verbatim => Target::Plagdet(0.97, MIN_PRECISION),
        Kind::Light => Target::Plagdet(0.95, MIN_PRECISION),
        // Heavy edits and paraphrase are where a checker is tempted to report loosely similar
        // text: held to a higher precision than the others, so recall is not bought with false
        // passages (issue 27: both >= 0.90 with precision >= 0.98).
        Kind::Heavy | Kind::Paraphrase => Target::Plagdet(0.90, 0.98),
        Kind::Evasion => Target::Plagdet(0.95, MIN_PRECISION),
        Kind::Traditional => Target::Plagdet(0.90, MIN_PRECISION),
        Kind::NearMiss | Kind::SameTopic | Kind::Clean => Target::Nothing,
        Kind::Rewritten => Target::Reported("human rewriting"),
        // Issue 30's targets wait for the translated evidence: plagdet >= 0.80, precision >=
        // 0.95, the right source first for >= 90% of documents; no cross-language clean
        // document flagged.
        Kind::Translated | Kind::ShortTranslated => Target::Reported("human translation"),
        Kind::CrossTopic | Kind::CrossClean | Kind::CrossOrphan => {
            Target::Reported("other language")
        }
        // No target yet: real rewording is the evidence plagscope is weakest at (the Chinese
        // rewritten kind has none either).
        Kind::Rendered => Target::Reported("human rewording"),
        Kind::RenderedTopic | Kind::RenderedClean => Target::Reported("same domain"),
    }
}

/// Prints the language's table (one row per kind, then the lopsided passages); returns the
/// missed targets.
pub fn table(lang: &Lang, results: &[Checked]) -> Vec<String> {
    let mut missed = Vec::new();
    let kinds = KINDS.into_iter().filter(|k| k.applies(lang.chinese));
    header(lang.code, &kinds.collect::<Vec<_>>());
    let (mut detections, mut lopsided) = (0, 0);
    for kind in KINDS.into_iter().filter(|k| k.applies(lang.chinese)) {
        let subset: Vec<_> = results
            .iter()
            .filter(|(d, _)| d.kind == kind)
            .map(|(d, f)| (d, f.as_slice()))
            .collect();
        let s = score::score(&subset);
        // The reported-only kind stays out of the lopsided target too.
        if !matches!(target(kind), Target::Reported(_)) {
            detections += s.detections;
            lopsided += s.lopsided;
        }
        row(lang.code, kind, subset.len(), &s, &mut missed);
    }
    lopsided_row(lang.code, detections, lopsided, &mut missed);
    evidence_row(lang, results);
    if lang.chinese {
        converted_row(lang.code, results, &mut missed);
    }
    missed
}

/// The columns of a kind's row.
const COLUMNS: [&str; 11] = [
    "kind",
    "docs",
    "cases",
    "found",
    "precision",
    "recall",
    "granularity",
    "plagdet",
    "flagged",
    ">2x",
    "target",
];

/// Prints the column names (and starts the record's table of `kinds`).
fn header(code: &str, kinds: &[Kind]) {
    let names: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
    record::table(format!("[{code}] {}", names.join(", ")), &COLUMNS);
    let c = COLUMNS;
    println!(
        "  {:<11} {:>4} {:>5} {:>5} {:>9} {:>7} {:>11} {:>7} {:>7} {:>4}  {}",
        c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10]
    );
}

/// Prints the cross-language table of `code`'s hosts (`cross.rs`): a row per kind, then
/// retrieval, whether the planted translation's source is the report's first source (`ranks`:
/// its place among the reported sources, per translated document).
pub fn cross_table(code: &str, results: &[Checked], ranks: &[Option<usize>]) {
    let note = "no target yet; issue 30: >= 90% first";
    kinds_table(code, &CROSS_KINDS, results, ranks, note);
}

/// Prints one row per kind of `kinds`, then how often the first kind's documents have their
/// source ranked first (`ranks`: its position among the reported sources, per document).
pub fn kinds_table(
    code: &str,
    kinds: &[Kind],
    results: &[Checked],
    ranks: &[Option<usize>],
    note: &str,
) {
    header(code, kinds);
    for &kind in kinds {
        let subset: Vec<_> = (results.iter())
            .filter(|(d, _)| d.kind == kind)
            .map(|(d, f)| (d, f.as_slice()))
            .collect();
        row(
            code,
            kind,
            subset.len(),
            &score::score(&subset),
            &mut Vec::new(),
        );
    }
    let first = ranks.iter().filter(|r| **r == Some(0)).count();
    let found = ranks.iter().filter(|r| r.is_some()).count();
    say!(
        "  {}-kind retrieval: the right source ranked first in {first} of {} documents \
         ({:.1}%), reported at all in {found} ({note})",
        kinds[0].name(),
        ranks.len(),
        first as f64 * 100.0 / ranks.len().max(1) as f64
    );
}

/// Prints the case recall of `kind` by the evidence that found it: exact runs, rewritten
/// sentences, translated sentences (`evidence_row` for one kind, with the model's evidence).
pub fn evidence_of(code: &str, kind: Kind, results: &[Checked]) {
    let cases = cases_of(kind, results);
    let recall = |evidence| recall_by(&cases, evidence);
    say!(
        "  [{code}] {} recall by evidence, exact / rewritten / translated: {:.3}/{:.3}/{:.3}",
        kind.name(),
        recall(Evidence::Exact),
        recall(Evidence::Rewritten),
        recall(Evidence::Translated)
    );
}

/// The cases of `kind`'s documents, each with what was found in its document.
fn cases_of(kind: Kind, results: &[Checked]) -> Vec<(&Case, &[Detection])> {
    (results.iter())
        .filter(|(d, _)| d.kind == kind)
        .flat_map(|(d, found)| d.cases.iter().map(move |c| (c, found.as_slice())))
        .collect()
}

/// The mean case recall of `cases` counting only the detections found by `evidence`.
fn recall_by(cases: &[(&Case, &[Detection])], evidence: Evidence) -> f64 {
    let sum: f64 = (cases.iter())
        .map(|(case, found)| {
            let kept: Vec<Detection> = (found.iter())
                .filter(|d| d.evidence == evidence)
                .cloned()
                .collect();
            case_recall(case, &kept)
        })
        .sum();
    sum / cases.len().max(1) as f64
}

/// Prints each kind's recall by the evidence that found it: the case recall of the passages found
/// by exact runs (an exact passage may have grown over rewritten sentences) and of those found by
/// rewritten sentences alone.
fn evidence_row(lang: &Lang, results: &[Checked]) {
    let mut line = format!("  [{}] recall by evidence, exact / rewritten:", lang.code);
    for kind in KINDS.into_iter().filter(|k| k.applies(lang.chinese)) {
        let cases = cases_of(kind, results);
        if cases.is_empty() {
            continue;
        }
        let recall = |evidence| recall_by(&cases, evidence);
        line += &format!(
            " {} {:.3}/{:.3};",
            kind.name(),
            recall(Evidence::Exact),
            recall(Evidence::Rewritten)
        );
    }
    say!("{}", line.trim_end_matches(';'));
}

/// Least share of the traditional kind's detections named as copied across scripts.
const MIN_CONVERTED: f64 = 0.95;

/// Prints how many detections in traditional-kind documents are reported as a disguise.
fn converted_row(code: &str, results: &[Checked], missed: &mut Vec<String>) {
    let found: Vec<_> = results
        .iter()
        .filter(|(d, _)| d.kind == Kind::Traditional)
        .flat_map(|(_, f)| f.iter())
        .collect();
    let converted = found.iter().filter(|d| d.converted).count();
    let share = converted as f64 / found.len().max(1) as f64;
    let ok = share >= MIN_CONVERTED;
    if !ok {
        missed.push(format!("{code} traditional copies named"));
    }
    say!(
        "  traditional-kind passages reported as copied across Traditional/Simplified: {converted} of {} ({:.1}%; target >= {:.0}%) {}",
        found.len(),
        share * 100.0,
        MIN_CONVERTED * 100.0,
        if ok { "ok" } else { "MISSED" }
    );
}

/// Prints one kind's row and records a missed target.
fn row(code: &str, kind: Kind, docs: usize, s: &Score, missed: &mut Vec<String>) {
    let (target, ok) = match target(kind) {
        Target::Plagdet(t, p) => (
            format!("plagdet >= {t:.2}, precision >= {p:.2}"),
            Some(s.plagdet >= t && s.precision >= p),
        ),
        Target::Nothing => ("no document flagged".to_string(), Some(s.flagged == 0)),
        Target::Reported(why) => (format!("reported only ({why})"), None),
    };
    if ok == Some(false) {
        missed.push(format!("{code} {}", kind.name()));
    }
    let planted = |v: f64| {
        if kind.planted() {
            format!("{v:.3}")
        } else {
            "-".to_string()
        }
    };
    let verdict = match ok {
        Some(true) => " ok",
        Some(false) => " MISSED",
        None => "",
    };
    let cells = [
        kind.name().to_string(),
        docs.to_string(),
        s.cases.to_string(),
        s.detections.to_string(),
        planted(s.precision),
        planted(s.recall),
        planted(s.granularity),
        planted(s.plagdet),
        s.flagged.to_string(),
        s.lopsided.to_string(),
        format!("{target}{verdict}"),
    ];
    record::row(&cells);
    let c = &cells;
    println!(
        "  {:<11} {:>4} {:>5} {:>5} {:>9} {:>7} {:>11} {:>7} {:>7} {:>4}  {}",
        c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10]
    );
}

/// Prints the share of lopsided passages over all kinds and records a missed target.
fn lopsided_row(code: &str, detections: usize, lopsided: usize, missed: &mut Vec<String>) {
    let share = lopsided as f64 / detections.max(1) as f64;
    let ok = share < MAX_LOPSIDED;
    if !ok {
        missed.push(format!("{code} spans differing > 2x"));
    }
    say!(
        "  reported passages (rewritten kind aside) whose paper and source spans differ > 2x: {lopsided} of {detections} ({:.1}%; target < {:.0}%) {}",
        share * 100.0,
        MAX_LOPSIDED * 100.0,
        if ok { "ok" } else { "MISSED" }
    );
}

/// For documents of `kind`: every detection not wholly inside a case it detects (on clean and
/// near-miss documents, every detection) and every case not wholly found or found in pieces,
/// with both texts.
pub fn debug(kind: Kind, results: &[Checked], sources: &HashMap<&str, &str>) {
    println!("  QUALITY_DEBUG={}:", kind.name());
    let source_text = |id: &str| sources.get(id).copied().unwrap_or("");
    for (n, (document, found)) in results
        .iter()
        .enumerate()
        .filter(|(_, (d, _))| d.kind == kind)
    {
        for d in found {
            let share = detection_precision(d, &document.cases);
            if share < 0.99 {
                println!(
                    "    doc {n}: {:?} detection from {} paper {:?} source {:?}, {:.1}% inside cases",
                    d.evidence,
                    d.source,
                    d.susp,
                    d.src,
                    share * 100.0
                );
                println!("      paper:  {}", excerpt(&document.text, d.susp, 200));
                println!(
                    "      source: {}",
                    excerpt(source_text(&d.source), d.src, 200)
                );
                for (paper, source, similarity) in &d.pairs {
                    println!(
                        "      pair {similarity:.3}: {} | {}",
                        excerpt(&document.text, *paper, 80),
                        excerpt(source_text(&d.source), *source, 80)
                    );
                }
            }
        }
        for case in &document.cases {
            let recall = case_recall(case, found);
            let detected_by = found.iter().filter(|d| detects(d, case)).count();
            if recall < 0.99 || detected_by > 1 {
                println!(
                    "    doc {n}: case from {} paper {:?} source {:?}, {:.1}% found, {} detections",
                    case.source,
                    case.susp,
                    case.src,
                    recall * 100.0,
                    detected_by
                );
                println!("      paper:  {}", excerpt(&document.text, case.susp, 200));
                println!(
                    "      source: {}",
                    excerpt(source_text(&case.source), case.src, 200)
                );
                for d in found.iter().filter(|d| d.source == case.source) {
                    println!(
                        "      found: {:?} paper {:?} source {:?}",
                        d.evidence, d.susp, d.src
                    );
                }
            }
        }
    }
}

/// QUALITY_SHOW=<kind>: the first three documents' planted passages in full after their sources,
/// to judge how the generated text reads.
pub fn show(kind: Kind, results: &[Checked], sources: &HashMap<&str, &str>) {
    println!("  QUALITY_SHOW={}:", kind.name());
    let documents = results.iter().filter(|(d, _)| d.kind == kind).take(3);
    for (n, (document, _)) in documents.enumerate() {
        for case in &document.cases {
            let source = sources.get(case.source.as_str()).copied().unwrap_or("");
            println!("    document {n}, source {}:", case.source);
            println!("      source: {}", excerpt(source, case.src, usize::MAX));
            println!(
                "      planted: {}",
                excerpt(&document.text, case.susp, usize::MAX)
            );
        }
    }
}
