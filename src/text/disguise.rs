//! Disguises that only show at the level of a line: text stored backwards under a right-to-left
//! override, styled letters. (Look-alike letters: [`super::lookalike_lines`]; characters between
//! letters, inside words or standing for spaces: [`super::gaps`].)
//!
//! Each decision needs more than one character of context, so normalization calls these on a whole
//! line (or piece of a long line) before it normalizes the line's grapheme clusters.

use unicode_segmentation::UnicodeSegmentation;

use super::chars::is_right_to_left;
use super::evasion::EvasionBuilder;
use crate::span::Span;

/// One entry of a line's stack of explicit bidi formatting (UAX #9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Explicit {
    /// LRE, RLE or LRO: an embedding that an override inside it does not concern.
    Embedding,
    /// RLO: a right-to-left override.
    Override,
    /// LRI, RLI or FSI: an isolate, which its PDI closes with everything opened inside it.
    Isolate,
}

/// Tracks the explicit bidi embeddings and isolates of a line and records where a right-to-left
/// override (RLO, U+202E) holds, in byte offsets of the line's visible text. An override ends at
/// its PDF, at the PDI of an isolate around it (RLI, RLO, reversed text, PDI displays reversed
/// in browsers just as RLO … PDF does), or with the paragraph.
#[derive(Debug, Default)]
pub struct Overrides {
    stack: Vec<Explicit>,
    /// The stack's depth below the outermost open override, and where the override began.
    open: Option<(usize, usize)>,
    /// Closed override regions, as byte ranges of the visible text.
    pub regions: Vec<(usize, usize)>,
}

impl Overrides {
    /// Starts a line, or with `continued` the next piece of a line whose explicit embeddings,
    /// isolates or override are still open.
    pub fn start(&mut self, continued: bool) {
        self.regions.clear();
        if !continued {
            self.stack.clear();
            self.open = None;
        }
    }

    /// An invisible character `c` was met where the visible text is `at` bytes long.
    pub fn control(&mut self, c: char, at: usize) {
        match c {
            '\u{202A}' | '\u{202B}' | '\u{202D}' => self.stack.push(Explicit::Embedding),
            '\u{202E}' => {
                if self.open.is_none() {
                    self.open = Some((self.stack.len(), at));
                }
                self.stack.push(Explicit::Override);
            }
            '\u{2066}'..='\u{2068}' => self.stack.push(Explicit::Isolate),
            // A PDF closes the last embedding or override, never an isolate.
            '\u{202C}' => {
                if self.stack.last().is_some_and(|&e| e != Explicit::Isolate) {
                    self.stack.pop();
                }
                self.close_at(at);
            }
            // A PDI closes the last isolate and everything opened inside it.
            '\u{2069}' => {
                if let Some(isolate) = self.stack.iter().rposition(|&e| e == Explicit::Isolate) {
                    self.stack.truncate(isolate);
                }
                self.close_at(at);
            }
            _ => {}
        }
    }

    /// Ends the open override at `at` when the stack fell below where it began.
    fn close_at(&mut self, at: usize) {
        if let Some((depth, start)) = self.open {
            if self.stack.len() <= depth {
                self.regions.push((start, at));
                self.open = None;
            }
        }
    }

    /// The paragraph ends (a line break) where the visible text is `at` bytes long: every
    /// embedding ends with it.
    pub fn end_paragraph(&mut self, at: usize) {
        if let Some((_, start)) = self.open.take() {
            self.regions.push((start, at));
        }
        self.stack.clear();
    }

    /// The piece ends at `at` without a line break: an open override is closed here, to go on from
    /// the start of the next piece; whether any explicit formatting (an override, an isolate a
    /// later PDI closes) is still open for it.
    pub fn end_piece(&mut self, at: usize) -> bool {
        if let Some((depth, start)) = self.open {
            self.regions.push((start, at));
            self.open = Some((depth, 0));
        }
        !self.stack.is_empty()
    }
}

/// Puts the text of each override region of `visible` in the order it is displayed: grapheme
/// clusters reversed, each keeping its original position in `starts` (the original span of
/// each byte). Regions holding right-to-left letters are real right-to-left text and are left alone.
/// The original span of each reversed region is appended to `reversed`, in text order.
pub fn reverse_overrides(
    visible: &mut String,
    starts: &mut [Span],
    regions: &[(usize, usize)],
    reversed: &mut Vec<Span>,
    evasion: &mut EvasionBuilder,
) {
    for &(start, end) in regions {
        let region = &visible[start..end];
        if region.chars().any(is_right_to_left) || !region.chars().any(char::is_alphabetic) {
            continue;
        }
        let mut text = String::with_capacity(region.len());
        let mut positions = Vec::with_capacity(region.len());
        for (at, cluster) in region.grapheme_indices(true).rev() {
            text.push_str(cluster);
            positions.extend_from_slice(&starts[start + at..start + at + cluster.len()]);
        }
        let (mut first, mut last) = (usize::MAX, 0);
        for (at, _) in region.char_indices() {
            first = first.min(starts[start + at].start);
            last = last.max(starts[start + at].end);
        }
        evasion.reversed(Span::new(first, last));
        reversed.push(Span::new(first, last));
        visible.replace_range(start..end, &text);
        starts[start..end].copy_from_slice(&positions);
    }
}

