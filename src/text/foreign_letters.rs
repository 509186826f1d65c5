//! Letters of other scripts inside Latin words (issue 43): a Coptic ⲁ, a Canadian syllabic ᗩ, an
//! ideograph 工 or 口, a Katakana エ, a Bopomofo ㄈ or a Hangul ㅇ written among Latin letters
//! ("pⲁper", "w工nd口w") hides a copy as well as a Cyrillic а does, but UTS #39 gives most of them
//! no Latin skeleton, so [`super::confusables`] neither folds nor names them. Here a letter is
//! judged by where it stands, whatever table lists it:
//!
//! - a letter of an alphabet (any script but Latin, and Greek, whose letters are science's symbols
//!   inside Latin words: μmol, TGFβ) standing between Latin letters is named, the word reported as
//!   mixing scripts, and folded through the wider look-alike table (`data/latin_lookalikes.txt`,
//!   from decancer: ⲁ -> a, ᗩ -> a); one alone at a word's edge ("ᗩpple") is named and folded
//!   when it has a look-alike;
//! - CJK letters (ideographs, Katakana, Bopomofo, Hangul jamo, the scripts written without spaces)
//!   stand beside Latin words in honest text ("用Rust写", "DNA和RNA", "PythonとJava": Hiragana is
//!   never judged), so only a lone one that looks like a Latin letter is, between Latin letters;
//!   the others ("t口", "卜口" for "to", "工" for I) only on a line whose every CJK letter looks like
//!   a Latin one, with at least [`DISGUISED_LINE`] beside Latin letters. Real CJK text always has
//!   letters that look like nothing Latin (的, 是, の).
//!
//! Letters with a UTS #39 Latin twin (Cyrillic а, Coptic ⲟ) are left to the look-alike folding
//! that runs next; they count as Latin letters around the others.

use super::chars::{
    has_ignorable_marks, is_cjk_ideograph, is_right_to_left, is_stable_kana, is_unsegmented_script,
    unify_punctuation,
};
use super::chinese_script::to_simplified;
use super::confusables::{
    latin_lookalike, latin_twin, lookalike_script, radical_ideograph, script_name,
};
use super::disguise::negative_enclosed_letter;
use super::evasion::EvasionBuilder;
use super::marks::strip_marks;
use super::nfkc::{is_combining_mark, is_nfkc_quick_yes, Nfkc};
use super::scripts::{Script, UnicodeScript};
use crate::span::Span;

mod compatibility;
mod table;
use compatibility::expand_compatibility_letters;
pub use table::wide_twin;

/// Fewest CJK look-alikes beside Latin letters for a line whose CJK letters are all look-alikes
/// to be Latin in disguise (then those at a word's edge and alone are folded too).
pub const DISGUISED_LINE: usize = 3;

/// How a letter of another script is judged inside Latin text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Latin, Greek, Hiragana, a Hangul syllable, a right-to-left letter, or no letter.
    Not,
    /// A letter of an alphabet or syllabary written with spaces between words.
    Alphabet,
    /// A CJK letter or one of a script written without spaces.
    Ideographic,
}

/// How the character `c` is judged, as normalization will write it (a Kangxi radical ⼈ as 人).
fn kind(c: char) -> Kind {
    if c.is_ascii() || matches!(c as u32, 0x80..=0x24F | 0x1E00..=0x1EFF) {
        return Kind::Not; // the common case: Latin letters, accented or not
    }
    if is_cjk_ideograph(c) || is_stable_kana(c) {
        // Most of CJK text, without the tables (a test checks every one).
        return [Kind::Not, Kind::Ideographic][usize::from(is_cjk_letter(c))];
    }
    let c = judged(c);
    if !c.is_alphabetic() || is_combining_mark(c) || is_right_to_left(c) {
        return Kind::Not;
    }
    match c.script() {
        Script::Latin | Script::Greek | Script::Common | Script::Inherited | Script::Hiragana => {
            Kind::Not
        }
        Script::Hangul if ('\u{AC00}'..='\u{D7A3}').contains(&c) => Kind::Not, // Korean words
        Script::Han | Script::Katakana | Script::Bopomofo | Script::Hangul => Kind::Ideographic,
        _ if is_unsegmented_script(c) => Kind::Ideographic,
        _ => Kind::Alphabet,
    }
}

