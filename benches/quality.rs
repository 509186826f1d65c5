//! Detection quality on a generated benchmark in the style of PAN's text alignment task.
//!
//! From real text (English: the Brown corpus as sources, CIA Factbook prose as filler; Chinese:
//! classical essays and Tang poems), it builds a reference set of at least 500 sources and
//! suspicious documents of five kinds: passages of 50-500 words copied verbatim, with light edits
//! (~10% of words replaced, inserted, deleted or swapped), with heavy edits (~30%, plus reordered
//! sentences), with evasion (look-alike letters and invisible characters), and documents with nothing
//! copied. Every suspicious document is checked against the whole reference set and scored with the
//! PAN measures (Potthast et al. 2010): character precision and recall over both documents of each
//! case, granularity, and plagdet = F1 / log2(1 + granularity).
//!
//! Run with `npm run bench:quality` (or `cargo bench --bench quality` after `npm run bench` fetched
//! the Chinese text). Exits with status 1 when a target is missed. For tuning:
//! `QUALITY_DOCS_PER_KIND=100` (default 40), `QUALITY_ALIGN=seed,maxGap,mergeGap,minWords,anchor`
//! to try alignment options, `QUALITY_DEBUG=Heavy` (or another kind) to print cases and detections.

#[path = "../tests/common/mod.rs"]
mod common;

use std::collections::HashMap;
use std::time::Instant;

use plagscope::checker::{CheckOptions, Checker, CheckerOptions, Reference, Report};
use unicode_normalization::UnicodeNormalization;

/// Deterministic xorshift random numbers, so every run scores the same benchmark.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn chance(&mut self, p: f64) -> bool {
        (self.next() % 1_000_000) as f64 / 1_000_000.0 < p
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Kind {
    Verbatim,
    Light,
    Heavy,
    Evasion,
    Clean,
}

const KINDS: [Kind; 5] = [
    Kind::Verbatim,
    Kind::Light,
    Kind::Heavy,
    Kind::Evasion,
    Kind::Clean,
];

/// A planted case: UTF-16 ranges in the suspicious document and in its source.
#[derive(Clone, Debug)]
struct Case {
    source: String,
    susp: (usize, usize),
    src: (usize, usize),
}

struct Suspicious {
    kind: Kind,
    text: String,
    cases: Vec<Case>,
}

/// A text cut into units ("words": whitespace-separated for English, characters for Chinese) with
/// their byte ranges.
fn units(text: &str, chinese: bool) -> Vec<(usize, usize)> {
    if chinese {
        text.char_indices()
            .filter(|(_, c)| !c.is_whitespace())
            .map(|(i, c)| (i, i + c.len_utf8()))
            .collect()
    } else {
        let mut result = Vec::new();
        let mut start = None;
        for (i, c) in text.char_indices() {
            match (c.is_whitespace(), start) {
                (true, Some(s)) => {
                    result.push((s, i));
                    start = None;
                }
                (false, None) => start = Some(i),
                _ => {}
            }
        }
        if let Some(s) = start {
            result.push((s, text.len()));
        }
        result
    }
}

fn utf16_len(text: &str) -> usize {
    text.encode_utf16().count()
}

/// Look-alike substitutes for evasion: Latin letters with Cyrillic twins, and Chinese characters
/// with Kangxi radical twins (found through NFKC, which folds them back).
fn lookalikes() -> HashMap<char, char> {
    let mut map: HashMap<char, char> = [
        ('a', 'а'),
        ('e', 'е'),
        ('o', 'о'),
        ('p', 'р'),
        ('c', 'с'),
        ('x', 'х'),
        ('y', 'у'),
        ('i', 'і'),
    ]
    .into_iter()
    .collect();
    for radical in '\u{2F00}'..='\u{2FD5}' {
        let folded: Vec<char> = radical.to_string().nfkc().collect();
        if folded.len() == 1 {
            map.entry(folded[0]).or_insert(radical);
        }
    }
    map
}

