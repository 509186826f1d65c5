//! The terms a text's tokens make for its sentence vectors and fingerprints
//! ([`super::sentence_terms`]), token by token.
//!
//! Terms are what survives rewriting:
//! - a word of a space-separated script, not a stop word and of two letters or more, cut to its
//!   first [`PREFIX_CHARS`] characters. Truncation is a stemmer: "relates", "related" and
//!   "relating" meet, and in retrieval experiments it does about as well as Porter or Snowball for
//!   English (McNamee and Mayfield 2009, "Character N-Gram Tokenization for European Language Text
//!   Retrieval": 5-character truncation within a few percent of Snowball). It costs no table and
//!   no code, where a Snowball stemmer would add about 12 KB of gzipped wasm;
//! - a number, whole;
//! - two neighbouring Han (or other unsegmented-script) characters, stop characters skipped, so
//!   that an inserted or dropped 的 or 了 leaves the bigram: character bigrams are the standard
//!   indexing unit of Chinese retrieval, and Traditional characters are already Simplified.
//!
//! What a token makes depends on its matching form alone ([`token_term`]), so a caller that meets
//! the same word in many texts may keep it by the token's hash ([`TokenTerm`] is small and
//! `Copy`): the check does, for every candidate source.

use std::ops::Range;

use crate::text::{is_stopword, Analysis, TokenKind};

use super::hash::hash_bytes;

/// Characters a word is cut to before it is compared.
pub const PREFIX_CHARS: usize = 5;

/// What one token gives the terms of its sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenTerm {
    /// No term, and a character pair cannot span it: punctuation, a stop word, a one-letter word.
    Break,
    /// No term, and a character pair spans it: a stop character (的, 了).
    Skip,
    /// A word's term ([`word_term`]) or a number's ([`number_term`]).
    Term(u64),
    /// A character, which makes a term with the character before it.
    Character,
}

impl TokenTerm {
    /// Whether the token's weight counts in a term.
    pub fn is_weighed(self) -> bool {
        matches!(self, TokenTerm::Term(_) | TokenTerm::Character)
    }
}

/// What token `i` of `analysis` (whose matching form hashes to `token_hashes[i]`) gives the terms
/// of its sentence.
pub fn token_term(analysis: &Analysis, token_hashes: &[u64], i: usize) -> TokenTerm {
    let token = &analysis.tokens[i];
    match token.kind {
        TokenKind::Word => {
            let text = analysis.text_of(token);
            if text.char_indices().nth(1).is_none() || is_stopword(text) {
                TokenTerm::Break
            } else {
                TokenTerm::Term(word_term(text))
            }
        }
        TokenKind::Number => TokenTerm::Term(number_term(token_hashes[i])),
        TokenKind::Character if is_stopword(analysis.text_of(token)) => TokenTerm::Skip,
        TokenKind::Character => TokenTerm::Character,
        TokenKind::Punctuation => TokenTerm::Break,
    }
}

/// Makes terms from tokens given in order, each with what it carries (`W`: its weight, or
/// nothing): a character's term needs the character before it.
pub struct TermRun<W> {
    /// The last character since a break: (its token, its hash, what it carries).
    previous_character: Option<(usize, u64, W)>,
}

impl<W: Copy> Default for TermRun<W> {
    fn default() -> Self {
        TermRun {
            previous_character: None,
        }
    }
}

impl<W: Copy> TermRun<W> {
    /// The term token `i` (making `term`, hashing to `token_hash`, carrying `carried`) ends, if
    /// any: (its first token and what that carries, the term's hash). Its last token is `i`.
    pub fn next(
        &mut self,
        i: usize,
        term: TokenTerm,
        token_hash: u64,
        carried: W,
    ) -> Option<((usize, W), u64)> {
        match term {
            TokenTerm::Break => {
                self.previous_character = None;
                None
            }
            TokenTerm::Skip => None,
            TokenTerm::Term(hash) => {
                self.previous_character = None;
                Some(((i, carried), hash))
            }
            TokenTerm::Character => {
                let previous = self.previous_character.replace((i, token_hash, carried));
                previous.map(|(j, hash_j, carried_j)| {
                    let pair = hash_j.rotate_left(23) ^ token_hash;
                    ((j, carried_j), pair.wrapping_mul(PAIR_MULTIPLIER))
                })
            }
        }
    }
}