/// Whether `c` is a letter that [`fold_foreign_letters`] judges beside Latin letters: a letter of
/// another alphabet (but Greek) or a CJK letter. Its decisions take in the whole line, so a word
/// with one must not move to another line.
pub fn is_judged_letter(c: char) -> bool {
    kind(c) != Kind::Not
}

/// Whether `l` is, or looks like, a letter of a Latin word: a Latin letter, a letter with a Latin
/// twin, a phonetic look-alike, or an alphabet's letter of the wider table.
fn latin_like(l: char) -> bool {
    let l = judged(l);
    l.is_ascii_alphabetic()
        || lookalike_script(l) == Some(Script::Latin)
        || latin_twin(l).is_some()
        || latin_lookalike(l).is_some()
        || (kind(l) == Kind::Alphabet && wide_twin(l).is_some())
}

/// Whether the line `text` may hold a letter of another script beside a Latin letter: a quick
/// look before [`fold_foreign_letters`] does the work.
pub fn touches_latin(text: &str) -> bool {
    let (mut previous, mut previous_foreign) = (' ', false);
    for c in text.chars().filter(|&c| !is_combining_mark(c)) {
        let foreign = kind(c) != Kind::Not;
        if (foreign && is_latin(previous)) || (previous_foreign && is_latin(c)) {
            return true;
        }
        (previous, previous_foreign) = (c, foreign);
    }
    false
}

/// The Latin letter that `c`, a CJK ideograph or [`is_stable_kana`], looks like beside Latin
/// letters: its wide twin if it is a CJK letter to [`kind`]. On a line of ASCII, such letters and
/// punctuation (the one-to-one path; only its ASCII letters are Latin-like, a test checks), the
/// folding changes nothing unless one with a look stands alone between two ASCII letters, or
/// [`is_disguised_cjk_line`].
pub fn cjk_letter_look(c: char) -> Option<char> {
    // Judged as normalization writes it, in Simplified Chinese (風 as 风).
    is_cjk_letter(c)
        .then(|| wide_twin(to_simplified(c)))
        .flatten()
}

/// Whether the CJK ideograph or [`is_stable_kana`] `c` is a CJK letter to [`kind`]: an ideograph
/// or Katakana (not Hiragana, nor ー, of the Common script).
fn is_cjk_letter(c: char) -> bool {
    is_cjk_ideograph(c) || matches!(c as u32, 0x30A1..=0x30FA | 0x30FD..=0x30FE)
}

/// Whether the one-to-one line `text`, where `beside` CJK letters with a [`cjk_letter_look`] touch
/// an ASCII letter, is Latin in disguise ([`disguised_line`]): every CJK letter has a look.
pub fn is_disguised_cjk_line(text: &str, beside: usize) -> bool {
    beside >= DISGUISED_LINE
        && text
            .chars()
            .filter(|&c| kind(c) == Kind::Ideographic)
            .all(|c| cjk_letter_look(c).is_some())
}

/// Whether `c` is, or normalizes to, a letter of the Latin script (𝐚, ａ, 🅐 too).
fn is_latin(c: char) -> bool {
    c.is_ascii_alphabetic()
        || (!c.is_ascii()
            && !is_cjk_ideograph(c)
            && !is_stable_kana(c)
            && lookalike_script(judged(c)) == Some(Script::Latin))
}

/// The letter `c` is read as after normalization, when that is one character: a styled or
/// full-width letter's plain one, a Traditional Chinese character's Simplified one, unified
/// punctuation's ASCII one (the folded text, analyzed again, must be judged the same).
fn judged(c: char) -> char {
    if c.is_ascii() {
        return c;
    }
    // A radical is written as its ideograph (⺅ as 亻), a negative enclosed capital as its letter.
    let mut single = (radical_ideograph(c).or_else(|| negative_enclosed_letter(c))).unwrap_or(c);
    if !is_nfkc_quick_yes(c) {
        let mut nfkc = std::iter::once(c).nfkc();
        if let (Some(form), None) = (nfkc.next(), nfkc.next()) {
            single = form;
        }
    }
    // Matching drops the marks of Latin, Greek and Cyrillic letters (ӝ is read as ж).
    if has_ignorable_marks(single) {
        single = strip_marks(single).0;
    }
    // And writes Chinese in Simplified characters (a Kangxi radical ⾵ is 風, then 风), and a
    // modifier letter apostrophe ʼ, a letter, as an apostrophe, which is none (a word ends there).
    to_simplified(unify_punctuation(single))
}

