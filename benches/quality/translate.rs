//! The cross-language kinds' data (issue 30): LibreOffice 7.4 help pages in en-US and their zh-CN
//! human translation (`scripts/corpus.mjs --bench`, target/corpus/bench-xlang), aligned block by
//! block by the element ids the compiled help keeps from its sources. Line i of a page's English
//! file is the translation of line i of its Chinese one, so a planted passage's span is known in
//! both languages without comparing texts, and neither plagscope nor any similarity score has a
//! part in the truth.
//!
//! For hosts in one language (the language run's), the references are pages in the other:
//! Chinese hosts get English references (EN→ZH: a zh-CN passage planted, its en-US original cited),
//! English hosts Chinese ones (ZH→EN). The pages are shuffled by the run's seed; the first
//! `REFERENCES` are the references, the rest the pool of hosts and same-topic pages. The matcher
//! (`matcher.rs`) indexes both languages of every reference, so a pool page is clean only when
//! neither its text nor its translation shares a run of 10 English words or 20 Han characters
//! with a reference in either language: help pages embed each other's sections, and an untranslated
//! English sentence in a Chinese page is an exact copy, not a translation.
//!
//! Not used: PyPI `hsk-sentences-audio` (4,354 short HSK sentences with English translations). The
//! sentence model meant for the translated evidence was chosen by how it ranks 3,115 of those
//! pairs (DESIGN.md), so a kind built from them would grade the detector on its own selection
//! data; and its sentences are unrelated one-liners that make a passage of 150 words only by
//! stitching strangers together. Traditional characters are covered by the rewritten and
//! traditional kinds.

use std::collections::BTreeMap;

use crate::common;
use crate::corpus::{Lang, CHINESE, ENGLISH};
use crate::matcher::{self, Index};
use crate::rng::Rng;
use crate::split::Ref;

/// References per run: a class's worth of sources, with room left for about 1,000 pool pages.
pub const REFERENCES: usize = 400;

/// One help page in both languages: `zh[i]` is the translation of `en[i]`.
pub struct Page {
    pub number: String,
    pub en: Vec<String>,
    pub zh: Vec<String>,
}

impl Page {
    pub fn blocks(&self, chinese: bool) -> &[String] {
        if chinese {
            &self.zh
        } else {
            &self.en
        }
    }

    /// The page in one language, one block a line (as the references are given to plagscope).
    pub fn text(&self, chinese: bool) -> String {
        self.blocks(chinese).join("\n")
    }
}

/// The aligned pages in number order; `None` when corpus.mjs could not fetch them.
fn load() -> Option<Vec<Page>> {
    let dir = "bench-xlang";
    if !common::corpus_dir(dir).exists() {
        return None;
    }
    let mut sides: BTreeMap<String, (String, String)> = BTreeMap::new();
    for (name, text) in common::corpus(dir) {
        if let Some(number) = name.strip_suffix(".en.txt") {
            sides.entry(number.to_string()).or_default().0 = text;
        } else if let Some(number) = name.strip_suffix(".zh.txt") {
            sides.entry(number.to_string()).or_default().1 = text;
        }
    }
    assert!(
        sides.len() >= 1000,
        "target/corpus/{dir} has {} pages; run `node scripts/corpus.mjs --bench`",
        sides.len()
    );
    let lines = |text: &str| text.lines().map(str::to_string).collect::<Vec<_>>();
    let pages = sides.into_iter().map(|(number, (en, zh))| {
        let (en, zh) = (lines(&en), lines(&zh));
        assert_eq!(en.len(), zh.len(), "{dir}/{number}: unaligned blocks");
        Page { number, en, zh }
    });
    Some(pages.collect())
}

/// The cross-language bench of one host language.
pub struct CrossBench {
    pub pages: Vec<Page>,
    /// The references: pages in the other language; reference i is page i.
    pub refs: Vec<Ref>,
    /// Pages that are not references and are clean in both languages, in random order.
    pub pool: Vec<usize>,
    /// Runs of 10 units (English words) and of 20 (Han characters) of both languages of every
    /// reference: the ground truth.
    pub en_runs: Index,
    pub zh_runs: Index,
    /// Near-duplicate pages dropped, and pool pages dropped as not clean.
    pub dropped: usize,
    pub unclean: usize,
}

impl CrossBench {
    /// The truth index for text in the hosts' language (or, with `!chinese`, in English).
    pub fn runs(&self, chinese: bool) -> &Index {
        if chinese {
            &self.zh_runs
        } else {
            &self.en_runs
        }
    }
}

/// Keeps each page unless it shares a run of `duplicate_run` units (either language) with a
/// page kept before it, so no passage has two plausible sources.
fn without_near_duplicates(pages: Vec<Page>) -> (Vec<Page>, usize) {
    let mut en = Index::new(ENGLISH.duplicate_run);
    let mut zh = Index::new(CHINESE.duplicate_run);
    let (mut kept, mut dropped) = (Vec::new(), 0);
    for page in pages {
        let (e, z) = (page.text(false), page.text(true));
        if en.shares(&e) || zh.shares(&z) {
            dropped += 1;
            continue;
        }
        en.add(0, &e);
        zh.add(0, &z);
        kept.push(page);
    }
    (kept, dropped)
}

/// The bench for hosts in `lang`, or `None` without the aligned pages.
pub fn build(lang: &Lang, rng: &mut Rng) -> Option<CrossBench> {
    let (mut pages, dropped) = without_near_duplicates(load()?);
    rng.shuffle(&mut pages);
    let cited = !lang.chinese;
    let count = REFERENCES.min(pages.len() / 2);
    let mut en_runs = Index::new(ENGLISH.clean_run);
    let mut zh_runs = Index::new(CHINESE.clean_run);
    let mut refs = Vec::new();
    for (i, page) in pages[..count].iter().enumerate() {
        for text in [page.text(false), page.text(true)] {
            en_runs.add(i as u32, &text);
            zh_runs.add(i as u32, &text);
        }
        let text = page.text(cited);
        refs.push(Ref {
            id: format!("help-{}.{}", page.number, if cited { "zh" } else { "en" }),
            units: matcher::count(&text),
            text,
            traditional: None,
            rewrite: None,
        });
    }
    let clean = |p: &Page| !en_runs.shares(&p.text(false)) && !zh_runs.shares(&p.text(true));
    let pool: Vec<usize> = (count..pages.len()).filter(|&i| clean(&pages[i])).collect();
    let unclean = pages.len() - count - pool.len();
    Some(CrossBench {
        pages,
        refs,
        pool,
        en_runs,
        zh_runs,
        dropped,
        unclean,
    })
}
