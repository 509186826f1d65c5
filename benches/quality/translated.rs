//! The cross-language kinds (issue 30), on the aligned help pages of `translate.rs`, checked
//! against references of their own in the other language:
//! - translated: a run of whole blocks of a reference's page, in the hosts' language, planted in
//!   a host (other pool pages concatenated to the usual host length); the case's source range is
//!   exactly the same blocks in the reference. Passages hold 150-450 English words and at least
//!   250 Han characters, one per document, each from a different reference.
//! - xl-topic: the pool page (150+ words / 250+ Han characters) nearest a reference in topic by
//!   the bench's own tf·idf cosine against the reference's translation (`topic.rs`), one per
//!   reference; its own translation is not among the references, and it is clean.
//! - xl-clean: hosts with nothing planted.
//!
//! Retrieval (the right source reported first) is counted for the translated kind.

use std::time::Instant;

use plagscope::checker::CheckOptions;

use crate::corpus::{utf16_len, utf16_range, Lang};
use crate::generate::{Case, Kind, Suspicious, CROSS_KINDS};
use crate::matcher;
use crate::one_passage::{self, OnePassageKinds};
use crate::plant::assemble;
use crate::report::{self, Checked};
use crate::rewrite::han;
use crate::rng::Rng;
use crate::score;
use crate::topic::{take_same_topic, Topics};
use crate::translate::{self, CrossBench};

/// English words of a translated passage (its English side, whichever side is planted).
const WORDS: (usize, usize) = (150, 450);
/// Least Han characters of a translated passage's Chinese side, and of an xl-topic page.
const HAN: usize = 250;

struct CrossGenerator<'a> {
    lang: &'a Lang,
    bench: &'a CrossBench,
    rng: Rng,
    /// Pool pages not yet used, taken from the end.
    pool: Vec<usize>,
    /// Topic cosines of the xl-topic documents: least, most.
    cosines: (f64, f64),
    /// References with a passage long enough to plant, and how many were tried.
    sources: (usize, usize),
}

impl CrossGenerator<'_> {
    /// Runs of blocks (first, end) of page `page` that make a passage.
    fn passages(&self, page: usize) -> Vec<(usize, usize)> {
        let page = &self.bench.pages[page];
        let words: Vec<usize> = page.en.iter().map(|b| matcher::count(b)).collect();
        let hans: Vec<usize> = page.zh.iter().map(|b| han(b)).collect();
        let mut runs = Vec::new();
        for first in 0..words.len() {
            let (mut end, mut sum, mut chars) = (first, 0, 0);
            while end < words.len() && sum < WORDS.0 {
                (sum, chars) = (sum + words[end], chars + hans[end]);
                end += 1;
            }
            if (WORDS.0..=WORDS.1).contains(&sum) && chars >= HAN {
                runs.push((first, end));
            }
        }
        runs
    }

    /// A translated document planting a passage of reference `source`, or `None` when the
    /// matcher finds a shared run the passage's source does not explain.
    fn translated(&mut self, source: usize, host: &[String]) -> Option<Suspicious> {
        let chinese = self.lang.chinese;
        let runs = self.passages(source);
        let (first, end) = runs[self.rng.below(runs.len())];
        let page = &self.bench.pages[source];
        let planted = page.blocks(chinese)[first..end].join("\n");
        let cited = page.blocks(!chinese)[first..end].join("\n");
        let before: usize = (page.blocks(!chinese)[..first].iter())
            .map(|b| utf16_len(b) + 1)
            .sum();
        let src = (before, before + utf16_len(&cited));
        let reference = &self.bench.refs[source];
        let units: Vec<u16> = reference.text.encode_utf16().collect();
        assert_eq!(
            String::from_utf16_lossy(&units[src.0..src.1]),
            cited,
            "translated case offsets"
        );
        let point = self.rng.below(host.len() + 1);
        let item = crate::plant::Planted {
            text: planted,
            source,
            src,
        };
        let (text, ranges) = assemble(
            host,
            std::slice::from_ref(&item),
            &[point],
            self.lang.paragraph,
        );
        let id = source as u32;
        // The planted text may share runs with its own page alone, in either language.
        let whole = (0, cited.len());
        if self.bench.runs(chinese).stray(&text, &[(ranges[0], id)]) > 0
            || self.bench.runs(!chinese).stray(&cited, &[(whole, id)]) > 0
        {
            return None;
        }
        let cases = vec![Case {
            source: reference.id.clone(),
            susp: utf16_range(&text, ranges[0]),
            src,
        }];
        Some(Suspicious {
            kind: Kind::Translated,
            text,
            cases,
        })
    }
}

