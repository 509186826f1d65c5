//! The suspicious documents: clean host excerpts (by the matcher), with 1-2 passages from the
//! references planted at paragraph boundaries, disguised according to the document's kind.

use std::collections::HashMap;

use crate::corpus::{lines, sentences, Lang};
use crate::edit::{self, Token};
use crate::matcher;
use crate::paraphrase::Paraphraser;
use crate::rates::Stats;
use crate::rng::Rng;
use crate::split::{Bench, Ref};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Verbatim,
    Light,
    Heavy,
    Paraphrase,
    Evasion,
    Traditional,
    NearMiss,
    SameTopic,
    Clean,
    Rewritten,
    /// Cross-language (`translated.rs`): a human translation of a reference's passage planted.
    Translated,
    /// Cross-language: a page on a reference's topic in the other language, its own
    /// translation not among the references.
    CrossTopic,
    /// Cross-language: help pages of the hosts' language, nothing planted.
    CrossClean,
    /// Cross-language, short (`short.rs`): 2-6 translated sentences of a reference's page planted.
    ShortTranslated,
    /// Cross-language, short: 2-6 sentences of a page on a reference's topic planted, its own
    /// translation not among the references.
    CrossOrphan,
    /// English rewording (`rendered.rs`): another translator's rendering of a reference's
    /// passage planted.
    Rendered,
    /// English rewording: a page on a reference's topic in the planted translator's words, its
    /// own counterpart not among the references.
    RenderedTopic,
    /// English rewording: pages of the planted translator, nothing planted.
    RenderedClean,
}

pub const KINDS: [Kind; 10] = [
    Kind::Verbatim,
    Kind::Light,
    Kind::Heavy,
    Kind::Paraphrase,
    Kind::Evasion,
    Kind::Traditional,
    Kind::NearMiss,
    Kind::SameTopic,
    Kind::Clean,
    Kind::Rewritten,
];

/// The cross-language kinds, built and checked against references of their own, in the other
/// language (`cross.rs`: `translated.rs`, `short.rs`), so the kinds above are what they were
/// before them.
pub const CROSS_KINDS: [Kind; 5] = [
    Kind::Translated,
    Kind::CrossTopic,
    Kind::CrossClean,
    Kind::ShortTranslated,
    Kind::CrossOrphan,
];

/// The English rewording kinds, built and checked against references of their own
/// (`rendered.rs`), so the kinds above are what they were before them.
pub const RENDERED_KINDS: [Kind; 3] = [Kind::Rendered, Kind::RenderedTopic, Kind::RenderedClean];

/// Kinds built after the others, from the hosts they leave, so adding them left the other kinds'
/// documents as they were (the same draws of the random numbers).
const BUILT_LAST: [Kind; 2] = [Kind::Paraphrase, Kind::SameTopic];

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Verbatim => "verbatim",
            Kind::Light => "light",
            Kind::Heavy => "heavy",
            Kind::Paraphrase => "paraphrase",
            Kind::Evasion => "evasion",
            Kind::Traditional => "traditional",
            Kind::NearMiss => "near-miss",
            Kind::SameTopic => "same-topic",
            Kind::Clean => "clean",
            Kind::Rewritten => "rewritten",
            Kind::Translated => "translated",
            Kind::CrossTopic => "xl-topic",
            Kind::CrossClean => "xl-clean",
            Kind::ShortTranslated => "xl-short",
            Kind::CrossOrphan => "xl-orphan",
            Kind::Rendered => "rendered",
            Kind::RenderedTopic => "rd-topic",
            Kind::RenderedClean => "rd-clean",
        }
    }

    /// Whether the kind is built for the language (traditional and rewritten: Chinese only).
    pub fn applies(self, chinese: bool) -> bool {
        chinese || !matches!(self, Kind::Traditional | Kind::Rewritten)
    }

    /// Whether documents of this kind contain planted passages.
    pub fn planted(self) -> bool {
        !matches!(
            self,
            Kind::NearMiss
                | Kind::SameTopic
                | Kind::Clean
                | Kind::CrossTopic
                | Kind::CrossClean
                | Kind::CrossOrphan
                | Kind::RenderedTopic
                | Kind::RenderedClean
        )
    }
}

