//! The evasion report: traces of text written to fool a checker.
//!
//! Normalization removes invisible characters and folds look-alike letters for matching; this module
//! counts what it did and where, so the user sees the attempt. Only signals that ordinary text does
//! not produce are counted: an invisible character *inside* a word of an alphabet or of CJK text (not a
//! joiner in Arabic or Hindi, a variation selector after an emoji, or a zero-width space between Thai
//! words), a letter of another script inside a word, a compatibility ideograph standing in for a
//! Chinese character. A normal Russian, Greek or Chinese text reports nothing.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::span::Span;

/// What a text contains that looks like an attempt to evade matching. Spans are UTF-16 code units of
/// the original text, sorted; adjacent spans of one kind are merged.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EvasionReport {
    /// Invisible characters found inside words (zero-width spaces, joiners, soft hyphens, bidi
    /// controls, tag characters, ...): removed for matching.
    pub invisible_characters: usize,
    /// Where those invisible characters are.
    pub invisible_spans: Vec<Span>,
    /// All invisible characters removed for matching, including harmless ones (a byte order mark, an
    /// emoji's variation selector, joiners in Arabic or Indic text).
    pub invisible_removed_total: usize,
    /// Blank look-alikes (U+2800, Hangul fillers) standing between letters where a space would be.
    pub blank_substitutes: usize,
    /// Where those blanks are.
    pub blank_spans: Vec<Span>,
    /// Look-alike letters replaced for matching, by the script they were written in (e.g.
    /// `"Cyrillic": 3` for three Cyrillic letters inside Latin words; `"Han"` counts compatibility
    /// ideographs and radicals).
    pub replaced_letters: BTreeMap<String, usize>,
    /// Where the replaced letters are.
    pub replaced_spans: Vec<Span>,
    /// Words mixing letters of several scripts (Latin, Cyrillic, Greek), a sign of look-alike letters.
    pub mixed_script_words: Vec<Span>,
    /// Narrow spaces (thin, hair, ...) between the letters of a word, spacing it out so that it
    /// looks whole but no longer matches: removed for matching.
    pub spacing_characters: usize,
    /// Where those narrow spaces are.
    pub spacing_spans: Vec<Span>,
    /// Invisible characters (a word joiner, a zero-width space) standing where the spaces between
    /// words belong: read as spaces for matching.
    pub invisible_separators: usize,
    /// Where those invisible separators are.
    pub invisible_separator_spans: Vec<Span>,
    /// Text stored backwards under a right-to-left override, so that it displays as the original:
    /// read in display order for matching.
    pub reversed_spans: Vec<Span>,
    /// Letters carrying combining marks that disguise rather than spell (a mark on nearly every
    /// vowel or on many consonants of a line, or three marks stacked on one letter): matching ignores
    /// the marks of Latin, Greek and Cyrillic letters anyway.
    pub marked_letters: usize,
    /// Where those letters are.
    pub marked_spans: Vec<Span>,
}

impl EvasionReport {
    /// Whether nothing suspicious was found.
    pub fn is_clean(&self) -> bool {
        self.invisible_characters == 0
            && self.blank_substitutes == 0
            && self.replaced_letters.is_empty()
            && self.mixed_script_words.is_empty()
            && self.spacing_characters == 0
            && self.invisible_separators == 0
            && self.reversed_spans.is_empty()
            && self.marked_letters == 0
    }
}

/// Collects evasion signals while the text is processed from left to right.
#[derive(Debug, Default)]
pub struct EvasionBuilder {
    report: EvasionReport,
    /// Japanese shinjitai forms folded to Simplified Chinese, reported only if the whole text turns
    /// out to be Chinese ([`Self::settle_japanese_forms`]).
    japanese_forms: Vec<Span>,
}

/// The kind [`EvasionReport::replaced_letters`] gives Japanese character forms (広 for 广) in a
/// Chinese text.
pub const JAPANESE_FORM: &str = "Japanese form";

/// Appends `span` to `spans`, merging it with the last one when they touch (spans mostly come in
/// text order; [`sort_and_merge`] puts the rest right at the end).
fn push_merged(spans: &mut Vec<Span>, span: Span) {
    match spans.last_mut() {
        Some(last) if last.end >= span.start && last.start <= span.start => {
            last.end = last.end.max(span.end)
        }
        _ => spans.push(span),
    }
}

/// Sorts `spans` and merges those that touch. Signals of one line come from several passes
/// (normalization, then tokenization), so they are not always found in text order.
fn sort_and_merge(spans: &mut Vec<Span>) {
    if spans.windows(2).all(|pair| pair[0].end < pair[1].start) {
        return;
    }
    crate::sort::sort(spans);
    let mut merged: Vec<Span> = Vec::with_capacity(spans.len());
    for &span in spans.iter() {
        push_merged(&mut merged, span);
    }
    *spans = merged;
}

