//! The essay table, its targets (issue 42) and the QUALITY_DEBUG listing.
//!
//! Targets, for plagscope (the exact matcher's rows are for calibration): no clean essay flagged;
//! at most 1% of the honest sentences (own, quoted, bibliography, table) reported, and in at most
//! 5% of the essays, in every kind; recall of copied sentences >= 0.97 verbatim, >= 0.85 light,
//! >= 0.70 rewritten, >= 0.80 translated (the sentence model on).

use std::collections::HashMap;

use crate::corpus::excerpt;

use super::scoring::{judge, Passage, Tally};
use super::{Essay, EssayKind, Label};

const MAX_HONEST: f64 = 0.01;
const MAX_ACCUSED: f64 = 0.05;

fn recall_target(kind: EssayKind) -> Option<f64> {
    match kind {
        EssayKind::Verbatim => Some(0.97),
        EssayKind::Light => Some(0.85),
        EssayKind::Rewritten => Some(0.70),
        EssayKind::Translated => Some(0.80),
        _ => None,
    }
}

/// An essay with plagscope's passages and the exact matcher's.
pub struct Checked {
    pub essay: Essay,
    pub plagscope: Vec<Passage>,
    pub exact: Vec<Passage>,
}

pub fn header(code: &str, n: usize) {
    let title = format!(
        "[{code}] essays, scored per sentence: plagscope (default options; the sentence model on for the translated kind), then an exact {n}-unit matcher"
    );
    println!("\n{title}");
    let c = [
        "kind",
        "by",
        "essays",
        "copied",
        "found",
        "recall",
        "precision",
        "honest",
        "false",
        "false%",
        "essays%",
        "flagged",
        "target",
    ];
    crate::record::table(title, &c);
    println!(
        "  {:<22} {:<9} {:>6} {:>6} {:>5} {:>6} {:>9} {:>6} {:>6} {:>6} {:>7} {:>7}  {}",
        c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10], c[11], c[12]
    );
}

/// Prints `kind`'s two rows; returns the missed targets.
pub fn rows(code: &str, kind: EssayKind, results: &[Checked]) -> Vec<String> {
    let (mut ours, mut exact) = (Tally::default(), Tally::default());
    for c in results.iter().filter(|c| c.essay.kind == kind) {
        ours.add(&c.essay, &c.plagscope);
        exact.add(&c.essay, &c.exact);
    }
    let mut targets = vec![format!(
        "honest reported <= {:.0}%, in <= {:.0}% of essays",
        MAX_HONEST * 100.0,
        MAX_ACCUSED * 100.0
    )];
    let mut ok = ours.honest_share() <= MAX_HONEST && ours.accused_share() <= MAX_ACCUSED;
    if let Some(least) = recall_target(kind) {
        targets.insert(0, format!("recall >= {least:.2}"));
        ok &= ours.recall() >= least;
    }
    if kind == EssayKind::Clean {
        targets.insert(0, "no essay flagged".to_string());
        ok &= ours.flagged == 0;
    }
    let verdict = if ok { "ok" } else { "MISSED" };
    row(
        kind.name(),
        "plagscope",
        &ours,
        &format!("{}  {verdict}", targets.join("; ")),
    );
    row("", "exact", &exact, "");
    if ok {
        Vec::new()
    } else {
        vec![format!("{code} {}", kind.name())]
    }
}

fn row(kind: &str, by: &str, t: &Tally, target: &str) {
    let copied = t.copied > 0;
    let or_dash = |v: f64, shown: bool| {
        if shown {
            format!("{v:.3}")
        } else {
            "-".to_string()
        }
    };
    let cells = [
        kind.to_string(),
        by.to_string(),
        t.essays.to_string(),
        t.copied.to_string(),
        t.found.to_string(),
        or_dash(t.recall(), copied),
        or_dash(t.precision(), t.reported > 0),
        t.honest.to_string(),
        t.honest_reported.to_string(),
        format!("{:.1}%", t.honest_share() * 100.0),
        format!("{:.1}%", t.accused_share() * 100.0),
        t.flagged.to_string(),
        target.to_string(),
    ];
    crate::record::row(&cells);
    let c = &cells;
    println!(
        "  {:<22} {:<9} {:>6} {:>6} {:>5} {:>6} {:>9} {:>6} {:>6} {:>6} {:>7} {:>7}  {}",
        c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10], c[11], c[12]
    );
}

