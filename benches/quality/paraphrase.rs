//! The paraphrase kind: a source passage rewritten without plagscope, with synonyms from a real
//! thesaurus (WordNet for English, Cilin for Chinese: `thesaurus.rs`), word-order changes inside
//! sentences, sentence splits and merges, and a few stock phrases of the host documents inserted
//! (`reword_en.rs`, `reword_zh.rs`). It is planted like the other kinds: the matcher must find
//! every shared run of 10 words (20 characters) inside the passage and held by its own source.
//!
//! The rates aim at what a student who rewords a source produces and an attentive reader still
//! recognizes: about a third of the content words changed, the sentences' content and order kept.

use crate::corpus::{utf16_range, Lang};
use crate::generate::Generator;
use crate::plant::Planted;
use crate::reword_en::English;
use crate::reword_zh::Chinese;
use crate::split::Bench;
use crate::thesaurus;

/// Share of content words (English: words outside the function-word list; Chinese: Cilin words
/// of 2+ characters) replaced by a synonym. A third keeps the copy visible to a reader (PAN's
/// "high" obfuscation and the heavy kind edit about as many) while no 10-word run of the source
/// need survive; when fewer words have a usable synonym, all of those are replaced.
pub const CONTENT_CHANGED: f64 = 0.35;
/// Chance that a sentence gets a word-order change (an opening phrase moved to its end, or two
/// joined items swapped) where it has one: often enough to matter, rare enough that most
/// sentences keep the source's order, as rewording does.
pub const ORDER_RATE: f64 = 0.3;
/// Chance that a sentence with a place to split (", but he", "；", a long sentence's middle comma)
/// is split there.
pub const SPLIT_RATE: f64 = 0.25;
/// Chance that two short neighbouring sentences are merged.
pub const MERGE_RATE: f64 = 0.2;

/// What the rewriting did, over all planted passages (printed with the benchmark's set-up).
#[derive(Clone, Copy, Default)]
pub struct Stats {
    pub passages: usize,
    pub content: usize,
    pub replaced: usize,
    pub reorders: usize,
    pub splits: usize,
    pub merges: usize,
    pub insertions: usize,
}

pub enum Paraphraser {
    English(English),
    Chinese(Chinese),
}

impl Paraphraser {
    /// The language's paraphraser, with statistics of the host pool; `None` when the thesauri
    /// are not there (the kind then has no documents, and misses its target).
    pub fn new(lang: &Lang, bench: &Bench) -> Option<Self> {
        if !thesaurus::available() {
            println!(
                "[{}] paraphrase: skipped (target/corpus/bench-thesaurus is missing: corpus.mjs could not fetch it)",
                lang.code
            );
            return None;
        }
        let hosts: Vec<&str> = bench.hosts.iter().map(|d| d.text.as_str()).collect();
        Some(if lang.chinese {
            Paraphraser::Chinese(Chinese::new(thesaurus::Chinese::load()?, &hosts))
        } else {
            Paraphraser::English(English::new(thesaurus::English::load()?, &hosts))
        })
    }
}

impl Stats {
    /// One line for the benchmark's set-up output.
    pub fn summary(&self, code: &str, thesaurus: &str) -> String {
        format!(
            "[{code}] paraphrase: {} passages; {} of {} content words ({:.1}%) replaced by {thesaurus} synonyms; {} word-order changes, {} sentence splits, {} merges, {} host phrases inserted",
            self.passages,
            self.replaced,
            self.content,
            100.0 * self.replaced as f64 / self.content.max(1) as f64,
            self.reorders,
            self.splits,
            self.merges,
            self.insertions
        )
    }
}

impl Generator<'_> {
    /// A run of whole sentences of a reference, paraphrased; its source range is the run's.
    pub(crate) fn paraphrased_passage(&mut self) -> Option<Planted> {
        let source = self.sources[self.rng.below(self.sources.len())];
        let text = &self.bench.refs[source].text;
        let range = self.passage(text)?;
        let original = &text[range.0..range.1];
        let rewritten = match self.paraphraser.as_ref()? {
            Paraphraser::English(english) => {
                english.rewrite(original, &mut self.rng, &mut self.paraphrase_stats)
            }
            Paraphraser::Chinese(chinese) => {
                chinese.rewrite(original, &mut self.rng, &mut self.paraphrase_stats)
            }
        };
        self.paraphrase_stats.passages += 1;
        Some(Planted {
            text: rewritten,
            source,
            src: utf16_range(text, range),
        })
    }
}
