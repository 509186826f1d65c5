//! The tokenizer's writer ([`Builder`]): the segments of each normalized line cut into tokens
//! with their original spans, written into the analysis.

use unicode_segmentation::UnicodeSegmentation;

use super::analysis::{Analysis, Token, TokenKind};
use super::words::{pieces, single_piece, starts_visibly};
use crate::span::Span;
use crate::text::chars::{
    cjk_letter_run_len, has_ignorable_marks, is_alphanumeric_fast, is_notation, push_short,
};
use crate::text::confusables::{fold_letter, mixed_word_script, script_name};
use crate::text::evasion::EvasionBuilder;
use crate::text::nfkc::is_combining_mark;
use crate::text::normalize::{fast_runs, NormalizedLine};
use crate::text::options::TextOptions;
use crate::text::simple_bounds::simple_word_bounds;
use crate::text::stopwords::is_stopword;

/// A hyphen that ended the previous line directly after a letter.
#[derive(Debug, Clone, Copy)]
pub(super) struct LineEndHyphen {
    /// Byte of the `-` in the matching form, its last byte.
    pub(super) at: usize,
    /// What only the original text shows allows the join so far: the character was a hyphen,
    /// not a dash that normalizes to `-`, and no blank line followed it (the matching form
    /// reduces a blank line to one line break).
    pub(super) joinable: bool,
}

/// Writes a text's tokens and matching form, line by line.
pub(super) struct Builder<'o> {
    pub(super) options: &'o TextOptions,
    pub(super) analysis: Analysis,
    pub(super) evasion: EvasionBuilder,
    /// Whitespace was seen since the last output: write one space (or one line break, if the
    /// whitespace held one) before the next segment.
    pub(super) pending_separator: Option<char>,
    /// Scratch space for splitting words into tokens.
    pub(super) pieces: Vec<(usize, usize, TokenKind)>,
    /// Scratch space for the segments of lines of ASCII and CJK.
    pub(super) bounds: Vec<(usize, usize)>,
    /// A hyphen ended the last line after a letter: the next line's first word may go on it.
    pub(super) hyphen: Option<LineEndHyphen>,
    /// The last token the options dropped (the word before such a hyphen may be one).
    pub(super) dropped: Option<Token>,
}

impl<'o> Builder<'o> {
    /// A builder that writes into `analysis`, with nothing pending.
    pub(super) fn new(options: &'o TextOptions, analysis: Analysis) -> Self {
        Builder {
            options,
            analysis,
            evasion: EvasionBuilder::default(),
            pending_separator: None,
            pieces: Vec::new(),
            bounds: Vec::new(),
            hyphen: None,
            dropped: None,
        }
    }
}

