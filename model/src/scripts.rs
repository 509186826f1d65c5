//! Which scripts the model file keeps and which its parts bring: the maker
//! (`examples/make-model.rs`) splits the pieces by them, and an encoder tells by them which of its
//! parts a text needs ([`Encoder::identity`](crate::Encoder::identity)).

use unicode_script::{Script, UnicodeScript};

/// The scripts whose pieces keep their rows in the main file (with Common and Inherited).
pub const MAIN_SCRIPTS: [Script; 4] = [
    Script::Latin,
    Script::Han,
    Script::Common,
    Script::Inherited,
];

/// The parts: the scripts of the encoder's other six languages. A piece goes to the first part
/// whose scripts, with Common and Inherited, write all of it (Japanese pieces mix kana and Han).
pub const PARTS: [(&str, &[Script]); 5] = [
    ("cyrillic", &[Script::Cyrillic]),
    (
        "japanese",
        &[Script::Hiragana, Script::Katakana, Script::Han],
    ),
    ("korean", &[Script::Hangul]),
    ("arabic", &[Script::Arabic]),
    ("thai", &[Script::Thai]),
];

/// The scripts of the part named `name` that the main file does not write: a text in none of them
/// reads no piece of the part (`None` for a name this crate does not know: any text may).
pub fn part_scripts(name: &str) -> Option<Vec<Script>> {
    let (_, scripts) = PARTS.iter().find(|(n, _)| *n == name)?;
    Some(
        (scripts.iter())
            .filter(|s| !MAIN_SCRIPTS.contains(s))
            .copied()
            .collect(),
    )
}

/// Whether `text` has a character of one of `scripts`.
pub fn writes_in(text: &str, scripts: &[Script]) -> bool {
    text.chars().any(|c| scripts.contains(&c.script()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_part_is_told_by_the_scripts_the_main_file_lacks() {
        let japanese = part_scripts("japanese").unwrap();
        assert!(writes_in("日本語のテキスト", &japanese));
        assert!(!writes_in("中文文本", &japanese), "Han is the main file's");
        assert!(writes_in("Нория", &part_scripts("cyrillic").unwrap()));
        assert!(!writes_in("noria", &part_scripts("cyrillic").unwrap()));
        assert!(part_scripts("klingon").is_none());
    }
}
