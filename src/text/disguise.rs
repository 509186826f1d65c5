//! Disguises that only show at the level of a line: characters between letters that are either
//! intrusions inside words or stand-ins for the spaces between them, text stored backwards under a
//! right-to-left override, and letters of another script that look Latin in their original case.
//!
//! Each decision needs more than one character of context, so normalization calls these on a whole
//! line (or piece of a long line) before it normalizes the line's grapheme clusters.

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::{is_nfkc_quick, IsNormalized, UnicodeNormalization};
use unicode_script::Script;
use unicode_segmentation::UnicodeSegmentation;

use super::chars::{
    can_stand_for_space, char_role, has_ignorable_marks, is_plain_script_alphanumeric,
    is_right_to_left, CharRole,
};
use super::confusables::{latin_twin, lookalike_script, mixed_word_script, script_name};
use super::evasion::EvasionBuilder;
use super::marks::strip_marks;
use super::tokenize::is_unsegmented_script;
use crate::span::Span;

/// Finds where the invisible characters and narrow spaces between letters of `line` (which starts
/// at UTF-16 offset `base`) separate words rather than sit inside them, and appends those stretches
/// to `stretches` as original spans, in order.
///
/// A writer who spaces out letters ("c o p y" with hair spaces) or splits words with zero-width
/// characters keeps ordinary spaces between the words, and the pieces between such characters are
/// short. Words joined with a word joiner instead of spaces make one "word" of many word-long
/// pieces (at least 5 gaps and 30 letters: longer than any real word); a typesetter who separates
/// all words with thin spaces leaves a line with almost no ordinary space and word-long pieces.
pub fn separator_stretches(line: &str, base: usize, stretches: &mut Vec<Span>) {
    let mut line_count = GapCount::default();
    let mut word_count = GapCount::default();
    let (mut after_letter, mut in_gap) = (false, false);
    let (mut unit, mut word_start) = (base, base);
    let first = stretches.len();
    for c in line.chars() {
        let role = char_role(c);
        let at = unit;
        unit += c.len_utf16();
        if role == CharRole::Blank || (c.is_whitespace() && role != CharRole::Narrow) {
            if word_count.joins_words() {
                stretches.push(Span::new(word_start, at));
            }
            // Only a space after a word counts: indentation separates nothing.
            line_count.spaces += usize::from(after_letter);
            word_count = GapCount::default();
            (in_gap, after_letter, word_start) = (false, false, unit);
            continue;
        }
        if role == CharRole::Narrow || can_stand_for_space(c) {
            in_gap |= after_letter;
            continue;
        }
        if role == CharRole::Invisible || is_combining_mark(c) {
            continue; // a mark belongs to the letter before it
        }
        let letter = c.is_alphabetic() && is_plain_script_alphanumeric(c);
        if letter {
            for count in [&mut line_count, &mut word_count] {
                count.letters += 1;
                count.gaps += usize::from(in_gap);
            }
        }
        (in_gap, after_letter) = (false, letter);
    }
    if word_count.joins_words() {
        stretches.push(Span::new(word_start, unit));
    }
    if line_count.separates_words() {
        stretches.truncate(first);
        stretches.push(Span::new(base, unit));
    }
}

/// Gaps between letters, ordinary spaces after words, and letters, in a line or a word.
#[derive(Debug, Default, Clone, Copy)]
struct GapCount {
    gaps: usize,
    spaces: usize,
    letters: usize,
}

impl GapCount {
    /// A "word" of many word-long pieces: words joined by invisible characters.
    fn joins_words(&self) -> bool {
        self.gaps >= 5 && self.letters >= 30 && self.letters * 2 >= (self.gaps + 1) * 5
    }

    /// A line whose words are separated by such characters rather than spaces.
    fn separates_words(&self) -> bool {
        let pieces = self.gaps + self.spaces + 1;
        self.gaps >= 3 && self.spaces * 4 < self.gaps && self.letters * 2 >= pieces * 5
    }
}

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
/// look like h. Rewrites `visible` and `starts` (original span per byte) in place.
pub fn fold_latin_lookalikes(
    visible: &mut String,
    starts: &mut Vec<Span>,
    evasion: &mut EvasionBuilder,
) {
    if !visible
        .chars()
        .any(|c| judged_letters(c).any(|l| lookalike_script(l).is_some_and(|s| s != Script::Latin)))
    {
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
    if is_nfkc_quick(std::iter::once(c)) != IsNormalized::Yes {
        let mut nfkc = std::iter::once(c).nfkc();
        if let (Some(single), None) = (nfkc.next(), nfkc.next()) {
            c = single;
        }
    }
    strip_for_judging(c)
}

/// The letters that `c` is judged by: every character of its compatibility form, each without its
/// marks, so that the normalized text, analyzed again, is judged the same (U+037A ͺ becomes a space
/// and a combining mark, and is no Greek letter then either).
fn judged_letters(c: char) -> impl Iterator<Item = char> {
    let (single, expanded) =
        if c.is_ascii() || is_nfkc_quick(std::iter::once(c)) == IsNormalized::Yes {
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
    for (at, c) in word.char_indices() {
        let base = base_letter(c);
        let folded = match lookalike_script(base) {
            Some(script) if script != Script::Latin => latin_twin(base),
            _ => None,
        };
        match folded {
            Some(letter) if letter != c => {
                evasion.replaced_letter(script_name(c), span_of(at, c));
                text.push(letter);
                positions.extend(std::iter::repeat_n(starts[start + at], letter.len_utf8()));
            }
            _ => {
                text.push(c);
                positions.extend_from_slice(&starts[start + at..start + at + c.len_utf8()]);
            }
        }
    }
    if mixed {
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

/// Runs of styled letters: a formula's one- or two-letter variables (𝑥, 𝑑𝑦) are notation, a word
/// of three or more styled letters is text dressed up to avoid matching.
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
        if self.run.len() >= 3 {
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

    fn separates(line: &str) -> bool {
        let mut stretches = Vec::new();
        separator_stretches(line, 0, &mut stretches);
        !stretches.is_empty()
    }

    #[test]
    fn letter_spacing_is_inside_words_and_joined_words_are_separated() {
        let spaced = "c\u{200A}o\u{200A}p\u{200A}y the t\u{200A}e\u{200A}x\u{200A}t now";
        assert!(!separates(spaced));
        let joined = "copy\u{2060}the\u{2060}text\u{2060}now\u{2060}please";
        assert!(separates(joined));
        let thin_typeset = "words\u{2009}set\u{2009}with\u{2009}thin\u{2009}spaces";
        assert!(separates(thin_typeset));
        let split = "pla\u{200B}gia\u{200B}rism is a pro\u{200B}blem for every\u{200B}one";
        assert!(!separates(split));
        assert!(!separates("pla\u{200B}gia\u{200B}rism"));
        assert!(!separates("hy\u{AD}phen\u{AD}ation\u{AD}ally"));
        assert!(!separates("10\u{2009}000 people, « mot\u{202F}»"));
    }

    #[test]
    fn words_joined_inside_an_ordinary_line_are_found() {
        let joined =
            "copied\u{2060}passages\u{2060}hide\u{2060}between\u{2060}ordinary\u{2060}words";
        let line = format!("An honest opening sentence with spaces. {joined} and more.");
        let mut stretches = Vec::new();
        separator_stretches(&line, 10, &mut stretches);
        let start = 10 + line.find("copied").unwrap();
        assert_eq!(
            stretches,
            [Span::new(start, start + joined.chars().count())]
        );
    }

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
}
