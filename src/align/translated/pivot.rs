//! Sentences of two languages in one space of terms: English terms. An English sentence brings
//! its own content words (the terms of [`crate::sketch::sentence_terms`], weighted by tf·idf); a
//! Chinese sentence, cut into dictionary words ([`Lexicon::segment`]), brings every English term
//! of each word's definitions. A number is a term in every language. Two sentences are then
//! compared word by word: which of each one's words has a term in the other.

use std::ops::Range;

use crate::lexicon::{Lexicon, WordId};
use crate::sketch::sentence_terms::{number_term, word_term, SentenceVectors};
use crate::text::{Analysis, TokenKind};

/// A term as the translated evidence keeps it: 32 bits of its hash (a chance meeting of two
/// terms of two sentences is harmless: one word counted as shared).
pub type Term = u32;

fn fold(hash: u64) -> Term {
    (hash >> 32) as u32 ^ hash as u32
}

/// Each dictionary word's English terms, hashed as sentence terms are: built once per lexicon.
#[derive(Debug, Clone, Default)]
pub struct WordTerms {
    starts: Vec<u32>,
    terms: Vec<Term>,
}

impl WordTerms {
    /// The table of every word of `lexicon`.
    pub fn new(lexicon: &Lexicon) -> WordTerms {
        let mut table = WordTerms {
            starts: vec![0],
            terms: Vec::new(),
        };
        for word in 0..lexicon.word_count() as u32 {
            let mut terms: Vec<Term> = (lexicon.senses(WordId(word)))
                .map(|sense| fold(word_term(sense.text)))
                .collect();
            terms.sort_unstable();
            terms.dedup();
            table.terms.extend(terms);
            table.starts.push(table.terms.len() as u32);
        }
        table
    }

    fn of(&self, word: WordId) -> &[Term] {
        let at = word.0 as usize;
        match (self.starts.get(at), self.starts.get(at + 1)) {
            (Some(&start), Some(&end)) => &self.terms[start as usize..end as usize],
            _ => &[],
        }
    }
}

/// One sentence in the term space: its words, each with a weight and its terms.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PivotUnit {
    /// Whether the sentence is written in characters (Chinese) rather than words.
    pub characters: bool,
    /// Its language ([`Language`]): two units of two languages are a translation's candidates,
    /// two of one a rewording's.
    pub language: Language,
    /// Each word's weight: tf·idf for an English word, 1 for a Chinese one.
    pub weights: Vec<f32>,
    /// (term, the word it belongs to), sorted by term.
    pub terms: Vec<(Term, u16)>,
}

impl PivotUnit {
    /// The sum of its words' weights.
    pub fn total(&self) -> f32 {
        self.weights.iter().sum()
    }

    fn push(&mut self, weight: f32, terms: impl IntoIterator<Item = Term>) {
        let Ok(word) = u16::try_from(self.weights.len()) else {
            return;
        };
        let before = self.terms.len();
        self.terms.extend(terms.into_iter().map(|t| (t, word)));
        if self.terms.len() > before {
            self.weights.push(weight);
        }
    }
}

/// A language, as whichlang tells 16 of them apart (its index in `whichlang::LANGUAGES`).
pub type Language = u8;

/// Text read per kind of unit to tell its language: more adds nothing.
const LANGUAGE_SAMPLE_BYTES: usize = 4_000;

/// The language of a text's units written in words, and of those in characters: each judged
/// over all of them, since a sentence alone is often too short to tell (a German sentence of
/// product names reads as English), and a paper or a source is written in one language or, at
/// most, in one with words and one with characters.
fn text_languages(analysis: &Analysis, vectors: &SentenceVectors) -> [Language; 2] {
    let mut samples = [String::new(), String::new()];
    for u in 0..vectors.len() {
        let sample = &mut samples[usize::from(vectors.is_characters(u))];
        let range = vectors.units[u].clone();
        let tokens = &analysis.tokens;
        if sample.len() >= LANGUAGE_SAMPLE_BYTES || range.is_empty() {
            continue;
        }
        let (first, last) = (&tokens[range.start], &tokens[range.end - 1]);
        sample.push_str(&analysis.normalized[first.norm_start..last.norm_end]);
        sample.push('\n');
    }
    samples.map(|sample| {
        let language = whichlang::detect_language(&sample);
        let index = whichlang::LANGUAGES.iter().position(|&l| l == language);
        index.unwrap_or(0) as Language
    })
}

