//! Normalization for matching, one line at a time, with a map back to the original text.
//!
//! For every line of the original text this produces the *matching form* of the line and, for each
//! byte of it, the UTF-16 span of the original characters it came from. Steps, in order:
//!
//! 1. **Invisible characters are removed** (zero-width spaces and joiners, word joiner and invisible
//!    operators, BOM, soft hyphen, bidi controls, variation selectors, tag characters, the other
//!    default-ignorable code points); **blank look-alikes** (U+2800 BRAILLE PATTERN BLANK, Hangul
//!    fillers U+3164 and U+FFA0) become a space, because they are drawn as one and used in place of one.
//! 2. The rest is cut into grapheme clusters (so a letter and its combining marks stay together, also
//!    when an invisible character was hidden between them) and each cluster goes through
//!    **NFKC** (full-width letters and digits, ligatures, compatibility ideographs, Kangxi radicals),
//!    **case folding** (Unicode lowercase plus the full foldings ß→ss and final ς→σ), NFKC again if
//!    folding changed anything (so the result is stable), and **punctuation unification** (curly and
//!    typographic quotes, apostrophes, dashes and minus signs become their ASCII forms), and
//!    **Traditional Chinese characters become Simplified** ([`super::chinese_script`]).
//!
//! Lines are independent because Unicode word boundaries always fall around a line feed (UAX #29
//! WB3a/b), so processing line by line gives the same words as the whole text while keeping the
//! per-byte map as small as the longest line.

use unicode_normalization::UnicodeNormalization;
use unicode_script::{Script, UnicodeScript};
use unicode_segmentation::UnicodeSegmentation;

use super::chinese_script::to_simplified;
use super::confusables::{is_disguise, latin_lookalike};
use super::evasion::EvasionBuilder;
use super::TextOptions;
use crate::span::Span;

/// What normalization does with a character before anything else.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CharRole {
    /// An ordinary character: normalized and kept.
    Visible,
    /// Drawn as nothing: removed for matching.
    Invisible,
    /// Drawn as an empty space but not a space character: replaced by a space.
    Blank,
}

/// Classifies `c` for the first normalization step.
pub fn char_role(c: char) -> CharRole {
    match c as u32 {
        0x2800 | 0x3164 | 0xFFA0 => CharRole::Blank,
        // Control characters other than the line and tab controls (drawn as nothing, or not at
        // all) and the interlinear annotation marks.
        0x0000..=0x0008 | 0x000E..=0x001F | 0x007F..=0x0084 | 0x0086..=0x009F => {
            CharRole::Invisible
        }
        0xFFF9..=0xFFFB => CharRole::Invisible,
        // Default_Ignorable_Code_Point (DerivedCoreProperties.txt), minus the blanks above.
        0x00AD
        | 0x034F
        | 0x061C
        | 0x115F..=0x1160
        | 0x17B4..=0x17B5
        | 0x180B..=0x180F
        | 0x200B..=0x200F
        | 0x202A..=0x202E
        | 0x2060..=0x206F
        | 0xFE00..=0xFE0F
        | 0xFEFF
        | 0xFFF0..=0xFFF8
        | 0x1BCA0..=0x1BCA3
        | 0x1D173..=0x1D17A
        | 0xE0000..=0xE0FFF => CharRole::Invisible,
        _ => CharRole::Visible,
    }
}

/// Whether an ASCII byte is a control character that [`char_role`] removes.
fn is_invisible_control(byte: u8) -> bool {
    (byte < 0x20 && !matches!(byte, b'\t' | b'\n' | b'\r' | 0x0B | 0x0C)) || byte == 0x7F
}

/// The ASCII form of typographic quotes, apostrophes and dashes, or `c` itself.
pub fn unify_punctuation(c: char) -> char {
    match c {
        '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}' | '\u{2032}' | '\u{2035}'
        | '\u{02BC}' | '\u{02B9}' | '\u{00B4}' | '\u{0060}' => '\'',
        '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{201F}' | '\u{2033}' | '\u{2036}'
        | '\u{00AB}' | '\u{00BB}' | '\u{301D}' | '\u{301E}' | '\u{301F}' => '"',
        '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2014}' | '\u{2015}'
        | '\u{2043}' | '\u{2212}' | '\u{FE58}' | '\u{FE63}' | '\u{FF0D}' => '-',
        _ => c,
    }
}

