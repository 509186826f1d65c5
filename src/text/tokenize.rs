//! Tokens with UTF-16 spans of the original text: the text pipeline's main entry, [`analyze`].
//!
//! Each line is normalized for matching (see [`super::normalize`]), then cut into words at Unicode
//! word boundaries (UAX #29, via `unicode-segmentation`). UAX #29 alone is wrong for scripts written
//! without spaces: it gives one token per Han character but keeps a run of katakana or a whole Thai
//! phrase as one "word". So inside every word each grapheme of such a script (Han, kana, Thai, Lao,
//! Khmer, Myanmar) becomes a token of its own, and a mixed run like `用Rust写` yields `用`, `rust`,
//! `写`. Words that mix Latin, Cyrillic and Greek letters are folded to their main script (see
//! [`super::confusables`]). A word broken at a line end by a hyphen (`Adri-\natic`) is one token
//! (see `hyphens`). Options then drop punctuation, numbers, stop words or overlong words.

use unicode_segmentation::UnicodeSegmentation;

use super::chars::{
    cjk_letter_run_len, has_ignorable_marks, is_alphanumeric_fast, is_notation, push_short,
};
use super::confusables::{fold_letter, mixed_word_script, script_name};
use super::evasion::EvasionBuilder;
use super::nfkc::is_combining_mark;
use super::normalize::{fast_runs, NormalizedLine};
use super::simple_bounds::simple_word_bounds;
use super::stopwords::is_stopword;
use super::TextOptions;
use crate::error::{Error, ErrorCode};
use crate::span::Span;

/// Runs the text pipeline on `text`: normalization, evasion handling, tokens with original spans.
///
/// Never panics, whatever the input; fails only on invalid options.
///
/// ```
/// use plagscope::text::{analyze, TextOptions};
/// let text = "Ｆｕｌｌ-width, p\u{0430}p\u{200B}er and 中文!";
/// let analysis = analyze(text, &TextOptions::default()).unwrap();
/// let words: Vec<&str> = analysis.token_texts().collect();
/// assert_eq!(words, ["full", "width", "paper", "and", "中", "文"]);
/// assert_eq!(analysis.tokens[2].span.slice_of(text), "p\u{0430}p\u{200B}er");
/// assert_eq!(analysis.evasion.replaced_letters["Cyrillic"], 1);
/// assert_eq!(analysis.evasion.invisible_characters, 1);
/// ```
pub fn analyze(text: &str, options: &TextOptions) -> Result<Analysis, Error> {
    analyze_with_progress(text, options, &mut |_| Ok(()))
}

/// Bytes of text between two calls of [`analyze_with_progress`]'s callback.
pub const PROGRESS_BYTES: usize = 1 << 20;

/// [`analyze`], telling `progress` how many bytes of `text` are analyzed about every
/// [`PROGRESS_BYTES`] (a 64 MB paper takes seconds); an error from `progress` stops the analysis and
/// is returned.
pub fn analyze_with_progress(
    text: &str,
    options: &TextOptions,
    progress: &mut dyn FnMut(usize) -> Result<(), Error>,
) -> Result<Analysis, Error> {
    options.validate()?;
    check_size("text", text.len(), false)?;
    // The matching form is about as long as the text, and there is at most about a token per
    // three bytes (a character of Chinese; a word of English takes six): room for them at once
    // saves the copies of growing (2% of the pipeline's instructions on English news, 5% on
    // Chinese). Room left over is given back at the end, as analyses `pairs()` keeps would hold it.
    let mut analysis = Analysis::default();
    analysis.normalized.reserve(text.len());
    analysis.tokens.reserve(text.len() / 3);
    let mut builder = Builder::new(options, analysis);
    let mut line = NormalizedLine::default();
    let mut base = 0;
    let (mut bytes, mut told) = (0, 0);
    for piece in super::pieces::pieces(text) {
        bytes += piece.len();
        if bytes - told >= PROGRESS_BYTES {
            told = bytes;
            progress(bytes)?;
        }
        let units = line.normalize(piece, base, options, &mut builder.evasion);
        builder.segment(&line, piece);
        base += units;
        // Normalization can expand a text 18-fold (U+FDFA): the limits hold after it too, and
        // are checked as it goes, so an expanding text is refused before it fills the memory.
        check_size("text", builder.analysis.normalized.len(), true)?;
        if builder.analysis.tokens.len() > MAX_TOKENS {
            return Err(Error::new(
                ErrorCode::TextTooLong,
                "text",
                format!("it has more than {MAX_TOKENS} words; split it into smaller documents"),
            ));
        }
    }
    let mut analysis = builder.analysis;
    if analysis.tokens.capacity() > analysis.tokens.len() + analysis.tokens.len() / 4 {
        analysis.tokens.shrink_to_fit();
    }
    if builder.evasion.has_japanese_forms() {
        // Japanese spells with them; a Chinese text with one hides a copy (issue 43).
        let chinese = super::chinese_script::written_as_chinese(text);
        builder.evasion.settle_japanese_forms(chinese);
    }
    analysis.evasion = builder.evasion.finish();
    analysis.utf16_len = base;
    Ok(analysis)
}

/// Word tokens of `text` with default options; see [`analyze`].
///
/// ```
/// use plagscope::text::tokenize;
/// let analysis = tokenize("Déjà vu, 中文!");
/// let words: Vec<&str> = analysis.token_texts().collect();
/// assert_eq!(words, ["deja", "vu", "中", "文"]); // accents are ignored for matching
/// assert_eq!(analysis.tokens[2].span.slice_of("Déjà vu, 中文!"), "中");
/// ```
pub fn tokenize(text: &str) -> Analysis {
    analyze(text, &TextOptions::default()).expect("default options are valid")
}

struct Builder<'o> {
    options: &'o TextOptions,
    analysis: Analysis,
    evasion: EvasionBuilder,
    /// Whitespace was seen since the last output: write one space (or one line break, if the
    /// whitespace held one) before the next segment.
    pending_separator: Option<char>,
    /// Scratch space for splitting words into tokens.
    pieces: Vec<(usize, usize, TokenKind)>,
    /// Scratch space for the segments of lines of ASCII and CJK.
    bounds: Vec<(usize, usize)>,
    /// A hyphen ended the last line after a letter: the next line's first word may go on it.
    hyphen: Option<hyphens::LineEndHyphen>,
    /// The last token the options dropped (the word before such a hyphen may be one).
    dropped: Option<Token>,
}

impl<'o> Builder<'o> {
    /// A builder that writes into `analysis`, with nothing pending.
    fn new(options: &'o TextOptions, analysis: Analysis) -> Self {
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
    fn segment(&mut self, line: &NormalizedLine, piece: &str) {
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
    fn segments<'l>(
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
    fn punctuation(&mut self, line: &NormalizedLine, start: usize, segment: &str) {
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
    fn write_pending_space(&mut self) {
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
    fn push_piece(&mut self, line: &NormalizedLine, start: usize, piece: &str, kind: TokenKind) {
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
        target: Option<super::scripts::Script>,
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
    fn keep_token(&mut self, span: Span, norm_start: usize, norm_end: usize, kind: TokenKind) {
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

mod analysis;
pub use analysis::{Analysis, Token, TokenKind};
mod ascii;
mod hyphens;
mod ideographs;
mod limits;
mod words;

pub(crate) use limits::check_size;
pub use limits::{MAX_TEXT_BYTES, MAX_TOKENS};

pub use super::chars::is_unsegmented_script;
use words::{ascii_word_kind, pieces, single_piece, starts_visibly};

#[cfg(test)]
#[path = "tokenize_tests.rs"]
mod tests;