impl Builder<'_> {
    /// Writes the tokens of a normalized line, the original `piece`: the line after a hyphen that
    /// may break a word goes to [`hyphens`], every other line to [`Self::segment_line`].
    pub(super) fn segment(&mut self, line: &NormalizedLine, piece: &str) {
        let written = self.analysis.normalized.len();
        match self.hyphen.take() {
            Some(hyphen) => self.after_hyphen(line, piece, hyphen),
            None => self.segment_line(line),
        }
        self.note_hyphen(piece, written);
    }

    /// Cuts a normalized line into UAX #29 segments: an ASCII line (most of English) by the byte
    /// table of [`super::ascii_words`], a line of ASCII, CJK (kana too) and U+FFFD by
    /// [`super::simple_bounds`], anything else by `unicode-segmentation`; the tokens are the
    /// same (property tests hold them to each other).
    fn segment_line(&mut self, line: &NormalizedLine) {
        if line.text.is_ascii() && fast_runs() {
            self.ascii_segments(line);
        } else {
            let mut bounds = std::mem::take(&mut self.bounds);
            if fast_runs() && simple_word_bounds(&line.text, &mut bounds) {
                // Chinese and Japanese with ASCII: each CJK punctuation mark is a segment, each
                // run of ideographs and kana a range of one-character tokens.
                let text = &line.text;
                self.segments(line, bounds.iter().map(|&(s, e)| (s, &text[s..e])), true);
            } else {
                self.segments(line, line.text.split_word_bound_indices(), false);
            }
            self.bounds = bounds;
        }
    }

    /// Writes the segments of `line`: separators, words (as tokens) and punctuation. `simple`:
    /// they come from [`simple_word_bounds`], where a segment that starts with an ideograph or a
    /// kana is a run of them, not read again.
    pub(super) fn segments<'l>(
        &mut self,
        line: &'l NormalizedLine,
        segments: impl Iterator<Item = (usize, &'l str)>,
        simple: bool,
    ) {
        for (start, segment) in segments {
            let ideographs = match segment.as_bytes().first() {
                Some(0xE3..=0xE9) if simple => match cjk_letter_run_len(&segment[..3]) {
                    0 => 0,
                    _ => segment.len(),
                },
                Some(0xE3..=0xE9) if fast_runs() => cjk_letter_run_len(segment),
                _ => 0,
            };
            if ideographs == segment.len() && ideographs > 0 {
                // Chinese characters and kana (most of Chinese and Japanese): each its own token,
                // as `pieces` makes them of a segment of Katakana.
                self.ideographs(line, start, segment);
                continue;
            }
            // A combining mark after a space joins the space's segment (UAX #29 WB4); the space
            // is still a separator, never part of a token.
            let trimmed = if starts_visibly(segment) {
                segment
            } else {
                segment.trim_start()
            };
            if trimmed.len() < segment.len() && !self.analysis.normalized.is_empty() {
                // A line break survives as one: decisions made per line (see `disguise`) are
                // then made on the same lines when the normalized text is analyzed again.
                let breaks = segment[..segment.len() - trimmed.len()].contains('\n');
                if breaks || self.pending_separator.is_none() {
                    self.pending_separator = Some(if breaks { '\n' } else { ' ' });
                }
            }
            if trimmed.is_empty() {
                continue;
            }
            let start = start + (segment.len() - trimmed.len());
            let segment = trimmed;
            self.write_pending_space();
            let is_word = if segment.is_ascii() {
                segment.bytes().any(|b| b.is_ascii_alphanumeric())
            } else {
                segment.chars().any(is_alphanumeric_fast)
            };
            if is_word {
                self.word(line, start, segment);
            } else {
                self.punctuation(line, start, segment);
            }
        }
    }

    /// Writes `segment`, punctuation at byte `start` of the line, and keeps it as a token unless
    /// punctuation is ignored.
    pub(super) fn punctuation(&mut self, line: &NormalizedLine, start: usize, segment: &str) {
        let norm_start = self.analysis.normalized.len();
        push_short(&mut self.analysis.normalized, segment);
        if !self.options.ignore_punctuation {
            self.push_token(
                line.origin_of(start, start + segment.len()),
                norm_start,
                TokenKind::Punctuation,
            );
        }
    }

    #[inline]
    pub(super) fn write_pending_space(&mut self) {
        if let Some(separator) = self.pending_separator.take() {
            self.analysis.normalized.push(separator);
        }
    }

    /// A UAX #29 word: split unsegmented scripts, fold look-alikes in pieces that mix scripts, emit
    /// tokens. Folding is decided per token, so a token means the same wherever it stands.
    fn word(&mut self, line: &NormalizedLine, start: usize, word: &str) {
        if let Some(kind) = single_piece(word) {
            return self.push_piece(line, start, word, kind);
        }
        let mut written = 0; // bytes of `word` already written to the output
        let mut word_pieces = std::mem::take(&mut self.pieces);
        pieces(word, &mut word_pieces);
        for &(piece_start, piece_end, kind) in &word_pieces {
            let piece = &word[piece_start..piece_end];
            let span = line.origin_of(start + piece_start, start + piece_end);
            // A single character of an unsegmented script cannot mix Latin, Cyrillic and Greek.
            let target = match kind {
                TokenKind::Character => None,
                _ => mixed_word_script(piece),
            };
            let report = !is_notation(piece);
            if target.is_some() && report {
                self.evasion.mixed_script_word(span);
            }
            push_short(&mut self.analysis.normalized, &word[written..piece_start]);
            let norm_start = self.analysis.normalized.len();
            self.write_folded(line, start + piece_start, piece, target, report);
            written = piece_end;
            self.push_token(span, norm_start, kind);
        }
        push_short(&mut self.analysis.normalized, &word[written..]);
        self.pieces = word_pieces;
    }

    /// Writes `piece`, at byte `start` of the line, as one token of `kind`.
    #[inline(always)]
    pub(super) fn push_piece(
        &mut self,
        line: &NormalizedLine,
        start: usize,
        piece: &str,
        kind: TokenKind,
    ) {
        let norm_start = self.analysis.normalized.len();
        push_short(&mut self.analysis.normalized, piece);
        self.push_token(line.origin_of(start, start + piece.len()), norm_start, kind);
    }

    /// Writes `piece` (which starts at byte `piece_start` of the line) to the output, folding letters
    /// of other scripts to `target`.
    fn write_folded(
        &mut self,
        line: &NormalizedLine,
        piece_start: usize,
        piece: &str,
        target: Option<crate::text::scripts::Script>,
        report: bool,
    ) {
        let Some(target) = target else {
            push_short(&mut self.analysis.normalized, piece);
            return;
        };
        // Marks after a letter folded into Latin, Greek or Cyrillic go, as they go after letters of
        // those scripts (a Coptic letter keeps its marks, its Latin look-alike does not).
        let mut after_folded = false;
        for (at, c) in piece.char_indices() {
            if after_folded && is_combining_mark(c) {
                continue;
            }
            let folded = fold_letter(c, target).unwrap_or(c);
            if folded != c && report {
                let byte = piece_start + at;
                self.evasion
                    .replaced_letter(script_name(c), line.origin_of(byte, byte + c.len_utf8()));
            }
            after_folded = folded != c && has_ignorable_marks(folded);
            self.analysis.normalized.push(folded);
        }
    }

    /// Keeps the token just written at `norm_start..` unless the options drop it.
    #[inline]
    fn push_token(&mut self, span: Span, norm_start: usize, kind: TokenKind) {
        self.keep_token(span, norm_start, self.analysis.normalized.len(), kind);
    }

    /// Keeps the token written at `norm_start..norm_end` unless the options drop it.
    pub(super) fn keep_token(
        &mut self,
        span: Span,
        norm_start: usize,
        norm_end: usize,
        kind: TokenKind,
    ) {
        // The token's text only when an option needs it (by default none does).
        let text = || &self.analysis.normalized[norm_start..norm_end];
        let options = self.options;
        let dropped = (options.ignore_numbers && kind == TokenKind::Number)
            || (options.remove_stopwords && is_stopword(text()))
            || options
                .max_word_chars
                .is_some_and(|max| text().chars().nth(max).is_some());
        let token = Token {
            span,
            norm_start,
            norm_end,
            kind,
        };
        if dropped {
            self.dropped = Some(token);
        } else {
            self.analysis.tokens.push(token);
        }
    }
}
