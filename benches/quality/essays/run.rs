//! One language's essays: the library (the PAN kinds' references, drawn with their seed, then the
//! classmates' essays), the essays of every kind (with a seed of their own), the translated kind
//! on its own library, plagscope's check and the exact matcher's, and the table.

use std::collections::HashMap;
use std::time::Instant;

use plagscope::checker::CheckOptions;

use crate::corpus::{self, sentences, utf16_range, Lang};
use crate::edit;
use crate::matcher::{self, Index};
use crate::paraphrase::Paraphraser;
use crate::rng::Rng;
use crate::split::{self, Bench, Ref};

use super::citations::Parts;
use super::interleave::{Disguise, Plant, Source, Unit};
use super::own::{fit, Hosts, Writer};
use super::print::{self, Checked};
use super::{crosslang, quotation, references, table, Draft, Essay, EssayKind, Label, ESSAY_KINDS};

/// Seeds of the essays' draws, apart from every other kind's.
const SEED: u64 = 0xE55A_7042;
const CROSS_SEED: u64 = 0xE55A_C205;

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The check options: the defaults (quotations and reference lists after a heading left out),
/// with translated copies looked for (the sentence model on) when `translated`, and QUALITY_ALIGN
/// (`translated=1` turns the model on for every kind).
fn options(translated: bool) -> CheckOptions {
    let defaults = CheckOptions::default();
    // check_options turns translated copies on for every PAN kind: here only where asked.
    let mut options = crate::check_options();
    let named = std::env::var("QUALITY_ALIGN").is_ok_and(|a| a.contains("translated="));
    if !named {
        options.align.translated = translated || defaults.align.translated;
    }
    options.exclude_quotes = defaults.exclude_quotes;
    options.exclude_bibliography = defaults.exclude_bibliography;
    options
}

/// The shared runs the truth and the exact matcher look for: 8 words, 15 Chinese units.
fn run_length(chinese: bool) -> usize {
    if chinese {
        15
    } else {
        8
    }
}

/// Reference `i` as a source of copied sentences: `None` for a traditional one (its text is not
/// what would be copied) or one with fewer than six sentences to copy.
fn source(i: usize, r: &Ref, chinese: bool) -> Option<Source> {
    if r.traditional.is_some() {
        return None;
    }
    let units: Vec<Option<Unit>> = (sentences(&r.text, chinese).into_iter())
        .map(|(s, e)| {
            let text = &r.text[s..e];
            (fit(text, chinese)).then(|| Unit {
                text: text.to_string(),
                src: utf16_range(&r.text, (s, e)),
            })
        })
        .collect();
    (units.iter().flatten().count() >= 6).then(|| Source {
        library: i as u32,
        id: r.id.clone(),
        units,
    })
}

/// `count` shared parts of a kind with a classmate, each classmate's essay added to `library`.
fn pairs<T>(
    w: &mut Writer,
    library: &mut Vec<Ref>,
    (name, count): (&str, usize),
    make: fn(&mut Writer) -> Option<(T, String)>,
) -> Vec<T> {
    let mut shared = Vec::new();
    for _ in 0..count * 3 {
        if shared.len() == count {
            break;
        }
        let Some((part, text)) = make(w) else {
            continue;
        };
        library.push(Ref {
            id: format!("classmate-{name}-{:02}", shared.len()),
            units: matcher::count(&text),
            text,
            traditional: None,
            rewrite: None,
        });
        shared.push(part);
    }
    shared
}

/// A clean essay: own sentences of the unused host nearest a reference, host length.
fn clean(w: &mut Writer) -> Option<Essay> {
    let (host, _, _) = w.hosts.on_topic(|_| true)?;
    let units = w.rng.between(w.lang.host.0, w.lang.host.1);
    let own = w.hosts.gather(host, units, Some(&w.truth), &mut w.rng);
    let mut draft = Draft::new(w.lang.chinese);
    for sentence in &own {
        draft.push(sentence, Label::Own, None);
        if w.rng.chance(0.2) {
            draft.paragraph();
        }
    }
    (draft.explained(&w.truth, w.classmates)).then(|| draft.finish(EssayKind::Clean))
}