/// Whether `c` is a compatibility ideograph or radical that NFKC maps to a unified ideograph: a
/// look-alike of a Chinese character.
fn is_lookalike_ideograph(c: char) -> bool {
    matches!(c as u32, 0x2E80..=0x2FDF | 0xF900..=0xFAFF | 0x2F800..=0x2FA1F)
}

/// Whether an invisible character between `prev` and `next` sits inside a word of a script that never
/// needs one there. Joiners are part of Arabic, Indic and emoji spelling, and Thai or Khmer text uses
/// zero-width spaces as word separators, so only alphabets and CJK count.
fn hides_inside_word(prev: Option<char>, next: Option<char>) -> bool {
    fn plain_script_alphanumeric(c: char) -> bool {
        c.is_alphanumeric()
            && matches!(
                c.script(),
                Script::Latin
                    | Script::Cyrillic
                    | Script::Greek
                    | Script::Armenian
                    | Script::Georgian
                    | Script::Han
                    | Script::Hiragana
                    | Script::Katakana
                    | Script::Hangul
                    | Script::Common
            )
    }
    matches!((prev, next), (Some(p), Some(n)) if plain_script_alphanumeric(p) && plain_script_alphanumeric(n))
}

/// One line of text in matching form, with the original span of every byte.
#[derive(Debug, Default)]
pub struct NormalizedLine {
    /// The matching form of the line.
    pub text: String,
    /// For each byte of `text`, the original UTF-16 span of the grapheme cluster it came from;
    /// empty for an ASCII line, whose bytes map one to one (see `ascii_base`).
    origin: Vec<Span>,
    /// For an ASCII line, the UTF-16 offset of its start: byte `i` is unit `ascii_base + i`.
    ascii_base: Option<usize>,
    // Scratch space reused across lines.
    visible: String,
    visible_start: Vec<u32>,
    chars: Vec<char>,
    folded: Vec<char>,
}

impl NormalizedLine {
    /// Original span of the bytes `start..end` of `text` (which must be non-empty and on char
    /// boundaries).
    pub fn origin_of(&self, start: usize, end: usize) -> Span {
        match self.ascii_base {
            Some(base) => Span::new(base + start, base + end),
            None => Span::new(self.origin[start].start, self.origin[end - 1].end),
        }
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
        self.ascii_base = None;
        if line.is_ascii() && !line.bytes().any(is_invisible_control) {
            // No invisible characters, nothing for NFKC to do, one byte per UTF-16 unit.
            self.text.push_str(line);
            if options.ignore_case {
                self.text.make_ascii_lowercase();
            }
            if self.text.contains('`') {
                self.text = self.text.replace('`', "'");
            }
            self.ascii_base = Some(base);
            return line.len();
        }
        let end = self.remove_invisibles(line, base, evasion);
        self.normalize_clusters(options, evasion);
        end - base
    }

    /// Step 1: copies `line` into `visible` without invisible characters (blank look-alikes become
    /// spaces), recording each kept byte's original UTF-16 offset and reporting suspicious removals.
    /// Returns the UTF-16 offset of the end of the line.
    fn remove_invisibles(
        &mut self,
        line: &str,
        base: usize,
        evasion: &mut EvasionBuilder,
    ) -> usize {
        self.visible.clear();
        self.visible_start.clear();
        let mut unit = base;
        // The last visible character, if it is still in the same word (a blank ends the word).
        let mut previous_visible: Option<char> = None;
        // Removed or replaced characters, each with the visible character before it, waiting for
        // the next visible one to decide whether they hid inside a word.
        let mut pending: Vec<(Span, CharRole, Option<char>)> = Vec::new();
        for c in line.chars() {
            let span = Span::new(unit, unit + c.len_utf16());
            unit = span.end;
            match char_role(c) {
                CharRole::Invisible => pending.push((span, CharRole::Invisible, previous_visible)),
                CharRole::Blank => {
                    pending.push((span, CharRole::Blank, previous_visible));
                    previous_visible = None;
                    // A blank separates words just like the space it imitates.
                    self.push_visible(' ', span.start);
                }
                CharRole::Visible => {
                    flush_pending(&mut pending, Some(c), evasion);
                    previous_visible = Some(c);
                    self.push_visible(c, span.start);
                }
            }
        }
        flush_pending(&mut pending, None, evasion);
        unit
    }

