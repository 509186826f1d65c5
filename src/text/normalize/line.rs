//! One line of text in matching form ([`NormalizedLine`]), with the original span of every byte:
//! the steps of normalizing it, beside those its other files add.

use crate::text::nfkc::{is_combining_mark, Nfkc};

use crate::span::Span;
use crate::text::chars::{
    has_ignorable_marks, is_alphanumeric_fast, is_invisible_control, is_lookalike_ideograph,
};
use crate::text::chars::{unify_punctuation, CharRole};
use crate::text::chinese_script::to_simplified;
use crate::text::confusables::{is_disguise, latin_lookalike, radical_ideograph};
use crate::text::disguise::{
    is_styled_letter, negative_enclosed_letter, reverse_overrides, Overrides, StyledLetters,
};
use crate::text::evasion::EvasionBuilder;
use crate::text::foreign_letters::fold_foreign_letters;
use crate::text::lookalike_lines::{fold_latin_lookalikes, is_lookalike_suspect};
use crate::text::marks::{strip_marks, MarkStats};
use crate::text::options::TextOptions;

use super::clusters::lone_punctuation_form;
use super::clusters::{fold_case, fullwidth_ascii, stable_single_char};
use super::mapping::Mapping;

/// Rounds of folding letters of other scripts and Latin look-alikes in turn, at most: each round
/// that changes the line folds at least one letter, and real disguises settle in one or two.
const LOOKALIKE_ROUNDS: usize = 8;

/// A character removed or replaced in the first step, waiting for the next visible character to
/// decide what it was doing there.
#[derive(Debug, Clone, Copy)]
pub(super) struct Removed {
    pub(super) span: Span,
    pub(super) role: CharRole,
    /// The visible character before it, if still in the same word.
    pub(super) previous: Option<char>,
    /// The character itself.
    pub(super) character: char,
}

/// One line of text in matching form, with the original span of every byte.
#[derive(Debug, Default)]
pub struct NormalizedLine {
    /// The matching form of the line.
    pub text: String,
    /// For each byte of `text`, the original UTF-16 span of the grapheme cluster it came from,
    /// when `mapping` is [`Mapping::PerByte`]; else empty.
    pub(super) origin: Vec<Span>,
    /// How the bytes of `text` map back to the original text.
    pub(super) mapping: Mapping,
    /// Original spans of the stretches read in display order rather than stored order (under a
    /// right-to-left override). Every byte from such a stretch maps to the whole stretch, so that
    /// spans still increase through the line.
    pub(super) reversed: Vec<Span>,
    /// Explicit bidi formatting opened in the previous piece of the same line (a right-to-left
    /// override, an isolate whose PDI will close one) is still open.
    pub(super) override_open: bool,
    /// Whether `visible` holds an [`is_lookalike_suspect`] character.
    pub(super) lookalike_suspects: bool,
    // Scratch space reused across lines.
    pub(super) visible: String,
    /// For each byte of `visible`, the original span of the character it came from.
    pub(super) visible_origin: Vec<Span>,
    pub(super) chars: Vec<char>,
    pub(super) folded: Vec<char>,
    pub(super) removed: Vec<Removed>,
    pub(super) overrides: Overrides,
    pub(super) separator_stretches: Vec<Span>,
    pub(super) marks: MarkStats,
    pub(super) styled: StyledLetters,
    /// Original spans of the Latin look-alikes of the line, reported at its end.
    pub(super) lookalikes: Vec<Span>,
    /// Whether an ideograph of the line was folded to another (Traditional or Japanese forms).
    pub(super) ideographs_folded: bool,
}

impl NormalizedLine {
    /// Original span of the bytes `start..end` of `text` (which must be non-empty and on char
    /// boundaries).
    #[inline(always)]
    pub fn origin_of(&self, start: usize, end: usize) -> Span {
        self.mapping.span(&self.text, &self.origin, start, end)
    }

    /// The original UTF-16 offset of the character at byte `start` of `text` when each character
    /// from there on stands for one original UTF-16 unit, in order (then the spans of a run of
    /// characters follow from the first); `None` when [`Self::origin_of`] must be asked for each.
    #[inline]
    pub fn unit_per_char_at(&self, start: usize) -> Option<usize> {
        self.mapping.unit_per_char_at(&self.text, start)
    }

