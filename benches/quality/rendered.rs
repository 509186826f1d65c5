//! The English rewording kinds: real human rewording in English, checked against references of
//! their own. The data (`scripts/corpus.mjs --bench`, target/corpus/bench-renderings) is one text
//! in two independent English renderings: the Qur'an translated from the Arabic by Marmaduke
//! Pickthall (1930) and by Abdullah Yusuf Ali (1934-37), cut into pages of ~250 words at verses.
//! Line i of a page's Pickthall file renders the same verse as line i of its Yusuf Ali file, so a
//! planted passage's counterpart is known by sura and verse number, never by a similarity score
//! and never by plagscope: the English counterpart of the Chinese rewritten kind.
//!
//! The pages are shuffled by the run's seed; the first `REFERENCES`, in Pickthall's words, are
//! the references (a set of their own, so the hosts and the references share one domain, and the
//! news bench above is unchanged by them); the rest, in Yusuf Ali's, are the pool the documents
//! are built from, each page clean in both renderings (no run of 10 words shared with either
//! rendering of a reference: the two share formulas, and the Qur'an repeats its refrains).
//! - rendered: a run of whole verses (150-450 words) of a reference's page in Yusuf Ali's
//!   words planted in a host (other pool pages, whole, to the English host length); the case's
//!   source range is exactly the same verses in the reference, so, unlike the Chinese kind,
//!   its recall is not a lower bound. One passage per document, each from another reference.
//! - rd-topic: the pool page (150+ words) nearest a reference in topic by the bench's own tf·idf
//!   cosine against the reference's Yusuf Ali page (`topic.rs`), one per reference: the same
//!   stories and themes in the same translator's words, its own counterpart not a reference.
//! - rd-clean: hosts with nothing planted. (Retrieval is counted for the rendered kind.)

use std::collections::BTreeMap;
use std::time::Instant;

use plagscope::checker::CheckOptions;

use crate::common;
use crate::corpus::{utf16_len, utf16_range, ENGLISH};
use crate::generate::{Case, Kind, Suspicious, RENDERED_KINDS};
use crate::matcher::{self, Index};
use crate::one_passage::{self, OnePassageKinds};
use crate::plant::{assemble, Planted};
use crate::report::{self, Checked};
use crate::rng::Rng;
use crate::score;
use crate::split::Ref;
use crate::topic::{take_same_topic, Topics};

const DIR: &str = "bench-renderings";
/// References per run, a sixth of the ~630 pages: a third of the rest share a 10-word run (a
/// formula, a refrain) with one, leaving ~330 clean pages; hosts take ~3 pages each.
pub const REFERENCES: usize = 100;
/// Words of a planted passage (Yusuf Ali's), and least words of an rd-topic page.
const WORDS: (usize, usize) = (150, 450);

/// One page in both renderings: `yusuf_ali[i]` renders the verse `pickthall[i]` renders.
struct Page {
    number: String,
    pickthall: Vec<String>,
    yusuf_ali: Vec<String>,
}

impl Page {
    fn verses(&self, planted: bool) -> &[String] {
        if planted {
            &self.yusuf_ali
        } else {
            &self.pickthall
        }
    }

    /// The page as one paragraph: no line break marks where a verse (and its counterpart) ends.
    fn text(&self, planted: bool) -> String {
        self.verses(planted).join(" ")
    }
}

/// The pages in number order; `None` when corpus.mjs could not fetch them.
fn load() -> Option<Vec<Page>> {
    if !common::corpus_dir(DIR).exists() {
        return None;
    }
    let mut sides: BTreeMap<String, (String, String)> = BTreeMap::new();
    for (name, text) in common::corpus(DIR) {
        if let Some(number) = name.strip_suffix(".pickthall.txt") {
            sides.entry(number.to_string()).or_default().0 = text;
        } else if let Some(number) = name.strip_suffix(".yusufali.txt") {
            sides.entry(number.to_string()).or_default().1 = text;
        }
    }
    assert!(
        sides.len() >= 400,
        "target/corpus/{DIR} has {} pages; run `node scripts/corpus.mjs --bench`",
        sides.len()
    );
    let lines = |text: &str| text.split('\n').map(str::to_string).collect::<Vec<_>>();
    let pages = sides.into_iter().map(|(number, (a, b))| {
        let (pickthall, yusuf_ali) = (lines(&a), lines(&b));
        assert_eq!(
            pickthall.len(),
            yusuf_ali.len(),
            "{DIR}/{number}: unaligned verses"
        );
        Page {
            number,
            pickthall,
            yusuf_ali,
        }
    });
    Some(pages.collect())
}