/// The planted text for a passage of `words` (unit strings), edited according to `kind`.
fn edit(
    kind: Kind,
    words: &[String],
    vocabulary: &[String],
    chinese: bool,
    rng: &mut Rng,
    lookalike: &HashMap<char, char>,
) -> String {
    let join = |w: &[String]| if chinese { w.concat() } else { w.join(" ") };
    let rate = match kind {
        Kind::Light => 0.10,
        Kind::Heavy => 0.30,
        _ => 0.0,
    };
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        if rng.chance(rate) {
            match rng.below(4) {
                0 => out.push(vocabulary[rng.below(vocabulary.len())].clone()),
                1 => {
                    out.push(words[i].clone());
                    out.push(vocabulary[rng.below(vocabulary.len())].clone());
                }
                2 => {}
                _ if i + 1 < words.len() => {
                    out.push(words[i + 1].clone());
                    out.push(words[i].clone());
                    i += 1;
                }
                _ => out.push(words[i].clone()),
            }
        } else {
            out.push(words[i].clone());
        }
        i += 1;
    }
    if kind == Kind::Heavy {
        // Reorder sentences: cut after sentence ends, shuffle the pieces.
        let mut sentences: Vec<Vec<String>> = vec![Vec::new()];
        for word in out {
            let ends = word.ends_with('.')
                || word.ends_with('。')
                || word.ends_with('!')
                || word.ends_with('?');
            sentences.last_mut().unwrap().push(word);
            if ends {
                sentences.push(Vec::new());
            }
        }
        sentences.retain(|s| !s.is_empty());
        for j in (1..sentences.len()).rev() {
            let k = rng.below(j + 1);
            sentences.swap(j, k);
        }
        out = sentences.concat();
    }
    if kind == Kind::Evasion {
        out = out
            .into_iter()
            .map(|word| {
                let mut evasive = String::new();
                let chars: Vec<char> = word.chars().collect();
                for (n, &c) in chars.iter().enumerate() {
                    match lookalike.get(&c) {
                        Some(&twin) if rng.chance(0.3) => evasive.push(twin),
                        _ => evasive.push(c),
                    }
                    if n + 1 < chars.len() && rng.chance(if chinese { 0.1 } else { 0.15 }) {
                        evasive
                            .push(['\u{200B}', '\u{200C}', '\u{2060}', '\u{00AD}'][rng.below(4)]);
                    }
                }
                evasive
            })
            .collect();
    }
    join(&out)
}

struct Corpus {
    chinese: bool,
    sources: Vec<(String, String)>,
    fillers: Vec<String>,
}

fn build_corpus(language: &str) -> Corpus {
    let documents = common::corpus(language);
    if language == "en" {
        let sources: Vec<(String, String)> = documents
            .iter()
            .filter(|(name, _)| name.starts_with("brown"))
            .map(|(name, text)| (name.trim_end_matches(".txt").to_string(), text.clone()))
            .collect();
        let fillers = documents
            .iter()
            .filter(|(name, text)| name.starts_with("factbook") && text.len() > 3000)
            .map(|(_, text)| text.clone())
            .collect();
        Corpus {
            chinese: false,
            sources,
            fillers,
        }
    } else {
        let (sources, fillers): (Vec<_>, Vec<_>) = documents
            .into_iter()
            .map(|(name, text)| (name.trim_end_matches(".txt").to_string(), text))
            .enumerate()
            .partition(|(i, _)| i % 6 != 5);
        Corpus {
            chinese: true,
            sources: sources.into_iter().map(|(_, d)| d).collect(),
            fillers: fillers.into_iter().map(|(_, (_, text))| text).collect(),
        }
    }
}

