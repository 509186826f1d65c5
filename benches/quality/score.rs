//! PAN measures (Potthast et al. 2010): character precision and recall over both documents of
//! each case, granularity, and plagdet = F1 / log2(1 + granularity).

use plagscope::checker::Report;

use crate::generate::{Case, Suspicious};

/// A reported passage: the source's id and its UTF-16 ranges in the paper and in the source.
/// A sentence pair's paper span, source span and similarity.
pub type PairSpans = ((usize, usize), (usize, usize), f64);

#[derive(Clone, Debug)]
pub struct Detection {
    pub source: String,
    pub susp: (usize, usize),
    pub src: (usize, usize),
    /// Reported as copied across Traditional and Simplified Chinese.
    pub converted: bool,
    /// What found it: exact runs or rewritten sentences.
    pub evidence: plagscope::align::Evidence,
    /// The sentence pairs of a passage found sentence by sentence: paper span, source span and
    /// similarity, for QUALITY_DEBUG.
    pub pairs: Vec<PairSpans>,
}

/// The report's detections: one per copied region of a source (`PassageReport::region`), from
/// the start of its first passage to the end of its last in both texts. PAN scores the cases a
/// tool finds; a report's passages are sentence-true, cut around the sentences between them that
/// the source does not explain, and in PAN's heavily edited cases those are pieces of the case
/// rewritten past recognition. The essay kinds, scored per sentence, take the passages as they
/// are (`essays::scoring`).
pub fn detections(report: &Report) -> Vec<Detection> {
    let mut found: Vec<Detection> = Vec::new();
    for s in &report.sources {
        let mut regions: Vec<(usize, usize)> = Vec::new();
        for p in &s.passages {
            let pairs = p.sentence_pairs.iter().map(|q| {
                let similarity = q.similarity;
                ((q.start, q.end), (q.source_start, q.source_end), similarity)
            });
            if let Some(&(_, at)) = regions.iter().find(|(r, _)| *r == p.region) {
                let d: &mut Detection = &mut found[at];
                d.susp = (d.susp.0.min(p.start), d.susp.1.max(p.end));
                d.src = (d.src.0.min(p.source_start), d.src.1.max(p.source_end));
                d.converted |= p.converted_script;
                d.pairs.extend(pairs);
                continue;
            }
            regions.push((p.region, found.len()));
            found.push(Detection {
                source: s.id.clone(),
                susp: (p.start, p.end),
                src: (p.source_start, p.source_end),
                converted: p.converted_script,
                evidence: p.evidence,
                pairs: pairs.collect(),
            });
        }
    }
    found
}

#[derive(Default)]
pub struct Score {
    pub precision: f64,
    pub recall: f64,
    pub granularity: f64,
    pub plagdet: f64,
    pub cases: usize,
    pub detections: usize,
    /// Documents with any reported source.
    pub flagged: usize,
    /// Reported passages whose paper and source spans differ in length by more than 2x.
    pub lopsided: usize,
}

fn overlaps(a: (usize, usize), b: (usize, usize)) -> bool {
    a.0.max(b.0) < a.1.min(b.1)
}

/// A detection detects a case when it names the case's source and overlaps it in both documents.
pub fn detects(d: &Detection, case: &Case) -> bool {
    d.source == case.source && overlaps(d.susp, case.susp) && overlaps(d.src, case.src)
}

/// The length of `range` covered by the union of `others`.
fn covered(range: (usize, usize), others: impl Iterator<Item = (usize, usize)>) -> usize {
    let mut clipped: Vec<(usize, usize)> = others
        .map(|o| (o.0.max(range.0), o.1.min(range.1)))
        .filter(|o| o.0 < o.1)
        .collect();
    clipped.sort_unstable();
    let (mut total, mut reach) = (0, range.0);
    for (start, end) in clipped {
        let start = start.max(reach);
        if end > start {
            total += end - start;
            reach = end;
        }
    }
    total
}

fn len(range: (usize, usize)) -> usize {
    range.1 - range.0
}

/// Share of the case (both documents) covered by the detections that detect it.
pub fn case_recall(case: &Case, found: &[Detection]) -> f64 {
    let hits = || found.iter().filter(|d| detects(d, case));
    let covered =
        covered(case.susp, hits().map(|d| d.susp)) + covered(case.src, hits().map(|d| d.src));
    covered as f64 / (len(case.susp) + len(case.src)).max(1) as f64
}

/// Share of the detection (both documents) inside the cases it detects.
pub fn detection_precision(d: &Detection, cases: &[Case]) -> f64 {
    let hits = || cases.iter().filter(|c| detects(d, c));
    let covered = covered(d.susp, hits().map(|c| c.susp)) + covered(d.src, hits().map(|c| c.src));
    covered as f64 / (len(d.susp) + len(d.src)).max(1) as f64
}

pub fn lopsided(d: &Detection) -> bool {
    let (a, b) = (len(d.susp), len(d.src));
    a.max(b) > 2 * a.min(b)
}

pub fn score(documents: &[(&Suspicious, &[Detection])]) -> Score {
    let mut s = Score::default();
    let (mut recall_sum, mut precision_sum) = (0.0, 0.0);
    let (mut detected, mut granularity_sum) = (0usize, 0usize);
    for &(document, found) in documents {
        for case in &document.cases {
            s.cases += 1;
            recall_sum += case_recall(case, found);
            let detecting = found.iter().filter(|d| detects(d, case)).count();
            if detecting > 0 {
                detected += 1;
                granularity_sum += detecting;
            }
        }
        for d in found {
            s.detections += 1;
            precision_sum += detection_precision(d, &document.cases);
            s.lopsided += usize::from(lopsided(d));
        }
        s.flagged += usize::from(!found.is_empty());
    }
    s.recall = recall_sum / s.cases.max(1) as f64;
    s.precision = if s.detections == 0 {
        1.0
    } else {
        precision_sum / s.detections as f64
    };
    s.granularity = if detected == 0 {
        1.0
    } else {
        granularity_sum as f64 / detected as f64
    };
    let f1 = if s.precision + s.recall == 0.0 {
        0.0
    } else {
        2.0 * s.precision * s.recall / (s.precision + s.recall)
    };
    s.plagdet = f1 / (1.0 + s.granularity).log2();
    s
}