struct RenderedBench {
    pages: Vec<Page>,
    /// Reference i is page i in Pickthall's words.
    refs: Vec<Ref>,
    /// Pages that are not references and are clean in both renderings, in random order.
    pool: Vec<usize>,
    /// Runs of 10 words of both renderings of every reference: the ground truth.
    runs: Index,
    /// Near-duplicate pages dropped, and pool pages dropped as not clean.
    dropped: usize,
    unclean: usize,
}

fn build(rng: &mut Rng) -> Option<RenderedBench> {
    // No passage may have two plausible sources: a page sharing a run of 50 words (either
    // rendering) with one kept before it is dropped.
    let mut seen = Index::new(ENGLISH.duplicate_run);
    let (mut pages, mut dropped) = (Vec::new(), 0);
    for page in load()? {
        let (a, b) = (page.text(false), page.text(true));
        if seen.shares(&a) || seen.shares(&b) {
            dropped += 1;
            continue;
        }
        seen.add(0, &a);
        seen.add(0, &b);
        pages.push(page);
    }
    rng.shuffle(&mut pages);
    let count = REFERENCES.min(pages.len() / 3);
    let mut runs = Index::new(ENGLISH.clean_run);
    let mut refs = Vec::new();
    for (i, page) in pages[..count].iter().enumerate() {
        runs.add(i as u32, &page.text(false));
        runs.add(i as u32, &page.text(true));
        let text = page.text(false);
        refs.push(Ref {
            id: format!("quran-{}.pickthall", page.number),
            units: matcher::count(&text),
            text,
            traditional: None,
            rewrite: None,
        });
    }
    let clean = |p: &Page| !runs.shares(&p.text(false)) && !runs.shares(&p.text(true));
    let pool: Vec<usize> = (count..pages.len()).filter(|&i| clean(&pages[i])).collect();
    let unclean = pages.len() - count - pool.len();
    Some(RenderedBench {
        pages,
        refs,
        pool,
        runs,
        dropped,
        unclean,
    })
}

struct RenderedGenerator<'a> {
    bench: &'a RenderedBench,
    rng: Rng,
    /// Pool pages not yet used, taken from the end.
    pool: Vec<usize>,
    /// Topic cosines of the rd-topic documents: least, most.
    cosines: (f64, f64),
    /// References with a passage long enough to plant, and how many were tried.
    sources: (usize, usize),
}

impl RenderedGenerator<'_> {
    /// Runs of verses (first, end) of page `page` whose Yusuf Ali words make a passage.
    fn passages(&self, page: usize) -> Vec<(usize, usize)> {
        let words: Vec<usize> = (self.bench.pages[page].yusuf_ali.iter())
            .map(|v| matcher::count(v))
            .collect();
        let mut runs = Vec::new();
        for first in 0..words.len() {
            let (mut end, mut sum) = (first, 0);
            while end < words.len() && sum < WORDS.0 {
                sum += words[end];
                end += 1;
            }
            if (WORDS.0..=WORDS.1).contains(&sum) {
                runs.push((first, end));
            }
        }
        runs
    }

    /// A rendered document planting a passage of reference `source`, or `None` when the
    /// matcher finds a shared run the passage's source does not explain (in the document, or in
    /// the cited verses: a refrain both renderings share with another page).
    fn rendered(&mut self, source: usize, host: &[String]) -> Option<Suspicious> {
        let runs = self.passages(source);
        let (first, end) = runs[self.rng.below(runs.len())];
        let page = &self.bench.pages[source];
        let planted = page.yusuf_ali[first..end].join(" ");
        let cited = page.pickthall[first..end].join(" ");
        let before: usize = (page.pickthall[..first].iter())
            .map(|v| utf16_len(v) + 1)
            .sum();
        let src = (before, before + utf16_len(&cited));
        let reference = &self.bench.refs[source];
        let units: Vec<u16> = reference.text.encode_utf16().collect();
        assert_eq!(
            String::from_utf16_lossy(&units[src.0..src.1]),
            cited,
            "rendered case offsets"
        );
        let point = self.rng.below(host.len() + 1);
        let item = Planted {
            text: planted,
            source,
            src,
        };
        let (text, ranges) = assemble(host, std::slice::from_ref(&item), &[point], "\n\n");
        let id = source as u32;
        let whole = (0, cited.len());
        if self.bench.runs.stray(&text, &[(ranges[0], id)]) > 0
            || self.bench.runs.stray(&cited, &[(whole, id)]) > 0
        {
            return None;
        }
        Some(Suspicious {
            kind: Kind::Rendered,
            cases: vec![Case {
                source: reference.id.clone(),
                susp: utf16_range(&text, ranges[0]),
                src,
            }],
            text,
        })
    }
}

