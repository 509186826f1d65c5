//! The cross-language kinds' data (issue 30; issue 46 for German, Japanese and Russian):
//! LibreOffice 7.4 help pages in en-US and their human translation (`scripts/corpus.mjs --bench`:
//! zh-CN in target/corpus/bench-xlang, de, ja and ru in bench-xlang-de, -ja, -ru), aligned block
//! by block by the element ids the compiled help keeps from its sources. Line i of a page's English
//! file is the translation of line i of its other one, so a planted passage's span is known in
//! both languages without comparing texts, and neither plagscope nor any similarity score has a
//! part in the truth.
//!
//! A [`Pair`] is en-US and one translation. For hosts in one language of the pair, the references
//! are pages in the other: hosts in the translation's language get English references (EN→ZH: a
//! zh-CN passage planted, its en-US original cited), English hosts references in the translation
//! (ZH→EN). The pages are shuffled by the run's seed; the first `REFERENCES` are the references,
//! the rest the pool of hosts and same-topic pages. The matcher (`matcher.rs`) indexes both
//! languages of every reference, so a pool page is clean only when neither its text nor its
//! translation shares a run of 10 words (English, German, Russian) or 20 units (Han characters;
//! in Japanese, Han characters and kana runs) with a reference in either language: help pages
//! embed each other's sections, and an untranslated English sentence in a translated page is an
//! exact copy, not a translation.
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
use crate::matcher::{self, is_han, Index};
use crate::rewrite::han;
use crate::rng::Rng;
use crate::split::Ref;
use crate::topic::{han_terms, word_terms};

/// References per run: a class's worth of sources, with room left for about 1,000 pool pages.
pub const REFERENCES: usize = 400;

/// en-US and one of its translations: how the translation's text is matched, measured and
/// hosted.
pub struct Pair {
    /// The translation's settings as hosts (`code` names its files: NNNN.<code>.txt).
    pub lang: &'static Lang,
    /// Its pages' folder under target/corpus, and its help's name in messages.
    pub dir: &'static str,
    pub help: &'static str,
    /// A passage's length in the translation, and the least a translated passage (150+ English
    /// words) and an xl-topic page in the translation need: the translation is not mostly missing.
    pub size: fn(&str) -> usize,
    pub least: usize,
    /// Topic terms of the translation (`topic.rs`).
    pub terms: fn(&str) -> Vec<String>,
    /// Mixed into the run's seed; 0 for zh, whose draw predates the other pairs.
    pub salt: u64,
}

/// Han characters and kana: a Japanese text's length.
fn japanese(text: &str) -> usize {
    // Hiragana and katakana (U+3041-309F, U+30A0-30FF).
    let kana = |c: char| matches!(c as u32, 0x3041..=0x30FF);
    text.chars().filter(|&c| is_han(c) || kana(c)).count()
}

/// zh-CN, the pair of issue 30.
pub const ZH: Pair = Pair {
    lang: &CHINESE,
    dir: "bench-xlang",
    help: "zh-CN",
    size: han,
    least: 250,
    terms: han_terms,
    salt: 0,
};

/// German and Russian are matched, cut into sentences and hosted like English.
const GERMAN: Lang = Lang {
    code: "de",
    seed: 0x5EED_00DE,
    ..ENGLISH
};
const RUSSIAN: Lang = Lang {
    code: "ru",
    seed: 0x5EED_0052,
    ..ENGLISH
};
/// Japanese like Chinese: matcher units are Han characters (and kana runs), sentences end at
/// 。！？ (`corpus::sentences`), hosts are 700-1,700 units.
const JAPANESE: Lang = Lang {
    code: "ja",
    seed: 0x5EED_004A,
    ..CHINESE
};

/// The pairs of issue 46: German (a translation of 150 English words has about as many), Japanese
/// (two or three Han and kana characters a word) and Russian.
pub const DE: Pair = Pair {
    lang: &GERMAN,
    dir: "bench-xlang-de",
    help: "de",
    size: matcher::count,
    least: 100,
    terms: word_terms,
    salt: 0xDE,
};
pub const JA: Pair = Pair {
    lang: &JAPANESE,
    dir: "bench-xlang-ja",
    help: "ja",
    size: japanese,
    least: 250,
    terms: han_terms,
    salt: 0x4A,
};
pub const RU: Pair = Pair {
    lang: &RUSSIAN,
    dir: "bench-xlang-ru",
    help: "ru",
    size: matcher::count,
    least: 100,
    terms: word_terms,
    salt: 0x52,
};

/// One help page in both languages: `other[i]` is the translation of `en[i]`.
pub struct Page {
    pub number: String,
    pub en: Vec<String>,
    pub other: Vec<String>,
}

