//! Every look-alike letter in Unicode's confusables data, through the public tokenizer: the list is
//! made here from `unicode-security` (UTS #39) and Unicode's script and normalization data, never
//! from plagscope's own tables. Each letter of another script whose skeleton is a letter of the
//! Latin, Greek or Cyrillic alphabet, written inside a word of that alphabet, must come out of the
//! tokenizer as that letter (the copy matches) and be named by its script in the evasion report.
#![cfg(not(target_arch = "wasm32"))]

use plagscope::text::tokenize;
use unicode_normalization::{char::is_combining_mark, UnicodeNormalization};
use unicode_script::{Script, UnicodeScript};
use unicode_security::confusable_detection::skeleton;

/// A word of each target alphabet to put the look-alike in, with the range of its main letters.
const HOSTS: [(Script, &str, &str, std::ops::RangeInclusive<char>); 3] = [
    (Script::Latin, "wa", "ter", 'A'..='z'),
    (Script::Greek, "λα", "μπα", '\u{0370}'..='\u{03FF}'),
    (Script::Cyrillic, "сл", "ово", '\u{0400}'..='\u{04FF}'),
];

/// The one character of `text`'s skeleton, if it has one.
fn single_skeleton(c: char) -> Option<char> {
    let mut shape = skeleton(&c.to_string()).collect::<Vec<_>>().into_iter();
    match (shape.next(), shape.next()) {
        (Some(only), None) => Some(only),
        _ => None,
    }
}

/// Whether `c` is a letter of a script that look-alike folding leaves to others: the CJK scripts
/// (their look-alikes are ideographs), right-to-left scripts (a right-to-left letter in a Latin word
/// is displayed out of place), and the marks and symbols shared by every script.
fn left_out(c: char) -> bool {
    let right_to_left = matches!(c as u32, 0x0590..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFE
        | 0x10800..=0x10FFF | 0x1E800..=0x1EFFF);
    right_to_left
        || matches!(
            c.script(),
            Script::Han
                | Script::Bopomofo
                | Script::Hiragana
                | Script::Katakana
                | Script::Hangul
                | Script::Common
                | Script::Inherited
                | Script::Unknown
        )
}

/// The confusable letters: (letter, its skeleton, the host alphabet), for every letter of another
/// script than its skeleton's that NFKC leaves alone and whose skeleton is a letter of a host's
/// main block. Those whose skeleton is a rarer letter (a turned Ɐ, a phonetic ʌ) imitate no text.
fn confusable_letters() -> Vec<(char, char, usize)> {
    let mut letters = Vec::new();
    for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
        if !c.is_alphabetic() || is_combining_mark(c) || left_out(c) {
            continue;
        }
        if !std::iter::once(c).nfkc().eq(std::iter::once(c)) {
            continue;
        }
        let Some(shape) = single_skeleton(c).filter(|&s| s != c && s.is_alphabetic()) else {
            continue;
        };
        let host = HOSTS.iter().position(|(script, _, _, block)| {
            shape.script() == *script && c.script() != *script && block.contains(&shape)
        });
        if let Some(host) = host {
            letters.push((c, shape, host));
        }
    }
    letters
}

/// Whether the folded letter `got` (lowercased by matching) has the skeleton `shape`, in either case;
/// UTS #39 gives I and l one skeleton, "l".
fn same_letter(got: &str, shape: char) -> bool {
    let shape = shape.to_string();
    let skeleton_of = |text: &str| skeleton(text).collect::<String>();
    skeleton_of(got) == shape
        || skeleton_of(&got.to_uppercase()) == shape
        || (shape == "l" && got == "i")
}

#[test]
fn every_confusable_letter_folds_to_its_skeleton_inside_a_word_and_is_reported() {
    let letters = confusable_letters();
    let mut scripts: Vec<Script> = letters.iter().map(|&(c, _, _)| c.script()).collect();
    scripts.sort_by_key(|s| s.full_name());
    scripts.dedup();
    // Lisu and Coptic (the letters that hid copies) and many more, from the data.
    assert!(letters.len() > 300, "{} letters", letters.len());
    assert!(scripts.contains(&Script::Lisu) && scripts.contains(&Script::Coptic));
    let mut failures = Vec::new();
    for &(c, shape, host) in &letters {
        let (_, before, after, _) = HOSTS[host];
        let word = format!("{before}{c}{after}");
        let analysis = tokenize(&word);
        let folded = analysis.normalized.trim();
        let middle = folded
            .strip_prefix(&before.to_lowercase())
            .and_then(|rest| rest.strip_suffix(&after.to_lowercase()));
        let script = c.script().full_name().replace('_', " ");
        let named = analysis.evasion.replaced_letters.contains_key(&script);
        if !middle.is_some_and(|m| same_letter(m, shape)) || !named {
            failures.push(format!(
                "{c} U+{:04X} ({script}, skeleton {shape}): {folded:?}, reported {:?}",
                c as u32, analysis.evasion.replaced_letters
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} letters:\n{}",
        failures.len(),
        letters.len(),
        failures.join("\n")
    );
}