/// A letter of another script that UTS #39 folding leaves alone, and what stands around it.
#[derive(Debug, Clone, Copy)]
struct Letter {
    /// Byte range in the line: the letter and the marks after it.
    start: usize,
    end: usize,
    kind: Kind,
    /// Whether combining marks follow it (a vowel sign: a syllable, spelling).
    marked: bool,
    /// The characters before and after it, marks skipped.
    before: Option<char>,
    after: Option<char>,
    /// Whether its word (the letters and marks around it) has Latin letters before it, after it.
    latin_before: bool,
    latin_after: bool,
}

impl Letter {
    /// Right between letters of a Latin word.
    fn between(&self) -> bool {
        match self.kind {
            Kind::Alphabet => self.latin_before && self.latin_after,
            _ => self.before.is_some_and(latin_like) && self.after.is_some_and(latin_like),
        }
    }

    /// At the edge of a Latin word: a Latin letter on one side, no letter on the other.
    fn at_edge(&self) -> bool {
        let letter = |c: Option<char>| c.is_some_and(char::is_alphabetic);
        let latin = |c: Option<char>| c.is_some_and(latin_like);
        (latin(self.before) && !letter(self.after)) || (latin(self.after) && !letter(self.before))
    }

    /// The Latin letter it looks like; none for a CJK letter beside another (a word: 人口) but in
    /// a line disguised whole.
    fn twin(&self, text: &str) -> Option<char> {
        let ideographic = |c: Option<char>| c.is_some_and(|c| kind(c) == Kind::Ideographic);
        let in_word =
            self.kind == Kind::Ideographic && (ideographic(self.before) || ideographic(self.after));
        self.look(text).filter(|_| !in_word)
    }

    /// The Latin letter it looks like, wherever it stands.
    fn look(&self, text: &str) -> Option<char> {
        let c = judged(text[self.start..].chars().next()?);
        (!self.marked).then(|| wide_twin(c)).flatten()
    }
}

/// The letters of other scripts in `text` that UTS #39 folding leaves alone.
fn letters(text: &str) -> Vec<Letter> {
    // Each character as normalization will write it, where it stands.
    let chars: Vec<(usize, char)> = text.char_indices().map(|(at, c)| (at, judged(c))).collect();
    let in_word = |c: char| c.is_alphabetic() || is_combining_mark(c);
    // Whether a Latin letter follows each character within its word, from a pass backwards.
    let mut latin_ahead = vec![false; chars.len()];
    for i in (0..chars.len().saturating_sub(1)).rev() {
        let next = chars[i + 1].1;
        latin_ahead[i] = in_word(next) && (is_latin(next) || latin_ahead[i + 1]);
    }
    let mut letters: Vec<Letter> = Vec::new();
    let mut latin_in_word = false; // a Latin letter earlier in the current word
    let mut before = None; // the last character that is no mark
    for (i, &(at, c)) in chars.iter().enumerate() {
        latin_in_word &= in_word(c);
        let end = at + text[at..].chars().next().map_or(0, char::len_utf8);
        if is_combining_mark(c) {
            if let Some(letter) = letters.last_mut().filter(|l| l.end == at) {
                letter.end = end;
                // Marks after a Cyrillic letter are dropped for matching; others spell.
                letter.marked |= !has_ignorable_marks(chars[letter_index(&chars, letter.start)].1);
            }
            continue;
        }
        if let Some(letter) = letters.last_mut().filter(|l| l.after.is_none()) {
            letter.after = Some(c);
        }
        let kind = kind(c);
        if kind != Kind::Not && latin_twin(c).is_none() {
            letters.push(Letter {
                start: at,
                end,
                kind,
                marked: false,
                before,
                after: None,
                latin_before: latin_in_word,
                latin_after: latin_ahead[i],
            });
        }
        latin_in_word |= is_latin(c);
        before = Some(c);
    }
    letters
}

/// The index in `chars` of the character at byte `at`.
fn letter_index(chars: &[(usize, char)], at: usize) -> usize {
    chars.partition_point(|&(start, _)| start < at)
}

/// What becomes of a letter: the Latin letter it is folded to, if any, and whether it is named.
fn decide(letter: &Letter, text: &str, disguised_line: bool) -> (Option<char>, bool) {
    let twin = letter.twin(text);
    match letter.kind {
        Kind::Alphabet if letter.between() => (twin, true),
        Kind::Alphabet if twin.is_some() && letter.at_edge() => (twin, true),
        Kind::Ideographic if twin.is_some() && letter.between() => (twin, true),
        Kind::Ideographic if disguised_line => (letter.look(text), true),
        _ => (None, false),
    }
}