/// Calls `term(first, last, hash)` for each term of the tokens `range`, where `first..=last` are
/// the tokens it comes from (one, or the two characters of a pair).
pub fn unit_terms(
    analysis: &Analysis,
    token_hashes: &[u64],
    range: Range<usize>,
    term: &mut dyn FnMut(usize, usize, u64),
) {
    let mut run = TermRun::default();
    for i in range {
        let made = run.next(
            i,
            token_term(analysis, token_hashes, i),
            token_hashes[i],
            (),
        );
        if let Some(((first, ()), hash)) = made {
            term(first, i, hash);
        }
    }
}

/// The term of a word in matching form (not a stop word): its first [`PREFIX_CHARS`] characters,
/// hashed. The translated evidence hashes a dictionary's English words the same way, so that they
/// meet the terms of English sentences.
pub fn word_term(word: &str) -> u64 {
    let cut = word
        .char_indices()
        .nth(PREFIX_CHARS)
        .map_or(word.len(), |(at, _)| at);
    hash_bytes(&word.as_bytes()[..cut]) ^ WORD_TAG
}

/// The term of a number token, from its hash: the same in a sentence of any language.
pub fn number_term(token_hash: u64) -> u64 {
    token_hash ^ NUMBER_TAG
}

/// Kept apart from a word's hash, so the number 2017 and a word never share a term.
const NUMBER_TAG: u64 = 0x6e75_6d62_6572_0000;
const WORD_TAG: u64 = 0x776f_7264_0000_0000;
/// An odd multiplier (from SplitMix64) mixes a character pair's two hashes.
pub(super) const PAIR_MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;

// proptest forks processes, which wasm32 cannot: natively only.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::text::{analyze, TextOptions};
    use proptest::prelude::*;

    /// The terms of `text` as one unit, made token by token without [`TermRun`]: the rules as
    /// the module's documentation states them.
    fn stated(text: &str) -> Vec<(usize, usize, u64)> {
        let analysis = analyze(text, &TextOptions::default()).unwrap();
        let hashes: Vec<u64> = analysis
            .token_texts()
            .map(|t| hash_bytes(t.as_bytes()))
            .collect();
        let mut terms = Vec::new();
        let mut previous_character: Option<usize> = None;
        for (i, token) in analysis.tokens.iter().enumerate() {
            let text = analysis.text_of(token);
            match token.kind {
                TokenKind::Character if is_stopword(text) => {}
                TokenKind::Character => {
                    if let Some(j) = previous_character {
                        let pair = hashes[j].rotate_left(23) ^ hashes[i];
                        terms.push((j, i, pair.wrapping_mul(PAIR_MULTIPLIER)));
                    }
                    previous_character = Some(i);
                }
                TokenKind::Word if text.chars().count() >= 2 && !is_stopword(text) => {
                    previous_character = None;
                    terms.push((i, i, word_term(text)));
                }
                TokenKind::Number => {
                    previous_character = None;
                    terms.push((i, i, number_term(hashes[i])));
                }
                _ => previous_character = None,
            }
        }
        terms
    }

    fn made(text: &str) -> Vec<(usize, usize, u64)> {
        let analysis = analyze(text, &TextOptions::default()).unwrap();
        let hashes: Vec<u64> = analysis
            .token_texts()
            .map(|t| hash_bytes(t.as_bytes()))
            .collect();
        let mut terms = Vec::new();
        let all = 0..analysis.tokens.len();
        unit_terms(&analysis, &hashes, all, &mut |a, b, h| {
            terms.push((a, b, h))
        });
        terms
    }

    fn mixed_text() -> impl Strategy<Value = String> {
        let pieces = prop::sample::select(vec![
            "the ",
            "river ",
            "rivers, ",
            "a ",
            "flooding ",
            "2017 ",
            "3.5 ",
            "I ",
            "of ",
            "国家",
            "的",
            "保护",
            "了",
            "。",
            "公民",
            "！",
            "カタカナ",
            "ひらがな",
            "x ",
            "don't ",
            "Ωμέγα ",
            "\n",
        ]);
        prop::collection::vec(pieces, 0..30).prop_map(|pieces| pieces.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        #[test]
        fn terms_follow_the_stated_rules(text in mixed_text()) {
            prop_assert_eq!(made(&text), stated(&text));
        }
    }

    #[test]
    fn a_stop_character_keeps_a_pair_and_a_stop_word_breaks_it() {
        // 国家的保护: 国家, 家保 (的 skipped), 保护. "国家 the 保护": no pair across "the".
        let pairs = |text: &str| made(text).iter().filter(|t| t.0 < t.1).count();
        assert_eq!(pairs("国家的保护"), 3);
        assert_eq!(pairs("国家 the 保护"), 2);
    }
}
