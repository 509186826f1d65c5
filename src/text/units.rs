//! Word equivalents: how much of a word each token is.
//!
//! Thresholds (seeds, gaps, the smallest passage) are written in words, but a token of a script
//! written without spaces is one character, not one word. Chinese words average about 1.7
//! characters, so a Han or kana character weighs 0.6 of a word and a 12-word minimum is 20 hanzi;
//! Thai, Lao, Khmer and Myanmar words average 3-4 grapheme clusters, so each weighs 0.3.
//! Weights are integers in tenths of a word so sums stay exact.

use super::tokenize::{Analysis, Token, TokenKind};

/// The weight of one word; every threshold in words is multiplied by this.
pub const WORD: u32 = 10;

/// Weight of a Han, kana or other CJK character token, in tenths of a word.
pub const CJK_CHARACTER: u32 = 6;

/// Weight of a grapheme of Thai, Lao, Khmer or Myanmar, in tenths of a word.
pub const OTHER_CHARACTER: u32 = 3;

/// What a text's or a passage's counts are counted in: a token is a word in space-separated
/// scripts and one character in scripts written without spaces, so "38 words" must not be shown
/// for 38 hanzi.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum CountUnit {
    /// Most tokens are words (or numbers): counts are words.
    Words,
    /// Most tokens are characters of a script written without spaces: counts are characters.
    Characters,
}

impl CountUnit {
    /// The unit of `tokens`: characters when more than half of them are single characters.
    pub fn of(tokens: &[Token]) -> CountUnit {
        let characters = (tokens.iter())
            .filter(|t| t.kind == TokenKind::Character)
            .count();
        if characters * 2 > tokens.len() {
            CountUnit::Characters
        } else {
            CountUnit::Words
        }
    }

    /// The unit as reports write it: `"words"` or `"characters"`.
    pub fn name(self) -> &'static str {
        match self {
            CountUnit::Words => "words",
            CountUnit::Characters => "characters",
        }
    }
}

/// The weight of `token` in tenths of a word.
pub fn token_weight(analysis: &Analysis, token: &Token) -> u32 {
    match token.kind {
        // Most characters are CJK (kana and ideographs are led by E3..E9): told by their first
        // byte without slicing and decoding; the Southeast Asian scripts are led by E0 and E1.
        TokenKind::Character => match analysis.normalized.as_bytes()[token.norm_start] {
            0xE0 | 0xE1 => match analysis.text_of(token).chars().next() {
                Some(c) if is_southeast_asian(c) => OTHER_CHARACTER,
                _ => CJK_CHARACTER,
            },
            _ => CJK_CHARACTER,
        },
        TokenKind::Word | TokenKind::Number | TokenKind::Punctuation => WORD,
    }
}

/// The weights of all tokens of `analysis`, in order.
pub fn token_weights(analysis: &Analysis) -> Vec<u32> {
    analysis
        .tokens
        .iter()
        .map(|t| token_weight(analysis, t))
        .collect()
}

fn is_southeast_asian(c: char) -> bool {
    matches!(c as u32, 0x0E00..=0x0EFF | 0x1000..=0x109F | 0x1780..=0x17FF)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::options::TextOptions;
    use crate::text::tokenize::analyze;

    #[test]
    fn characters_weigh_less_than_words() {
        let analysis = analyze("plain words 国内生产 ภาษาไทย", &TextOptions::default()).unwrap();
        let weights = token_weights(&analysis);
        assert_eq!(&weights[..2], [WORD, WORD]);
        assert_eq!(&weights[2..6], [CJK_CHARACTER; 4]);
        assert!(weights[6..].iter().all(|&w| w == OTHER_CHARACTER));
        // 12 words of Chinese are 20 characters.
        assert_eq!(12 * WORD, 20 * CJK_CHARACTER);
    }
}
