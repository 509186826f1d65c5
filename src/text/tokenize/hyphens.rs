//! Words broken at a line end with a hyphen (`Adri-\natic`, as PDF text and the page's readers
//! give a justified line): the next line's first word is the rest of the word, and they are one
//! token for matching, whose span covers both parts and the break between them.
//!
//! Joined, as PDF text extraction commonly does, when the line ends (spaces around the line feed
//! allowed) with a hyphen (`-`, U+2010, or a soft hyphen, which normalization then writes as `-`)
//! directly after a letter, and the next line starts with a word that begins with a letter that is
//! not a capital (`Anglo-\nSaxon` stays two words). A real
//! compound broken at its hyphen (`well-\nknown`) becomes `wellknown`, not `well-known`: telling
//! the two apart needs a dictionary, and either way one token differs from a source that writes
//! the compound on one line (`well`, `known`) while not joining leaves two differing for every
//! broken word, the far more common case. A blank line, a hyphen followed by a space mid-line, a
//! dash (—, –), two hyphens, a digit on either side, characters of scripts written without spaces
//! (Chinese), and words with Cyrillic, Greek, Armenian or Cherokee letters (or any other that
//! the foreign-letter folding judges: Ol Chiki, Coptic, Hangul jamo) join nothing: the last
//! because look-alike letters are judged per line (`moves_safely`), and the joined word moves to
//! the first line.
//!
//! Only the line after such a hyphen goes another way than the fast loops: each line is still
//! normalized alone, and the join happens when the tokenizer writes the next line's first word,
//! through the general path's segments. The decision uses the matching form (the same when the
//! normalized text is analyzed again) and three facts only the original text has: whether the
//! hyphen was one (a dash also becomes `-`), whether a blank line followed (the matching form
//! keeps one line break) and whether the word begins with a capital (case folding lowers it).
//! Where those alone keep the parts apart, a space is written before the hyphen in the matching
//! form, so that analyzing it again keeps them apart too.

use unicode_segmentation::UnicodeSegmentation;

use super::analysis::{Token, TokenKind};
use super::builder::{Builder, LineEndHyphen};
use crate::span::Span;
use crate::text::case::to_lowercase;
use crate::text::chars::is_unsegmented_script;
use crate::text::chars::{char_role, push_short, CharRole};
use crate::text::confusables::{lookalike_script, mixed_word_script};
use crate::text::foreign_letters::is_judged_letter;
use crate::text::nfkc::is_combining_mark;
use crate::text::normalize::NormalizedLine;
use crate::text::scripts::Script;