/// Whether `c` is a styled form of a letter: mathematical alphanumerics (𝐚, 𝒶, 𝔞 ...), enclosed
/// letters (ⓐ, 🄰, 🅐, 🅰 ...) and superscript or subscript modifier letters (ᵗʰᵉ, ₐ). NFKC turns
/// them into the plain letter, but for the negative circled and squared ones
/// ([`negative_enclosed_letter`]).
pub fn is_styled_letter(c: char) -> bool {
    matches!(c as u32, 0x1D400..=0x1D6A5 | 0x24B6..=0x24E9 | 0x1F130..=0x1F189
        | 0x02B0..=0x02B8 | 0x02E0..=0x02E4 | 0x1D2C..=0x1D6A | 0x1D9B..=0x1DBF | 0x2071 | 0x207F
        | 0x2090..=0x209C)
}

/// The lowercase ASCII letter that a negative circled or squared capital (🅐, 🅰: white on a dark
/// circle or square) shows, which NFKC leaves alone: Unicode names them by their letter and
/// encodes each set of 26 in alphabetical order.
pub fn negative_enclosed_letter(c: char) -> Option<char> {
    let first = match c as u32 {
        0x1F150..=0x1F169 => 0x1F150,
        0x1F170..=0x1F189 => 0x1F170,
        _ => return None,
    };
    char::from_u32(u32::from(b'a') + c as u32 - first)
}

/// Fewest styled letters in a run that makes a styled word: longer than a formula's names.
pub const STYLED_WORD: usize = 4;

/// Fewest styled words in a line for its styled letters to be reported: a formula names a function
/// or two in italics (𝑠𝑜𝑓𝑡𝑚𝑎𝑥, 𝑙𝑜𝑠𝑠), text dressed up to avoid matching is styled throughout.
pub const STYLED_WORDS_IN_A_LINE: usize = 3;

/// Runs of styled letters: a formula's variables and function names (𝑥, 𝑑𝑦, 𝐀𝐁𝐂, 𝑚𝑎𝑥, 𝑙𝑜𝑔,
/// 𝑠𝑜𝑓𝑡𝑚𝑎𝑥, as pasted from a PDF) are notation; a line with [`STYLED_WORDS_IN_A_LINE`] words of
/// [`STYLED_WORD`] styled letters or more is text dressed up to avoid matching. (Matching folds
/// them either way: this decides what is reported.)
#[derive(Debug, Default)]
pub struct StyledLetters {
    run: Vec<Span>,
    /// The letters of the line's styled words so far, and how many words.
    words: Vec<Span>,
    count: usize,
}

impl StyledLetters {
    /// The next cluster, at `span`: a styled letter or not.
    pub fn cluster(&mut self, styled: bool, span: Span) {
        if styled {
            self.run.push(span);
        } else {
            self.end_run();
        }
    }

    /// A run of styled letters ends (a cluster that is no styled letter comes): kept if it is a
    /// styled word.
    pub fn end_run(&mut self) {
        if self.run.len() >= STYLED_WORD {
            self.words.append(&mut self.run);
            self.count += 1;
        }
        self.run.clear();
    }

    /// The line ends: its styled words reported if there are enough of them.
    pub fn finish(&mut self, evasion: &mut EvasionBuilder) {
        self.end_run();
        if self.count >= STYLED_WORDS_IN_A_LINE {
            for &span in &self.words {
                evasion.replaced_letter("Styled", span);
            }
        }
        self.words.clear();
        self.count = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrides_nest_and_end_with_the_paragraph() {
        let mut overrides = Overrides::default();
        overrides.start(false);
        overrides.control('\u{202E}', 3);
        overrides.control('\u{202D}', 5);
        overrides.control('\u{202C}', 6);
        overrides.control('\u{202C}', 9);
        overrides.control('\u{202E}', 12);
        overrides.end_paragraph(20);
        assert_eq!(overrides.regions, [(3, 9), (12, 20)]);
        overrides.start(false);
        overrides.control('\u{202E}', 0);
        assert!(overrides.end_piece(4));
        overrides.start(true);
        overrides.control('\u{202C}', 2);
        assert_eq!(overrides.regions, [(0, 2)]);
    }

    #[test]
    fn an_isolate_closes_the_override_inside_it_and_a_pdf_cannot_close_an_isolate() {
        let mut overrides = Overrides::default();
        overrides.start(false);
        // RLI, RLO, text, PDI: the override ends with the isolate.
        overrides.control('\u{2067}', 2);
        overrides.control('\u{202E}', 2);
        overrides.control('\u{2069}', 8);
        // RLO, FSI, PDF (stray: it cannot close across the isolate), PDI, PDF.
        overrides.control('\u{202E}', 10);
        overrides.control('\u{2068}', 12);
        overrides.control('\u{202C}', 13);
        overrides.control('\u{2069}', 14);
        overrides.control('\u{202C}', 16);
        assert_eq!(overrides.regions, [(2, 8), (10, 16)]);
        // An isolate open when a long line's piece ends still closes the override in the next.
        overrides.start(false);
        overrides.control('\u{2067}', 2);
        overrides.control('\u{202E}', 2);
        assert!(overrides.end_piece(5));
        assert_eq!(overrides.regions, [(2, 5)]);
        overrides.start(true);
        overrides.control('\u{2069}', 3);
        assert_eq!(overrides.regions, [(0, 3)]);
        assert!(!overrides.end_piece(6));
    }
}