/// `count` essays made by `make`, giving up after as many failures.
fn essays(count: usize, mut make: impl FnMut() -> Option<Essay>) -> Vec<Essay> {
    (0..count * 2).filter_map(|_| make()).take(count).collect()
}

/// The references' runs: the truth until the classmates' essays join it. A traditional
/// reference's simplified articles count too, so no own sentence is one of them.
fn truth(bench: &Bench, chinese: bool) -> Index {
    let mut truth = Index::new(run_length(chinese));
    for (i, r) in bench.refs.iter().enumerate() {
        truth.add(i as u32, &r.text);
        if let Some(pairs) = &r.traditional {
            let simplified: Vec<&str> = pairs.iter().map(|(s, _)| s.as_str()).collect();
            truth.add(i as u32, &simplified.join("\n"));
        }
    }
    truth
}

/// The essays of every kind but the translated one, and their library.
fn build(lang: &Lang, bench: &Bench, per_kind: usize, seed: u64) -> (Vec<Essay>, Vec<Ref>) {
    let chinese = lang.chinese;
    let mut library: Vec<Ref> = bench.refs.iter().map(Ref::as_library_text).collect();
    let mut w = Writer {
        lang,
        rng: Rng(seed),
        hosts: Hosts::new(lang, bench),
        truth: truth(bench, chinese),
        classmates: library.len() as u32,
        parts: Parts::load(),
    };
    let quotes = pairs(
        &mut w,
        &mut library,
        ("quotation", per_kind),
        quotation::pair,
    );
    let lists = pairs(
        &mut w,
        &mut library,
        ("references", per_kind),
        references::pair,
    );
    let tables = pairs(&mut w, &mut library, ("table", per_kind), table::pair);
    for (i, r) in library.iter().enumerate().skip(w.classmates as usize) {
        w.truth.add(i as u32, &r.text);
    }
    let mut result = essays(per_kind, || clean(&mut w));
    let sources: Vec<Option<Source>> = (bench.refs.iter().enumerate())
        .map(|(i, r)| source(i, r, chinese))
        .collect();
    let plant = Plant {
        sources: &sources,
        own_units: if chinese { 700 } else { 450 },
        classmates: w.classmates,
    };
    let mut rng = Rng(w.rng.next());
    let vocabulary: Vec<edit::Token> = (bench.hosts.iter().take(50))
        .flat_map(|d| edit::tokens(&d.text, chinese, &mut rng))
        .filter(|t| t.editable)
        .collect();
    let paraphraser = Paraphraser::new(lang, bench);
    let mut disguises = vec![
        (Disguise::Verbatim, EssayKind::Verbatim),
        (Disguise::Light(&vocabulary), EssayKind::Light),
    ];
    disguises
        .extend((paraphraser.as_ref()).map(|p| (Disguise::Rewritten(p), EssayKind::Rewritten)));
    for (disguise, kind) in &disguises {
        let mut make = || plant.essay(&mut w.hosts, &w.truth, (disguise, *kind), chinese, &mut rng);
        result.extend(essays(per_kind, &mut make));
    }
    result.extend(quotes.iter().filter_map(|q| quotation::essay(&mut w, q)));
    result.extend(lists.iter().filter_map(|l| references::essay(&mut w, l)));
    result.extend(tables.iter().filter_map(|t| table::essay(&mut w, t)));
    (result, library)
}

