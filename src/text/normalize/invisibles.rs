//! Step 1 of normalizing a line: the visible characters, without the invisible ones (see the
//! [parent module](super)), each byte with the original span it came from. Printable ASCII, most of
//! nearly every line, and CJK ideographs and kana with the common punctuation between them are
//! copied a run at a time.

use std::cell::Cell;

use super::clusters::is_lone_punctuation;
use super::line::{empty_text_with_room, empty_with_room, fast_runs, NormalizedLine, Removed};
use crate::span::Span;
use crate::text::chars::{
    can_stand_for_space, char_role, cjk_letter_run_len, hides_inside_word, is_cjk_ideograph,
    is_stable_kana, selects_variant, spaces_out_letters, three_byte_code, CharRole,
};
use crate::text::evasion::EvasionBuilder;
use crate::text::gaps::{separator_stretches, spelled_out_stretches};
use crate::text::lookalike_lines::is_lookalike_suspect;
use crate::text::nfkc::Nfkc;
use crate::text::scripts::UnicodeScript;

impl NormalizedLine {
    /// Step 1: copies `line` into `visible` without invisible characters (blank look-alikes become
    /// spaces, invisible characters and narrow spaces become spaces where they separate words),
    /// recording each kept byte's original UTF-16 offset, the right-to-left overrides, and reporting
    /// suspicious removals. Returns the UTF-16 offset of the end of the line.
    pub(super) fn remove_invisibles(
        &mut self,
        line: &str,
        base: usize,
        evasion: &mut EvasionBuilder,
    ) -> usize {
        let mut stretches = self.begin_line(line, base);
        let mut unit = base;
        // The last visible character, if it is still in the same word (a blank ends the word).
        let mut previous: Option<char> = None;
        let mut removed = std::mem::take(&mut self.removed);
        let mut chars = line.chars();
        while let Some(c) = chars.next() {
            let run = if fast_runs() {
                visible_run_len(c, chars.as_str())
            } else {
                0
            };
            if run > 0 {
                let start = line.len() - chars.as_str().len() - c.len_utf8();
                let text = &line[start..start + run];
                if !removed.is_empty() {
                    self.settle_removed(&mut removed, Some(c), &mut stretches, evasion);
                }
                previous = text.chars().next_back();
                unit = self.copy_run(text, unit);
                chars = line[start + run..].chars();
                continue;
            }
            let span = Span::new(unit, unit + c.len_utf16());
            unit = span.end;
            // A soft hyphen ending a line is where a word was broken (a hyphenator's, as PDF text
            // or a web page wrapped gives it): shown as a hyphen, read as one, so the word is
            // joined across the break as one broken with a hyphen is.
            let c = if c == SOFT_HYPHEN && ends_line(chars.as_str()) {
                '-'
            } else {
                c
            };
            self.take_char(
                c,
                span,
                &mut previous,
                &mut removed,
                &mut stretches,
                evasion,
            );
        }
        self.settle_removed(&mut removed, None, &mut stretches, evasion);
        self.removed = removed;
        self.separator_stretches = stretches.spans;
        if !line.ends_with('\n') {
            self.override_open = self.overrides.end_piece(self.visible.len());
        }
        unit
    }

