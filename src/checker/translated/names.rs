//! Names in Latin letters inside a sentence of another script (Chinese, Japanese, Russian): a
//! translation keeps them as they are ("DateSerial 函数" for "the DateSerial function"), so a
//! Chinese sentence naming one function is no translation of an English sentence naming another,
//! however close the model finds two template sentences of one help system.

use std::ops::Range;

use crate::text::TokenKind;

use super::super::prepare::Prepared;

/// Shortest name looked for inside the other side's words run together.
const LONG_NAME_CHARS: usize = 6;

/// Shortest name that counts: single letters are list markers and variables.
const MIN_NAME_CHARS: usize = 2;

/// One side of a sentence pair: its text, the sentence's tokens, and the tokens of the sentence
/// with its neighbours.
pub(super) struct PairSide<'a> {
    pub(super) prepared: &'a Prepared,
    pub(super) sentence: Range<usize>,
    pub(super) around: Range<usize>,
}

/// Whether the names in Latin letters of the side written in another script (if one side is and
/// the other is not) are all found in the other side's sentence or its neighbours (where a full stop
/// inside a formula, "int<?>", may have put them). One changed name is enough to tell template
/// sentences apart ("DateSerial returns a Date value…", "TimeSerial returns a Date value…"); a
/// translator who adds a product's name ("Microsoft Excel" for "Excel") costs the pair.
pub(super) fn names_agree(paper: &PairSide<'_>, source: &PairSide<'_>) -> bool {
    let (paper_names, paper_foreign) = names(paper.prepared, &paper.sentence);
    let (source_names, source_foreign) = names(source.prepared, &source.sentence);
    match (paper_foreign, source_foreign) {
        (true, false) => all_in(&paper_names, &names(source.prepared, &source.around).0),
        (false, true) => all_in(&source_names, &names(paper.prepared, &paper.around).0),
        _ => true,
    }
}

/// The words in Latin letters of the tokens `range` of `prepared` (matching form), and whether
/// the range is written in a script other than Latin: it holds characters of a script written
/// without spaces, or most of its words are in other letters (Cyrillic, Greek).
fn names<'p>(prepared: &'p Prepared, range: &Range<usize>) -> (Vec<&'p str>, bool) {
    let analysis = &prepared.analysis;
    let tokens = analysis.tokens.get(range.clone()).unwrap_or_default();
    let characters = tokens.iter().any(|t| t.kind == TokenKind::Character);
    let all_words: Vec<&str> = (tokens.iter())
        .filter(|t| t.kind == TokenKind::Word)
        .map(|t| &analysis.normalized[t.norm_start..t.norm_end])
        .collect();
    // The matching form has dropped marks, so Latin words are ASCII but for a rare letter (ø).
    let other_letters = |w: &str| w.chars().any(|c| c.is_alphabetic() && !c.is_ascii());
    let in_other_letters = all_words.iter().filter(|w| other_letters(w)).count();
    let foreign = characters || 2 * in_other_letters > all_words.len();
    let words = (all_words.into_iter())
        .filter(|w| !other_letters(w))
        .filter(|w| w.chars().filter(char::is_ascii_alphabetic).count() >= MIN_NAME_CHARS)
        .filter(|w| !is_key(w))
        .collect();
    (words, foreign)
}

/// Names of keyboard keys, which help texts keep in Latin letters in every language and which a
/// table of shortcuts puts in another cell than the action's words ("Ctrl+Shift+向下方向键"
/// beside "Select to end of paragraph"): no name of a thing.
const KEYS: [&str; 24] = [
    "ctrl",
    "shift",
    "alt",
    "altgr",
    "cmd",
    "command",
    "option",
    "enter",
    "return",
    "tab",
    "esc",
    "escape",
    "space",
    "backspace",
    "delete",
    "del",
    "insert",
    "ins",
    "home",
    "end",
    "pageup",
    "pagedown",
    "page",
    "fn",
];

/// Whether `word` is a key's name, a function key ("f3"), or keys run together ("ctrlshift").
fn is_key(word: &str) -> bool {
    let mut rest = word;
    while !rest.is_empty() {
        let function_key = rest.strip_prefix('f').and_then(|digits| {
            let n = digits.chars().take_while(char::is_ascii_digit).count();
            (n > 0).then(|| &digits[n..])
        });
        let key = KEYS
            .iter()
            .filter_map(|k| rest.strip_prefix(k))
            .min_by_key(|r| r.len());
        match function_key.or(key) {
            Some(shorter) => rest = shorter,
            None => return false,
        }
    }
    true
}

/// Whether all `names` are among `words`, a plural's `s` or a possessive aside (or, when long,
/// inside the words run together: "pageup" for "page up").
fn all_in(names: &[&str], words: &[&str]) -> bool {
    let joined: String = words.concat();
    let found = |name: &&str| {
        (words.iter()).any(|w| {
            let (short, long) = if w.len() <= name.len() {
                (*w, *name)
            } else {
                (*name, *w)
            };
            long.starts_with(short) && long.len() - short.len() <= 2
        }) || (name.len() >= LONG_NAME_CHARS && joined.contains(*name))
    };
    names.iter().all(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_must_be_found() {
        assert!(all_in(&["dateserial"], &["the", "dateserial", "function"]));
        assert!(!all_in(&["dateserial", "date"], &["timeserial", "date"]));
        assert!(all_in(&["api"], &["the", "apis"]));
        assert!(!all_in(&["microsoft", "excel"], &["in", "excel"]));
        assert!(all_in(&[], &["anything"]));
        assert!(all_in(&["openoffice"], &["open", "office", "files"]));
    }

    #[test]
    fn keys_are_no_names() {
        for key in ["ctrl", "ctrlshift", "f3", "shiftf10", "pageup"] {
            assert!(is_key(key), "{key}");
        }
        for word in ["dateserial", "excel", "f", "shifty"] {
            assert!(!is_key(word), "{word}");
        }
    }
}