/// The BCP 47 tag of `text`'s language; text written `characters` is Chinese or Japanese.
pub fn language_tag(text: &str, characters: bool) -> &'static str {
    use whichlang::Lang;
    match (whichlang::detect_language(text), characters) {
        (Lang::Jpn, _) => "ja",
        (_, true) => "zh",
        (Lang::Ara, _) => "ar",
        (Lang::Cmn, _) => "zh",
        (Lang::Deu, _) => "de",
        (Lang::Eng, _) => "en",
        (Lang::Fra, _) => "fr",
        (Lang::Hin, _) => "hi",
        (Lang::Ita, _) => "it",
        (Lang::Kor, _) => "ko",
        (Lang::Nld, _) => "nl",
        (Lang::Por, _) => "pt",
        (Lang::Rus, _) => "ru",
        (Lang::Spa, _) => "es",
        (Lang::Swe, _) => "sv",
        (Lang::Tur, _) => "tr",
        (Lang::Vie, _) => "vi",
    }
}

/// Every sentence unit of a text in the term space, in order: English units from `vectors`,
/// Chinese ones from the lexicon.
pub fn pivot_units(
    analysis: &Analysis,
    token_hashes: &[u64],
    vectors: &SentenceVectors,
    (lexicon, table): (&Lexicon, &WordTerms),
) -> Vec<PivotUnit> {
    let languages = text_languages(analysis, vectors);
    (0..vectors.len())
        .map(|u| {
            let mut unit = if vectors.is_characters(u) {
                chinese_unit(
                    analysis,
                    token_hashes,
                    vectors.units[u].clone(),
                    lexicon,
                    table,
                )
            } else {
                let mut unit = PivotUnit::default();
                for term in vectors.terms(u) {
                    unit.push(term.weight, [fold(term.hash)]);
                }
                unit
            };
            unit.terms.sort_unstable();
            unit.language = languages[usize::from(unit.characters)];
            unit
        })
        .collect()
}

/// A Chinese unit: its runs of characters cut into dictionary words, and its numbers and Latin
/// words as they are.
fn chinese_unit(
    analysis: &Analysis,
    token_hashes: &[u64],
    tokens: Range<usize>,
    lexicon: &Lexicon,
    table: &WordTerms,
) -> PivotUnit {
    let mut unit = PivotUnit {
        characters: true,
        ..PivotUnit::default()
    };
    let mut run = String::new();
    let flush = |run: &mut String, unit: &mut PivotUnit| {
        for segment in lexicon.segment(run) {
            if let Some(word) = segment.word {
                unit.push(1.0, table.of(word).iter().copied());
            }
        }
        run.clear();
    };
    for i in tokens {
        let token = &analysis.tokens[i];
        match token.kind {
            TokenKind::Character => run.push_str(analysis.text_of(token)),
            TokenKind::Number => {
                flush(&mut run, &mut unit);
                unit.push(1.0, [fold(number_term(token_hashes[i]))]);
            }
            TokenKind::Word => {
                flush(&mut run, &mut unit);
                unit.push(1.0, [fold(word_term(analysis.text_of(token)))]);
            }
            TokenKind::Punctuation => flush(&mut run, &mut unit),
        }
    }
    flush(&mut run, &mut unit);
    unit
}

/// How much two sentences of different languages share: for each side, the share of its words'
/// weight whose terms the other side has, and the geometric mean of the two shares; with how many
/// words of each side matched.
pub fn shared(a: &PivotUnit, b: &PivotUnit) -> (f32, usize, usize) {
    let (mut hit_a, mut hit_b) = (vec![false; a.weights.len()], vec![false; b.weights.len()]);
    let (mut i, mut j) = (0, 0);
    while i < a.terms.len() && j < b.terms.len() {
        let (ta, tb) = (a.terms[i].0, b.terms[j].0);
        if ta < tb {
            i += 1;
        } else if tb < ta {
            j += 1;
        } else {
            // Every word of each side holding this term matches.
            let a_end = i + a.terms[i..].iter().take_while(|t| t.0 == ta).count();
            let b_end = j + b.terms[j..].iter().take_while(|t| t.0 == tb).count();
            a.terms[i..a_end]
                .iter()
                .for_each(|t| hit_a[usize::from(t.1)] = true);
            b.terms[j..b_end]
                .iter()
                .for_each(|t| hit_b[usize::from(t.1)] = true);
            (i, j) = (a_end, b_end);
        }
    }
    let share = |hits: &[bool], unit: &PivotUnit| {
        let hit: f32 = hits
            .iter()
            .zip(&unit.weights)
            .filter(|(h, _)| **h)
            .map(|(_, w)| w)
            .sum();
        hit / unit.total().max(f32::MIN_POSITIVE)
    };
    let score = (share(&hit_a, a) * share(&hit_b, b)).sqrt();
    let count = |hits: &[bool]| hits.iter().filter(|&&h| h).count();
    (score, count(&hit_a), count(&hit_b))
}