    /// Normalizes `line`, which starts at UTF-16 offset `base` of the original text, replacing the
    /// previous contents. Evasion signals found on the way go to `evasion`. Returns the length of
    /// `line` in UTF-16 code units.
    pub fn normalize(
        &mut self,
        line: &str,
        base: usize,
        options: &TextOptions,
        evasion: &mut EvasionBuilder,
    ) -> usize {
        self.text.clear();
        self.origin.clear();
        self.mapping = Mapping::PerByte;
        self.reversed.clear();
        if !self.override_open && line.is_ascii() && !line.bytes().any(is_invisible_control) {
            // No invisible characters, nothing for NFKC to do, one byte per UTF-16 unit.
            self.text.push_str(line);
            if options.ignore_case {
                self.text.make_ascii_lowercase();
            }
            if self.text.contains('`') {
                self.text = self.text.replace('`', "'");
            }
            self.mapping = Mapping::Ascii { base };
            return line.len();
        }
        self.ideographs_folded = false;
        if !self.override_open && fast_runs() {
            if let Some(units) = self.normalize_one_to_one(line, base, options, evasion) {
                self.note_japanese_forms(line, base, evasion);
                return units;
            }
        }
        // Each step writes about as many bytes as the line has: room for them at once saves the
        // copies of growing (8% of the pipeline's instructions on Chinese).
        empty_text_with_room(&mut self.text, line.len());
        empty_with_room(&mut self.origin, line.len());
        let end = self.remove_invisibles(line, base, evasion);
        reverse_overrides(
            &mut self.visible,
            &mut self.visible_origin,
            &self.overrides.regions,
            &mut self.reversed,
            evasion,
        );
        self.fold_lookalike_letters(evasion);
        self.normalize_clusters(options, evasion);
        self.report_lookalikes(evasion);
        self.report_long_s(evasion);
        self.marks.finish_line(evasion);
        self.styled.finish(evasion);
        self.note_japanese_forms(line, base, evasion);
        end - base
    }

    /// Folds the look-alike letters of `visible`: letters of other scripts inside Latin words
    /// ([`fold_foreign_letters`]) and look-alikes by their UTS #39 skeletons
    /// ([`fold_latin_lookalikes`]), each again when the other made Latin words of what it judged
    /// (a Greek "ΤΗΕ" folded puts a Cyrillic ж between Latin letters), so that the folded line,
    /// analyzed again, is judged the same.
    fn fold_lookalike_letters(&mut self, evasion: &mut EvasionBuilder) {
        let (visible, origin) = (&mut self.visible, &mut self.visible_origin);
        let mut suspects = self.lookalike_suspects;
        if fold_foreign_letters(visible, origin, evasion) {
            suspects = visible.chars().any(is_lookalike_suspect);
        }
        if !suspects {
            return; // nothing for the skeletons to fold
        }
        fold_latin_lookalikes(visible, origin, true, evasion);
        // Each may make Latin words of letters the other left (Lisu "ꓔꓧꓰ" folded puts a Cyrillic ж
        // beside Latin letters): again, until the letters of other scripts change no more.
        for _ in 0..LOOKALIKE_ROUNDS {
            if !fold_foreign_letters(visible, origin, evasion) {
                break;
            }
            let suspects = visible.chars().any(is_lookalike_suspect);
            fold_latin_lookalikes(visible, origin, suspects, evasion);
        }
    }

    /// Step 2: NFKC, case folding and punctuation unification per grapheme cluster of `visible`.
    /// Runs of printable ASCII (most of a line with a few curly quotes or accented letters) and of
    /// CJK ideographs and kana go through in one step, with the same result as one cluster at a
    /// time.
    fn normalize_clusters(&mut self, options: &TextOptions, evasion: &mut EvasionBuilder) {
        use crate::text::simple_bounds::{
            cjk_letter_clusters, first_cluster_len, one_byte_clusters,
        };
        let visible = std::mem::take(&mut self.visible);
        let (mut rest, mut offset) = (visible.as_str(), 0);
        // A reversed stretch maps every cluster to the whole stretch: not one to one.
        let runs = self.reversed.is_empty() && fast_runs();
        while let Some(&first) = rest.as_bytes().first() {
            let (ascii, ideographs) = match first {
                b' '..=b'~' if runs => (one_byte_clusters(rest.as_bytes()), 0),
                0xE3..=0xE9 if runs => (0, cjk_letter_clusters(rest)), // U+3000..U+9FFF
                _ => (0, 0),
            };
            let len = match ascii + ideographs {
                0 => first_cluster_len(rest),
                run => run,
            };
            let (cluster, tail) = rest.split_at(len);
            if ascii > 0 {
                self.normalize_ascii(cluster, offset, options);
            } else if ideographs > 0 {
                self.normalize_ideographs(cluster, offset);
            } else if let Some(form) = runs.then(|| lone_punctuation_form(cluster)).flatten() {
                self.normalize_punctuation(form, offset);
            } else {
                let span = self.cluster_span(offset, cluster);
                let styled = !cluster.is_ascii() && cluster.chars().any(is_styled_letter);
                self.styled.cluster(styled, span);
                self.normalize_cluster(cluster, span, options, evasion);
            }
            (rest, offset) = (tail, offset + len);
        }
        self.visible = visible;
    }

    /// The original span of the cluster at byte `offset` of `visible`. It ends where its last
    /// character ends, not where the next one starts: invisible characters removed after it belong
    /// to neither. A cluster from a reversed stretch maps to the whole stretch.
    fn cluster_span(&self, offset: usize, cluster: &str) -> Span {
        let mut span = cluster
            .char_indices()
            .map(|(at, _)| self.visible_origin[offset + at])
            .reduce(|a, b| Span::new(a.start.min(b.start), a.end.max(b.end)))
            .expect("clusters are non-empty");
        for stretch in &self.reversed {
            if stretch.start < span.end && span.start < stretch.end {
                span = Span::new(span.start.min(stretch.start), span.end.max(stretch.end));
            }
        }
        span
    }

