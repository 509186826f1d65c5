//! Unit tests of the tokenizer (src/text/tokenize.rs).

use super::*;
use crate::text::options::TextOptions;

fn words(text: &str) -> Vec<String> {
    tokenize(text).token_texts().map(String::from).collect()
}

fn words_with(text: &str, options: TextOptions) -> Vec<String> {
    analyze(text, &options)
        .unwrap()
        .token_texts()
        .map(String::from)
        .collect()
}

#[test]
fn latin_words_are_lowercased_and_punctuation_dropped() {
    assert_eq!(
        words("The cat’s HAT, 3.5 times!"),
        ["the", "cat's", "hat", "3.5", "times"]
    );
}

#[test]
fn each_han_character_and_kana_is_a_token() {
    assert_eq!(words("我爱北京"), ["我", "爱", "北", "京"]);
    assert_eq!(words("カタカナ"), ["カ", "タ", "カ", "ナ"]);
}

#[test]
fn mixed_chinese_and_english() {
    assert_eq!(
        words("用Rust写WebAssembly"),
        ["用", "rust", "写", "webassembly"]
    );
}

#[test]
fn thai_is_split_into_graphemes_not_one_word() {
    let analysis = tokenize("ภาษาไทย");
    assert!(analysis.tokens.len() > 3);
    assert!(analysis
        .tokens
        .iter()
        .all(|t| t.kind == TokenKind::Character));
}

#[test]
fn spans_slice_back_to_the_original() {
    let text = "Ünïcödé 😀 naïve 中文 café";
    let analysis = tokenize(text);
    let spans: Vec<_> = analysis
        .tokens
        .iter()
        .map(|t| (t.span.start, t.span.end))
        .collect();
    // "😀" is 2 UTF-16 units and no token; "naïve" starts after it.
    assert_eq!(spans, [(0, 7), (11, 16), (17, 18), (18, 19), (20, 24)]);
}

#[test]
fn empty_and_symbol_only_inputs_give_no_tokens() {
    assert!(tokenize("").tokens.is_empty());
    assert!(tokenize("  ,,, 😀 \u{200B} ").tokens.is_empty());
}

/// The default options changed by `f`.
fn options(f: fn(&mut TextOptions)) -> TextOptions {
    let mut options = TextOptions::default();
    f(&mut options);
    options
}

#[test]
fn options_drop_numbers_stopwords_long_words_and_keep_punctuation() {
    let text = "The year 2024, a supercalifragilistic year!";
    assert_eq!(
        words_with(text, options(|o| o.ignore_numbers = true)),
        ["the", "year", "a", "supercalifragilistic", "year"]
    );
    assert_eq!(
        words_with(text, options(|o| o.remove_stopwords = true)),
        ["year", "2024", "supercalifragilistic", "year"]
    );
    assert_eq!(
        words_with(text, options(|o| o.max_word_chars = Some(10))),
        ["the", "year", "2024", "a", "year"]
    );
    assert_eq!(
        words_with(text, options(|o| o.ignore_punctuation = false)),
        [
            "the",
            "year",
            "2024",
            ",",
            "a",
            "supercalifragilistic",
            "year",
            "!"
        ]
    );
}

#[test]
fn options_drop_chinese_stop_characters_and_keep_single_characters() {
    let text = "我的书 and 你的";
    let with = |f: fn(&mut TextOptions)| words_with(text, options(f));
    assert_eq!(with(|_| ()), ["我", "的", "书", "and", "你", "的"]);
    assert_eq!(with(|o| o.remove_stopwords = true), ["书"]);
    assert_eq!(
        with(|o| o.max_word_chars = Some(1)),
        ["我", "的", "书", "你", "的"]
    );
    assert_eq!(
        with(|o| o.ignore_numbers = true),
        ["我", "的", "书", "and", "你", "的"]
    );
}

#[test]
fn normalized_text_collapses_whitespace() {
    assert_eq!(
        tokenize("  Hello,\n\n\t WORLD  ").normalized,
        "hello,\nworld"
    );
    assert_eq!(tokenize("Hello,  \t WORLD").normalized, "hello, world");
}

#[test]
fn token_kinds() {
    let kinds: Vec<TokenKind> = tokenize("abc 42 中")
        .tokens
        .iter()
        .map(|t| t.kind)
        .collect();
    assert_eq!(
        kinds,
        [TokenKind::Word, TokenKind::Number, TokenKind::Character]
    );
}

/// Each token's text and the original text under its span.
fn tokens_and_spans(text: &str, options: &TextOptions) -> Vec<(String, String)> {
    let analysis = analyze(text, options).unwrap();
    (analysis.tokens.iter())
        .map(|t| {
            let original = t.span.slice_of(text).to_string();
            (analysis.text_of(t).to_string(), original)
        })
        .collect()
}

