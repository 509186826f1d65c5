//! Disguises that only show at the level of a line: text stored backwards under a right-to-left
//! override, letters of another script that look Latin in their original case, styled letters.
//! (Characters between letters, inside words or standing for spaces: [`super::gaps`].)
//!
//! Each decision needs more than one character of context, so normalization calls these on a whole
//! line (or piece of a long line) before it normalizes the line's grapheme clusters.

use super::nfkc::{is_nfkc_quick_yes, Nfkc};
use super::scripts::Script;
use unicode_segmentation::UnicodeSegmentation;

use super::chars::{has_ignorable_marks, is_notation, is_right_to_left};
use super::confusables::{latin_twin, lookalike_script, mixed_word_script, script_name};
use super::evasion::EvasionBuilder;
use super::marks::strip_marks;
use super::tokenize::is_unsegmented_script;
use crate::span::Span;

/// Tracks the explicit bidi embeddings of a line and records where a right-to-left override (RLO,
/// U+202E) holds, in byte offsets of the line's visible text.
#[derive(Debug, Default)]
pub struct Overrides {
    depth: usize,
    /// The embedding depth at which the outermost open override began, and where.
    open: Option<(usize, usize)>,
    /// Closed override regions, as byte ranges of the visible text.
    pub regions: Vec<(usize, usize)>,
}

impl Overrides {
    /// Starts a line; `continued` when an override from the previous piece of the same line is open.
    pub fn start(&mut self, continued: bool) {
        self.regions.clear();
        (self.depth, self.open) = if continued {
            (1, Some((0, 0)))
        } else {
            (0, None)
        };
    }

    /// An invisible character `c` was met where the visible text is `at` bytes long.
    pub fn control(&mut self, c: char, at: usize) {
        match c {
            // LRE, RLE, LRO open an embedding that an override inside them does not concern.
            '\u{202A}' | '\u{202B}' | '\u{202D}' => self.depth = self.depth.saturating_add(1),
            '\u{202E}' => {
                if self.open.is_none() {
                    self.open = Some((self.depth, at));
                }
                self.depth = self.depth.saturating_add(1);
            }
            '\u{202C}' => {
                self.depth = self.depth.saturating_sub(1);
                if let Some((depth, start)) = self.open {
                    if self.depth <= depth {
                        self.regions.push((start, at));
                        self.open = None;
                    }
                }
            }
            _ => {}
        }
    }

    /// The paragraph ends (a line break) where the visible text is `at` bytes long: every
    /// embedding ends with it.
    pub fn end_paragraph(&mut self, at: usize) {
        if let Some((_, start)) = self.open.take() {
            self.regions.push((start, at));
        }
        self.depth = 0;
    }