/// A planted case: the source's id and UTF-16 ranges in the suspicious document and the source.
#[derive(Clone, Debug)]
pub struct Case {
    pub source: String,
    pub susp: (usize, usize),
    pub src: (usize, usize),
}

pub struct Suspicious {
    pub kind: Kind,
    pub text: String,
    pub cases: Vec<Case>,
}

pub struct Generator<'a> {
    pub(crate) lang: &'a Lang,
    pub(crate) bench: &'a Bench,
    pub(crate) rng: Rng,
    pub(crate) vocabulary: Vec<Token>,
    pub(crate) twins: HashMap<char, char>,
    /// References to plant from: long enough, and (for the other kinds) not traditional.
    pub(crate) sources: Vec<usize>,
    pub(crate) traditional: Vec<usize>,
    /// Rewriting references (zh-TW help pages whose zh-CN page is planted).
    pub(crate) rewrites: Vec<usize>,
    /// Most short runs shared with one reference: the least and the most among the near misses,
    /// and the median of the other clean hosts (to show how much harder the near misses are).
    pub shared_runs: (usize, usize, usize),
    /// The paraphrase kind's rewriter (`None` without the thesauri) and what it did.
    pub(crate) paraphraser: Option<Paraphraser>,
    pub paraphrase_stats: Stats,
    /// Topic cosines with the nearest reference: the least and the most among the same-topic
    /// documents, and the median of the hosts left.
    pub topic_cosines: (f64, f64, f64),
}

impl<'a> Generator<'a> {
    pub fn new(lang: &'a Lang, bench: &'a Bench) -> Self {
        let mut rng = Rng(lang.seed ^ 0xD0C5);
        // Replacement words come from host documents: everyday words of the domain, never the source.
        let vocabulary = bench.hosts[..50.min(bench.hosts.len())]
            .iter()
            .flat_map(|d| edit::tokens(&d.text, lang.chinese, &mut rng))
            .filter(|t| t.editable)
            .collect();
        let long = |r: &&Ref| r.units >= lang.passage.0 * 2;
        let pick = |traditional: bool| {
            (0..bench.refs.len())
                .filter(|&i| {
                    long(&&bench.refs[i])
                        && bench.refs[i].traditional.is_some() == traditional
                        && bench.refs[i].rewrite.is_none()
                })
                .collect()
        };
        Generator {
            lang,
            bench,
            rng,
            vocabulary,
            twins: edit::lookalikes(),
            sources: pick(false),
            traditional: pick(true),
            rewrites: crate::rewrite::sources(bench),
            shared_runs: (0, 0, 0),
            paraphraser: Paraphraser::new(lang, bench),
            paraphrase_stats: Stats::default(),
            topic_cosines: (0.0, 0.0, 0.0),
        }
    }

    /// `per_kind` documents of each kind (traditional only for Chinese). Near misses take the
    /// clean hosts sharing the most short phrases with one reference; the others take the rest,
    /// in random order, so each host document is used once.
    pub fn documents(&mut self, per_kind: usize) -> Vec<Suspicious> {
        let hosts = self.ranked_hosts(per_kind);
        let mut result: Vec<Suspicious> = hosts[..per_kind.min(hosts.len())]
            .iter()
            .map(|p| Suspicious {
                kind: Kind::NearMiss,
                text: p.join(self.lang.paragraph),
                cases: Vec::new(),
            })
            .collect();
        let mut rest: Vec<usize> = (result.len()..hosts.len()).collect();
        self.rng.shuffle(&mut rest);
        let mut rest = rest.into_iter();
        // The rewriting set is optional (it needs Debian's apt); without it, no such kind.
        let rewrites = !self.rewrites.is_empty();
        let kinds = KINDS
            .iter()
            .filter(|&&k| k != Kind::NearMiss && k.applies(self.lang.chinese))
            .filter(|&&k| k != Kind::Rewritten || rewrites)
            .filter(|k| !BUILT_LAST.contains(k));
        // Without the thesauri, no paraphrases: the kind's row then shows its target missed.
        let paraphrase = self.paraphraser.is_some().then_some(&Kind::Paraphrase);
        let mut unmodified = vec![false; hosts.len()];
        unmodified[..result.len()].fill(true);
        for &kind in kinds.chain(paraphrase) {
            let mut made = 0;
            while made < per_kind {
                let Some(host) = rest.next() else {
                    eprintln!("[{}] out of clean hosts at {}", self.lang.code, kind.name());
                    break;
                };
                if let Some(document) = self.document(kind, &hosts[host]) {
                    unmodified[host] = kind == Kind::Clean;
                    result.push(document);
                    made += 1;
                }
            }
        }
        // The Chinese pool has about 360 clean excerpts, too few to leave 40 unused: same-topic
        // documents may be hosts that planted kinds used too (they are the unmodified excerpts,
        // checked on their own), never the clean or near-miss kinds' documents.
        let pool = (0..hosts.len()).filter(|&i| !unmodified[i]);
        let pool = pool.map(|i| hosts[i].clone()).collect();
        result.extend(self.same_topic(pool, per_kind));
        result
    }

