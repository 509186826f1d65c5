//! The bilingual lexicon itself ([`Lexicon`]): Chinese words, English terms and the links between
//! them, built from CC-CEDICT or read from its file.

use super::cedict;
use super::format;
use super::strings::Strings;
use crate::error::Error;
use crate::sketch::sentence_terms::PREFIX_CHARS;
use crate::text::chinese_script::to_simplified;
use crate::text::{tokenize, TokenKind};

/// A Chinese word of the lexicon: its index in the sorted word list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WordId(pub u32);

/// A link between a Chinese word and an English term.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sense<'a> {
    /// The English term (Chinese → English) or the Chinese word (English → Chinese).
    pub text: &'a str,
    /// The id of the Chinese word, for English → Chinese lookups; of the term otherwise.
    pub id: u32,
    /// Whether one of the word's definitions is this term alone ("tradition" for 传统), rather than
    /// one word of a longer explanation.
    pub whole: bool,
}

/// Many-to-many links as one array: `items[starts[i]..starts[i + 1]]` are item i's, each
/// `id << 1 | whole`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Links {
    pub(super) starts: Vec<u32>,
    pub(super) items: Vec<u32>,
}

impl Links {
    fn of(&self, i: u32) -> impl Iterator<Item = (u32, bool)> + '_ {
        let range = self.starts[i as usize] as usize..self.starts[i as usize + 1] as usize;
        self.items[range]
            .iter()
            .map(|&item| (item >> 1, item & 1 == 1))
    }

    /// The reverse links: for each of `targets` ids, the sources linking to it.
    fn inverted(&self, targets: usize) -> Links {
        let mut counts = vec![0u32; targets + 1];
        for &item in &self.items {
            counts[(item >> 1) as usize + 1] += 1;
        }
        for i in 1..counts.len() {
            counts[i] += counts[i - 1];
        }
        let mut next = counts.clone();
        let mut items = vec![0u32; self.items.len()];
        for source in 0..self.starts.len() as u32 - 1 {
            for (target, whole) in self.of(source) {
                items[next[target as usize] as usize] = (source << 1) | u32::from(whole);
                next[target as usize] += 1;
            }
        }
        Links {
            starts: counts,
            items,
        }
    }
}

/// The bilingual lexicon: Chinese words (Simplified), English terms, the links between them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lexicon {
    pub(super) source: String,
    pub(super) words: Strings,
    pub(super) terms: Strings,
    /// Word → its terms.
    pub(super) senses: Links,
    /// Term → the words it translates (the inverse of `senses`, built on loading).
    pub(super) translations: Links,
}

impl Lexicon {
    /// Builds the lexicon from CC-CEDICT's text format (`cedict_ts.u8`); see the `cedict` module for what is
    /// kept. A line that does not parse is an [`ErrorCode::InvalidInput`](crate::error::ErrorCode::InvalidInput) naming it.
    pub fn from_cedict(text: &str) -> Result<Lexicon, Error> {
        let parsed = cedict::parse(text)?;
        let (words, terms, links) = parsed.sections();
        Lexicon::from_sections(format::Sections {
            source: &parsed.source,
            words: &words,
            terms: &terms,
            links,
        })
    }

    /// Reads a lexicon file written by [`Lexicon::to_bytes`]. Truncated, damaged, foreign or
    /// other-version bytes give an [`ErrorCode::InvalidInput`](crate::error::ErrorCode::InvalidInput)
    /// about `lexicon` that says what was wrong; never a panic.
    pub fn from_bytes(bytes: &[u8]) -> Result<Lexicon, Error> {
        Lexicon::from_sections(format::read(bytes)?)
    }

    fn from_sections(sections: format::Sections<'_>) -> Result<Lexicon, Error> {
        let words = Strings::from_joined(sections.words, "words")?;
        let terms = Strings::from_joined(sections.terms, "terms")?;
        if sections.links.len() != words.len() {
            return Err(format::invalid(format!(
                "it links {} words, and holds {}",
                sections.links.len(),
                words.len()
            )));
        }
        let mut senses = Links {
            starts: vec![0],
            items: Vec::new(),
        };
        for word_senses in &sections.links {
            for &(term, whole) in word_senses {
                if term as usize >= terms.len() {
                    return Err(format::invalid("a word links a term it does not hold"));
                }
                senses.items.push((term << 1) | u32::from(whole));
            }
            senses.starts.push(senses.items.len() as u32);
        }
        let translations = senses.inverted(terms.len());
        Ok(Lexicon {
            source: sections.source.to_string(),
            words,
            terms,
            senses,
            translations,
        })
    }