impl EvasionBuilder {
    /// An invisible character was removed; `inside_word` says whether it hid inside a word.
    pub fn invisible(&mut self, span: Span, inside_word: bool) {
        self.report.invisible_removed_total += 1;
        if inside_word {
            self.report.invisible_characters += 1;
            push_merged(&mut self.report.invisible_spans, span);
        }
    }

    /// A blank look-alike became a space; `between_letters` says whether it stood in for one.
    pub fn blank(&mut self, span: Span, between_letters: bool) {
        if between_letters {
            self.report.blank_substitutes += 1;
            push_merged(&mut self.report.blank_spans, span);
        }
    }

    /// A compatibility ideograph or radical was folded to the ideograph it imitates.
    pub fn lookalike_ideograph(&mut self, span: Span) {
        self.replaced_letter("Han", span);
    }

    /// A letter written in `script` was folded to a look-alike of the word's main script.
    pub fn replaced_letter(&mut self, script: &str, span: Span) {
        *self
            .report
            .replaced_letters
            .entry(script.to_string())
            .or_default() += 1;
        push_merged(&mut self.report.replaced_spans, span);
    }

    /// A Japanese shinjitai form was folded to Simplified Chinese: a disguise in Chinese text, the
    /// spelling of Japanese, which only the whole text tells apart.
    pub fn japanese_form(&mut self, span: Span) {
        self.japanese_forms.push(span);
    }

    /// Whether any Japanese form is waiting for [`Self::settle_japanese_forms`].
    pub fn has_japanese_forms(&self) -> bool {
        !self.japanese_forms.is_empty()
    }

    /// Reports the Japanese forms found if the text is `chinese` (see
    /// `chinese_script::written_as_chinese`), forgets them otherwise.
    pub fn settle_japanese_forms(&mut self, chinese: bool) {
        for span in std::mem::take(&mut self.japanese_forms) {
            if chinese {
                self.replaced_letter(JAPANESE_FORM, span);
            }
        }
    }

    /// A word mixes letters of several scripts.
    pub fn mixed_script_word(&mut self, span: Span) {
        push_merged(&mut self.report.mixed_script_words, span);
    }

    /// A narrow space between the letters of a word was removed.
    pub fn spacing(&mut self, span: Span) {
        self.report.spacing_characters += 1;
        push_merged(&mut self.report.spacing_spans, span);
    }

    /// An invisible character between two words was read as the space it stands in for.
    pub fn invisible_separator(&mut self, span: Span) {
        self.report.invisible_removed_total += 1;
        self.report.invisible_separators += 1;
        push_merged(&mut self.report.invisible_separator_spans, span);
    }

    /// Text under a right-to-left override was read in display order.
    pub fn reversed(&mut self, span: Span) {
        push_merged(&mut self.report.reversed_spans, span);
    }

    /// A letter's combining marks disguise it.
    pub fn marked_letter(&mut self, span: Span) {
        self.report.marked_letters += 1;
        push_merged(&mut self.report.marked_spans, span);
    }

    /// The finished report, every list of spans sorted and merged.
    pub fn finish(mut self) -> EvasionReport {
        let report = &mut self.report;
        for spans in [
            &mut report.invisible_spans,
            &mut report.blank_spans,
            &mut report.replaced_spans,
            &mut report.mixed_script_words,
            &mut report.spacing_spans,
            &mut report.invisible_separator_spans,
            &mut report.reversed_spans,
            &mut report.marked_spans,
        ] {
            sort_and_merge(spans);
        }
        self.report
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjacent_spans_merge_and_counts_add_up() {
        let mut builder = EvasionBuilder::default();
        builder.invisible(Span::new(3, 4), true);
        builder.invisible(Span::new(4, 5), true);
        builder.invisible(Span::new(0, 1), false);
        builder.replaced_letter("Cyrillic", Span::new(7, 8));
        builder.replaced_letter("Cyrillic", Span::new(9, 10));
        let report = builder.finish();
        assert_eq!(report.invisible_characters, 2);
        assert_eq!(report.invisible_removed_total, 3);
        assert_eq!(report.invisible_spans, [Span::new(3, 5)]);
        assert_eq!(report.replaced_letters["Cyrillic"], 2);
        assert_eq!(report.replaced_spans, [Span::new(7, 8), Span::new(9, 10)]);
        assert!(!report.is_clean());
        assert!(EvasionBuilder::default().finish().is_clean());
    }
}
