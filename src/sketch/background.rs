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

// `BACKGROUND_EN_CENTIBELS`, `BACKGROUND_EN_WORDS` and `BACKGROUND_EN_LINES`: data/background-en.txt
// packed by build/background.rs (front-coded words in alphabetical order and the line of each),
// 2.3 KB less gzipped wasm than the text.
include!(concat!(env!("OUT_DIR"), "/background_en.rs"));

/// The English background.
pub fn english() -> &'static Background {
    static ENGLISH: OnceLock<Background> = OnceLock::new();
    ENGLISH.get_or_init(Background::unpack_english)
}

impl Background {
    /// A background from its words and their centibels, most frequent first.
    fn of_words<'a>(words: impl Iterator<Item = (u32, &'a str)>) -> Self {
        let mut by_word = HashMap::default();
        let mut common = Vec::new();
        for (centibels, word) in words {
            let hash = hash_bytes(word.as_bytes());
            by_word.insert(hash, centibels);
            if common.len() < LANGUAGE_WORDS && !is_stopword(word) {
                common.push(hash);
            }
        }
        Background {
            centibels: by_word,
            common,
        }
    }

    /// The English background from the build's packed form, its words put back in the file's
    /// order: each on its line, where they are in alphabetical order as in the packed list.
    fn unpack_english() -> Self {
        let mut lines: Vec<Vec<String>> = vec![Vec::new(); BACKGROUND_EN_CENTIBELS.len()];
        let (mut bytes, mut word) = (BACKGROUND_EN_WORDS.iter().peekable(), Vec::new());
        for &line in &BACKGROUND_EN_LINES {
            let shared = *bytes.next().expect("a word for every line number");
            word.truncate(usize::from(shared));
            while let Some(&byte) = bytes.next_if(|&&byte| byte >= 0x20) {
                word.push(byte);
            }
            let text = String::from_utf8(word.clone()).expect("the words are UTF-8");
            lines[usize::from(line)].push(text);
        }
        let centibels = BACKGROUND_EN_CENTIBELS.iter().map(|&c| u32::from(c));
        Self::of_words(
            (lines.iter().zip(centibels))
                .flat_map(|(words, c)| words.iter().map(move |word| (c, word.as_str()))),
        )
    }

    /// A background from its file: `#` comments, then lines of `<centibels> <words>`, most
    /// frequent first (the form build/background.rs packs; the tests read it as it is).
    #[cfg(test)]
    fn parse(file: &str) -> Self {
        let lines = file.lines().filter(|l| !l.starts_with('#'));
        Self::of_words(lines.flat_map(|line| {
            let mut fields = line.split(' ');
            let centibels = fields.next().and_then(|c| c.parse::<u32>().ok());
            centibels
                .into_iter()
                .flat_map(move |c| fields.clone().map(move |word| (c, word)))
        }))
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
