//! The paraphrase kind: a source passage rewritten without plagscope, with synonyms from a real
//! thesaurus (WordNet for English, Cilin for Chinese: `thesaurus.rs`), word-order changes inside
//! sentences, sentence splits and merges, and a few stock phrases of the host documents inserted
//! (`reword_en.rs`, `reword_zh.rs`). It is planted like the other kinds: the matcher must find
//! every shared run of 10 words (20 characters) inside the passage and held by its own source.
//!
//! The rates aim at what a student who rewords a source produces and an attentive reader still
//! recognizes: about a third of the content words changed, the sentences' content and order kept.

use crate::corpus::Lang;
use crate::reword_en::English;
use crate::reword_zh::Chinese;
use crate::split::Bench;
use crate::thesaurus;

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
