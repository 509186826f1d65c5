//! What a report marks in the paper, in UTF-16 spans as reports give them.

use plagscope::checker::Report;
use plagscope::Span;

/// The paper's spans reported as copied, with their sources.
pub fn reported(report: &Report) -> Vec<(String, Span)> {
    (report.sources.iter())
        .flat_map(|s| {
            s.passages
                .iter()
                .map(move |p| (s.id.clone(), Span::new(p.start, p.end)))
        })
        .collect()
}

/// UTF-16 span of `part` inside `text`.
pub fn span_of(text: &str, part: &str) -> Span {
    let start = text.find(part).expect("part of the text");
    let units = |s: &str| s.encode_utf16().count();
    Span::new(units(&text[..start]), units(&text[..start]) + units(part))
}

/// How many units two spans share.
pub fn overlap(a: Span, b: Span) -> usize {
    a.end.min(b.end).saturating_sub(a.start.max(b.start))
}

/// Share of `part` (a span of the paper) that reported passages cover.
pub fn covered(report: &Report, part: Span) -> f64 {
    let mut marked = vec![false; part.end - part.start];
    for (_, span) in reported(report) {
        for unit in span.start.max(part.start)..span.end.min(part.end) {
            marked[unit - part.start] = true;
        }
    }
    marked.iter().filter(|&&m| m).count() as f64 / marked.len().max(1) as f64
}

/// Asserts that no passage of `report` touches `own` in `paper`.
pub fn assert_not_marked(report: &Report, paper: &str, own: &str) {
    let own_span = span_of(paper, own);
    for (source, span) in reported(report) {
        assert_eq!(
            overlap(span, own_span),
            0,
            "{source}: {:?}",
            span.slice_of(paper)
        );
    }
}