fn generate(corpus: &Corpus, checker: &Checker, per_kind: usize, rng: &mut Rng) -> Vec<Suspicious> {
    let lookalike = lookalikes();
    let chinese = corpus.chinese;
    let vocabulary: Vec<String> = corpus
        .fillers
        .iter()
        .take(50)
        .flat_map(|text| {
            units(text, chinese)
                .into_iter()
                .map(|(s, e)| text[s..e].to_string())
                .collect::<Vec<_>>()
        })
        .collect();
    let mut documents = Vec::new();
    for kind in KINDS {
        for _ in 0..per_kind {
            // Filler: 400-1000 units from one or two filler documents.
            let filler = &corpus.fillers[rng.below(corpus.fillers.len())];
            let filler_units = units(filler, chinese);
            let take = (400 + rng.below(600)).min(filler_units.len());
            let begin = rng.below(filler_units.len() - take + 1);
            let pieces: Vec<&str> = filler_units[begin..begin + take]
                .iter()
                .map(|&(s, e)| &filler[s..e])
                .collect();
            let separator = if chinese { "" } else { " " };
            let passages = if kind == Kind::Clean {
                0
            } else {
                1 + rng.below(2)
            };
            // Insertion points in the filler, in order.
            let mut points: Vec<usize> = (0..passages).map(|_| rng.below(pieces.len())).collect();
            points.sort_unstable();
            let mut text = String::new();
            let mut cases = Vec::new();
            let mut next_point = 0;
            for (i, piece) in pieces.iter().enumerate() {
                while next_point < points.len() && points[next_point] == i {
                    // A passage of 50-500 units from a random source.
                    // Benchmark hygiene: plant only passages found in their own source and no
                    // other, so the ground truth is unambiguous (the corpora repeat some texts).
                    let (source_id, source_text, source_units, from, length) = loop {
                        let (id, text) = &corpus.sources[rng.below(corpus.sources.len())];
                        let source_units = units(text, chinese);
                        let length = (50 + rng.below(451)).min(source_units.len());
                        let from = rng.below(source_units.len() - length + 1);
                        let passage =
                            &text[source_units[from].0..source_units[from + length - 1].1];
                        let options = CheckOptions {
                            exclude_quotes: false,
                            ..CheckOptions::default()
                        };
                        let found = checker.check(passage, &options).unwrap().sources;
                        if found.len() == 1 && found[0].id == *id {
                            break (id, text, source_units, from, length);
                        }
                    };
                    let (byte_start, byte_end) =
                        (source_units[from].0, source_units[from + length - 1].1);
                    let planted = match kind {
                        Kind::Verbatim => source_text[byte_start..byte_end].to_string(),
                        _ => {
                            let words: Vec<String> = source_units[from..from + length]
                                .iter()
                                .map(|&(s, e)| source_text[s..e].to_string())
                                .collect();
                            edit(kind, &words, &vocabulary, chinese, rng, &lookalike)
                        }
                    };
                    let paragraph = if chinese { "\n" } else { "\n\n" };
                    text.push_str(paragraph);
                    let susp_start = utf16_len(&text);
                    text.push_str(&planted);
                    let susp_end = utf16_len(&text);
                    text.push_str(paragraph);
                    cases.push(Case {
                        source: source_id.clone(),
                        susp: (susp_start, susp_end),
                        src: (
                            utf16_len(&source_text[..byte_start]),
                            utf16_len(&source_text[..byte_end]),
                        ),
                    });
                    next_point += 1;
                }
                if !text.is_empty() && !text.ends_with('\n') {
                    text.push_str(separator);
                }
                text.push_str(piece);
            }
            documents.push(Suspicious { kind, text, cases });
        }
    }
    documents
}

fn overlap(a: (usize, usize), b: (usize, usize)) -> usize {
    a.1.min(b.1).saturating_sub(a.0.max(b.0))
}

/// Detections of one report: (source id, susp range, src range).
/// A detection: the source's id and the passage's range in the suspicious document and in the source.
type Detection = (String, (usize, usize), (usize, usize));

fn detections(report: &Report) -> Vec<Detection> {
    report
        .sources
        .iter()
        .flat_map(|s| {
            s.passages.iter().map(move |p| {
                (
                    s.id.clone(),
                    (p.start, p.end),
                    (p.source_start, p.source_end),
                )
            })
        })
        .collect()
}

