//! Look-alike letters judged a line at a time, in their original case: a word that mixes scripts
//! is folded to its main script, a line whose letters of other scripts all imitate Latin ones is
//! Latin in disguise, and a letter of a script that makes words of its own between Latin letters
//! ("wဝrd") is folded. (The per-letter data: [`super::confusables`].)

use super::nfkc::{is_combining_mark, is_nfkc_quick_yes, Nfkc};
use super::scripts::Script;
use unicode_segmentation::UnicodeSegmentation;

use super::chars::{has_ignorable_marks, is_notation, is_unsegmented_script};
use super::confusables::{
    fold_letter, latin_lookalike, latin_twin, lookalike_script, mixed_word_script, script_name,
};
use super::disguise::negative_enclosed_letter;
use super::evasion::EvasionBuilder;
use super::marks::strip_marks;
use crate::span::Span;

mod written_words;
use written_words::written_word_bounds;

/// Folds, in their original case, the look-alike letters of a line: inside a word that mixes
/// scripts, toward its main script ("pаper" with a Cyrillic а, "Τhe" with a Greek capital Tau, a
/// Coptic Ⲡ in a Greek word), and everywhere toward Latin in a line whose letters of the other
/// look-alike scripts are *all* Latin look-alikes ("ΤΗΕ ΡΑΡΕR" in Greek capitals, Lisu capitals):
/// an honest line of those scripts always holds letters that look like nothing Latin (Σ, Д, ж, Ꮿ).
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
    fold_lone_lookalikes(visible, starts, evasion);
    let whole_line = line_of_lookalikes(visible);
    fold_words(visible, starts, whole_line, evasion);
    // Folding a word toward Cyrillic or Greek can leave a line whose letters of other scripts all
    // look Latin (a Cherokee Ꮗ in "ᏇЅа" folded to Cyrillic ѡ): the line is then Latin in disguise,
    // as analyzing the folded text again judges it.
    if !whole_line && line_of_lookalikes(visible) {
        fold_words(visible, starts, true, evasion);
    }
}

