//! Word shingle hashes against their definition: the hash of the window's matching forms joined by
//! one space, on arbitrary text and options (the fast path hashes windows in place).
#![cfg(not(target_arch = "wasm32"))]

use plagscope::sketch::{hash_bytes, word_shingle_hashes, word_shingles};
use plagscope::text::{analyze, TextOptions};
use proptest::prelude::*;

/// Prose-like text: words and the things that come between them.
fn prose() -> impl Strategy<Value = String> {
    let pieces = prop_oneof![
        6 => "[a-zA-Z]{1,8}",
        6 => Just(" ".to_string()),
        1 => Just("  ".to_string()),
        1 => Just(", ".to_string()),
        1 => Just(". ".to_string()),
        1 => Just("\n".to_string()),
        1 => Just("\r\n\r\n".to_string()),
        1 => Just("don't".to_string()),
        1 => Just("3.14".to_string()),
        1 => Just("\u{200B}".to_string()),
        1 => Just("中文字".to_string()),
        1 => Just("Ünïcödé".to_string()),
        1 => Just(" — ".to_string()),
        1 => Just("\u{0405}\u{0430}".to_string()),
        1 => "\\PC{1,6}",
    ];
    prop::collection::vec(pieces, 0..60).prop_map(|parts| parts.concat())
}

fn options() -> impl Strategy<Value = TextOptions> {
    (any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(case, punctuation, stopwords)| {
        TextOptions {
            ignore_case: case,
            ignore_punctuation: punctuation,
            remove_stopwords: stopwords,
            ..TextOptions::default()
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn each_hash_is_the_hash_of_the_joined_window(
        text in prose(), options in options(), n in 1usize..7
    ) {
        let analysis = analyze(&text, &options).unwrap();
        let words: Vec<&str> = analysis.token_texts().collect();
        let expected: Vec<u64> = words
            .windows(n)
            .map(|window| hash_bytes(window.join(" ").as_bytes()))
            .collect();
        prop_assert_eq!(&word_shingle_hashes(&analysis, n).unwrap(), &expected);
        let shingles = word_shingles(&analysis, n).unwrap();
        prop_assert_eq!(shingles.iter().map(|s| s.hash).collect::<Vec<_>>(), expected);
    }
}