#[derive(Default)]
struct Score {
    precision: f64,
    recall: f64,
    granularity: f64,
    plagdet: f64,
    cases: usize,
    detections: usize,
}

/// PAN character-level measures over (cases, detections) of a set of documents. A detection
/// detects a case when it names the case's source and overlaps it in both documents.
fn score(documents: &[(&Suspicious, Vec<Detection>)]) -> Score {
    let (mut recall_sum, mut cases) = (0.0, 0usize);
    let (mut precision_sum, mut detection_count) = (0.0, 0usize);
    let (mut granularity_sum, mut detected_cases) = (0usize, 0usize);
    // Union of overlaps, computed per unit; ranges are small, so a bitmap per case is fine.
    for (document, found) in documents {
        for case in &document.cases {
            cases += 1;
            let mut susp = vec![false; case.susp.1 - case.susp.0];
            let mut src = vec![false; case.src.1 - case.src.0];
            let mut detecting = 0;
            for (source, d_susp, d_src) in found {
                if *source != case.source
                    || overlap(case.susp, *d_susp) == 0
                    || overlap(case.src, *d_src) == 0
                {
                    continue;
                }
                detecting += 1;
                for unit in case.susp.0.max(d_susp.0)..case.susp.1.min(d_susp.1) {
                    susp[unit - case.susp.0] = true;
                }
                for unit in case.src.0.max(d_src.0)..case.src.1.min(d_src.1) {
                    src[unit - case.src.0] = true;
                }
            }
            let covered = susp.iter().chain(&src).filter(|&&c| c).count();
            recall_sum += covered as f64 / (susp.len() + src.len()) as f64;
            if detecting > 0 {
                detected_cases += 1;
                granularity_sum += detecting;
            }
        }
        for (source, d_susp, d_src) in found {
            detection_count += 1;
            let mut susp = vec![false; d_susp.1 - d_susp.0];
            let mut src = vec![false; d_src.1 - d_src.0];
            for case in &document.cases {
                if *source != case.source
                    || overlap(case.susp, *d_susp) == 0
                    || overlap(case.src, *d_src) == 0
                {
                    continue;
                }
                for unit in case.susp.0.max(d_susp.0)..case.susp.1.min(d_susp.1) {
                    susp[unit - d_susp.0] = true;
                }
                for unit in case.src.0.max(d_src.0)..case.src.1.min(d_src.1) {
                    src[unit - d_src.0] = true;
                }
            }
            let covered = susp.iter().chain(&src).filter(|&&c| c).count();
            precision_sum += covered as f64 / (susp.len() + src.len()).max(1) as f64;
        }
    }
    let recall = if cases == 0 {
        0.0
    } else {
        recall_sum / cases as f64
    };
    let precision = if detection_count == 0 {
        1.0
    } else {
        precision_sum / detection_count as f64
    };
    let granularity = if detected_cases == 0 {
        1.0
    } else {
        granularity_sum as f64 / detected_cases as f64
    };
    let f1 = if precision + recall == 0.0 {
        0.0
    } else {
        2.0 * precision * recall / (precision + recall)
    };
    Score {
        precision,
        recall,
        granularity,
        plagdet: f1 / (1.0 + granularity).log2(),
        cases,
        detections: detection_count,
    }
}