impl OnePassageKinds for RenderedGenerator<'_> {
    fn label(&self) -> &str {
        "en"
    }

    fn kinds(&self) -> (Kind, Kind) {
        (Kind::Rendered, Kind::RenderedClean)
    }

    fn paragraph(&self) -> &str {
        "\n\n"
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

    /// One host: pool pages in Yusuf Ali's words, whole, until the English host length.
    fn host(&mut self) -> Option<Vec<String>> {
        let target = self.rng.between(ENGLISH.host.0, ENGLISH.host.1);
        let (mut paragraphs, mut units) = (Vec::new(), 0);
        while units < target {
            let text = self.bench.pages[self.pool.pop()?].text(true);
            units += matcher::count(&text);
            paragraphs.push(text);
        }
        Some(paragraphs)
    }

    /// `count` rd-topic documents: the long pool pages nearest a reference by topic (against the
    /// reference's page in Yusuf Ali's words), one per reference; taken out of the pool.
    fn same_topic(&mut self, count: usize) -> Vec<Suspicious> {
        let pages = &self.bench.pages;
        let counterparts: Vec<String> = (0..self.bench.refs.len())
            .map(|i| pages[i].text(true))
            .collect();
        let refs: Vec<&str> = counterparts.iter().map(String::as_str).collect();
        let texts: Vec<String> = self.pool.iter().map(|&p| pages[p].text(true)).collect();
        let topics = Topics::over(&refs, texts.iter().map(String::as_str), false);
        let chosen = topics.nearest_one_each(&texts, (refs.len(), count), |text| {
            matcher::count(text) >= WORDS.0
        });
        let (cosines, documents) =
            take_same_topic(chosen, &texts, &mut self.pool, Kind::RenderedTopic);
        self.cosines = cosines;
        documents
    }

    fn plant(&mut self, source: usize, host: &[String]) -> Option<Suspicious> {
        self.rendered(source, host)
    }
}

/// Every document checked by plagscope against the references, with its detections, and where
/// each rendered document's source is among the reported sources.
fn check(
    refs: &[Ref],
    documents: Vec<Suspicious>,
    options: &CheckOptions,
) -> (Vec<Checked>, Vec<Option<usize>>) {
    let checker = crate::new_checker(refs);
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

/// Builds, checks and prints the English rewording kinds.
pub fn run(per_kind: usize, options: &CheckOptions, listings: crate::Listings) {
    let start = Instant::now();
    // Its own seed: the other kinds' draws are untouched by these.
    let mut rng =
        Rng(ENGLISH.seed ^ 0x4E4D_D3D0 ^ crate::draw().wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let Some(bench) = build(&mut rng) else {
        crate::record::say!("\n[en] rendered kinds: skipped (target/corpus/{DIR} is missing: corpus.mjs could not fetch it)");
        return;
    };
    let pool = bench.pool.clone();
    let mut generator = RenderedGenerator {
        bench: &bench,
        rng,
        pool,
        cosines: (0.0, 0.0),
        sources: (0, 0),
    };
    let documents = one_passage::documents(&mut generator, per_kind);
    crate::record::say!(
        "\n[en] rendered, human rewording: {} Qur'an pages in Pickthall's words as references, {} clean pages in Yusuf Ali's to build from ({} near-duplicates, {} not clean dropped); {} documents built in {:.1} s",
        bench.refs.len(),
        bench.pool.len(),
        bench.dropped,
        bench.unclean,
        documents.len(),
        start.elapsed().as_secs_f64()
    );
    let ((least, most), (plantable, tried)) = (generator.cosines, generator.sources);
    crate::record::say!(
        "[en] rendered: {tried} of {plantable} references with a passage to plant tried (those sharing a run with another reference turned down); rd-topic pages have tf·idf cosine {least:.3}-{most:.3} with their nearest reference's Yusuf Ali page"
    );
    let start = Instant::now();
    let (results, ranks) = check(&bench.refs, documents, options);
    crate::record::say!(
        "[en] indexed and checked in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    report::kinds_table("en", &RENDERED_KINDS, &results, &ranks, "no target");
    report::evidence_of("en", Kind::Rendered, &results);
    let sources = (bench.refs.iter())
        .map(|r| (r.id.as_str(), r.text.as_str()))
        .collect();
    let ours = |kind: Option<Kind>| kind.filter(|k| RENDERED_KINDS.contains(k));
    if let Some(kind) = ours(listings.debug) {
        report::debug(kind, &results, &sources);
    }
    if let Some(kind) = ours(listings.show) {
        report::show(kind, &results, &sources);
    }
}
