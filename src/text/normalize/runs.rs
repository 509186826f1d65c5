//! Step 2's fast paths: runs of printable ASCII and of CJK ideographs and kana, each character a
//! grapheme cluster of its own, normalized a run at a time, and the common punctuation of Chinese text
//! (，。、“”), one in six of its characters, without the general path; with the result that one
//! cluster at a time gives (`fast_runs_change_nothing` and an every-character test hold them to it).

use super::line::NormalizedLine;
use crate::span::Span;
use crate::text::chars::{three_byte_code, unify_punctuation};
use crate::text::chinese_script::{is_japanese_form, simplified_ideographs, IDEOGRAPHS_START};
use crate::text::evasion::EvasionBuilder;
use crate::text::options::TextOptions;

impl NormalizedLine {
    /// Printable ASCII characters at byte `offset` of `visible`, each a cluster of its own: what
    /// [`Self::normalize_cluster`] does for each, in one go.
    pub(super) fn normalize_ascii(&mut self, run: &str, offset: usize, options: &TextOptions) {
        self.styled.end_run(); // no ASCII letter is styled
        self.text.extend(run.bytes().map(|byte| {
            let c = if options.ignore_case {
                byte.to_ascii_lowercase()
            } else {
                byte
            };
            unify_punctuation(c as char)
        }));
        if self.mapping.per_byte() {
            self.origin
                .extend_from_slice(&self.visible_origin[offset..offset + run.len()]);
        }
        self.marks.ascii_letters(run.as_bytes());
    }

    /// CJK ideographs and kana at byte `offset` of `visible`, each a cluster of its own: what
    /// [`Self::normalize_cluster`] does for each (Simplified Chinese; no letter case, marks,
    /// look-alike or punctuation to change; a kana stays as it is), in one go.
    pub(super) fn normalize_ideographs(&mut self, run: &str, offset: usize) {
        self.styled.end_run();
        self.marks.end_letter();
        let simplified = simplified_ideographs();
        if !self.mapping.per_byte() {
            // No spans to copy: each character written through the table, without a branch on
            // whether it changes (one in several of a Traditional text, no pattern to predict).
            self.text.reserve(run.len());
            let mut folded = false; // without a branch too
            for bytes in run.as_bytes().chunks_exact(3) {
                let code = three_byte_code(bytes);
                let to = simplified_form(simplified, code);
                folded |= to as u32 != code;
                self.text.push(to);
            }
            self.ideographs_folded |= folded;
            return;
        }
        let mut copied = 0; // bytes of `run` written
        for (at, bytes) in run.as_bytes().chunks_exact(3).enumerate() {
            // Three bytes of UTF-8, an ideograph or a kana (`cjk_letter_run_len`).
            let code = three_byte_code(bytes);
            let to = simplified_form(simplified, code);
            if to as u32 != code {
                self.ideographs_folded = true;
                let at = at * 3;
                self.copy_visible(run, offset, copied..at);
                let before = self.text.len();
                self.text.push(to);
                if self.mapping.per_byte() {
                    let span = self.visible_origin[offset + at];
                    let added = self.text.len() - before;
                    self.origin.extend(std::iter::repeat_n(span, added));
                }
                copied = at + 3;
            }
        }
        self.copy_visible(run, offset, copied..run.len());
    }

    /// Tells `evasion` where the Japanese forms of `line` (at UTF-16 offset `base`) are, when the
    /// line folded any ideograph: most lines of Chinese fold none and are not read again.
    pub(super) fn note_japanese_forms(
        &mut self,
        line: &str,
        base: usize,
        evasion: &mut EvasionBuilder,
    ) {
        if !std::mem::take(&mut self.ideographs_folded) {
            return;
        }
        let mut unit = base;
        for c in line.chars() {
            if is_japanese_form(c) {
                evasion.japanese_form(Span::new(unit, unit + c.len_utf16()));
            }
            unit += c.len_utf16();
        }
    }

    /// Writes the bytes `range` of `run` (at byte `offset` of `visible`) as they are.
    fn copy_visible(&mut self, run: &str, offset: usize, range: std::ops::Range<usize>) {
        if self.mapping.per_byte() {
            let origin = &self.visible_origin[offset + range.start..offset + range.end];
            self.origin.extend_from_slice(origin);
        }
        self.text.push_str(&run[range]);
    }

    /// A cluster of one punctuation character (at byte `offset` of `visible`) whose matching form is
    /// `form`: what [`Self::normalize_cluster`] does for it.
    pub(super) fn normalize_punctuation(&mut self, form: char, offset: usize) {
        self.styled.end_run();
        self.marks.end_word(); // punctuation: neither letter nor digit
        self.text.push(form);
        if self.mapping.per_byte() {
            let span: Span = self.visible_origin[offset];
            self.origin
                .extend(std::iter::repeat_n(span, form.len_utf8()));
        }
    }
}

/// The Simplified form of the ideograph or kana `code`, by the table of the ideographs' forms; a
/// kana, below the table's range, is its own.
#[inline(always)]
fn simplified_form(simplified: &[char], code: u32) -> char {
    match simplified.get(code.wrapping_sub(IDEOGRAPHS_START) as usize) {
        Some(&to) => to,
        None => char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER),
    }
}
