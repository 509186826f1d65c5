//! Built-in stop word lists: English and Chinese, from NLTK's stopwords corpus, kept in
//! `data/stopwords-en.txt` and `data/stopwords-zh.txt` (the `stop-words` crate, which they come
//! from, embeds every language's lists: a test holds the files to it, and only tests depend on it).
//! Matching keeps stop words by default (copied text copies them too); methods that weigh terms,
//! such as tf·idf SimHash, drop them.

use rustc_hash::FxHashSet as HashSet;
use std::sync::OnceLock;

/// Whether `token` (in matching form: lowercased, ASCII apostrophes) is an English or Chinese stop
/// word. Chinese tokens are single characters, so only the list's one-character entries apply.
///
/// ```
/// use plagscope::text::is_stopword;
/// assert!(is_stopword("the") && is_stopword("的") && is_stopword("don't"));
/// assert!(!is_stopword("plagiarism") && !is_stopword("中"));
/// ```
pub fn is_stopword(token: &str) -> bool {
    stopwords().contains(token)
}

fn stopwords() -> &'static HashSet<&'static str> {
    static SET: OnceLock<HashSet<&'static str>> = OnceLock::new();
    SET.get_or_init(|| {
        let english = words(include_str!("data/stopwords-en.txt"));
        english
            .chain(words(include_str!("data/stopwords-zh.txt")))
            .collect()
    })
}

/// The words of a list file: its lines, but the `#` comments.
fn words(list: &'static str) -> impl Iterator<Item = &'static str> {
    list.lines().filter(|line| !line.starts_with('#'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lists_are_nltks_as_the_stop_words_crate_ships_them() {
        let english: HashSet<&str> = words(include_str!("data/stopwords-en.txt")).collect();
        let crate_english: HashSet<&str> =
            stop_words::lookup("en").unwrap().iter().copied().collect();
        assert_eq!(english, crate_english);
        let chinese: HashSet<&str> = words(include_str!("data/stopwords-zh.txt")).collect();
        let crate_chinese: HashSet<&str> = (stop_words::lookup("zh").unwrap().iter().copied())
            .filter(|w| w.chars().count() == 1)
            .collect();
        assert_eq!(chinese, crate_chinese);
    }

    #[test]
    fn both_lists_are_loaded() {
        assert!(stopwords().len() > 150, "{}", stopwords().len());
        for word in ["and", "of", "was", "是", "了"] {
            assert!(is_stopword(word), "{word}");
        }
    }
}