/// Whether every CJK letter of the line looks like a Latin letter, with [`DISGUISED_LINE`] of them
/// beside Latin letters at least: Latin text in disguise ("t口", "卜口" for "to").
fn disguised_line(letters: &[Letter], text: &str) -> bool {
    let mut beside = 0;
    for letter in letters.iter().filter(|l| l.kind == Kind::Ideographic) {
        if letter.look(text).is_none() {
            return false;
        }
        beside += usize::from(
            letter.before.is_some_and(latin_like) || letter.after.is_some_and(latin_like),
        );
    }
    beside >= DISGUISED_LINE
}

/// Most rounds of [`fold_foreign_letters`]: a letter folded to Latin can put the next one between
/// Latin letters ("ⲁᗩ" at a word's start), and each round folds at least one letter or ends.
const ROUNDS: usize = 16;

/// Folds and names the letters of other scripts inside the Latin words of the line `text` (the
/// original span of each byte in `positions`), as the module says, until nothing changes (so the
/// folded text, analyzed again, is judged the same). Returns whether it changed `text`.
pub fn fold_foreign_letters(
    text: &mut String,
    positions: &mut Vec<Span>,
    evasion: &mut EvasionBuilder,
) -> bool {
    // Judged as the tokenizer will see the line: a symbol NFKC writes as letters ("₨" as "Rs")
    // may put a letter of another script beside Latin ones.
    let mut changed = expand_compatibility_letters(text, positions);
    if !changed && !touches_latin(text) {
        return false;
    }
    for _ in 0..ROUNDS {
        if !touches_latin(text) || !fold_once(text, positions, evasion) {
            break;
        }
        changed = true;
    }
    changed
}

/// One round of [`fold_foreign_letters`]; whether it changed `text`.
fn fold_once(text: &mut String, positions: &mut Vec<Span>, evasion: &mut EvasionBuilder) -> bool {
    let letters = letters(text);
    let disguised = disguised_line(&letters, text);
    let (mut folded, mut folded_positions) = (String::new(), Vec::new());
    let mut copied = 0;
    for letter in &letters {
        let (latin, named) = decide(letter, text, disguised);
        if named {
            evasion.mixed_script_word(word_span(text, positions, letter));
            if latin.is_some() {
                evasion.replaced_letter(kind_name(&text[letter.start..]), positions[letter.start]);
            }
        }
        if let Some(latin) = latin {
            folded.push_str(&text[copied..letter.start]);
            folded_positions.extend_from_slice(&positions[copied..letter.start]);
            folded.push(latin);
            folded_positions.push(positions[letter.start]);
            copied = letter.end;
        }
    }
    if copied == 0 {
        return false;
    }
    folded.push_str(&text[copied..]);
    folded_positions.extend_from_slice(&positions[copied..]);
    *text = folded;
    *positions = folded_positions;
    true
}

/// The name the evasion report gives the letter `rest` starts with: its script's, but for an
/// ideograph ("Han" names compatibility ideographs standing for ideographs).
fn kind_name(rest: &str) -> &'static str {
    let c = judged(rest.chars().next().expect("a letter"));
    match c.script() {
        Script::Han => HAN_LOOKALIKE,
        _ => script_name(c),
    }
}

/// The kind the evasion report gives ideographs standing for Latin letters (工 for I).
pub const HAN_LOOKALIKE: &str = "Han look-alike";

/// The original span of the word around `run`: the letters and marks on both sides.
fn word_span(text: &str, positions: &[Span], run: &Letter) -> Span {
    let inside = |c: char| c.is_alphabetic() || is_combining_mark(c);
    let start = text[..run.start]
        .char_indices()
        .rev()
        .take_while(|&(_, c)| inside(c))
        .last()
        .map_or(run.start, |(at, _)| at);
    let end = text[run.end..]
        .char_indices()
        .find(|&(_, c)| !inside(c))
        .map_or(text.len(), |(at, _)| run.end + at);
    (positions[start..end].iter().copied())
        .reduce(|a, b| Span::new(a.start.min(b.start), a.end.max(b.end)))
        .expect("a run is not empty")
}

#[cfg(test)]
#[path = "foreign_letters_tests.rs"]
mod tests;