    fn push_visible(&mut self, c: char, unit: usize) {
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
        self.visible.push(c);
        let start = unit as u32;
        self.visible_start
            .extend(std::iter::repeat_n(start, c.len_utf8()));
    }

    /// Step 2: NFKC, case folding and punctuation unification per grapheme cluster of `visible`.
    fn normalize_clusters(&mut self, options: &TextOptions, evasion: &mut EvasionBuilder) {
        let visible = std::mem::take(&mut self.visible);
        for (offset, cluster) in visible.grapheme_indices(true) {
            let start = self.visible_start[offset] as usize;
            // The cluster ends where its last character ends, not where the next one starts:
            // invisible characters removed after it belong to neither.
            let last = cluster.chars().next_back().expect("clusters are non-empty");
            let last_start = self.visible_start[offset + cluster.len() - last.len_utf8()] as usize;
            let end = last_start + last.len_utf16();
            let span = Span::new(start, end);
            self.normalize_cluster(cluster, span, options, evasion);
        }
        self.visible = visible;
    }

    fn normalize_cluster(
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
        } else if let Some(c) = stable_single_char(cluster, options.ignore_case) {
            // Most clusters of real text (a Chinese character, an accented letter in NFC) are one
            // character that normalization leaves alone: skip the NFKC machinery.
            match latin_lookalike(c) {
                Some(letter) => self.push_lookalike(c, letter, span, evasion),
                None => self.text.push(to_simplified(c)),
            }
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
                let c = self.chars[i];
                match latin_lookalike(c) {
                    Some(letter) => self.push_lookalike(c, letter, span, evasion),
                    None => self.text.push(unify_punctuation(to_simplified(c))),
                }
            }
        }
        let added = self.text.len() - before;
        self.origin.extend(std::iter::repeat_n(span, added));
    }
}

impl NormalizedLine {
    /// Writes the ASCII `letter` that the look-alike `c` stands for, reporting the disguise.
    fn push_lookalike(&mut self, c: char, letter: char, span: Span, evasion: &mut EvasionBuilder) {
        self.text.push(letter);
        if is_disguise(c) {
            evasion.replaced_letter("Latin look-alike", span);
        }
    }
}

/// The character of a one-character cluster that NFKC, case folding (when `ignore_case`) and
/// punctuation unification all leave unchanged, or `None` when the full path is needed.
fn stable_single_char(cluster: &str, ignore_case: bool) -> Option<char> {
    let mut chars = cluster.chars();
    let c = chars.next()?;
    if chars.next().is_some() || is_lookalike_ideograph(c) || unify_punctuation(c) != c {
        return None;
    }
    if unicode_normalization::is_nfkc_quick(std::iter::once(c))
        != unicode_normalization::IsNormalized::Yes
    {
        return None;
    }
    if ignore_case {
        let mut lower = c.to_lowercase();
        if lower.next() != Some(c) || lower.next().is_some() || matches!(c, 'ß' | 'ς') {
            return None;
        }
    }
    Some(c)
}

/// Decides, for each pending removed character, whether it hid inside a word, and reports it.
fn flush_pending(
    pending: &mut Vec<(Span, CharRole, Option<char>)>,
    next: Option<char>,
    evasion: &mut EvasionBuilder,
) {
    for (span, role, previous) in pending.drain(..) {
        let suspicious = hides_inside_word(previous, next);
        match role {
            CharRole::Invisible => evasion.invisible(span, suspicious),
            CharRole::Blank => evasion.blank(span, suspicious),
            CharRole::Visible => {}
        }
    }
}