/// Writes the words of `visible` folded (every one toward Latin when the line is disguised
/// `whole`), rewriting `visible` and `starts` in place.
fn fold_words(
    visible: &mut String,
    starts: &mut Vec<Span>,
    whole_line: bool,
    evasion: &mut EvasionBuilder,
) {
    let mut text = String::with_capacity(visible.len());
    let mut positions = Vec::with_capacity(starts.len());
    // The words the tokenizer will see: Unicode word boundaries as in the normalized line (where
    // a backtick is an apostrophe), then each grapheme that starts with a character of a script
    // written without spaces on its own (or analyzing the normalized text again would decide
    // differently). A grapheme, not a character: a Lao tone mark after a Cyrillic ж is no word of
    // its own, and normalization drops it.
    for (at, segment) in written_word_bounds(visible) {
        let mut piece_start = at;
        let unsegmented = !segment.is_ascii() && segment.chars().any(is_unsegmented_script);
        for (i, grapheme) in unsegmented
            .then(|| segment.grapheme_indices(true))
            .into_iter()
            .flatten()
        {
            let Some(first) = grapheme
                .chars()
                .next()
                .filter(|&c| is_unsegmented_script(c))
            else {
                continue;
            };
            let (run, end) = ((piece_start, at + i), at + i + grapheme.len());
            let out = (&mut text, &mut positions);
            fold_run(visible, starts, run, whole_line, out.0, out.1, evasion);
            if whole_line && lookalike_script(first).is_some() {
                // In a line disguised whole, Myanmar "ဝ" is a look-alike like the others.
                fold_run(visible, starts, (at + i, end), true, out.0, out.1, evasion);
            } else {
                text.push_str(grapheme);
                positions.extend_from_slice(&starts[at + i..end]);
            }
            piece_start = end;
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

/// Folds the letters of scripts that are no part of a Latin word (Myanmar "ဝ", Tai Tham "ᩅ": Unicode
/// word boundaries and unsegmented scripts make each a word of its own) that imitate a Latin letter
/// and stand right between two letters of the line `text` that are or imitate Latin ones ("wဝrd"),
/// reporting them. Done first, so that the word they join is judged whole, as it is when the
/// folded text is analyzed again.
fn fold_lone_lookalikes(
    text: &mut String,
    positions: &mut Vec<Span>,
    evasion: &mut EvasionBuilder,
) {
    // Whether `c` is a word apart from the letter `l` before it (a letter inside a word is folded
    // with its word, or meant).
    let apart = |l: char, c: char| {
        is_unsegmented_script(c) || {
            let mut pair = [0u8; 8];
            let len = l.encode_utf8(&mut pair).len();
            let pair = &mut pair[..len + c.len_utf8()];
            c.encode_utf8(&mut pair[len..]);
            std::str::from_utf8(pair).is_ok_and(|pair| pair.split_word_bounds().nth(1).is_some())
        }
    };
    // A neighbour that is, or may be folded into, a Latin letter of a Latin word, judged as
    // normalization will write it (a styled 𝐚 or 🅐 is an a).
    let looks_latin = |l: Option<char>| {
        l.is_some_and(|l| {
            latin_lookalike(l).is_some()
                || judged_letters(l).any(|j| match lookalike_script(j) {
                    Some(Script::Latin) => true,
                    Some(_) => latin_twin(j).is_some() && !apart(j, 'a'),
                    None => false,
                })
        })
    };
    let twin_at = |at: usize, c: char| {
        if c.is_ascii() || !lookalike_script(c).is_some_and(|s| s != Script::Latin) {
            return None;
        }
        let before = text[..at].chars().rev().find(|&l| !is_combining_mark(l));
        let after = (text[at + c.len_utf8()..].chars()).find(|&l| !is_combining_mark(l));
        let lone = looks_latin(before) && looks_latin(after) && before.is_some_and(|l| apart(l, c));
        lone.then(|| latin_twin(c)).flatten()
    };
    if !text.char_indices().any(|(at, c)| twin_at(at, c).is_some()) {
        return; // the common case: nothing to rewrite
    }
    let mut folded = String::with_capacity(text.len());
    let mut folded_positions = Vec::with_capacity(positions.len());
    for (at, c) in text.char_indices() {
        match twin_at(at, c) {
            Some(letter) => {
                evasion.replaced_letter(script_name(c), positions[at]);
                evasion.mixed_script_word(positions[at]);
                folded.push(letter);
                folded_positions.extend(std::iter::repeat_n(positions[at], letter.len_utf8()));
            }
            None => {
                folded.push(c);
                folded_positions.extend_from_slice(&positions[at..at + c.len_utf8()]);
            }
        }
    }
    *text = folded;
    *positions = folded_positions;
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

/// Whether `c` is, or normalizes to, a letter of a look-alike script other than Latin, which could
/// be a look-alike of a Latin one: a line without any has nothing to fold.
pub fn is_lookalike_suspect(c: char) -> bool {
    !never_other_lookalike(c)
        && judged_letters(c).any(|l| lookalike_script(l).is_some_and(|s| s != Script::Latin))
}

/// Characters that are, and normalize to, no letter of a look-alike script other than Latin: ASCII,
/// CJK ideographs, CJK and general punctuation, fullwidth ASCII (most characters of Chinese text),
/// answered without normalizing them (a test checks every one).
fn never_other_lookalike(c: char) -> bool {
    c.is_ascii()
        || super::chars::is_cjk_ideograph(c)
        || matches!(c as u32, 0x2000..=0x206F | 0x3000..=0x303F | 0xFF01..=0xFF5E)
}

/// The letters that `c` is judged by: every character of its compatibility form (or the letter a
/// negative enclosed capital shows), each without its marks, so that the normalized text, analyzed
/// again, is judged the same (U+037A ͺ becomes a space and a combining mark, and is no Greek
/// letter then either).
fn judged_letters(c: char) -> impl Iterator<Item = char> {
    // Case folding writes ß as ss (lowercasing keeps it): judged as the text analyzed again reads it.
    let sharp_s = matches!(c, 'ß' | 'ẞ');
    let stable = c.is_ascii() || super::chars::is_cjk_ideograph(c);
    let negative = negative_enclosed_letter(c); // 🅰 is written as an a, which NFKC does not do
    let (single, expanded) = if sharp_s {
        (
            Some('s'),
            Some(std::iter::once('s').nfkc().map(strip_for_judging)),
        )
    } else if let Some(letter) = negative {
        (Some(letter), None)
    } else if stable || is_nfkc_quick_yes(c) {
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

/// Whether `word`, on a line whose letters of other scripts all imitate Latin ones, is Greek as
/// Greek is written rather than Latin in disguise: a lone Greek letter (a symbol: "α", "ρ", "α2")
/// or a Greek word with Greek spelling that no disguised Latin word needs, an accent ("κάκτος")
/// or a final sigma. It is folded for matching all the same, and not reported.
fn is_honest_greek(word: &str) -> bool {
    let (mut letters, mut greek_spelling, mut last) = (0, false, None);
    for c in word.chars() {
        if is_combining_mark(c) {
            greek_spelling |= letters > 0;
            continue;
        }
        match lookalike_script(c) {
            Some(Script::Greek) => {
                letters += 1;
                greek_spelling |= strip_marks(c).1 > 0;
                last = Some(c);
            }
            Some(_) => return false,
            None if c.is_alphabetic() => return false,
            None => {}
        }
    }
    letters == 1 || (letters > 1 && (greek_spelling || last == Some('ς')))
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

/// The script a word mixes with Latin, if its letters (as judged) are of two look-alike scripts;
/// `None` for plain ASCII.
fn mixed_script_of(word: &str) -> Option<Script> {
    if word.is_ascii() {
        return None;
    }
    let bases: String = word.chars().flat_map(judged_letters).collect();
    mixed_word_script(&bases)
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
    let mixed = mixed_script_of(word);
    let target = if whole_line {
        Some(Script::Latin)
    } else {
        mixed
    };
    let Some(target) = target.filter(|_| !word.is_ascii()) else {
        text.push_str(word);
        positions.extend_from_slice(&starts[start..end]);
        return;
    };
    let span_of = |at: usize, _: char| starts[start + at];
    // Notation in an honest line is folded all the same (a disguised "tо" must still match
    // "to") but not reported; in a line disguised as a whole, every word is, but honest Greek.
    let report = if whole_line {
        !is_honest_greek(word)
    } else {
        !is_notation(word)
    };
    for (at, c) in word.char_indices() {
        let base = base_letter(c);
        let folded = match lookalike_script(base) {
            Some(script) if script != target && target == Script::Latin => latin_twin(base),
            Some(script) if script != target => fold_letter(base, target),
            _ => None,
        };
        let at = start + at;
        match folded {
            Some(letter) if letter != c => {
                if report {
                    evasion.replaced_letter(script_name(c), starts[at]);
                }
                text.push(letter);
                positions.extend(std::iter::repeat_n(starts[at], letter.len_utf8()));
            }
            _ => {
                text.push(c);
                positions.extend_from_slice(&starts[at..at + c.len_utf8()]);
            }
        }
    }
    if mixed.is_some() && report {
        // Min and max, not first and last: the run may have been reversed.
        let span = word
            .char_indices()
            .map(|(at, c)| span_of(at, c))
            .reduce(|a, b| Span::new(a.start.min(b.start), a.end.max(b.end)))
            .expect("non-empty run");
        evasion.mixed_script_word(span);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
