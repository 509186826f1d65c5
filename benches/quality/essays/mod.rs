//! Essay kinds (issue 42, item 4): student essays scored sentence by sentence. Real essays do not
//! hold one planted passage in a host: they interleave copied sentences with their own, quote with
//! a stock lead-in that classmates share, end with reference lists like their classmates', copy a
//! table's header. Each essay is built as a list of labeled sentences (copied: verbatim, light,
//! rewritten or translated, with its source and span; own; quoted; bibliography; table), without
//! plagscope: the labels come from the generator, and the bench's own exact matcher
//! (`matcher.rs`) proves that every run of 8 words (15 units of Chinese: Han characters and
//! numbers) the essay shares with the library lies in a copied sentence of that source, or in
//! quoted, bibliography or table text shared with classmates alone.
//!
//! Library: the PAN kinds' 600 references and host pool (`split.rs`, drawn with the same seed),
//! plus the classmates' essays of the quotation, references and table kinds; the translated kind
//! has the cross-language kinds' library (`translate.rs`: 400 help pages in the other language).
//! The essays have their own seed and checker, so the other kinds' documents and figures are as
//! they were. Own sentences are host sentences sharing no such run with any library text, taken in
//! their order from hosts on the topic of the essay's source, never another chapter of the same
//! law (`own.rs`). Checked with the default
//! options (quotations and reference lists after a heading left out), as a user would; the
//! translated kind with translated copies looked for (the sentence model on, as `new_checker`
//! and `check_options` set it up for the PAN kinds); `QUALITY_ALIGN` applies to every kind.
//! - interleaved-verbatim / -light / -rewritten / -translated (`interleave.rs`, `crosslang.rs`):
//!   3-5 times, 1-3 consecutive sentences of a reference (2-3 for rewritten, paraphrased as one
//!   block by `paraphrase.rs`; light: `edit.rs`'s word edits at 10%; translated: the host-language
//!   side of a help page whose other side is the reference), then 1-3 own sentences; the blocks
//!   follow their source's order, and some come from a second source.
//! - quotation (`quotation.rs`): an own essay with 1-2 sentences of a lead-in and a quotation (a
//!   real sentence of the corpus) in quote marks, which a classmate's essay uses too.
//! - references (`references.rs`; entries from real parts: `citations.rs`, `citation_styles.rs`,
//!   `citation_data.rs`): an own essay, often short (the list then starts before its middle),
//!   ending with 15-40 entries under one of many headings or none, 30-70% of them in a
//!   classmate's list too.
//! - table (`table.rs`): an own essay with a table whose header row and row labels a classmate's
//!   table shares, with other numbers.
//! - essay-clean: own essays from the hosts nearest a reference in topic, nothing copied.
//!
//! Scored per sentence (`scoring.rs`), beside an exact 8-gram matcher for calibration, and printed
//! with the targets (`print.rs`). `QUALITY_ESSAYS=only` runs these kinds alone,
//! `QUALITY_ESSAYS_PER_KIND` sets their number (30), `QUALITY_DEBUG=<essay kind>` lists the honest
//! sentences reported and the copied ones missed, `QUALITY_SHOW=<essay kind>` prints two essays a
//! labeled sentence a line, `QUALITY_LIBRARY=<n>` checks each essay against a library of its own
//! of `n` texts (`small.rs`).

mod citation_data;
mod citation_styles;
mod citations;
mod crosslang;
mod interleave;
mod own;
mod print;
mod quotation;
mod references;
mod restated;
mod run;
mod scoring;
mod small;
mod table;

pub use run::run;

use crate::corpus::utf16_range;
use crate::matcher::{self, Index};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EssayKind {
    Verbatim,
    Light,
    Rewritten,
    Translated,
    Quotation,
    References,
    Table,
    Clean,
}

pub const ESSAY_KINDS: [EssayKind; 8] = [
    EssayKind::Verbatim,
    EssayKind::Light,
    EssayKind::Rewritten,
    EssayKind::Translated,
    EssayKind::Quotation,
    EssayKind::References,
    EssayKind::Table,
    EssayKind::Clean,
];

impl EssayKind {
    pub fn name(self) -> &'static str {
        match self {
            EssayKind::Verbatim => "interleaved-verbatim",
            EssayKind::Light => "interleaved-light",
            EssayKind::Rewritten => "interleaved-rewritten",
            EssayKind::Translated => "interleaved-translated",
            EssayKind::Quotation => "quotation",
            EssayKind::References => "references",
            EssayKind::Table => "table",
            EssayKind::Clean => "essay-clean",
        }
    }
}

/// The essay kind `name` names (as QUALITY_DEBUG does), if any: the PAN kinds are `main.rs`'s.
pub fn kind_named(name: &str) -> Option<EssayKind> {
    let wanted = name.to_lowercase().replace(['-', '_'], "");
    (ESSAY_KINDS.into_iter()).find(|k| k.name().replace('-', "") == wanted)
}

