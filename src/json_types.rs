//! The results of the text and sketch functions as JSON for the wasm bindings, with the writer of
//! [`crate::json_out`] (kept apart from it: the options, low in the crate, write themselves with
//! that writer, and these types sit above them).

use crate::compare::SharedNgrams;
use crate::json_out::{Json, WriteJson};
use crate::sketch::minhash::MinHashScheme;
use crate::sketch::of_text::{HashedShingle, ShingleKind};
use crate::text::{AnalysisReport, EvasionReport, TokenKind, TokenReport};

impl WriteJson for EvasionReport {
    fn write_json(&self, json: &mut Json) {
        json.begin();
        json.field("invisibleCharacters", &self.invisible_characters);
        json.field("invisibleSpans", &self.invisible_spans);
        json.field("invisibleRemovedTotal", &self.invisible_removed_total);
        json.field("blankSubstitutes", &self.blank_substitutes);
        json.field("blankSpans", &self.blank_spans);
        json.field("replacedLetters", &self.replaced_letters);
        json.field("replacedSpans", &self.replaced_spans);
        json.field("mixedScriptWords", &self.mixed_script_words);
        json.field("spacingCharacters", &self.spacing_characters);
        json.field("spacingSpans", &self.spacing_spans);
        json.field("invisibleSeparators", &self.invisible_separators);
        json.field("invisibleSeparatorSpans", &self.invisible_separator_spans);
        json.field("reversedSpans", &self.reversed_spans);
        json.field("markedLetters", &self.marked_letters);
        json.field("markedSpans", &self.marked_spans);
        json.end();
    }
}

/// A unit enum's variant, by its camelCase name as serde writes it.
fn name(json: &mut Json, name: &str) {
    json.string(name);
}

impl WriteJson for MinHashScheme {
    fn write_json(&self, json: &mut Json) {
        match self {
            MinHashScheme::OnePermutation => name(json, "onePermutation"),
            MinHashScheme::Classic => name(json, "classic"),
        }
    }
}

impl WriteJson for ShingleKind {
    fn write_json(&self, json: &mut Json) {
        match self {
            ShingleKind::Word => name(json, "word"),
            ShingleKind::Char => name(json, "char"),
        }
    }
}

impl WriteJson for TokenKind {
    fn write_json(&self, json: &mut Json) {
        match self {
            TokenKind::Word => name(json, "word"),
            TokenKind::Number => name(json, "number"),
            TokenKind::Character => name(json, "character"),
            TokenKind::Punctuation => name(json, "punctuation"),
        }
    }
}

impl WriteJson for TokenReport<'_> {
    fn write_json(&self, json: &mut Json) {
        json.begin();
        json.field("start", &self.start);
        json.field("end", &self.end);
        json.field("text", &self.text);
        json.field("kind", &self.kind);
        json.end();
    }
}

impl WriteJson for AnalysisReport<'_> {
    fn write_json(&self, json: &mut Json) {
        json.begin();
        json.field("normalized", &self.normalized);
        json.field("tokens", &self.tokens);
        json.field("evasion", &self.evasion);
        json.end();
    }
}

impl WriteJson for HashedShingle {
    /// The span's fields inline (serde's `flatten`).
    fn write_json(&self, json: &mut Json) {
        json.begin();
        json.field("hash", &self.hash);
        json.field("position", &self.position);
        json.field("start", &self.span.start);
        json.field("end", &self.span.end);
        json.end();
    }
}

impl WriteJson for SharedNgrams {
    fn write_json(&self, json: &mut Json) {
        json.begin();
        json.field("n", &self.n);
        json.field("shared", &self.shared);
        json.field("a", &self.a);
        json.field("b", &self.b);
        json.field("wordsA", &self.words_a);
        json.field("wordsB", &self.words_b);
        json.field("sharedWordsA", &self.shared_words_a);
        json.field("sharedWordsB", &self.shared_words_b);
        json.field("evasionA", &self.evasion_a);
        json.field("evasionB", &self.evasion_b);
        json.end();
    }
}