/// Each essay checked by plagscope against `library`, and by the exact matcher (runs of `n`
/// units) against the same texts; or each against a small library of them (`small.rs`).
fn check(
    library: &[Ref],
    essays: Vec<Essay>,
    (options, chinese): (&CheckOptions, bool),
    n: usize,
) -> Vec<Checked> {
    if let Some(size) = super::small::library_size() {
        return super::small::check(library, essays, (options, n, chinese), size);
    }
    let checker = crate::new_checker(library);
    let mut exact = Index::new(n);
    for (i, r) in library.iter().enumerate() {
        exact.add(i as u32, &r.text);
    }
    let ids: Vec<String> = library.iter().map(|r| r.id.clone()).collect();
    (essays.into_iter())
        .map(|essay| {
            let report = checker.check(&essay.text, options).unwrap();
            Checked {
                plagscope: super::scoring::from_report(&report),
                exact: super::scoring::exact(&exact, &ids, &essay.text),
                essay,
            }
        })
        .collect()
}

/// What was built, and from what.
fn summary(
    lang: &Lang,
    (essays, cross): (&[Essay], Option<&crosslang::CrossEssays>),
    library: &[Ref],
    start: Instant,
) {
    let built = essays.len() + cross.map_or(0, |c| c.essays.len());
    let classmates = library
        .iter()
        .filter(|r| r.id.starts_with("classmate-"))
        .count();
    let translated = cross.map_or(
        " (no help pages: the translated kind is skipped)".to_string(),
        |c| {
            format!(
                "; the translated kind's: {} help pages in the other language, {} pool pages",
                c.refs.len(),
                c.pool
            )
        },
    );
    crate::record::say!(
        "\n[{}] essays: {built} built in {:.1} s; library: {} references and {classmates} classmates' essays{translated}",
        lang.code,
        start.elapsed().as_secs_f64(),
        library.len() - classmates,
    );
    let (judged, restating) = super::restated::counts();
    crate::record::say!(
        "[{}] host sentences that restate one or two consecutive library sentences, never own: {restating} of {judged}",
        lang.code
    );
}

/// Builds, checks and prints the language's essays; returns the missed targets.
pub fn run(lang: &Lang) -> Vec<String> {
    let per_kind = env_usize("QUALITY_ESSAYS_PER_KIND", 30);
    let draw = crate::draw().wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let start = Instant::now();
    // The PAN kinds' split, drawn as they draw it (the traditional references included).
    let mut rng = Rng(lang.seed ^ draw);
    let traditional = if lang.chinese {
        env_usize("QUALITY_DOCS_PER_KIND", 40)
    } else {
        0
    };
    let bench = split::split(lang, corpus::load(lang), traditional, &mut rng);
    let (essays, library) = build(lang, &bench, per_kind, lang.seed ^ SEED ^ draw);
    let n = run_length(lang.chinese);
    let cross = crosslang::build(lang, per_kind, n, lang.seed ^ CROSS_SEED ^ draw);
    summary(lang, (&essays, cross.as_ref()), &library, start);
    let start = Instant::now();
    let mut results = check(&library, essays, (&options(false), lang.chinese), n);
    let cross_refs = match cross {
        Some(c) => {
            results.extend(check(&c.refs, c.essays, (&options(true), lang.chinese), n));
            c.refs
        }
        None => Vec::new(),
    };
    let seconds = start.elapsed().as_secs_f64();
    crate::record::say!("[{}] essays checked in {seconds:.1} s", lang.code);
    print::header(lang.code, n);
    let missed = (ESSAY_KINDS.into_iter())
        .flat_map(|kind| print::rows(lang.code, kind, &results))
        .collect();
    if let Some(kind) = super::listed("QUALITY_DEBUG") {
        let sources: HashMap<&str, &str> = (library.iter().chain(&cross_refs))
            .map(|r| (r.id.as_str(), r.text.as_str()))
            .collect();
        print::debug(kind, &results, &sources);
        print::dump_library(library.iter().map(|r| (r.id.as_str(), r.text.as_str())));
    }
    if let Some(kind) = super::listed("QUALITY_SHOW") {
        print::show(kind, &results);
    }
    missed
}
