//! From a CEDICT gloss to English terms in the core's matching form.
//!
//! A CEDICT definition field is written for people: "(bound form) tradition", "to eat; to have a
//! meal", "CL:個|个[ge4]", "surname Wang", "variant of 喫|吃[chi1]", "lit. to breathe through the
//! same nostril (idiom); fig. ...". Only the English content words say what the Chinese word
//! means, so a field is cut at `;` into senses and each sense is cleaned:
//! - parentheticals are usage notes ("(bound form)", "(Tw)", "(classifier for ...)"): dropped;
//! - a sense that only points elsewhere (a classifier list, a variant, an abbreviation, "see",
//!   "used in", a pronunciation) or names a surname carries no meaning of its own: dropped;
//! - Chinese words and their pinyin in brackets are cross-references: dropped;
//! - the rest is tokenized by the core's own tokenizer ([`crate::text::tokenize()`]), so a term is
//!   exactly the token the core makes of that word in any English text (lowercased, NFKC, accents
//!   dropped); stop words (NLTK's, as the core uses them), one-letter words and CEDICT's own
//!   shorthand ("sth", "sb", "lit.", "fig.") are left out.
//!
//! A sense of exactly one term is marked `whole`: the term is the word's translation, not one
//! word of an explanation ("tradition" for 传统, where "the emergency number for ..." explains 110).

use crate::text::{is_stopword, tokenize, TokenKind};

/// Senses that refer to another entry or give no meaning, by how they start (lowercased, after
/// parentheticals are removed). Matched at the start only: "see" or "used" inside a sense is an
/// ordinary word.
const REFERENCE_OPENINGS: &[&str] = &[
    "cl:",
    "see ",
    "see:",
    "cf. ",
    "surname ",
    "abbr. ",
    "abbr ",
    "used in ",
    "also pr.",
    "taiwan pr.",
    "pr. ",
    "also written ",
    "classifier for ",
    "kangxi radical",
];

/// CEDICT's shorthand and the words of its editorial formulas, which no English text translates.
const SHORTHAND: &[&str] = &[
    "sth", "sb", "sb's", "sth's", "lit", "fig", "esp", "etc", "abbr", "usu", "one's", "oneself",
    "e.g", "i.e", "derog", "coll", "tw",
];

/// The English terms of one CEDICT definition field (between two `/`), each with whether it is a
/// whole sense; in order, possibly repeated.
pub(super) fn english_terms(field: &str) -> Vec<(String, bool)> {
    let mut terms = Vec::new();
    for sense in field.split(';') {
        let cleaned = without_references(&without_parentheticals(sense));
        let cleaned = cleaned.trim();
        let lower = cleaned.to_lowercase();
        // The space lets "used in" match a sense whose reference was its last word.
        let spaced = format!("{lower} ");
        if lower.contains("variant of") || REFERENCE_OPENINGS.iter().any(|o| spaced.starts_with(o))
        {
            continue;
        }
        let words = content_words(cleaned);
        let whole = words.len() == 1;
        terms.extend(words.into_iter().map(|w| (w, whole)));
    }
    terms
}

/// `text` without anything in parentheses (nested ones too). An unclosed parenthesis drops the
/// rest: in CEDICT it only happens where a note runs on.
fn without_parentheticals(text: &str) -> String {
    let mut depth = 0usize;
    let mut kept = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '(' | '（' => depth += 1,
            ')' | '）' => depth = depth.saturating_sub(1),
            _ if depth == 0 => kept.push(c),
            _ => {}
        }
    }
    kept
}

/// `text` without cross-references: pinyin in square brackets, and the Chinese characters and `|`
/// (Traditional|Simplified) of the words they name.
fn without_references(text: &str) -> String {
    let mut in_brackets = false;
    let mut kept = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '[' => in_brackets = true,
            ']' => in_brackets = false,
            '|' => {}
            _ if in_brackets || crate::text::is_unsegmented_script(c) => {}
            _ => kept.push(c),
        }
    }
    kept
}

/// The content words of `text` in the core's matching form.
fn content_words(text: &str) -> Vec<String> {
    let analysis = tokenize(text);
    let tokens = analysis.tokens.iter();
    let content = tokens.filter(|t| matches!(t.kind, TokenKind::Word | TokenKind::Number));
    content
        .map(|t| analysis.text_of(t))
        .filter(|w| w.chars().nth(1).is_some() || w.chars().all(|c| c.is_ascii_digit()))
        .filter(|w| !is_stopword(w) && !SHORTHAND.contains(w))
        .map(str::to_string)
        .collect()
}