    /// The lexicon file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let links = (0..self.words.len() as u32)
            .map(|w| self.senses.of(w).collect())
            .collect();
        format::write(&format::Sections {
            source: &self.source,
            words: &self.words.joined(),
            terms: &self.terms.joined(),
            links,
        })
    }

    /// Where the data comes from: the dictionary's name, publisher, date and licence, and what was
    /// changed (the attribution to show wherever the lexicon is used).
    pub fn source(&self) -> &str {
        &self.source
    }

    /// Number of Chinese words.
    pub fn word_count(&self) -> usize {
        self.words.len()
    }

    /// Number of distinct English terms.
    pub fn term_count(&self) -> usize {
        self.terms.len()
    }

    /// The English term `id` (below [`Lexicon::term_count`]), in matching form; ids follow the
    /// terms' byte order.
    pub fn term(&self, id: u32) -> &str {
        self.terms.get(id)
    }

    /// The Chinese word `id` (Simplified, or a Traditional headword folded character by character).
    pub fn word(&self, id: WordId) -> &str {
        self.words.get(id.0)
    }

    /// The word spelled `chinese` (Simplified or Traditional), if the lexicon holds it.
    pub fn find_word(&self, chinese: &str) -> Option<WordId> {
        let folded: String = chinese.chars().map(to_simplified).collect();
        self.words.find(&folded).map(WordId)
    }

    /// The English terms of a Chinese word, in the core's matching form, sorted.
    pub fn senses(&self, word: WordId) -> impl Iterator<Item = Sense<'_>> + '_ {
        (self.senses.of(word.0)).map(|(id, whole)| Sense {
            text: self.terms.get(id),
            id,
            whole,
        })
    }

    /// The Chinese words whose definitions hold `term`, given in the core's matching form (a token
    /// of [`crate::text::tokenize()`]); none when the lexicon does not know it.
    pub fn chinese_for_term(&self, term: &str) -> impl Iterator<Item = Sense<'_>> + '_ {
        let id = self.terms.find(term);
        id.into_iter().flat_map(|id| self.translations_of(id))
    }

    /// The Chinese words an English word translates to: the word is put in matching form first
    /// ("Traditions" as the core tokenizes it, "traditions").
    pub fn chinese_for(&self, english: &str) -> Vec<Sense<'_>> {
        match matching_form(english) {
            Some(term) => self.chinese_for_term(&term).collect(),
            None => Vec::new(),
        }
    }

    /// The Chinese words of every term that the core's sentence terms would take for `term` (in
    /// matching form): those sharing its first [`PREFIX_CHARS`] characters when it is that long,
    /// else `term` alone. A word may come more than once (from two terms).
    pub fn chinese_for_truncated(&self, term: &str) -> impl Iterator<Item = Sense<'_>> + '_ {
        let ids = match term.char_indices().nth(PREFIX_CHARS) {
            Some((cut, _)) => self
                .terms
                .with_prefix(0..self.terms.len() as u32, &term[..cut]),
            None if term.chars().count() == PREFIX_CHARS => {
                self.terms.with_prefix(0..self.terms.len() as u32, term)
            }
            None => self.terms.find(term).map_or(0..0, |id| id..id + 1),
        };
        ids.flat_map(|id| self.translations_of(id))
    }

    fn translations_of(&self, term: u32) -> impl Iterator<Item = Sense<'_>> + '_ {
        (self.translations.of(term)).map(|(id, whole)| Sense {
            text: self.words.get(id),
            id,
            whole,
        })
    }
}

/// The core's matching form of the first word or number of `english`.
pub fn matching_form(english: &str) -> Option<String> {
    let analysis = tokenize(english);
    let token =
        (analysis.tokens.iter()).find(|t| matches!(t.kind, TokenKind::Word | TokenKind::Number))?;
    Some(analysis.text_of(token).to_string())
}
