//! Background document frequencies: what a small library cannot say about its words. A term's idf
//! over five references ranges from 1 to 1 + ln 6; "people" and "Luhn" each in one of them weigh
//! the same, so a rewritten sentence that keeps the source's names, dates and numbers and changes
//! its ordinary words is no closer to it than a sentence on the same subject. English word
//! frequencies in running text (wordfreq 3.1.1's small list, Robyn Speer, data CC BY-SA 4.0, the
//! words of 10^-4.5 or more: `data/background-en.txt`, made by `scripts/background.mjs`) stand in
//! for [`BACKGROUND_DOCUMENTS`] documents of [`DOCUMENT_WORDS`] words each, added to the library's
//! own counts while it has fewer references than that: a word of frequency `f` is in
//! `1 - exp(-f * DOCUMENT_WORDS)` of them, a word the list does not hold (or a number) in none. A
//! library of 200 references or more is left to its own counts, as are libraries not in English
//! ([`Background::describes`]) and words of other scripts.

use rustc_hash::FxHashMap as HashMap;
use std::sync::OnceLock;

use super::hash::hash_bytes;
use super::simhash::IdfTable;
use crate::text::is_stopword;

/// Documents the background stands for while the library has none.
pub const BACKGROUND_DOCUMENTS: u32 = 200;

/// Words in each of the background's documents (a short article or an essay).
pub const DOCUMENT_WORDS: f64 = 1000.0;

/// The most frequent content words (not stop words) that tell an English library.
pub const LANGUAGE_WORDS: usize = 200;

/// Least mean share of [`LANGUAGE_WORDS`] a library's documents hold for it to be English: a
/// 100-word English text holds about 2% of them, a French one none.
pub const LANGUAGE_SHARE: f64 = 0.01;

/// A language's word frequencies, by the hash of the word's matching form.
#[derive(Debug)]
pub struct Background {
    /// Each word's centibels below 1: a map of `u32`s shares its code with the idf table's own
    /// (as parsing integers, not floats, adds no code).
    centibels: HashMap<u64, u32>,
    /// The [`LANGUAGE_WORDS`] most frequent words that are not stop words.
    common: Vec<u64>,
}

/// The English background.
pub fn english() -> &'static Background {
    static ENGLISH: OnceLock<Background> = OnceLock::new();
    ENGLISH.get_or_init(|| Background::parse(include_str!("data/background-en.txt")))
}

impl Background {
    /// A background from its file: `#` comments, then lines of `<centibels> <words>`, most
    /// frequent first.
    fn parse(file: &str) -> Self {
        let mut by_word = HashMap::default();
        let mut common = Vec::new();
        for line in file.lines().filter(|l| !l.starts_with('#')) {
            let mut fields = line.split(' ');
            let Some(centibels) = fields.next().and_then(|c| c.parse::<u32>().ok()) else {
                continue;
            };
            for word in fields {
                let hash = hash_bytes(word.as_bytes());
                by_word.insert(hash, centibels);
                if common.len() < LANGUAGE_WORDS && !is_stopword(word) {
                    common.push(hash);
                }
            }
        }
        Background {
            centibels: by_word,
            common,
        }
    }

    /// Words the background holds.
    pub fn len(&self) -> usize {
        self.centibels.len()
    }

    /// Whether the background holds no word.
    pub fn is_empty(&self) -> bool {
        self.centibels.is_empty()
    }

    /// Frequency in running text of the word whose matching form has hash `hash` (0 when the list
    /// does not hold it: rarer than its rarest word, or not a word of the language).
    pub fn frequency(&self, hash: u64) -> f64 {
        let centibels = self.centibels.get(&hash);
        centibels.map_or(0.0, |&c| {
            (-f64::from(c) * std::f64::consts::LN_10 / 100.0).exp()
        })
    }

    /// Whether the library counted in `idf` is written in the background's language: its
    /// documents hold on average [`LANGUAGE_SHARE`] of the language's most frequent content words.
    pub fn describes(&self, idf: &IdfTable) -> bool {
        let documents = f64::from(idf.documents());
        let held: u32 = (self.common.iter())
            .map(|&h| idf.document_frequency(h))
            .sum();
        documents > 0.0
            && f64::from(held) / (documents * self.common.len() as f64) >= LANGUAGE_SHARE
    }

    /// Smoothed idf of the term with hash `hash` over the library `idf` counts and, when the
    /// library is small, the background's documents (see the module docs).
    pub fn idf(&self, idf: &IdfTable, hash: u64) -> f64 {
        let background = f64::from(BACKGROUND_DOCUMENTS.saturating_sub(idf.documents()));
        let holding = 1.0 - (-self.frequency(hash) * DOCUMENT_WORDS).exp();
        let documents = f64::from(idf.documents()) + background;
        let frequency = f64::from(idf.document_frequency(hash)) + background * holding;
        ((1.0 + documents) / (1.0 + frequency)).ln() + 1.0
    }
}

#[cfg(test)]
mod tests;
