//! The segments of an ASCII line (most lines of English, once normalized) written in one loop:
//! what [`Builder::segments`] does with them, without the checks only other text needs (runs of
//! ideographs, marks after a space, words to split or fold). A property test holds the two to the
//! same output on arbitrary ASCII.

use super::builder::Builder;
use super::words::ascii_word_kind;
use crate::text::ascii_words::segment_end;
use crate::text::normalize::NormalizedLine;

/// Whether an ASCII byte is Unicode White_Space (what `str::trim_start` removes): ASCII's
/// whitespace and also VT, which `u8::is_ascii_whitespace` leaves out.
fn is_white_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

impl Builder<'_> {
    /// Writes the segments of `line`, whose text is ASCII, as [`Builder::segments`] would.
    pub(super) fn ascii_segments(&mut self, line: &NormalizedLine) {
        let text = line.text.as_str();
        let bytes = text.as_bytes();
        let mut start = 0;
        while start < bytes.len() {
            let end = segment_end(bytes, start);
            let segment = &text[start..end];
            if is_white_space(bytes[start]) {
                // A segment is all whitespace or none: a separator before the next output.
                if !self.analysis.normalized.is_empty() {
                    let breaks = segment.contains('\n');
                    if breaks || self.pending_separator.is_none() {
                        self.pending_separator = Some(if breaks { '\n' } else { ' ' });
                    }
                }
            } else {
                self.write_pending_space();
                if segment.bytes().any(|b| b.is_ascii_alphanumeric()) {
                    self.push_piece(line, start, segment, ascii_word_kind(segment));
                } else {
                    self.punctuation(line, start, segment);
                }
            }
            start = end;
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::super::analysis::Analysis;
    use super::*;
    use crate::text::ascii_words::ascii_word_bounds;
    use crate::text::options::TextOptions;

    /// The analysis of `text` (ASCII) with every line through the one-loop path or the general one.
    fn analysis(text: &str, options: &TextOptions, one_loop: bool) -> (Analysis, String) {
        let mut builder = Builder::new(options, Analysis::default());
        let mut line = NormalizedLine::default();
        let mut base = 0;
        for piece in crate::text::pieces::pieces(text) {
            base += line.normalize(piece, base, options, &mut builder.evasion);
            // As `Builder::segment`, with the line's own loop chosen here.
            let written = builder.analysis.normalized.len();
            if let Some(hyphen) = builder.hyphen.take() {
                builder.after_hyphen(&line, piece, hyphen);
            } else if one_loop {
                builder.ascii_segments(&line);
            } else {
                builder.segments(&line, ascii_word_bounds(&line.text), false);
            }
            builder.note_hyphen(piece, written);
        }
        let evasion = format!("{:?}", builder.evasion.finish());
        (builder.analysis, evasion)
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]

        #[test]
        fn one_loop_writes_what_the_general_path_writes(
            text in "([a-cA-C0-2_ .,;:'`\"()-]{0,8}|[\t\r\n\u{b}\u{c}\u{1}\u{7f}]| {2,3})*",
            ignore_punctuation in proptest::bool::ANY,
            ignore_numbers in proptest::bool::ANY,
            remove_stopwords in proptest::bool::ANY,
        ) {
            let options = TextOptions {
                ignore_punctuation,
                ignore_numbers,
                remove_stopwords,
                ..TextOptions::default()
            };
            let (fast, fast_evasion) = analysis(&text, &options, true);
            let (general, general_evasion) = analysis(&text, &options, false);
            proptest::prop_assert_eq!(&fast.normalized, &general.normalized);
            proptest::prop_assert_eq!(&fast.tokens, &general.tokens);
            proptest::prop_assert_eq!(fast_evasion, general_evasion);
        }
    }
}