impl OnePassageKinds for CrossGenerator<'_> {
    fn label(&self) -> &str {
        self.lang.code
    }

    fn kinds(&self) -> (Kind, Kind) {
        (Kind::Translated, Kind::CrossClean)
    }

    fn paragraph(&self) -> &str {
        self.lang.paragraph
    }

    fn references(&self) -> usize {
        self.bench.refs.len()
    }

    fn plantable(&self, reference: usize) -> bool {
        !self.passages(reference).is_empty()
    }

    fn rng(&mut self) -> &mut Rng {
        &mut self.rng
    }

    fn tried(&mut self) -> &mut (usize, usize) {
        &mut self.sources
    }

    /// One host: pool pages, whole, until a random length in `lang.host` units.
    fn host(&mut self) -> Option<Vec<String>> {
        let target = self.rng.between(self.lang.host.0, self.lang.host.1);
        let (mut paragraphs, mut units) = (Vec::new(), 0);
        while units < target {
            let text = self.bench.pages[self.pool.pop()?].text(self.lang.chinese);
            units += matcher::count(&text);
            paragraphs.push(text);
        }
        Some(paragraphs)
    }

    /// `count` xl-topic documents: the long pool pages nearest a reference by topic (against
    /// the reference's page in the hosts' language), one per reference; taken out of the pool.
    fn same_topic(&mut self, count: usize) -> Vec<Suspicious> {
        let chinese = self.lang.chinese;
        let pages = &self.bench.pages;
        let translations: Vec<String> = (0..self.bench.refs.len())
            .map(|i| pages[i].text(chinese))
            .collect();
        let refs: Vec<&str> = translations.iter().map(String::as_str).collect();
        let texts: Vec<String> = self.pool.iter().map(|&p| pages[p].text(chinese)).collect();
        let topics = Topics::over(&refs, texts.iter().map(String::as_str), chinese);
        let long = |text: &str| {
            if chinese {
                han(text) >= HAN
            } else {
                matcher::count(text) >= WORDS.0
            }
        };
        let chosen = topics.nearest_one_each(&texts, (refs.len(), count), long);
        let (cosines, documents) =
            take_same_topic(chosen, &texts, &mut self.pool, Kind::CrossTopic);
        self.cosines = cosines;
        documents
    }

    fn plant(&mut self, source: usize, host: &[String]) -> Option<Suspicious> {
        self.translated(source, host)
    }
}

/// Every document checked by plagscope against the bench's references, with its detections,
/// and where each translated document's source is among the reported sources.
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
            if let Some(case) = d.cases.first() {
                ranks.push(report.sources.iter().position(|s| s.id == case.source));
            }
            let found = score::detections(&report);
            (d, found)
        })
        .collect();
    (results, ranks)
}

/// Builds, checks and prints the cross-language kinds with hosts in `lang`.
pub fn run(lang: &Lang, per_kind: usize, options: &CheckOptions, listings: crate::Listings) {
    let start = Instant::now();
    // Its own seed: the other kinds' draws are untouched by these.
    let mut rng = Rng(lang.seed ^ 0x7A4E_5A11 ^ crate::draw().wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let Some(bench) = translate::build(lang, &mut rng) else {
        crate::record::say!(
            "\n[{}] cross-language kinds: skipped (target/corpus/bench-xlang is missing: corpus.mjs could not fetch it)",
            lang.code
        );
        return;
    };
    let (direction, cited) = if lang.chinese {
        ("EN→ZH", "en-US")
    } else {
        ("ZH→EN", "zh-CN")
    };
    let pool = bench.pool.clone();
    let mut generator = CrossGenerator {
        lang,
        bench: &bench,
        rng,
        pool,
        cosines: (0.0, 0.0),
        sources: (0, 0),
    };
    let documents = one_passage::documents(&mut generator, per_kind);
    crate::record::say!(
        "\n[{}] cross-language, {direction}: {} {cited} help pages as references, {} clean pages to build from ({} near-duplicates, {} not clean dropped); {} documents built in {:.1} s",
        lang.code,
        bench.refs.len(),
        bench.pool.len(),
        bench.dropped,
        bench.unclean,
        documents.len(),
        start.elapsed().as_secs_f64()
    );
    let ((least, most), (plantable, tried)) = (generator.cosines, generator.sources);
    crate::record::say!(
        "[{}] translated: {tried} of {plantable} references with a passage to plant tried (those sharing a run with another reference turned down); xl-topic pages have tf·idf cosine {least:.3}-{most:.3} with their nearest reference's translation",
        lang.code
    );
    let start = Instant::now();
    let (results, ranks) = check(&bench, documents, options);
    crate::record::say!(
        "[{}] indexed and checked in {:.1} s",
        lang.code,
        start.elapsed().as_secs_f64()
    );
    report::cross_table(lang.code, &results, &ranks);
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