/// Lowercases `chars` into `out` with the full case foldings that lowercasing lacks (ß→ss, ẞ→ss,
/// ς→σ). Returns whether anything changed.
fn fold_case(chars: &[char], out: &mut Vec<char>) -> bool {
    out.clear();
    let mut changed = false;
    for &c in chars {
        match c {
            'ß' | 'ẞ' => {
                out.extend(['s', 's']);
                changed = true;
            }
            'ς' => {
                out.push('σ');
                changed = true;
            }
            _ => {
                let before = out.len();
                out.extend(c.to_lowercase());
                changed |= out.len() != before + 1 || out[before] != c;
            }
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn normalized(text: &str) -> String {
        let mut line = NormalizedLine::default();
        let mut evasion = EvasionBuilder::default();
        line.normalize(text, 0, &TextOptions::default(), &mut evasion);
        line.text
    }

    #[test]
    fn nfkc_and_case_folding() {
        assert_eq!(normalized("ＡＢＣ１２３"), "abc123");
        assert_eq!(normalized("ﬁnance ½"), "finance 1⁄2");
        assert_eq!(normalized("STRAẞE Straße"), "strasse strasse");
        assert_eq!(normalized("ΟΔΟΣ οδος"), "οδοσ οδοσ");
        assert_eq!(normalized("Ⅻ ㎏"), "xii kg");
    }

    #[test]
    fn typographic_punctuation_becomes_ascii() {
        assert_eq!(
            normalized("“Don’t” — it’s ‘fine’ – −3"),
            "\"don't\" - it's 'fine' - -3"
        );
    }

    #[test]
    fn invisibles_go_and_blanks_become_spaces() {
        assert_eq!(
            normalized("pla\u{200B}gia\u{00AD}rism\u{FEFF}"),
            "plagiarism"
        );
        assert_eq!(normalized("copied\u{2800}text"), "copied text");
        assert_eq!(normalized("e\u{200B}\u{301}"), "é");
    }

    #[test]
    fn compatibility_hangul_letters_compose_into_syllables() {
        assert_eq!(normalized("ㄱㅕ"), "겨");
        assert_eq!(normalized("ㄱￊ"), "겨");
    }

    #[test]
    fn compatibility_ideographs_and_radicals_fold_to_unified() {
        // U+F900 is a compatibility form of 豈 (Traditional; Simplified 岂); U+2F08 KANGXI
        // RADICAL MAN is 人.
        assert_eq!(normalized("\u{F900}\u{2F08}"), "岂人");
    }

    #[test]
    fn traditional_chinese_folds_to_simplified_in_place() {
        assert_eq!(normalized("個人資料保護"), "个人资料保护");
        assert_eq!(normalized("个人资料保护"), "个人资料保护");
    }

    #[test]
    fn origin_maps_every_byte_to_its_cluster() {
        let mut line = NormalizedLine::default();
        let mut evasion = EvasionBuilder::default();
        let text = "😀Ａ\u{200B}é";
        line.normalize(text, 10, &TextOptions::default(), &mut evasion);
        assert_eq!(line.text, "😀aé");
        assert_eq!(line.origin_of(0, 4), Span::new(10, 12));
        assert_eq!(line.origin_of(4, 5), Span::new(12, 13));
        assert_eq!(line.origin_of(5, 7), Span::new(14, 15));
    }

    #[test]
    fn case_is_kept_when_asked() {
        let mut line = NormalizedLine::default();
        let mut evasion = EvasionBuilder::default();
        let options = TextOptions {
            ignore_case: false,
            ..TextOptions::default()
        };
        line.normalize("Ｈello Wörld", 0, &options, &mut evasion);
        assert_eq!(line.text, "Hello Wörld");
    }
}