    /// Empties the buffers for `line`, which starts at UTF-16 offset `base`, and opens its
    /// stretches of separators (their span list reused from the line before).
    fn begin_line<'l>(&mut self, line: &'l str, base: usize) -> Stretches<'l> {
        empty_text_with_room(&mut self.visible, line.len());
        empty_with_room(&mut self.visible_origin, line.len());
        self.lookalike_suspects = false; // none in the runs of ASCII, ideographs and kana
        self.overrides
            .start(std::mem::take(&mut self.override_open));
        Stretches {
            line,
            base,
            spans: std::mem::take(&mut self.separator_stretches),
            spelled_out: Vec::new(),
            spaced_words: false,
            known: false,
            cursor: Cell::new((0, 0)),
        }
    }

    /// Copies `text`, a run of [`visible_run_len`] starting at UTF-16 offset `unit`, into
    /// `visible`; returns the offset after it.
    fn copy_run(&mut self, text: &str, unit: usize) -> usize {
        self.visible.push_str(text);
        if text.as_bytes()[0].is_ascii() {
            let spans = (unit..unit + text.len()).map(|u| Span::new(u, u + 1));
            self.visible_origin.extend(spans);
            return unit + text.len();
        }
        // Ideographs and kana of the Basic Multilingual Plane: three bytes, one UTF-16 unit each.
        let count = text.len() / 3;
        let spans = (unit..unit + count).flat_map(|u| [Span::new(u, u + 1); 3]);
        self.visible_origin.extend(spans);
        unit + count
    }

    /// Step 1 for one character other than printable ASCII at `span`: removed (and remembered
    /// until the next visible character), replaced by a space, or kept.
    fn take_char(
        &mut self,
        c: char,
        span: Span,
        previous: &mut Option<char>,
        removed: &mut Vec<Removed>,
        stretches: &mut Stretches,
        evasion: &mut EvasionBuilder,
    ) {
        let role = char_role(c);
        match role {
            CharRole::Invisible | CharRole::Narrow | CharRole::Blank | CharRole::NoBreak => {
                self.overrides.control(c, self.visible.len());
                if matches!(role, CharRole::Blank | CharRole::NoBreak) && !removed.is_empty() {
                    // What was removed before a blank or no-break space stands beside it, not
                    // beside the letter after it (which the blank may well be a space before).
                    self.settle_removed(removed, Some(c), stretches, evasion);
                }
                // Decided when the next visible character is known (`settle_removed`).
                removed.push(Removed {
                    span,
                    role,
                    previous: *previous,
                    character: c,
                });
            }
            CharRole::Visible => {
                if c == '\n' || c == '\r' {
                    self.overrides.end_paragraph(self.visible.len());
                }
                if !removed.is_empty() {
                    // Checked here too: a call per kept character costs 1% on Chinese text.
                    self.settle_removed(removed, Some(c), stretches, evasion);
                }
                *previous = Some(c);
                self.push_visible(c, span);
            }
        }
    }

    /// Decides, for each character removed since the last visible one, what it was doing there,
    /// now that the next visible character `next` is known: it hid inside a word (reported), or it
    /// stood where a space belongs (a space is written). Nothing to do (and no separator stretches
    /// to find) when nothing was removed.
    fn settle_removed(
        &mut self,
        removed: &mut Vec<Removed>,
        next: Option<char>,
        stretches: &mut Stretches,
        evasion: &mut EvasionBuilder,
    ) {
        if removed.is_empty() {
            return;
        }
        stretches.find_spans();
        let stretches = &*stretches;
        let mut spaced = false;
        // After a blank or no-break space written as a space, the rest is beside that space.
        let mut after_space = false;
        for item in removed.drain(..) {
            let span = item.span;
            let as_space = self.settle_one(item, next, stretches, evasion, &mut after_space);
            if as_space && !spaced {
                spaced = true;
                self.push_visible(' ', span);
            }
        }
    }

    /// What one removed character was doing (see [`Self::settle_removed`]): reports it, writes
    /// what stands in its place, and says whether it stood for a space between words (written once
    /// for a row of them). `after_space`: a blank or no-break space was written just before.
    fn settle_one(
        &mut self,
        removed: Removed,
        next: Option<char>,
        stretches: &Stretches,
        evasion: &mut EvasionBuilder,
        after_space: &mut bool,
    ) -> bool {
        let Removed {
            span,
            role,
            previous,
            character,
        } = removed;
        let previous = previous.filter(|_| !*after_space);
        let between_letters = spaces_out_letters(previous, next);
        let separators = within(&stretches.spans, span);
        let stands_for_space = can_stand_for_space(character);
        match role {
            CharRole::Invisible if separators && between_letters && stands_for_space => {
                evasion.invisible_separator(span);
                true
            }
            CharRole::Invisible => {
                let spelling = selects_variant(character, previous)
                    || (character == SOFT_HYPHEN && self.hyphenates(span, stretches));
                evasion.invisible(span, hides_inside_word(previous, next) && !spelling);
                false
            }
            CharRole::Narrow if !separators && between_letters => {
                evasion.spacing(span);
                false
            }
            CharRole::Narrow => true,
            // Between the letters of a word in a line whose words have ordinary spaces between
            // them: spacing it out.
            CharRole::Blank if !separators && between_letters && stretches.spaced_words => {
                evasion.invisible(span, true);
                false
            }
            CharRole::Blank => {
                // A blank separates words just like the space it imitates.
                evasion.blank(span, hides_inside_word(previous, next));
                self.push_visible(' ', span);
                *after_space = true;
                false
            }
            CharRole::NoBreak if between_letters && within(&stretches.spelled_out, span) => {
                evasion.spacing(span);
                false
            }
            CharRole::NoBreak => {
                self.push_visible(character, span);
                *after_space = true;
                false
            }
            CharRole::Visible => false,
        }
    }

    /// Whether the soft hyphen at `span` is a hyphenation point: [`HYPHENATION_MIN`] letters or
    /// more on each side within its word, all of one script, as hyphenators place them in long
    /// words of web text (German: "Informations\u{AD}technologie"). The disguise puts one in every
    /// word, short ones too, and is still reported there, as in a word that mixes scripts.
    fn hyphenates(&self, span: Span, stretches: &Stretches) -> bool {
        let before: Vec<char> = (self.visible.chars().rev())
            .take_while(|c| c.is_alphabetic())
            .collect();
        let after = stretches.letters_after(span.end);
        let script = before.first().map(|c| c.script());
        before.len() >= HYPHENATION_MIN
            && after.len() >= HYPHENATION_MIN
            && before
                .iter()
                .chain(&after)
                .all(|c| Some(c.script()) == script)
    }

    fn push_visible(&mut self, c: char, span: Span) {
        // Compatibility and half-width Hangul letters become conjoining jamo *before* grapheme
        // segmentation, so that a syllable spelled with them is one cluster that NFKC composes.
        let c = if matches!(c as u32, 0x3131..=0x318E | 0xFFA1..=0xFFDC) {
            let mut nfkc = std::iter::once(c).nfkc();
            match (nfkc.next(), nfkc.next()) {
                (Some(jamo), None) => jamo,
                _ => c,
            }
        } else {
            c
        };
        self.lookalike_suspects |= is_lookalike_suspect(c);
        self.visible.push(c);
        self.visible_origin
            .extend(std::iter::repeat_n(span, c.len_utf8()));
    }
}

