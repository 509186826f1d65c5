//! Disguising a copied passage: word edits, reordered sentences, look-alike letters and invisible
//! characters. Chinese is edited in word-like chunks of 1-3 characters (mean about 1.7, the length
//! of a Chinese word), since swapping or replacing single characters is not how people rewrite.

use std::collections::HashMap;

use unicode_normalization::UnicodeNormalization;

use crate::matcher::is_han;
use crate::rng::Rng;

/// A piece of a passage; only `editable` ones (words, Han chunks) are replaced, dropped or swapped.
#[derive(Clone)]
pub struct Token {
    pub text: String,
    pub editable: bool,
}

/// English: whitespace-separated words (punctuation stays attached). Chinese: Han runs cut into
/// chunks of 1 (40%), 2 (50%) or 3 (10%) characters; every other character a fixed token.
pub fn tokens(text: &str, chinese: bool, rng: &mut Rng) -> Vec<Token> {
    if !chinese {
        return text
            .split_whitespace()
            .map(|w| Token {
                text: w.to_string(),
                editable: true,
            })
            .collect();
    }
    let chars: Vec<char> = text.chars().collect();
    let mut result = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if !is_han(chars[i]) {
            result.push(Token {
                text: chars[i].to_string(),
                editable: false,
            });
            i += 1;
            continue;
        }
        let want = match rng.below(10) {
            0..=3 => 1,
            4..=8 => 2,
            _ => 3,
        };
        let mut end = i + 1;
        while end < chars.len() && end - i < want && is_han(chars[end]) {
            end += 1;
        }
        result.push(Token {
            text: chars[i..end].iter().collect(),
            editable: true,
        });
        i = end;
    }
    result
}

pub fn join(tokens: &[Token], chinese: bool) -> String {
    let texts: Vec<&str> = tokens.iter().map(|t| t.text.as_str()).collect();
    texts.join(if chinese { "" } else { " " })
}

/// Replaces, inserts after, deletes or swaps with its successor each editable token with
/// probability `rate`; new tokens come from `vocabulary` (host documents, never the source).
pub fn word_edits(tokens: &[Token], rate: f64, vocabulary: &[Token], rng: &mut Rng) -> Vec<Token> {
    let mut out = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        let token = &tokens[i];
        i += 1;
        if !token.editable || !rng.chance(rate) {
            out.push(token.clone());
            continue;
        }
        match rng.below(4) {
            0 => out.push(vocabulary[rng.below(vocabulary.len())].clone()),
            1 => {
                out.push(token.clone());
                out.push(vocabulary[rng.below(vocabulary.len())].clone());
            }
            2 => {}
            _ if i < tokens.len() && tokens[i].editable => {
                out.push(tokens[i].clone());
                out.push(token.clone());
                i += 1;
            }
            _ => out.push(token.clone()),
        }
    }
    out
}

/// Shuffles the sentences (cut after . ! ? 。！？； and line ends).
pub fn reorder_sentences(tokens: Vec<Token>, rng: &mut Rng) -> Vec<Token> {
    let mut sentences: Vec<Vec<Token>> = vec![Vec::new()];
    for token in tokens {
        let ends = token
            .text
            .ends_with(['.', '!', '?', '。', '！', '？', '；', '\n']);
        sentences.last_mut().unwrap().push(token);
        if ends {
            sentences.push(Vec::new());
        }
    }
    sentences.retain(|s| !s.is_empty());
    rng.shuffle(&mut sentences);
    sentences.concat()
}

/// Look-alike substitutes: Latin letters with Cyrillic twins, and Chinese characters with Kangxi
/// radical twins (found through NFKC, which folds them back).
pub fn lookalikes() -> HashMap<char, char> {
    let mut map: HashMap<char, char> = [
        ('a', 'а'),
        ('e', 'е'),
        ('o', 'о'),
        ('p', 'р'),
        ('c', 'с'),
        ('x', 'х'),
        ('y', 'у'),
        ('i', 'і'),
    ]
    .into_iter()
    .collect();
    for radical in '\u{2F00}'..='\u{2FD5}' {
        let folded: Vec<char> = radical.to_string().nfkc().collect();
        if folded.len() == 1 {
            map.entry(folded[0]).or_insert(radical);
        }
    }
    map
}

/// Swaps 30% of the letters that have a twin and puts invisible characters inside words.
pub fn evade(
    tokens: Vec<Token>,
    chinese: bool,
    twins: &HashMap<char, char>,
    rng: &mut Rng,
) -> Vec<Token> {
    let invisible_rate = if chinese { 0.1 } else { 0.15 };
    tokens
        .into_iter()
        .map(|token| {
            let chars: Vec<char> = token.text.chars().collect();
            let mut text = String::new();
            for (n, &c) in chars.iter().enumerate() {
                match twins.get(&c) {
                    Some(&twin) if rng.chance(0.3) => text.push(twin),
                    _ => text.push(c),
                }
                if n + 1 < chars.len() && rng.chance(invisible_rate) {
                    text.push(['\u{200B}', '\u{200C}', '\u{2060}', '\u{00AD}'][rng.below(4)]);
                }
            }
            Token { text, ..token }
        })
        .collect()
}