fn main() {
    let per_kind = std::env::var("QUALITY_DOCS_PER_KIND")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(40);
    let targets = [
        (Kind::Verbatim, 0.95),
        (Kind::Light, 0.90),
        (Kind::Heavy, 0.70),
        (Kind::Evasion, 0.90),
    ];
    let mut missed = Vec::new();
    println!("plagscope detection quality (PAN measures; {per_kind} suspicious documents per kind and language)");
    for language in ["en", "zh"] {
        let corpus = build_corpus(language);
        let mut checker = Checker::new(CheckerOptions::default()).unwrap();
        let start = Instant::now();
        for (id, text) in &corpus.sources {
            checker
                .add_reference(Reference::new(id.clone(), text.clone()))
                .unwrap();
        }
        let index_seconds = start.elapsed().as_secs_f64();
        // Benchmark hygiene: a filler that genuinely shares text with a source would make planted
        // cases wrong and "clean" documents unclean, so such fillers are dropped.
        let before = corpus.fillers.len();
        let mut corpus = corpus;
        corpus.fillers.retain(|text| {
            checker
                .check(
                    text,
                    &CheckOptions {
                        exclude_quotes: false,
                        ..CheckOptions::default()
                    },
                )
                .unwrap()
                .sources
                .is_empty()
        });
        println!(
            "\n[{language}] fillers: {} of {before} share no passage with the sources",
            corpus.fillers.len()
        );
        let mut rng = Rng(if language == "en" {
            0x5EED_0001
        } else {
            0x5EED_0002
        });
        let documents = generate(&corpus, &checker, per_kind, &mut rng);
        let start = Instant::now();
        // Quoted dialogue inside the copied passages is the source's, not a quotation by the author:
        // score alignment, not quote exclusion.
        let mut options = CheckOptions {
            exclude_quotes: false,
            ..CheckOptions::default()
        };
        if let Ok(spec) = std::env::var("QUALITY_ALIGN") {
            let v: Vec<usize> = spec.split(',').map(|x| x.parse().unwrap()).collect();
            options.align.seed_words = v[0];
            options.align.max_gap = v[1];
            options.align.merge_gap = v[2];
            options.align.min_words = v[3];
            options.align.anchor_words = v[4];
        }
        let results: Vec<(&Suspicious, Vec<_>)> = documents
            .iter()
            .map(|d| (d, detections(&checker.check(&d.text, &options).unwrap())))
            .collect();
        let check_seconds = start.elapsed().as_secs_f64();
        println!(
            "[{language}] {} references indexed in {index_seconds:.2} s; {} suspicious documents checked in {check_seconds:.2} s",
            checker.len(),
            documents.len()
        );
        println!(
            "  {:<10} {:>6} {:>6} {:>9} {:>9} {:>11} {:>8}  target",
            "kind", "cases", "found", "precision", "recall", "granularity", "plagdet"
        );
        for (kind, target) in targets {
            let subset: Vec<_> = results
                .iter()
                .filter(|(d, _)| d.kind == kind)
                .map(|(d, r)| (*d, r.clone()))
                .collect();
            let s = score(&subset);
            let ok = s.plagdet >= target;
            if !ok {
                missed.push(format!(
                    "{language} {kind:?}: plagdet {:.3} < {target}",
                    s.plagdet
                ));
            }
            println!(
                "  {:<10} {:>6} {:>6} {:>9.3} {:>9.3} {:>11.3} {:>8.3}  >= {target:.2} {}",
                format!("{kind:?}").to_lowercase(),
                s.cases,
                s.detections,
                s.precision,
                s.recall,
                s.granularity,
                s.plagdet,
                if ok { "ok" } else { "MISSED" }
            );
        }
        if let Ok(kind) = std::env::var("QUALITY_DEBUG") {
            for (document, found) in results
                .iter()
                .filter(|(d, _)| format!("{:?}", d.kind) == kind)
                .take(3)
            {
                println!(
                    "  doc: cases {:?}",
                    document
                        .cases
                        .iter()
                        .map(|c| (&c.source, c.susp, c.src))
                        .collect::<Vec<_>>()
                );
                for (source, susp, src) in found {
                    println!("    found {source} {susp:?} {src:?}");
                }
            }
        }
        let flagged = results
            .iter()
            .filter(|(d, r)| d.kind == Kind::Clean && !r.is_empty())
            .count();
        println!("  clean documents with a reported source: {flagged} of {per_kind} (target 0)");
        if flagged > 0 {
            missed.push(format!("{language}: {flagged} clean documents flagged"));
        }
    }
    if missed.is_empty() {
        println!("\nall targets met");
    } else {
        println!("\ntargets missed: {}", missed.join("; "));
        std::process::exit(1);
    }
}