/// The length in bytes of the run of characters that step 1 keeps as they are, starting with `c`
/// (`after` is the rest of the line): printable ASCII, or CJK ideographs, kana and the common
/// punctuation between them ([`is_lone_punctuation`]); 0 for any other `c`.
fn visible_run_len(c: char, after: &str) -> usize {
    if matches!(c, ' '..='~') {
        return 1 + after
            .bytes()
            .take_while(|b| matches!(b, b' '..=b'~'))
            .count();
    }
    if is_cjk_ideograph(c) || is_stable_kana(c) || is_lone_punctuation(c) {
        return 3 + cjk_run_len(after);
    }
    0
}

/// The length in bytes of the run of CJK ideographs, kana and [`is_lone_punctuation`] characters at
/// the start of `text`, each three bytes.
fn cjk_run_len(text: &str) -> usize {
    let mut len = 0;
    while let Some(bytes) = text.as_bytes().get(len..len + 3) {
        let more = cjk_letter_run_len(&text[len..]);
        if more > 0 {
            len += more;
            continue;
        }
        // Led by E2, E3 or EF, a three-byte character (`len` is a character boundary).
        let punctuation = matches!(bytes[0], 0xE2 | 0xE3 | 0xEF)
            && char::from_u32(three_byte_code(bytes)).is_some_and(is_lone_punctuation);
        if !punctuation {
            break;
        }
        len += 3;
    }
    len
}

/// Whether `span` lies within one of `stretches`.
fn within(stretches: &[Span], span: Span) -> bool {
    stretches
        .iter()
        .any(|s| s.start <= span.start && span.end <= s.end)
}

/// The separator stretches of a line ([`separator_stretches`]) and its words spelled out with
/// no-break spaces ([`spelled_out_stretches`]), found the first time a removed character needs
/// them: most lines remove nothing and skip those passes over the line.
struct Stretches<'a> {
    line: &'a str,
    /// The UTF-16 offset where `line` starts.
    base: usize,
    spans: Vec<Span>,
    spelled_out: Vec<Span>,
    /// Whether the line has an ordinary space between words: without one, a blank is the space.
    spaced_words: bool,
    known: bool,
    /// A place of `line` already found: (UTF-16 offset, byte offset), moving forward only, so
    /// that the soft hyphens of a line are placed in one pass over it.
    cursor: Cell<(usize, usize)>,
}

/// Whether `rest`, what follows a character of a line, is only its line break (and spaces).
fn ends_line(rest: &str) -> bool {
    let rest = rest.trim_start_matches([' ', '\t']);
    matches!(rest, "\n" | "\r\n" | "\r")
}

/// The soft hyphen, U+00AD.
const SOFT_HYPHEN: char = '\u{AD}';

/// Fewest letters on each side of a soft hyphen that is a hyphenation point (hyphenators of web
/// text keep at least three).
const HYPHENATION_MIN: usize = 3;

impl Stretches<'_> {
    /// The letters of the word that goes on at the UTF-16 offset `unit` (invisible characters
    /// skipped).
    fn letters_after(&self, unit: usize) -> Vec<char> {
        let (mut at, mut byte) = self.cursor.get();
        if at < self.base {
            (at, byte) = (self.base, 0);
        }
        let mut chars = self.line[byte..].chars();
        while at < unit {
            let Some(c) = chars.next() else { break };
            at += c.len_utf16();
            byte += c.len_utf8();
        }
        self.cursor.set((at, byte));
        let word = chars.filter(|&c| char_role(c) != CharRole::Invisible);
        word.take_while(|c| c.is_alphabetic()).collect()
    }

    fn find_spans(&mut self) {
        if !self.known {
            self.spans.clear();
            separator_stretches(self.line, self.base, &mut self.spans);
            self.spelled_out.clear();
            spelled_out_stretches(self.line, self.base, &mut self.spelled_out);
            self.spaced_words = self.line.trim().contains(' ');
            self.known = true;
        }
    }
}