    /// The clean hosts, those sharing the most short phrases with one reference first (the near
    /// misses); records the counts for the summary.
    fn ranked_hosts(&mut self, per_kind: usize) -> Vec<Vec<String>> {
        let hosts = self.clean_hosts();
        let refs = self.bench.refs.len();
        let mut ranked: Vec<(usize, Vec<String>)> = hosts
            .into_iter()
            .map(|p| {
                (
                    self.bench
                        .phrases
                        .most_shared_runs(&p.join(self.lang.paragraph), refs),
                    p,
                )
            })
            .collect();
        // Stable: equal scores keep the random order.
        ranked.sort_by_key(|(runs, _)| std::cmp::Reverse(*runs));
        let at = |i: usize| ranked.get(i).map_or(0, |(runs, _)| *runs);
        self.shared_runs = (
            at(per_kind.saturating_sub(1)),
            at(0),
            at((ranked.len() + per_kind) / 2),
        );
        ranked.into_iter().map(|(_, p)| p).collect()
    }

    /// One clean excerpt (at most three tries) of each host document, in random order.
    fn clean_hosts(&mut self) -> Vec<Vec<String>> {
        let mut order: Vec<usize> = (0..self.bench.hosts.len()).collect();
        self.rng.shuffle(&mut order);
        order
            .into_iter()
            .filter_map(|i| {
                let text = &self.bench.hosts[i].text;
                (0..3).find_map(|_| {
                    let paragraphs = self.excerpt(text)?;
                    let joined = paragraphs.join(self.lang.paragraph);
                    (!self.bench.clean.shares(&joined)).then_some(paragraphs)
                })
            })
            .collect()
    }

    /// A run of sentences (Chinese: articles) of `host` units, as paragraphs (English: 3-6
    /// sentences each; Chinese: one article each).
    fn excerpt(&mut self, text: &str) -> Option<Vec<String>> {
        let pieces = if self.lang.chinese {
            lines(text)
        } else {
            sentences(text, false)
        };
        let counts: Vec<usize> = pieces
            .iter()
            .map(|&(s, e)| matcher::count(&text[s..e]))
            .collect();
        let (start, end) = self.run(&counts, self.lang.host)?;
        let pieces: Vec<&str> = pieces[start..end]
            .iter()
            .map(|&(s, e)| &text[s..e])
            .collect();
        if self.lang.chinese {
            return Some(pieces.iter().map(|p| p.to_string()).collect());
        }
        let mut paragraphs = Vec::new();
        let mut rest = &pieces[..];
        while !rest.is_empty() {
            let take = self.rng.between(3, 6).min(rest.len());
            paragraphs.push(rest[..take].join(" "));
            rest = &rest[take..];
        }
        Some(paragraphs)
    }

    /// A random run of pieces holding at least a random target in `range` units; `None` when the
    /// text is shorter than `range.0`.
    pub(crate) fn run(
        &mut self,
        counts: &[usize],
        range: (usize, usize),
    ) -> Option<(usize, usize)> {
        let total: usize = counts.iter().sum();
        if total < range.0 {
            return None;
        }
        let target = self.rng.between(range.0, range.1).min(total);
        let mut suffix = vec![0; counts.len() + 1];
        for i in (0..counts.len()).rev() {
            suffix[i] = suffix[i + 1] + counts[i];
        }
        let starts: Vec<usize> = (0..counts.len()).filter(|&i| suffix[i] >= target).collect();
        let start = starts[self.rng.below(starts.len())];
        let (mut end, mut sum) = (start, 0);
        while sum < target {
            sum += counts[end];
            end += 1;
        }
        Some((start, end))
    }
}