/// QUALITY_DEBUG=<essay kind>: every honest sentence plagscope reported and every copied sentence
/// it did not find, with the passages over it (and, for a missed one, those near it).
pub fn debug(kind: EssayKind, results: &[Checked], sources: &HashMap<&str, &str>) {
    println!("  QUALITY_DEBUG={}:", kind.name());
    let essays = results.iter().filter(|c| c.essay.kind == kind);
    for (n, checked) in essays.enumerate() {
        let essay = &checked.essay;
        for (s, v) in essay.sentences.iter().zip(judge(essay, &checked.plagscope)) {
            let (wrong, what) = match &s.label {
                Label::Copied { how, source, .. } => (
                    !v.found(),
                    format!(
                        "copied ({how:?}) from {source}, not found ({:.0}% by its source)",
                        v.by_source * 100.0
                    ),
                ),
                label => (
                    v.reported(),
                    format!(
                        "{} sentence reported ({:.0}% covered)",
                        label.name(),
                        v.reported * 100.0
                    ),
                ),
            };
            if !wrong {
                continue;
            }
            dump(kind, n, &essay.text, checked, sources);
            println!(
                "    essay {n}: {what} {:?}: {}",
                s.span,
                excerpt(&essay.text, s.span, 240)
            );
            if let Label::Copied { source, src, .. } = &s.label {
                let text = sources.get(source.as_str()).copied().unwrap_or("");
                println!("      its source {src:?}: {}", excerpt(text, *src, 240));
            }
            passages_near(checked, s.span, sources);
        }
    }
}

/// With QUALITY_DUMP=<folder>, writes the essay's text there as `<kind>-<n>.txt`, and the
/// sources its passages name as `<id>.txt`, to check it again with the CLI.
fn dump(kind: EssayKind, n: usize, text: &str, checked: &Checked, sources: &HashMap<&str, &str>) {
    let Ok(folder) = std::env::var("QUALITY_DUMP") else {
        return;
    };
    let folder = std::path::Path::new(&folder);
    let write = |name: String, text: &str| {
        let path = folder.join(name);
        std::fs::create_dir_all(folder)
            .and_then(|()| std::fs::write(&path, text))
            .unwrap_or_else(|e| panic!("QUALITY_DUMP: {}: {e}", path.display()));
    };
    write(format!("{}-{n}.txt", kind.name()), text);
    for p in &checked.plagscope {
        write(
            format!("{}.txt", p.source),
            sources.get(p.source.as_str()).copied().unwrap_or(""),
        );
    }
}

/// With QUALITY_DUMP=<folder>, writes every text of the essays' library into `<folder>/library`
/// as `<id>.txt`: the CLI's `--refs` then checks a dumped essay against the same library.
pub fn dump_library<'a>(library: impl Iterator<Item = (&'a str, &'a str)>) {
    let Ok(folder) = std::env::var("QUALITY_DUMP") else {
        return;
    };
    let folder = std::path::Path::new(&folder).join("library");
    std::fs::create_dir_all(&folder)
        .unwrap_or_else(|e| panic!("QUALITY_DUMP: {}: {e}", folder.display()));
    for (id, text) in library {
        let path = folder.join(format!("{id}.txt"));
        std::fs::write(&path, text)
            .unwrap_or_else(|e| panic!("QUALITY_DUMP: {}: {e}", path.display()));
    }
}

/// The passages overlapping `span` or within 300 UTF-16 units of it.
fn passages_near(checked: &Checked, span: (usize, usize), sources: &HashMap<&str, &str>) {
    let near = |p: &&Passage| p.span.0 < span.1 + 300 && span.0 < p.span.1 + 300;
    for p in checked.plagscope.iter().filter(near) {
        let text = sources.get(p.source.as_str()).copied().unwrap_or("");
        println!(
            "      passage {} from {} paper {:?} source {:?}: {} | {}",
            p.evidence,
            p.source,
            p.span,
            p.src,
            excerpt(&checked.essay.text, p.span, 120),
            excerpt(text, p.src, 120)
        );
        let over = |q: &&crate::score::PairSpans| q.0 .0 < span.1 && span.0 < q.0 .1;
        for (paper, source, similarity) in p.pairs.iter().filter(over) {
            println!(
                "        pair {similarity:.2} {paper:?} ← {source:?}: {}",
                excerpt(text, *source, 200)
            );
        }
    }
}

/// QUALITY_SHOW=<essay kind>: the first two essays of the kind, a sentence a line with its label.
pub fn show(kind: EssayKind, results: &[Checked]) {
    println!("  QUALITY_SHOW={}:", kind.name());
    for (n, checked) in results
        .iter()
        .filter(|c| c.essay.kind == kind)
        .take(2)
        .enumerate()
    {
        println!("    essay {n}:");
        for s in &checked.essay.sentences {
            let label = match &s.label {
                Label::Copied { how, source, .. } => format!("{how:?} {source}"),
                label => label.name().to_string(),
            };
            println!(
                "      [{label}] {}",
                excerpt(&checked.essay.text, s.span, usize::MAX)
            );
        }
    }
}