    /// The piece ends at `at` without a line break: an open override is closed here and reported as
    /// still open, for the next piece of the line.
    pub fn end_piece(&mut self, at: usize) -> bool {
        let open = self.open.is_some();
        self.end_paragraph(at);
        open
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

/// Folds, in their original case, the letters of other scripts that imitate Latin letters:
/// inside a word that is mostly Latin ("pаper" with a Cyrillic а, "Τhe" with a Greek capital Tau),
/// and everywhere in a line whose Greek, Cyrillic, Armenian or Cherokee letters are *all* Latin
/// look-alikes ("ΤΗΕ ΡΑΡΕR" in Greek capitals): an honest line of those scripts always holds letters
/// that look like nothing Latin (Σ, Д, ж, Ꮿ ...).
///
/// Folding before case folding matters: a Greek capital Η looks like H, its lowercase η does not
/// look like h. Rewrites `visible` and `starts` (original span per byte) in place. `suspects` says
/// whether `visible` holds any [`is_lookalike_suspect`] (the caller knows it from copying the
/// line): without one, there is nothing to fold.
pub fn fold_latin_lookalikes(
    visible: &mut String,
    starts: &mut Vec<Span>,
    suspects: bool,
    evasion: &mut EvasionBuilder,
) {
    debug_assert_eq!(suspects, visible.chars().any(is_lookalike_suspect));
    if !suspects {
        return;
    }
    let whole_line = line_of_lookalikes(visible);
    let mut text = String::with_capacity(visible.len());
    let mut positions = Vec::with_capacity(starts.len());
    // The words the tokenizer will see: Unicode word boundaries, then each character of a script
    // written without spaces on its own (or analyzing the normalized text again would decide
    // differently).
    for (at, segment) in visible.split_word_bound_indices() {
        let mut piece_start = at;
        for (i, c) in segment.char_indices() {
            if is_unsegmented_script(c) {
                let run = (piece_start, at + i);
                fold_run(
                    visible,
                    starts,
                    run,
                    whole_line,
                    &mut text,
                    &mut positions,
                    evasion,
                );
                piece_start = at + i + c.len_utf8();
                text.push(c);
                positions.extend_from_slice(&starts[at + i..piece_start]);
            }
        }
        let run = (piece_start, at + segment.len());
        fold_run(
            visible,
            starts,
            run,
            whole_line,
            &mut text,
            &mut positions,
            evasion,
        );
    }
    *visible = text;
    *starts = positions;
}

/// The letter that `c` is folded as: its compatibility form when that is one character (NFKC: a
/// modifier letter, a full-width letter), without the marks that matching drops anyway (a Greek Ὕ
/// is an Υ).
fn base_letter(c: char) -> char {
    if c.is_ascii() {
        return c;
    }
    let mut c = c;
    if !is_nfkc_quick_yes(c) {
        let mut nfkc = std::iter::once(c).nfkc();
        if let (Some(single), None) = (nfkc.next(), nfkc.next()) {
            c = single;
        }
    }
    strip_for_judging(c)
}

/// Whether `c` is, or normalizes to, a letter of Cyrillic, Greek, Armenian or Cherokee, which could
/// be a look-alike of a Latin one: a line without any has nothing to fold.
pub fn is_lookalike_suspect(c: char) -> bool {
    !never_other_lookalike(c)
        && judged_letters(c).any(|l| lookalike_script(l).is_some_and(|s| s != Script::Latin))
}

/// Characters that are, and normalize to, no letter of Cyrillic, Greek, Armenian or Cherokee:
/// ASCII, CJK ideographs, CJK and general punctuation, fullwidth ASCII (most characters of Chinese
/// text), answered without normalizing them (a test checks every one).
fn never_other_lookalike(c: char) -> bool {
    c.is_ascii()
        || super::chars::is_cjk_ideograph(c)
        || matches!(c as u32, 0x2000..=0x206F | 0x3000..=0x303F | 0xFF01..=0xFF5E)
}

/// The letters that `c` is judged by: every character of its compatibility form, each without its
/// marks, so that the normalized text, analyzed again, is judged the same (U+037A ͺ becomes a space
/// and a combining mark, and is no Greek letter then either).
fn judged_letters(c: char) -> impl Iterator<Item = char> {
    let stable = c.is_ascii() || super::chars::is_cjk_ideograph(c);
    let (single, expanded) = if stable || is_nfkc_quick_yes(c) {
        (Some(strip_for_judging(c)), None)
    } else {
        (None, Some(std::iter::once(c).nfkc().map(strip_for_judging)))
    };
    single.into_iter().chain(expanded.into_iter().flatten())
}

fn strip_for_judging(c: char) -> char {
    if c == 'ς' {
        return 'σ'; // case folding's one change that lowercasing lacks, among these letters
    }
    if !c.is_ascii() && has_ignorable_marks(c) {
        strip_marks(c).0
    } else {
        c
    }
}

/// Whether every letter of another script in `line` is a Latin look-alike, with enough of them, and
/// Latin letters or two such scripts beside them, for the line to be Latin text in disguise.
fn line_of_lookalikes(line: &str) -> bool {
    let (mut lookalikes, mut latin) = (0usize, 0usize);
    let (mut first_script, mut two_scripts) = (None, false);
    for c in line.chars().flat_map(judged_letters) {
        if c.is_ascii_alphabetic() {
            latin += 1;
        } else if let Some(script) = lookalike_script(c) {
            if script == Script::Latin {
                latin += 1;
            } else if latin_twin(c).is_some() {
                lookalikes += 1;
                two_scripts |= first_script.is_some_and(|first| first != script);
                first_script.get_or_insert(script);
            } else if c.is_alphabetic() {
                return false; // a letter that looks like nothing Latin: honest text of that script
            }
        }
    }
    lookalikes >= 3 && (latin > 0 || two_scripts)
}

/// Writes the letter run `run` of `visible` to `text`, folded to Latin when it is a disguised Latin
/// word, reporting what was replaced.
fn fold_run(
    visible: &str,
    starts: &[Span],
    (start, end): (usize, usize),
    whole_line: bool,
    text: &mut String,
    positions: &mut Vec<Span>,
    evasion: &mut EvasionBuilder,
) {
    let word = &visible[start..end];
    if word.is_empty() {
        return;
    }
    let bases: String = word.chars().flat_map(judged_letters).collect();
    let mixed = !word.is_ascii() && mixed_word_script(&bases) == Some(Script::Latin);
    if !(mixed || whole_line) || word.is_ascii() {
        text.push_str(word);
        positions.extend_from_slice(&starts[start..end]);
        return;
    }
    let span_of = |at: usize, _: char| starts[start + at];
    // Notation in an honest line is folded all the same (a disguised "tо" must still match
    // "to") but not reported; in a line disguised as a whole, every word is.
    let report = whole_line || !is_notation(word);
    for (at, c) in word.char_indices() {
        let base = base_letter(c);
        let folded = match lookalike_script(base) {
            Some(script) if script != Script::Latin => latin_twin(base),
            _ => None,
        };
        match folded {
            Some(letter) if letter != c => {
                if report {
                    evasion.replaced_letter(script_name(c), span_of(at, c));
                }
                text.push(letter);
                positions.extend(std::iter::repeat_n(starts[start + at], letter.len_utf8()));
            }
            _ => {
                text.push(c);
                positions.extend_from_slice(&starts[start + at..start + at + c.len_utf8()]);
            }
        }
    }
    if mixed && report {
        // Min and max, not first and last: the run may have been reversed.
        let span = word
            .char_indices()
            .map(|(at, c)| span_of(at, c))
            .reduce(|a, b| Span::new(a.start.min(b.start), a.end.max(b.end)))
            .expect("non-empty run");
        evasion.mixed_script_word(span);
    }
}

/// Whether `c` is a styled form of a letter that NFKC turns into the plain letter: mathematical
/// alphanumerics (𝐚, 𝒶, 𝔞 ...) and enclosed letters (ⓐ, 🄰 ...).
pub fn is_styled_letter(c: char) -> bool {
    matches!(c as u32, 0x1D400..=0x1D6A5 | 0x24B6..=0x24E9 | 0x1F130..=0x1F189)
}

/// Fewest styled letters in a run that is reported: longer than a formula's names.
pub const STYLED_WORD: usize = 4;

/// Runs of styled letters: a formula's variables and function names (𝑥, 𝑑𝑦, 𝐀𝐁𝐂, 𝑚𝑎𝑥, 𝑙𝑜𝑔, as
/// pasted from a PDF) are notation, a word of [`STYLED_WORD`] styled letters or more is text
/// dressed up to avoid matching.
#[derive(Debug, Default)]
pub struct StyledLetters {
    run: Vec<Span>,
}

impl StyledLetters {
    /// The next cluster, at `span`: a styled letter or not.
    pub fn cluster(&mut self, styled: bool, span: Span, evasion: &mut EvasionBuilder) {
        if styled {
            self.run.push(span);
        } else {
            self.finish(evasion);
        }
    }

    /// The run ends: reported if long enough.
    pub fn finish(&mut self, evasion: &mut EvasionBuilder) {
        if self.run.len() >= STYLED_WORD {
            for &span in &self.run {
                evasion.replaced_letter("Styled", span);
            }
        }
        self.run.clear();
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
    fn characters_skipped_by_the_quick_check_are_judged_no_other_lookalike() {
        for c in (0..=0xFFFFu32)
            .filter_map(char::from_u32)
            .filter(|&c| never_other_lookalike(c))
        {
            let other =
                judged_letters(c).any(|l| lookalike_script(l).is_some_and(|s| s != Script::Latin));
            assert!(!other, "{c:?}");
        }
    }
}
