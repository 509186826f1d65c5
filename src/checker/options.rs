//! The options of a reference set ([`CheckerOptions`]: they decide what is indexed) and of one
//! check ([`CheckOptions`]), with their documented ranges.

use serde::{Deserialize, Serialize};

use crate::align::AlignOptions;
use crate::error::Error;
use crate::methods::combined::{Metadata, DEFAULT_MU};
use crate::methods::weibo::DEFAULT_K;
use crate::sketch::minhash::MinHashScheme;
use crate::span::Span;
use crate::text::TextOptions;

/// Options fixed for a reference set (they decide what is stored in the index).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct CheckerOptions {
    /// How texts are normalized and tokenized.
    pub text: TextOptions,
    /// Words per fingerprint shingle, the noise threshold (2..=16). Default 5.
    pub k: usize,
    /// Guarantee threshold in words: every shared run this long is found (k..=64). Default 12.
    pub t: usize,
    /// MinHash slots (16..=1024). Default 128.
    pub num_perm: usize,
    /// MinHash scheme. Default one permutation.
    pub minhash_scheme: MinHashScheme,
}

impl Default for CheckerOptions {
    fn default() -> Self {
        CheckerOptions {
            text: TextOptions::default(),
            k: 5,
            t: 12,
            num_perm: 128,
            minhash_scheme: MinHashScheme::OnePermutation,
        }
    }
}

impl CheckerOptions {
    /// Checks the documented ranges.
    pub fn validate(&self) -> Result<(), Error> {
        self.text.validate()?;
        if !(2..=16).contains(&self.k) {
            return Err(Error::invalid(
                "k",
                format!("must be in 2..=16, got {}", self.k),
            ));
        }
        if !(self.k..=64).contains(&self.t) {
            return Err(Error::invalid(
                "t",
                format!("must be in k..=64 ({}..=64), got {}", self.k, self.t),
            ));
        }
        if !(16..=1024).contains(&self.num_perm) {
            return Err(Error::invalid(
                "numPerm",
                format!("must be in 16..=1024, got {}", self.num_perm),
            ));
        }
        Ok(())
    }
}

/// Options of one check (or one all-pairs run).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct CheckOptions {
    /// Passage alignment (gaps, minimum passage length in words, ...).
    pub align: AlignOptions,
    /// Leave quotations out. Default true.
    pub exclude_quotes: bool,
    /// Leave the bibliography out. Default true.
    pub exclude_bibliography: bool,
    /// Fingerprints held by more references than this are common phrasing, not evidence (MOSS -m;
    /// 1..=1000000). Default 10.
    pub max_doc_frequency: usize,
    /// Report at most this many sources (1..=10000). Default 100.
    pub max_sources: usize,
    /// Weight of the text part in the combined SimHash + metadata score, in [0.8, 0.9]. Default 0.85.
    pub mu: f64,
    /// K of the short-text (Weibo) score, in [2, 8]. Default 4.
    pub weibo_k: f64,
    /// The paper's metadata, compared with each source's by the combined score.
    pub meta: Metadata,
    /// All-pairs only: report pairs whose similarity (the larger of the two directions) reaches
    /// this share, in [0, 1]. Default 0.05.
    pub threshold: f64,
    /// References the reader left out of this report, by id: passages and similarity are those of
    /// a set without them (a base document left out no longer excludes its text), while common
    /// phrasing and the tf·idf statistics still count them. Default none.
    pub ignore_references: Vec<String>,
    /// Parts of the paper the reader left out of this report (UTF-16 spans): excluded like a
    /// quote, as [`ExclusionKind::Reader`]. Default none.
    pub exclude_spans: Vec<Span>,
    /// The reader's "include it again": a quote, bibliography or base-document exclusion that
    /// overlaps one of these spans is not made. Default none.
    pub include_spans: Vec<Span>,
}

/// Most spans or ids in one of [`CheckOptions`]' reader lists.
pub const MAX_READER_CHOICES: usize = 100_000;

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            align: AlignOptions::default(),
            exclude_quotes: true,
            exclude_bibliography: true,
            max_doc_frequency: 10,
            max_sources: 100,
            mu: DEFAULT_MU,
            weibo_k: DEFAULT_K,
            meta: Metadata::default(),
            threshold: 0.05,
            ignore_references: Vec::new(),
            exclude_spans: Vec::new(),
            include_spans: Vec::new(),
        }
    }
}

impl CheckOptions {
    /// Checks the documented ranges.
    pub fn validate(&self) -> Result<(), Error> {
        self.align.validate()?;
        if !(1..=1_000_000).contains(&self.max_doc_frequency) {
            return Err(Error::invalid(
                "maxDocFrequency",
                format!("must be in 1..=1000000, got {}", self.max_doc_frequency),
            ));
        }
        if !(1..=10_000).contains(&self.max_sources) {
            return Err(Error::invalid(
                "maxSources",
                format!("must be in 1..=10000, got {}", self.max_sources),
            ));
        }
        if !(0.8..=0.9).contains(&self.mu) {
            return Err(Error::invalid(
                "mu",
                format!("must be in [0.8, 0.9], got {}", self.mu),
            ));
        }
        if !(2.0..=8.0).contains(&self.weibo_k) {
            return Err(Error::invalid(
                "weiboK",
                format!("must be in [2, 8], got {}", self.weibo_k),
            ));
        }
        if !(0.0..=1.0).contains(&self.threshold) {
            return Err(Error::invalid(
                "threshold",
                format!("must be in [0, 1], got {}", self.threshold),
            ));
        }
        for (name, count) in [
            ("ignoreReferences", self.ignore_references.len()),
            ("excludeSpans", self.exclude_spans.len()),
            ("includeSpans", self.include_spans.len()),
        ] {
            if count > MAX_READER_CHOICES {
                return Err(Error::invalid(
                    name,
                    format!("holds {count} items; at most {MAX_READER_CHOICES} are allowed"),
                ));
            }
        }
        for (name, spans) in [
            ("excludeSpans", &self.exclude_spans),
            ("includeSpans", &self.include_spans),
        ] {
            if let Some(span) = spans.iter().find(|s| s.start > s.end) {
                return Err(Error::invalid(
                    name,
                    format!("a span starts after it ends ({}..{})", span.start, span.end),
                ));
            }
        }
        Ok(())
    }
}
