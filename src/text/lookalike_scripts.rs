// The letters whose look-alikes are folded (see confusables.rs): one declaration, included both by
// src/text/confusables.rs and by build.rs, which generates their confusable skeletons.

/// The scripts whose letters are swapped for each other's look-alikes, in tie-breaking order.
const SCRIPTS: [Script; 5] = [
    Script::Latin,
    Script::Cyrillic,
    Script::Greek,
    Script::Armenian,
    Script::Cherokee,
];

/// The position in [`SCRIPTS`] of the letter `c`'s script, or `None` for anything else (CJK
/// ideographs, the bulk of Chinese text, are answered without a script lookup).
fn script_index(c: char) -> Option<usize> {
    if matches!(c as u32, 0x3400..=0x4DBF | 0x4E00..=0x9FFF) || !c.is_alphabetic() {
        return None;
    }
    let script = c.script();
    SCRIPTS.iter().position(|&s| s == script)
}