/// The essay kind `variable` (QUALITY_DEBUG, QUALITY_SHOW) names, if it names one.
fn listed(variable: &str) -> Option<EssayKind> {
    kind_named(&std::env::var(variable).ok()?)
}

/// How a copied sentence was disguised.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum How {
    Verbatim,
    Light,
    Rewritten,
    Translated,
}

/// What a sentence of an essay is.
#[derive(Clone, Debug, PartialEq)]
pub enum Label {
    /// From reference `source` (its id), whose UTF-16 span `src` it was made from.
    Copied {
        how: How,
        source: String,
        src: (usize, usize),
    },
    Own,
    Quoted,
    Bibliography,
    Table,
}

impl Label {
    pub fn honest(&self) -> bool {
        !matches!(self, Label::Copied { .. })
    }

    pub fn name(&self) -> &'static str {
        match self {
            Label::Copied { .. } => "copied",
            Label::Own => "own",
            Label::Quoted => "quoted",
            Label::Bibliography => "bibliography",
            Label::Table => "table",
        }
    }
}

/// A sentence and its UTF-16 span in the essay.
pub struct Sentence {
    pub label: Label,
    pub span: (usize, usize),
}

pub struct Essay {
    pub kind: EssayKind,
    pub text: String,
    pub sentences: Vec<Sentence>,
}

/// Which library texts may hold the shared runs of a stretch of an essay.
#[derive(Clone, Copy, PartialEq)]
pub enum Holder {
    /// The copied sentences' source alone (its place in the library).
    Source(u32),
    /// Classmates' essays only (quoted, bibliography and table text).
    Classmates,
}

/// An essay being written: its text, its labeled sentences' byte ranges, and the stretches whose
/// shared runs are explained (a copied block and its source, the text shared with classmates).
pub struct Draft {
    chinese: bool,
    pub text: String,
    parts: Vec<(Label, (usize, usize))>,
    pub regions: Vec<((usize, usize), Holder)>,
}

impl Draft {
    pub fn new(chinese: bool) -> Self {
        Draft {
            chinese,
            text: String::new(),
            parts: Vec::new(),
            regions: Vec::new(),
        }
    }

    /// `sentence` after the last one (in the same paragraph); its shared runs explained by `holder`
    /// when it has one (a stretch of consecutive sentences with one holder is one region).
    pub fn push(&mut self, sentence: &str, label: Label, holder: Option<Holder>) {
        if !self.chinese && !self.text.is_empty() && !self.text.ends_with('\n') {
            self.text.push(' ');
        }
        self.add(sentence, label, holder);
    }

    /// `line` on a line of its own (a heading, a reference entry, a table row).
    pub fn line(&mut self, line: &str, label: Label, holder: Option<Holder>) {
        if !self.text.is_empty() && !self.text.ends_with('\n') {
            self.text.push('\n');
        }
        self.add(line, label, holder);
        self.text.push('\n');
    }

    /// Ends the paragraph (English: a blank line; Chinese: a line feed).
    pub fn paragraph(&mut self) {
        if self.text.is_empty() {
            return;
        }
        let end = if self.chinese { "\n" } else { "\n\n" };
        while !self.text.ends_with(end) {
            self.text.push('\n');
        }
    }

    fn add(&mut self, sentence: &str, label: Label, holder: Option<Holder>) {
        let start = self.text.len();
        self.text.push_str(sentence);
        let range = (start, self.text.len());
        self.parts.push((label, range));
        let Some(holder) = holder else { return };
        match self.regions.last_mut() {
            // Only the separator between them: one stretch (a copied block, a reference list).
            Some((r, h)) if *h == holder && self.text[r.1..start].trim().is_empty() => {
                r.1 = range.1
            }
            _ => self.regions.push((range, holder)),
        }
    }

    /// Whether every run of `index.n` units the text shares with the library lies in a region
    /// whose holders hold it: the copied block's source alone, or classmates only (library ids
    /// from `classmates`).
    pub fn explained(&self, index: &Index, classmates: u32) -> bool {
        let units = matcher::units(&self.text);
        let n = index.n;
        (matcher::ngrams(&units, n).into_iter().enumerate()).all(|(i, hash)| {
            let ids = index.get(hash);
            let span = (units[i].start, units[i + n - 1].end);
            ids.is_empty()
                || self.regions.iter().any(|&((s, e), holder)| {
                    s <= span.0
                        && span.1 <= e
                        && match holder {
                            Holder::Source(id) => ids == [id],
                            Holder::Classmates => ids.iter().all(|&i| i >= classmates),
                        }
                })
        })
    }

    pub fn finish(self, kind: EssayKind) -> Essay {
        let text = self.text.trim_end().to_string();
        let sentences = (self.parts.into_iter())
            .map(|(label, range)| Sentence {
                label,
                span: utf16_range(&text, range),
            })
            .collect();
        Essay {
            kind,
            text,
            sentences,
        }
    }

    /// The text as a classmate's essay (a library text).
    pub fn into_text(self) -> String {
        self.text.trim_end().to_string()
    }
}
