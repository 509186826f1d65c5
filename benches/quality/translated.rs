//! The long cross-language kinds (issue 30; every pair of issue 46), on the aligned help pages of
//! `translate.rs`, checked against references of their own in the other language (`cross.rs`):
//! - translated: a run of whole blocks of a reference's page, in the hosts' language, planted in
//!   a host (other pool pages concatenated to the usual host length); the case's source range is
//!   exactly the same blocks in the reference. Passages hold 150-450 English words and at least
//!   the pair's least in the translation (250 Han characters; Japanese: 250 Han and kana; German
//!   and Russian: 100 words), one per document, each from a different reference.
//! - xl-topic: the pool page (150+ English words / the translation's least) nearest a reference
//!   in topic by the bench's own tf·idf cosine against the reference's translation (`topic.rs`),
//!   one per reference; its own translation is not among the references, and it is clean.
//! - xl-clean: hosts with nothing planted.
//!
//! Retrieval (the right source reported first) is counted for the translated kind.

use crate::corpus::{utf16_len, utf16_range, Lang};
use crate::generate::{Case, Kind, Suspicious};
use crate::matcher;
use crate::one_passage::OnePassageKinds;
use crate::plant::assemble;
use crate::rng::Rng;
use crate::topic::{english_terms, take_same_topic, Topics};
use crate::translate::{CrossBench, Pair};

/// English words of a translated passage (its English side, whichever side is planted).
pub const WORDS: (usize, usize) = (150, 450);

/// Where the cross-language kinds of one pair and host language draw from.
pub struct Draw<'a> {
    pub pair: &'a Pair,
    /// The hosts' language: the pair's translation (`foreign`) or English.
    pub lang: &'a Lang,
    pub foreign: bool,
    /// The run's name in messages.
    pub label: &'a str,
    pub bench: &'a CrossBench,
}

impl Draw<'_> {
    /// One host: pool pages (taken from the end of `pool`), whole, until a random length in
    /// `lang.host` units.
    pub fn host(&self, pool: &mut Vec<usize>, rng: &mut Rng) -> Option<Vec<String>> {
        let target = rng.between(self.lang.host.0, self.lang.host.1);
        let (mut paragraphs, mut units) = (Vec::new(), 0);
        while units < target {
            let text = self.bench.pages[pool.pop()?].text(self.foreign);
            units += matcher::count(&text);
            paragraphs.push(text);
        }
        Some(paragraphs)
    }

    /// Blocks `first..end` of reference `source`'s page, in the hosts' language, planted in
    /// `host` at a random paragraph boundary, the same blocks in the reference its case; `None`
    /// when the matcher finds a shared run the passage's source does not explain.
    pub fn plant(
        &self,
        kind: Kind,
        (source, first, end): (usize, usize, usize),
        host: &[String],
        rng: &mut Rng,
    ) -> Option<Suspicious> {
        let foreign = self.foreign;
        let page = &self.bench.pages[source];
        let planted = page.blocks(foreign)[first..end].join("\n");
        let cited = page.blocks(!foreign)[first..end].join("\n");
        let before: usize = (page.blocks(!foreign)[..first].iter())
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
        let point = rng.below(host.len() + 1);
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
        if self.bench.runs(foreign).stray(&text, &[(ranges[0], id)]) > 0
            || self.bench.runs(!foreign).stray(&cited, &[(whole, id)]) > 0
        {
            return None;
        }
        let cases = vec![Case {
            source: reference.id.clone(),
            susp: utf16_range(&text, ranges[0]),
            src,
        }];
        Some(Suspicious { kind, text, cases })
    }

    /// The tf·idf topics of the references' pages in the hosts' language, over them and `texts`.
    pub fn topics(&self, texts: &[String]) -> Topics {
        let pages = &self.bench.pages;
        let translations: Vec<String> = (0..self.bench.refs.len())
            .map(|i| pages[i].text(self.foreign))
            .collect();
        let refs: Vec<&str> = translations.iter().map(String::as_str).collect();
        let terms = if self.foreign {
            self.pair.terms
        } else {
            english_terms
        };
        Topics::over_terms(&refs, texts.iter().map(String::as_str), terms)
    }
}

pub struct CrossGenerator<'a> {
    pub draw: Draw<'a>,
    pub rng: Rng,
    /// Pool pages not yet used, taken from the end.
    pub pool: Vec<usize>,
    /// Topic cosines of the xl-topic documents: least, most.
    pub cosines: (f64, f64),
    /// References with a passage long enough to plant, and how many were tried.
    pub sources: (usize, usize),
}

impl CrossGenerator<'_> {
    /// Runs of blocks (first, end) of page `page` that make a passage.
    fn passages(&self, page: usize) -> Vec<(usize, usize)> {
        let pair = self.draw.pair;
        let page = &self.draw.bench.pages[page];
        let words: Vec<usize> = page.en.iter().map(|b| matcher::count(b)).collect();
        let sizes: Vec<usize> = page.other.iter().map(|b| (pair.size)(b)).collect();
        let mut runs = Vec::new();
        for first in 0..words.len() {
            let (mut end, mut sum, mut size) = (first, 0, 0);
            while end < words.len() && sum < WORDS.0 {
                (sum, size) = (sum + words[end], size + sizes[end]);
                end += 1;
            }
            if (WORDS.0..=WORDS.1).contains(&sum) && size >= pair.least {
                runs.push((first, end));
            }
        }
        runs
    }
}

impl OnePassageKinds for CrossGenerator<'_> {
    fn label(&self) -> &str {
        self.draw.label
    }

    fn kinds(&self) -> (Kind, Kind) {
        (Kind::Translated, Kind::CrossClean)
    }

    fn paragraph(&self) -> &str {
        self.draw.lang.paragraph
    }

    fn references(&self) -> usize {
        self.draw.bench.refs.len()
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

    fn host(&mut self) -> Option<Vec<String>> {
        self.draw.host(&mut self.pool, &mut self.rng)
    }

    /// `count` xl-topic documents: the long pool pages nearest a reference by topic (against
    /// the reference's page in the hosts' language), one per reference; taken out of the pool.
    fn same_topic(&mut self, count: usize) -> Vec<Suspicious> {
        let (pair, foreign) = (self.draw.pair, self.draw.foreign);
        let pages = &self.draw.bench.pages;
        let texts: Vec<String> = self.pool.iter().map(|&p| pages[p].text(foreign)).collect();
        let topics = self.draw.topics(&texts);
        let long = |text: &str| {
            if foreign {
                (pair.size)(text) >= pair.least
            } else {
                matcher::count(text) >= WORDS.0
            }
        };
        let references = self.draw.bench.refs.len();
        let chosen = topics.nearest_one_each(&texts, (references, count), long);
        let (cosines, documents) =
            take_same_topic(chosen, &texts, &mut self.pool, Kind::CrossTopic);
        self.cosines = cosines;
        documents
    }

    fn plant(&mut self, source: usize, host: &[String]) -> Option<Suspicious> {
        let runs = self.passages(source);
        let (first, end) = runs[self.rng.below(runs.len())];
        (self.draw).plant(Kind::Translated, (source, first, end), host, &mut self.rng)
    }
}