impl Builder<'_> {
    /// After a line (`piece`, whose matching form began at byte `written`): notes a hyphen that
    /// ends it directly after a letter, for the next line to join.
    #[inline]
    pub(super) fn note_hyphen(&mut self, piece: &str, written: usize) {
        let normalized = self.analysis.normalized.as_bytes();
        if normalized.last() == Some(&b'-')
            && normalized.len() > written
            && self.pending_separator == Some('\n')
        {
            self.note_hyphen_after_letter(piece);
        }
    }

    #[cold]
    fn note_hyphen_after_letter(&mut self, piece: &str) {
        let at = self.analysis.normalized.len() - 1;
        let before = self.analysis.normalized[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphabetic() && !is_unsegmented_script(c)) {
            let joinable = piece.trim_end().ends_with(['-', '\u{2010}', '\u{AD}']);
            self.hyphen = Some(LineEndHyphen { at, joinable });
        }
    }

    /// Writes the segments of `line` (the original `piece`), the line after `hyphen`, joining its
    /// first word to the word before the hyphen where that word goes on. The segments are the
    /// general path's (such lines are few).
    #[cold]
    pub(super) fn after_hyphen(
        &mut self,
        line: &NormalizedLine,
        piece: &str,
        hyphen: LineEndHyphen,
    ) {
        // The general path's segments, through the general path's own `segments` (one copy of
        // it in the wasm; the property tests hold the fast paths to it).
        let mut segments = line.text.split_word_bound_indices();
        loop {
            let before = segments.clone();
            match segments.next() {
                // White space before the first word only sets the separator.
                Some((_, space)) if space.trim_start().is_empty() => self.separator(space),
                Some((start, word)) => {
                    let joined = self.join(line, piece, hyphen, start, word);
                    return self.segments(line, if joined { segments } else { before }, false);
                }
                None => {
                    // A blank line: the word after it is judged, and kept apart, all the same.
                    let joinable = false;
                    self.hyphen = Some(LineEndHyphen { joinable, ..hyphen });
                    return;
                }
            }
        }
    }

    /// White space between two segments: one space before the next, or a line break if it
    /// holds one (as [`Builder::segments`] writes it).
    fn separator(&mut self, space: &str) {
        if !self.analysis.normalized.is_empty() {
            let breaks = space.contains('\n');
            if breaks || self.pending_separator.is_none() {
                self.pending_separator = Some(if breaks { '\n' } else { ' ' });
            }
        }
    }

    /// Joins `segment` (at byte `start` of `line`) to the word before `hyphen`, if it goes on that
    /// word; returns whether it did.
    fn join(
        &mut self,
        line: &NormalizedLine,
        piece: &str,
        hyphen: LineEndHyphen,
        start: usize,
        segment: &str,
    ) -> bool {
        let Some(before) = self.word_before(hyphen.at) else {
            return false;
        };
        // Decided on the matching form, as analyzing it again decides: a word that starts with a
        // letter, one token as it stands, and one word once joined, which moves no letter that
        // the look-alike decisions made per line count (see `moves_safely`). A word of two
        // scripts alone is written folded, which analyzing again judges: kept apart.
        let first = segment.chars().next();
        let letter = first.is_some_and(|c| c.is_alphabetic() && !is_combining_mark(c));
        if !letter || segment.chars().any(is_unsegmented_script) {
            return false;
        }
        if mixed_word_script(segment).is_some() {
            self.keep_apart(hyphen.at);
            return false;
        }
        let part = &self.analysis.normalized[before.norm_start..hyphen.at];
        let one_word = || {
            let joined = [part, segment].concat();
            joined.is_ascii() || joined.split_word_bounds().nth(1).is_none()
        };
        if !moves_safely(part, segment) || !one_word() {
            return false;
        }
        // What only the original text shows.
        if !hyphen.joinable || starts_with_capital(piece) {
            self.keep_apart(hyphen.at);
            return false;
        }
        let tokens = &mut self.analysis.tokens;
        if tokens.last().is_some_and(|t| t.norm_start == hyphen.at) {
            tokens.pop(); // the hyphen, kept as punctuation
        }
        if tokens.last().is_some_and(|t| t.norm_end == hyphen.at) {
            tokens.pop();
        }
        self.analysis.normalized.truncate(hyphen.at);
        push_short(&mut self.analysis.normalized, segment);
        let end = line.origin_of(start, start + segment.len()).end;
        let span = Span::new(before.span.start, end);
        self.keep_token(
            span,
            before.norm_start,
            self.analysis.normalized.len(),
            TokenKind::Word,
        );
        // The line break follows the joined word.
        self.pending_separator = Some('\n');
        true
    }

    /// The word token that ends at byte `at` of the matching form, kept or dropped by the options.
    fn word_before(&self, at: usize) -> Option<Token> {
        let tokens = &self.analysis.tokens;
        let mut n = tokens.len();
        if n > 0 && tokens[n - 1].norm_start == at {
            n -= 1; // the hyphen, kept as punctuation
        }
        let kept = n.checked_sub(1).map(|i| tokens[i]);
        (kept.filter(|t| t.norm_end == at).or(self.dropped))
            .filter(|t| t.norm_end == at && t.kind == TokenKind::Word)
    }

    /// Writes a space before the hyphen at byte `at` (the last of the matching form), which the
    /// original text keeps apart from the next line's word, so that the matching form analyzed
    /// again keeps them apart too.
    fn keep_apart(&mut self, at: usize) {
        self.analysis.normalized.insert(at, ' ');
        if let Some(token) = self.analysis.tokens.last_mut() {
            if token.norm_start == at {
                token.norm_start += 1;
                token.norm_end += 1;
            }
        }
    }
}

/// Whether `rest`, the next line's word, can join `part` on its line: decisions made per line
/// (a line of look-alike letters is Latin in disguise, `disguise::line_of_lookalikes`) count
/// letters of Cyrillic, Greek, Armenian and Cherokee, and whether the line has a Latin one, so
/// neither part may have a letter of those scripts, and Latin letters may join only a word that
/// already has one. Words of those scripts are left broken: analyzing the matching form again,
/// which holds the joined word on the first line, would decide otherwise.
fn moves_safely(part: &str, rest: &str) -> bool {
    if part.is_ascii() && rest.is_ascii() {
        return true;
    }
    // The matching form: letters already in their compatibility form, without marks.
    let (part_latin, part_other) = letter_scripts(part);
    let (rest_latin, rest_other) = letter_scripts(rest);
    !part_other && !rest_other && (part_latin || !rest_latin)
}

/// Whether `text` has a Latin letter, and a letter of another look-alike script or one that the
/// foreign-letter folding judges beside Latin letters, per line too (an Ol Chiki ᱚ at a Latin
/// word's end is folded, alone on its line it is not).
fn letter_scripts(text: &str) -> (bool, bool) {
    let (mut latin, mut other) = (false, false);
    for c in text.chars() {
        match lookalike_script(c) {
            Some(Script::Latin) => latin = true,
            Some(_) => other = true,
            None => other |= is_judged_letter(c),
        }
    }
    (latin, other)
}

/// Whether the first visible character of `piece` is a capital: a letter that lowercasing
/// changes. Letters of scripts without case are no capitals.
fn starts_with_capital(piece: &str) -> bool {
    (piece.chars())
        .find(|&c| !c.is_whitespace() && char_role(c) == CharRole::Visible)
        .is_some_and(|c| to_lowercase(c).next() != Some(c))
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn capitals_are_letters_that_lowercasing_changes() {
        assert!(starts_with_capital("  Atic"));
        assert!(starts_with_capital("\u{200B}Ǆ"));
        assert!(!starts_with_capital("atic"));
        assert!(!starts_with_capital(" \u{05D0}")); // Hebrew has no case
        assert!(!starts_with_capital(""));
    }
}
