//! Built-in stop word lists: English and Chinese, from NLTK's stopwords corpus (via the `stop-words`
//! crate). Matching keeps stop words by default (copied text copies them too); methods that weigh
//! terms, such as tf·idf SimHash, drop them.

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
        let english = stop_words::lookup("en").unwrap_or_default();
        let chinese = stop_words::lookup("zh").unwrap_or_default();
        english
            .iter()
            .copied()
            .chain(chinese.iter().copied().filter(|w| w.chars().count() == 1))
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_lists_are_loaded() {
        assert!(stopwords().len() > 150, "{}", stopwords().len());
        for word in ["and", "of", "was", "是", "了"] {
            assert!(is_stopword(word), "{word}");
        }
    }
}