#[test]
fn a_word_broken_at_a_line_end_is_one_token_spanning_the_break() {
    let pairs = |text| tokens_and_spans(text, &TextOptions::default());
    let expected = |joined: &str, original: &str| {
        vec![
            ("the".to_string(), "the".to_string()),
            (joined.to_string(), original.to_string()),
            ("sea".to_string(), "sea".to_string()),
        ]
    };
    assert_eq!(
        pairs("the Adri-\natic sea"),
        expected("adriatic", "Adri-\natic")
    );
    // Spaces around the line feed, a CRLF, the hyphen U+2010.
    assert_eq!(
        pairs("the Adri-  \n  atic sea"),
        expected("adriatic", "Adri-  \n  atic")
    );
    assert_eq!(
        pairs("the Adri-\r\natic sea"),
        expected("adriatic", "Adri-\r\natic")
    );
    assert_eq!(
        pairs("the Adri\u{2010}\natic sea"),
        expected("adriatic", "Adri\u{2010}\natic")
    );
    // A soft hyphen at the line end (a hyphenator's break).
    assert_eq!(
        pairs("the Adri\u{AD}\natic sea"),
        expected("adriatic", "Adri\u{AD}\natic")
    );
    // Letters outside ASCII, a line of the general path.
    assert_eq!(
        pairs("the Über-\nsetzung sea"),
        expected("ubersetzung", "Über-\nsetzung")
    );
    assert_eq!(
        words("the Adri-\natic sea, the Ionian"),
        ["the", "adriatic", "sea", "the", "ionian"]
    );
}

#[test]
fn a_hyphen_not_at_a_line_end_or_before_a_capital_keeps_its_words_apart() {
    for text in [
        "the Adri- atic sea",    // a hyphen and a space mid-line
        "the Adri-\n\natic sea", // a blank line: a paragraph ends
        "the Anglo-\nSaxon sea", // a capital: a compound of names
        "the Adri-\n2atic sea",  // not a letter after the break
        "the 1990-\natic sea",   // not a letter before the hyphen
        "the sea\u{2014}\natic", // a dash, not a hyphen
        "the Adri--\natic sea",  // two hyphens
        "the Adri-\n(atic) sea", // punctuation first on the next line
    ] {
        let words = words(text);
        assert!(
            !words.iter().any(|w| w.contains("adriatic")
                || w.contains("anglosaxon")
                || w.contains("seaatic")),
            "{text:?}: {words:?}"
        );
    }
    // Chinese text is unaffected.
    assert_eq!(words("中文-\n文字"), ["中", "文", "文", "字"]);
}

#[test]
fn a_joined_word_is_kept_or_dropped_by_the_options_as_a_whole() {
    // "the" alone is a stop word; "theory" is not.
    let options = TextOptions {
        remove_stopwords: true,
        ..TextOptions::default()
    };
    assert_eq!(words_with("a the-\nory of", options), ["theory"]);
    let options = TextOptions {
        max_word_chars: Some(6),
        ..TextOptions::default()
    };
    assert_eq!(words_with("sea Adri-\natic sea", options), ["sea", "sea"]);
    let options = TextOptions {
        ignore_punctuation: false,
        ..TextOptions::default()
    };
    assert_eq!(
        tokens_and_spans("the Adri-\natic.", &options),
        [("the", "the"), ("adriatic", "Adri-\natic"), (".", ".")]
            .map(|(a, b)| (a.to_string(), b.to_string()))
    );
}

#[test]
fn joining_at_line_ends_is_idempotent() {
    for text in [
        "the Adri-\natic sea",
        "the Anglo-\nSaxon sea",
        "the sea\u{2014}\natic",
        "the Adri-\n\u{200B}atic sea",
        "x Ԁ-\nаtic y", // a Cyrillic word after a Latin one
        "one-\ntwo-\nthree",
        "the Adri-\n\r\natic sea", // a blank line, which the matching form reduces to a line break
        "ΤΗΕ ΡΑΡΕR-\n\r\nΤΗΕ ΡΑΡΕR",
        // An Ol Chiki letter alone on its line, at a Latin word's end once joined: judged per
        // line, it stays on its own ("paper-\nᱚ", not "paperᱚ", which analyzing again folds).
        "paper-\nᱚ",
        "ⲁᗩ工口卜エㄈㅇΤΗΕ ΡΑΡΕR-\nᱚ",
    ] {
        let once = tokenize(text);
        let twice = tokenize(&once.normalized);
        assert_eq!(twice.normalized, once.normalized, "{text:?}");
        let (a, b): (Vec<_>, Vec<_>) =
            (once.token_texts().collect(), twice.token_texts().collect());
        assert_eq!(a, b, "{text:?}");
    }
}
