//! Reading CC-CEDICT's text format into the lexicon's sections (the builder's side; the page only
//! ever reads the compact file).
//!
//! A line is `傳統 传统 [chuan2 tong3] /tradition/traditional/convention/CL:個|个[ge4]/`:
//! Traditional and Simplified headwords, pinyin, then definition fields between slashes. Comment
//! lines start with `#`; the header's comments (name, publisher, licence, date) become the
//! lexicon's source, which the file carries with it.
//!
//! Both headwords are folded to Simplified character by character (the core's fold, so a key is what
//! the core makes of that text) and index the same entry; entries whose key is already there (two
//! readings of 长, a Traditional form that folds onto another word) join their terms. Headwords with
//! any character outside the unsegmented scripts (3D打印, T恤, ＡＡ制) are left out: the segmenter
//! reads only runs of such characters, so it could never match them.

use std::collections::BTreeMap;

use super::gloss::english_terms;
use crate::error::Error;
use crate::text::chinese_script::to_simplified;
use crate::text::is_unsegmented_script;

/// What the builder says it changed, appended to the source as CC BY-SA asks.
const CHANGES: &str = "Changes: reduced by plagscope to Chinese words (Traditional folded to \
Simplified) and the English content words of their definitions.";

/// Entries read from a CEDICT file: each folded headword with its English terms and whether
/// the term is a whole sense of it.
pub(super) struct Parsed {
    pub source: String,
    pub entries: BTreeMap<String, BTreeMap<String, bool>>,
}

/// Reads a CEDICT file. A line that is not a comment and does not parse is an error naming its line
/// number: a damaged download must not quietly lose words.
pub(super) fn parse(text: &str) -> Result<Parsed, Error> {
    let mut header = Vec::new();
    let mut entries: BTreeMap<String, BTreeMap<String, bool>> = BTreeMap::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if let Some(comment) = line.strip_prefix('#') {
            header.push(comment.strip_prefix(' ').unwrap_or(comment));
            continue;
        }
        if line.trim().is_empty() {
            continue;
        }
        let (traditional, simplified, fields) = split_line(line).ok_or_else(|| {
            Error::input(
                "cedict",
                format!("line {} is not a CC-CEDICT entry: {line}", number + 1),
            )
        })?;
        let terms: Vec<(String, bool)> = fields.flat_map(english_terms).collect();
        for headword in [simplified, traditional] {
            if !headword.chars().all(is_unsegmented_script) {
                continue;
            }
            let key: String = headword.chars().map(to_simplified).collect();
            let senses = entries.entry(key).or_default();
            for (term, whole) in &terms {
                *senses.entry(term.clone()).or_default() |= whole;
            }
        }
    }
    if entries.is_empty() {
        return Err(Error::input("cedict", "the dictionary holds no entries"));
    }
    let mut source: String = header.iter().map(|l| format!("{l}\n")).collect();
    source.push_str(CHANGES);
    Ok(Parsed { source, entries })
}

/// `(traditional, simplified, definition fields)` of an entry line.
fn split_line(line: &str) -> Option<(&str, &str, impl Iterator<Item = &str>)> {
    let (traditional, rest) = line.split_once(' ')?;
    let (simplified, rest) = rest.split_once(' ')?;
    let rest = rest.strip_prefix('[')?;
    let (_pinyin, rest) = rest.split_once("] /")?;
    let fields = rest.trim_end().strip_suffix('/')?;
    Some((traditional, simplified, fields.split('/')))
}

impl Parsed {
    /// The sections the file is written from: sorted words and terms, each word's term ids.
    pub fn sections(&self) -> (String, String, Vec<Vec<(u32, bool)>>) {
        let words = self.entries.keys().cloned().collect::<Vec<_>>().join("\n");
        let mut terms: Vec<&str> = (self.entries.values())
            .flat_map(|senses| senses.keys().map(String::as_str))
            .collect();
        terms.sort_unstable();
        terms.dedup();
        let links = (self.entries.values())
            .map(|senses| {
                let mut ids: Vec<(u32, bool)> = (senses.iter())
                    .map(|(term, &whole)| {
                        (
                            terms.binary_search(&term.as_str()).expect("a term") as u32,
                            whole,
                        )
                    })
                    .collect();
                ids.sort_unstable();
                ids
            })
            .collect();
        (words, terms.join("\n"), links)
    }
}
