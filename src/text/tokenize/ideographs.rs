//! Runs of CJK ideographs and kana, each character a token of its own: most of Chinese and
//! Japanese text, written in one loop (for a line of one UTF-16 unit per character, in one
//! `extend`).

use super::analysis::{Token, TokenKind};
use super::builder::Builder;
use crate::span::Span;
use crate::text::normalize::NormalizedLine;

impl Builder<'_> {
    /// Writes `run`, CJK ideographs and kana at byte `start` of the line, as one token per
    /// character.
    pub(super) fn ideographs(&mut self, line: &NormalizedLine, start: usize, run: &str) {
        self.write_pending_space();
        let norm_start = self.analysis.normalized.len();
        self.analysis.normalized.push_str(run);
        // A character is no number and never over `max_word_chars` (at least 1): only the stop
        // word list can drop one, so without it each is kept without asking.
        let keep_all = !self.options.remove_stopwords;
        let first_unit = line.unit_per_char_at(start);
        if let (true, Some(unit)) = (keep_all, first_unit) {
            // Most of Chinese: the tokens written in one go, with room made once.
            let token = |index: usize| Token {
                span: Span::new(unit + index, unit + index + 1),
                norm_start: norm_start + 3 * index,
                norm_end: norm_start + 3 * index + 3,
                kind: TokenKind::Character,
            };
            self.analysis.tokens.extend((0..run.len() / 3).map(token));
            return;
        }
        for (index, at) in (0..run.len()).step_by(3).enumerate() {
            let span = match first_unit {
                Some(unit) => Span::new(unit + index, unit + index + 1),
                None => line.origin_of(start + at, start + at + 3),
            };
            let norm = norm_start + at;
            if keep_all {
                self.analysis.tokens.push(Token {
                    span,
                    norm_start: norm,
                    norm_end: norm + 3,
                    kind: TokenKind::Character,
                });
            } else {
                self.keep_token(span, norm, norm + 3, TokenKind::Character);
            }
        }
    }
}