    pub(super) fn normalize_cluster(
        &mut self,
        cluster: &str,
        span: Span,
        options: &TextOptions,
        evasion: &mut EvasionBuilder,
    ) {
        let before = self.text.len();
        if cluster.len() == 1 {
            let byte = cluster.as_bytes()[0];
            let c = if options.ignore_case {
                byte.to_ascii_lowercase() as char
            } else {
                byte as char
            };
            self.text.push(unify_punctuation(c));
            if c.is_ascii_alphabetic() {
                self.marks.letter(c, 0, false, span);
            } else if !c.is_ascii_digit() {
                self.marks.end_word();
            }
        } else if let Some(ascii) = fullwidth_ascii(cluster) {
            // Ａ，１ (the punctuation of Chinese text): NFKC gives the ASCII character.
            let c = if options.ignore_case {
                ascii.to_ascii_lowercase()
            } else {
                ascii
            };
            self.push_char(c, span, evasion);
        } else if let Some(c) = stable_single_char(cluster, options.ignore_case) {
            // Most clusters of real text (a Chinese character, an accented letter in NFC) are one
            // character that normalization leaves alone: skip the NFKC machinery.
            self.push_char(c, span, evasion);
        } else {
            self.chars.clear();
            self.chars.extend(cluster.chars().nfkc());
            if cluster.chars().any(is_lookalike_ideograph)
                && !self.chars.iter().copied().eq(cluster.chars())
            {
                evasion.lookalike_ideograph(span);
            }
            if options.ignore_case && fold_case(&self.chars, &mut self.folded) {
                self.chars.clear();
                self.chars.extend(self.folded.iter().copied().nfkc());
            }
            for i in 0..self.chars.len() {
                self.push_char(self.chars[i], span, evasion);
            }
        }
        self.marks.end_letter();
        if self.mapping.per_byte() {
            let added = self.text.len() - before;
            self.origin.extend(std::iter::repeat_n(span, added));
        }
    }

    /// Writes one normalized character of the cluster at `span`: a Latin look-alike as its letter, a
    /// Latin, Greek or Cyrillic letter without its marks (which are counted), other characters with
    /// unified punctuation and Simplified Chinese.
    fn push_char(&mut self, c: char, span: Span, evasion: &mut EvasionBuilder) {
        if let Some(letter) = latin_lookalike(c) {
            self.push_lookalike(c, letter, span);
            self.marks.letter(letter, 0, false, span);
        } else if let Some(letter) = negative_enclosed_letter(c) {
            self.text.push(letter); // reported with the other styled letters
            self.marks.letter(letter, 0, false, span);
        } else if let Some(ideograph) = radical_ideograph(c) {
            self.marks.end_word();
            self.text.push(to_simplified(ideograph));
            evasion.lookalike_ideograph(span);
        } else if has_ignorable_marks(c) {
            let (base, marks, tone) = if c.is_ascii() {
                (c, 0, false)
            } else {
                strip_marks(c)
            };
            self.text.push(base);
            self.marks.letter(base, marks, tone, span);
        } else if self.marks.in_letter() && is_combining_mark(c) {
            self.marks.mark(c);
        } else {
            if is_alphanumeric_fast(c) {
                self.marks.end_letter();
            } else {
                self.marks.end_word();
            }
            let simplified = to_simplified(c);
            self.ideographs_folded |= simplified != c;
            self.text.push(unify_punctuation(simplified));
        }
    }

    /// Writes the ASCII `letter` that the look-alike `c` stands for; the disguise is reported at
    /// the line's end, unless it stands in a transcription ([`Self::report_lookalikes`]).
    fn push_lookalike(&mut self, c: char, letter: char, span: Span) {
        self.text.push(letter);
        if is_disguise(c) {
            self.lookalikes.push(span);
        }
    }
}

/// Empties `buffer` and gives it room for `len` items. One too small is replaced, not grown:
/// growing would copy the previous line's contents.
pub(super) fn empty_with_room<T>(buffer: &mut Vec<T>, len: usize) {
    buffer.clear();
    if buffer.capacity() < len {
        *buffer = Vec::with_capacity(len);
    }
}

/// [`empty_with_room`] for text.
pub(super) fn empty_text_with_room(text: &mut String, len: usize) {
    text.clear();
    if text.capacity() < len {
        *text = String::with_capacity(len);
    }
}

/// Whether printable ASCII, CJK ideographs and kana go through both steps, and lines of them
/// through the tokenizer, a run at a time (always, but for the tests that compare the runs with
/// one character at a time and the general segmenting).
#[cfg(not(test))]
#[inline(always)]
pub(in crate::text) fn fast_runs() -> bool {
    true
}

#[cfg(test)]
pub(in crate::text) use super::tests::fast_runs;
