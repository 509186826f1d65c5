//! Unit tests of the tokenizer (src/text/tokenize.rs).

use super::*;

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