impl Page {
    /// The page's blocks in the translation (`foreign`) or in English.
    pub fn blocks(&self, foreign: bool) -> &[String] {
        if foreign {
            &self.other
        } else {
            &self.en
        }
    }

    /// The page in one language, one block a line (as the references are given to plagscope).
    pub fn text(&self, foreign: bool) -> String {
        self.blocks(foreign).join("\n")
    }
}

/// The pair's aligned pages in number order; `None` when corpus.mjs could not fetch them.
fn load(pair: &Pair) -> Option<Vec<Page>> {
    let dir = pair.dir;
    if !common::corpus_dir(dir).exists() {
        return None;
    }
    let other = format!(".{}.txt", pair.lang.code);
    let mut sides: BTreeMap<String, (String, String)> = BTreeMap::new();
    for (name, text) in common::corpus(dir) {
        if let Some(number) = name.strip_suffix(".en.txt") {
            sides.entry(number.to_string()).or_default().0 = text;
        } else if let Some(number) = name.strip_suffix(other.as_str()) {
            sides.entry(number.to_string()).or_default().1 = text;
        }
    }
    assert!(
        sides.len() >= 1000,
        "target/corpus/{dir} has {} pages; run `node scripts/corpus.mjs --bench`",
        sides.len()
    );
    let lines = |text: &str| text.lines().map(str::to_string).collect::<Vec<_>>();
    let pages = sides.into_iter().map(|(number, (en, other))| {
        let (en, other) = (lines(&en), lines(&other));
        assert_eq!(en.len(), other.len(), "{dir}/{number}: unaligned blocks");
        Page { number, en, other }
    });
    Some(pages.collect())
}

/// The cross-language bench of one pair and host language.
pub struct CrossBench {
    pub pages: Vec<Page>,
    /// The references: pages in the other language; reference i is page i.
    pub refs: Vec<Ref>,
    /// Pages that are not references and are clean in both languages, in random order.
    pub pool: Vec<usize>,
    /// Runs of `clean_run` units (10 English words; the translation's own: 10 words or 20 units)
    /// of both languages of every reference: the ground truth.
    pub en_runs: Index,
    pub other_runs: Index,
    /// Near-duplicate pages dropped, and pool pages dropped as not clean.
    pub dropped: usize,
    pub unclean: usize,
}

impl CrossBench {
    /// The truth index for text in the translation (`foreign`) or in English.
    pub fn runs(&self, foreign: bool) -> &Index {
        if foreign {
            &self.other_runs
        } else {
            &self.en_runs
        }
    }
}

/// Keeps each page unless it shares a run of `duplicate_run` units (either language) with a
/// page kept before it, so no passage has two plausible sources.
fn without_near_duplicates(pair: &Pair, pages: Vec<Page>) -> (Vec<Page>, usize) {
    let mut en = Index::new(ENGLISH.duplicate_run);
    let mut other = Index::new(pair.lang.duplicate_run);
    let (mut kept, mut dropped) = (Vec::new(), 0);
    for page in pages {
        let (e, o) = (page.text(false), page.text(true));
        if en.shares(&e) || other.shares(&o) {
            dropped += 1;
            continue;
        }
        en.add(0, &e);
        other.add(0, &o);
        kept.push(page);
    }
    (kept, dropped)
}

/// The bench of `pair` for hosts in its translation (`foreign`) or in English, or `None` without
/// the aligned pages.
pub fn build(pair: &Pair, foreign: bool, rng: &mut Rng) -> Option<CrossBench> {
    let (mut pages, dropped) = without_near_duplicates(pair, load(pair)?);
    rng.shuffle(&mut pages);
    let cited = !foreign;
    let count = REFERENCES.min(pages.len() / 2);
    let mut en_runs = Index::new(ENGLISH.clean_run);
    let mut other_runs = Index::new(pair.lang.clean_run);
    let mut refs = Vec::new();
    for (i, page) in pages[..count].iter().enumerate() {
        for text in [page.text(false), page.text(true)] {
            en_runs.add(i as u32, &text);
            other_runs.add(i as u32, &text);
        }
        let text = page.text(cited);
        let code = if cited { pair.lang.code } else { "en" };
        refs.push(Ref {
            id: format!("help-{}.{code}", page.number),
            units: matcher::count(&text),
            text,
            traditional: None,
            rewrite: None,
        });
    }
    let clean = |p: &Page| !en_runs.shares(&p.text(false)) && !other_runs.shares(&p.text(true));
    let pool: Vec<usize> = (count..pages.len()).filter(|&i| clean(&pages[i])).collect();
    let unclean = pages.len() - count - pool.len();
    Some(CrossBench {
        pages,
        refs,
        pool,
        en_runs,
        other_runs,
        dropped,
        unclean,
    })
}
