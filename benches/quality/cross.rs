//! One cross-language run: a pair of `translate.rs` (en-US and zh-CN, de, ja or ru) with hosts in
//! one of its languages, the references in the other. The long kinds (translated, xl-topic,
//! xl-clean: `translated.rs`) and the short ones (xl-short, xl-orphan: `short.rs`) are built,
//! checked by plagscope against the run's references and printed in one table, then retrieval and
//! the short kind by passage length. Each run has its own seed (zh's as before the other pairs),
//! so the other kinds are unchanged by it.

use std::time::Instant;

use plagscope::checker::CheckOptions;

use crate::corpus::ENGLISH;
use crate::generate::{Kind, Suspicious, CROSS_KINDS};
use crate::one_passage;
use crate::record::say;
use crate::report::{self, Checked};
use crate::rng::Rng;
use crate::score;
use crate::short::{self, ShortGenerator};
use crate::translate::{self, CrossBench, Pair, ZH};
use crate::translated::{CrossGenerator, Draw};

/// Every document checked by plagscope against the bench's references, with its detections,
/// and where each document's first case's source is among the reported sources (`None` without
/// a case).
fn check(
    bench: &CrossBench,
    documents: Vec<Suspicious>,
    options: &CheckOptions,
) -> (Vec<Checked>, Vec<Option<usize>>) {
    let checker = crate::new_checker(&bench.refs);
    let mut ranks = Vec::new();
    let results = (documents.into_iter())
        .map(|d| {
            let report = checker.check(&d.text, options).unwrap();
            let rank = (d.cases.first())
                .and_then(|case| report.sources.iter().position(|s| s.id == case.source));
            ranks.push(rank);
            let found = score::detections(&report);
            (d, found)
        })
        .collect();
    (results, ranks)
}

/// The run's name in messages and table titles: the zh pair's runs keep the hosts' code they had
/// before the other pairs ("en", "zh"); the others are named by their direction ("de→en": German
/// references, English hosts).
fn label(pair: &Pair, foreign: bool) -> String {
    let (from, to) = if foreign {
        ("en", pair.lang.code)
    } else {
        (pair.lang.code, "en")
    };
    if std::ptr::eq(pair, &ZH) {
        to.to_string()
    } else {
        format!("{from}→{to}")
    }
}

/// Builds, checks and prints the cross-language kinds of `pair` with hosts in its translation
/// (`foreign`) or in English: `per_kind.0` documents of each long kind, `per_kind.1` of each
/// short one.
pub fn run(
    pair: &Pair,
    foreign: bool,
    per_kind: (usize, usize),
    options: &CheckOptions,
    listings: crate::Listings,
) {
    let start = Instant::now();
    let lang = if foreign { pair.lang } else { &ENGLISH };
    let label = label(pair, foreign);
    // Its own seed: the other kinds' draws are untouched by these.
    let seed =
        lang.seed ^ 0x7A4E_5A11 ^ pair.salt ^ crate::draw().wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut rng = Rng(seed);
    let Some(bench) = translate::build(pair, foreign, &mut rng) else {
        say!(
            "\n[{label}] cross-language kinds: skipped (target/corpus/{} is missing: corpus.mjs could not fetch it)",
            pair.dir
        );
        return;
    };
    let (direction, cited) = if foreign {
        (format!("EN→{}", pair.lang.code.to_uppercase()), "en-US")
    } else {
        (format!("{}→EN", pair.lang.code.to_uppercase()), pair.help)
    };
    let draw = || Draw {
        pair,
        lang,
        foreign,
        label: &label,
        bench: &bench,
    };
    let mut generator = CrossGenerator {
        draw: draw(),
        rng,
        pool: bench.pool.clone(),
        cosines: (0.0, 0.0),
        sources: (0, 0),
    };
    let mut documents = one_passage::documents(&mut generator, per_kind.0);
    say!(
        "\n[{label}] cross-language, {direction}: {} {cited} help pages as references, {} clean pages to build from ({} near-duplicates, {} not clean dropped); {} documents built in {:.1} s",
        bench.refs.len(),
        bench.pool.len(),
        bench.dropped,
        bench.unclean,
        documents.len(),
        start.elapsed().as_secs_f64()
    );
    let ((least, most), (plantable, tried)) = (generator.cosines, generator.sources);
    say!(
        "[{label}] translated: {tried} of {plantable} references with a passage to plant tried (those sharing a run with another reference turned down); xl-topic pages have tf·idf cosine {least:.3}-{most:.3} with their nearest reference's translation"
    );
    let start = Instant::now();
    let mut short = ShortGenerator {
        draw: draw(),
        rng: Rng(seed ^ 0x5407_7E57),
        pool: bench.pool.clone(),
        cosines: (0.0, 0.0),
    };
    let shorts = short.documents(per_kind.1);
    let (least, most) = short.cosines;
    say!(
        "[{label}] short kinds: {} documents built in {:.1} s; xl-orphan pages have tf·idf cosine {least:.3}-{most:.3} with their nearest reference's translation",
        shorts.len(),
        start.elapsed().as_secs_f64()
    );
    documents.extend(shorts);
    let start = Instant::now();
    let (results, ranks) = check(&bench, documents, options);
    say!(
        "[{label}] indexed and checked in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    let of = |kind: Kind| -> Vec<Option<usize>> {
        (results.iter().zip(&ranks))
            .filter(|((d, _), _)| d.kind == kind)
            .map(|(_, &rank)| rank)
            .collect()
    };
    report::cross_table(&label, &results, &of(Kind::Translated));
    short::length_table(&label, lang.chinese, &results, &ranks);
    let sources = (bench.refs.iter())
        .map(|r| (r.id.as_str(), r.text.as_str()))
        .collect();
    let ours = |kind: Option<Kind>| kind.filter(|k| CROSS_KINDS.contains(k));
    if let Some(kind) = ours(listings.debug) {
        report::debug(kind, &results, &sources);
    }
    if let Some(kind) = ours(listings.show) {
        report::show(kind, &results, &sources);
    }
}
