//! Native integration tests of the text pipeline: offsets over arbitrary Unicode, idempotence,
//! evasion handling, scripts.
#![cfg(not(target_arch = "wasm32"))]

use plagscope::text::confusables::latin_twin;
use plagscope::text::{analyze, tokenize, Analysis, TextOptions, TokenKind};
use plagscope::Span;
use proptest::prelude::*;

/// Whether `a` and `b` are one letter or look alike (UTS #39 skeletons, in either case).
fn looks_same(a: char, b: char) -> bool {
    use unicode_security::confusable_detection::skeleton;
    let shapes = |c: char| -> [String; 2] {
        [
            skeleton(&c.to_uppercase().to_string()).collect(),
            skeleton(&c.to_lowercase().to_string()).collect(),
        ]
    };
    let (a_shapes, b_shapes) = (shapes(a), shapes(b));
    a == b || a_shapes.iter().any(|shape| b_shapes.contains(shape))
}

fn words(analysis: &Analysis) -> Vec<&str> {
    analysis.token_texts().collect()
}

/// Strings that stress the pipeline: any printable text plus the characters evasion uses.
fn tricky_text() -> impl Strategy<Value = String> {
    let pieces = prop_oneof![
        "\\PC{1,12}",
        "[a-zA-Z]{1,8}",
        "[\u{0430}-\u{044F}a-z]{1,8}",
        Just("\u{200B}".to_string()),
        Just("\u{200D}".to_string()),
        Just("\u{00AD}".to_string()),
        Just("\u{FEFF}".to_string()),
        Just("\u{2800}".to_string()),
        Just("\u{202E}".to_string()),
        Just("\u{202C}".to_string()),
        Just("\u{2009}".to_string()),
        Just("\u{2060}".to_string()),
        Just("\u{301}\u{308}\u{303}".to_string()),
        Just("ΤΗΕ ΡΑΡΕR".to_string()),
        Just("\u{0405}\u{0430}".to_string()),
        Just("\u{E0041}".to_string()),
        Just("\u{FE0F}".to_string()),
        Just("e\u{301}".to_string()),
        Just("ＡＢＣ１２３".to_string()),
        Just("中文字".to_string()),
        Just("ภาษาไทย".to_string()),
        Just("😀👩‍👩‍👧".to_string()),
        Just("\r\n".to_string()),
        Just("-\n".to_string()),
        Just("\u{2014} \n".to_string()),
        Just(" ".to_string()),
        Just("ß".to_string()),
        Just("\u{F900}\u{2F08}".to_string()),
        Just("ꓔꓧꓰ ꓲ".to_string()),
        Just("ⲟⲣⲥⲓ Ⲡ".to_string()),
        Just("\u{00A0}".to_string()),
        Just("\u{2007}".to_string()),
        Just("\u{3164}".to_string()),
        Just("\u{1160}".to_string()),
        Just("🅰🅱🅐".to_string()),
        Just("ᵗʰᵉ".to_string()),
        Just("⺠⺅".to_string()),
        Just("ဝ".to_string()),
        // Letters of other scripts that look Latin only to the wider table (issue 43).
        Just("ⲁᗩ工口卜エㄈㅇ".to_string()),
        Just("工".to_string()),
        Just("ж".to_string()),
        Just("\u{323}".to_string()),
    ];
    prop::collection::vec(pieces, 0..24).prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn token_spans_are_in_bounds_ordered_and_slice_back(text in tricky_text()) {
        let analysis = tokenize(&text);
        prop_assert_eq!(analysis.utf16_len, text.encode_utf16().count());
        let mut previous_end = 0;
        for token in &analysis.tokens {
            prop_assert!(token.span.start < token.span.end, "empty span {:?}", token.span);
            prop_assert!(token.span.start >= previous_end, "tokens overlap or go backwards");
            let source = token.span.try_slice_of(&text);
            prop_assert!(source.is_some(), "span {:?} does not fit {:?}", token.span, text);
            // The original text under the span is the token's source: normalized alone, it gives
            // the token's text (a compatibility character like U+FDFA may give several words).
            let again = tokenize(source.unwrap());
            let token_text = analysis.text_of(token);
            // Text under a right-to-left override is read in display order: the slice alone,
            // without the override, gives it backwards.
            let reversed = analysis.evasion.reversed_spans.iter()
                .any(|r| r.start < token.span.end && token.span.start < r.end)
                || !again.evasion.reversed_spans.is_empty();
            // (Nested overrides reorder further, so only the letters are compared there. Reordered,
            // combining marks land on other letters, where they may be stripped: they are left
            // out of the comparison. Whether an override is a disguise at all is decided per line:
            // a line with right-to-left letters keeps its stored order.)
            // (Read with the slice's separators removed too, see `joined` below; a letter the line
            // folded as a look-alike is found as its look-alike.)
            let joined = again.normalized.replace([' ', '\n'], "");
            let found_backwards = [again.normalized.clone(), tokenize(&joined).normalized]
                .iter()
                .any(|normalized| {
                    let mut available: Vec<char> = normalized.chars().collect();
                    token_text.chars().filter(|&c| !unicode_normalization::char::is_combining_mark(c))
                        .all(|c| match available.iter().position(|&a| looks_same(a, c)) {
                        Some(i) => { available.swap_remove(i); true }
                        None => false,
                    })
                });
            // Look-alikes folded because of the rest of their line are folded in context only.
            // (Notation, a word of two letters or fewer, is folded in context without a report:
            // the slice then gives the look-alike itself.)
            let shape = |text: &str| -> String {
                unicode_security::confusable_detection::skeleton(&text.to_uppercase()).collect()
            };
            // (Honest Greek in a line disguised whole, a lone letter or a word with Greek
            // spelling, is folded with the line but not reported: its letters' Latin twins.)
            let twins: String = again.normalized.chars()
                .flat_map(|c| latin_twin(c).unwrap_or(c).to_lowercase())
                .collect();
            let folded_in_context = analysis.evasion.replaced_spans.iter()
                .any(|r| r.start < token.span.end && token.span.start < r.end)
                || !again.evasion.replaced_spans.is_empty()
                || shape(&again.normalized).contains(&shape(token_text))
                || twins.contains(token_text);
            // Whether invisible characters between letters separate words is decided per line, so
            // the slice alone may keep apart what its line joined.
            // (And the word it joined may then mix scripts and be folded.)
            let blank = |c: char| c.is_whitespace() || matches!(c, '\u{2800}' | '\u{3164}' | '\u{FFA0}' | '\u{115F}' | '\u{1160}');
            let joined_source: String = source.unwrap().chars().filter(|&c| !blank(c)).collect();
            let unspaced = joined.contains(&token_text.replace(' ', ""))
                || tokenize(&joined).normalized.contains(&token_text.replace(' ', ""))
                || tokenize(&joined_source).normalized.contains(&token_text.replace(' ', ""));
            prop_assert!(
                again.normalized.contains(token_text) || unspaced || (reversed && found_backwards) || folded_in_context,
                "{:?} sliced to {:?} which normalizes to {:?}", token_text, source.unwrap(), again.normalized
            );
            previous_end = token.span.start.max(previous_end);
        }
    }

    #[test]
    fn normalization_is_idempotent(text in tricky_text()) {
        let once = tokenize(&text);
        let twice = tokenize(&once.normalized);
        prop_assert_eq!(&twice.normalized, &once.normalized);
        prop_assert_eq!(words(&twice), words(&once));
        // Nothing is left to remove or fold (a mixed word without look-alikes stays mixed).
        prop_assert_eq!(twice.evasion.invisible_removed_total, 0);
        prop_assert!(twice.evasion.replaced_letters.is_empty(), "{:?}", twice.evasion);
    }

    #[test]
    fn never_panics_on_arbitrary_strings_and_options(
        text in "\\PC{0,300}",
        ignore_case: bool, ignore_punctuation: bool, ignore_numbers: bool, remove_stopwords: bool,
        max in prop::option::of(1usize..20),
    ) {
        let options = TextOptions { ignore_case, ignore_punctuation, ignore_numbers, remove_stopwords, max_word_chars: max };
        let analysis = analyze(&text, &options).unwrap();
        for token in &analysis.tokens {
            prop_assert!(token.span.try_slice_of(&text).is_some());
        }
    }
}

#[test]
fn lookalikes_and_invisibles_match_the_clean_sentence_token_for_token() {
    let clean = "The experimental results confirm our hypothesis about protein folding.";
    // Cyrillic е, о, р, а, с inside Latin words; zero-width space, soft hyphen and word joiner inside words.
    let evasive = "Th\u{0435} exp\u{0435}rim\u{200B}ental r\u{0435}sults c\u{043E}nfirm \
                   \u{043E}ur hyp\u{043E}th\u{00AD}esis \u{0430}bout \u{0440}rotein fol\u{2060}ding.";
    let a = tokenize(clean);
    let b = tokenize(evasive);
    assert_eq!(words(&a), words(&b));

    let report = &b.evasion;
    assert_eq!(report.invisible_characters, 3);
    let invisible: Vec<&str> = report
        .invisible_spans
        .iter()
        .map(|s| s.slice_of(evasive))
        .collect();
    assert_eq!(invisible, ["\u{200B}", "\u{00AD}", "\u{2060}"]);
    assert_eq!(report.replaced_letters["Cyrillic"], 8);
    let mixed: Vec<&str> = report
        .mixed_script_words
        .iter()
        .map(|s| s.slice_of(evasive))
        .collect();
    assert_eq!(
        mixed,
        [
            "Th\u{0435}",
            "exp\u{0435}rim\u{200B}ental",
            "r\u{0435}sults",
            "c\u{043E}nfirm",
            "\u{043E}ur",
            "hyp\u{043E}th\u{00AD}esis",
            "\u{0430}bout",
            "\u{0440}rotein"
        ]
    );
    for span in &report.replaced_spans {
        let letter = span.slice_of(evasive);
        assert!(
            letter
                .chars()
                .all(|c| ('\u{0400}'..='\u{04FF}').contains(&c)),
            "{letter:?}"
        );
    }
    assert!(a.evasion.is_clean());
}

#[test]
fn russian_greek_chinese_and_other_legitimate_text_report_no_evasion() {
    let texts = [
        // Russian and Greek prose, including Latin abbreviations next to (not inside) words.
        "Результаты эксперимента подтверждают нашу гипотезу о сворачивании белка, см. раздел IT-отдела.",
        "Τα πειραματικά αποτελέσματα επιβεβαιώνουν την υπόθεσή μας για την αναδίπλωση των πρωτεϊνών.",
        "实验结果证实了我们关于蛋白质折叠的假设，详见附录A。",
        // Joiners and variation selectors where they belong: Persian ZWNJ, Hindi, emoji, Thai ZWSP.
        "می\u{200C}خواهم کتاب\u{200C}ها را بخوانم",
        "क्\u{200D}ष और प्रयोग",
        "I ❤\u{FE0F} it 👩\u{200D}💻 ok",
        "ภาษา\u{200B}ไทย\u{200B}ง่าย",
        "\u{FEFF}A text that starts with a byte order mark.",
    ];
    for text in texts {
        let analysis = tokenize(text);
        assert!(
            analysis.evasion.is_clean(),
            "{text}: {:?}",
            analysis.evasion
        );
    }
}

#[test]
fn full_width_letters_and_digits_match_ascii() {
    assert_eq!(words(&tokenize("ＡＢＣ１２３")), ["abc123"]);
    assert_eq!(words(&tokenize("ＡＢＣ１２３")), words(&tokenize("abc123")));
}

#[test]
fn chinese_and_thai_yield_character_tokens() {
    let chinese = tokenize("我们研究蛋白质。");
    assert_eq!(words(&chinese), ["我", "们", "研", "究", "蛋", "白", "质"]);
    assert!(chinese
        .tokens
        .iter()
        .all(|t| t.kind == TokenKind::Character));

    let thai = tokenize("สวัสดีครับ");
    assert!(thai.tokens.len() >= 6, "{:?}", words(&thai));
    assert!(thai.tokens.iter().all(|t| t.kind == TokenKind::Character));
    let rejoined: String = thai
        .tokens
        .iter()
        .map(|t| t.span.slice_of("สวัสดีครับ"))
        .collect();
    assert_eq!(rejoined, "สวัสดีครับ");
}

#[test]
fn blank_lookalikes_separate_words_and_are_reported() {
    let text = "copied\u{2800}from\u{3164}elsewhere";
    let analysis = tokenize(text);
    assert_eq!(words(&analysis), ["copied", "from", "elsewhere"]);
    assert_eq!(analysis.evasion.blank_substitutes, 2);
    assert_eq!(
        analysis.evasion.blank_spans,
        [Span::new(6, 7), Span::new(11, 12)]
    );
}

#[test]
fn lookalike_ideographs_fold_and_count() {
    // U+2F08 KANGXI RADICAL MAN looks like 人; U+F9FE is a compatibility form of 茶.
    let text = "中国\u{2F08}喝\u{F9FE}";
    let analysis = tokenize(text);
    assert_eq!(words(&analysis), ["中", "国", "人", "喝", "茶"]);
    assert_eq!(analysis.evasion.replaced_letters["Han"], 2);
}

#[test]
fn bidi_override_and_tag_characters_inside_words_are_removed_and_reported() {
    // A left-to-right override does not reorder Latin letters (a right-to-left one does: see
    // tests/evasion.rs).
    let text = "pla\u{202D}gia\u{E0041}rism";
    let analysis = tokenize(text);
    assert_eq!(words(&analysis), ["plagiarism"]);
    assert_eq!(analysis.evasion.invisible_characters, 2);
}

#[test]
fn invalid_options_are_clear_errors() {
    let options = TextOptions {
        max_word_chars: Some(0),
        ..TextOptions::default()
    };
    let error = analyze("text", &options).unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid `max_word_chars`: must be in 1..=10000 or absent, got 0"
    );
}

/// Inputs the fuzzer found (fuzz/artifacts): normalizing the normalized text changes nothing.
#[test]
fn fuzz_findings_normalize_idempotently() {
    // Final sigma beside a Latin letter: case folding makes it σ, a look-alike of o, so the line's
    // look-alike decision must judge it as σ from the start.
    // An Armenian capital whose lowercase looks Latin, before a combining mark: folded before the
    // clusters are formed, so the mark is dropped in both passes.
    // A sharp s in a disguised word: case folding makes it ss, so the line's look-alike decision
    // must judge it as ss from the start (else a Cyrillic и stayed for the second pass to fold).
    for text in [
        "e ς",
        "\u{FFFD}e\u{FFFD}ς忿 e ς",
        "fՌ\u{93a}",
        "a fՌ\u{93a} a",
        "ниaßꓔꓧꓰ ꓲ",
        // Lisu look-alikes folded put a Cyrillic ж (which only the wider table twins) beside Latin
        // letters: the two foldings take turns until the line settles.
        "ＡＢＣ１２３Ѕа工жꓔꓧꓰ ꓲ",
    ] {
        let once = tokenize(text);
        let twice = tokenize(&once.normalized);
        assert_eq!(words(&twice), words(&once), "{text:?}");
        assert_eq!(twice.normalized, once.normalized, "{text:?}");
    }
}

/// Found by the idempotence property: a letter judged before normalization wrote it as the text
/// analyzed again holds it. The rupee sign ₨ is no letter, but NFKC writes it as "Rs": judged
/// before that, the Sinhala ඉ stood at a word's end and was kept, while "aඉ𐖻rs", analyzed again,
/// holds it between Latin letters and folded it to "o". A Lao tone mark after a Cyrillic ж (which
/// normalization drops) cut the word "ꓲж\u{ec8}A" in two; a Kangxi radical ⾵ is written 风, which
/// looks like an x.
#[test]
fn letters_are_judged_as_normalization_writes_them_on_both_passes() {
    for (text, normalized) in [
        ("Aඉ𐖔₨", "ao𐖻rs"),
        ("ඉ₨", "ors"),
        ("ꓔꓧꓰ ꓲж\u{ec8}A", "the ixa"),
        ("A⾵a", "axa"),
        ("A風a", "axa"),
    ] {
        normalizes_once_and_for_all(text, normalized);
    }
}

/// `text` normalizes to `normalized`, which normalizes to itself, with the same words and no
/// letter left to fold.
fn normalizes_once_and_for_all(text: &str, normalized: &str) {
    let once = tokenize(text);
    assert_eq!(once.normalized, normalized, "{text:?}");
    let twice = tokenize(&once.normalized);
    assert_eq!(twice.normalized, once.normalized, "{text:?}");
    assert_eq!(words(&twice), words(&once), "{text:?}");
    assert!(
        twice.evasion.replaced_letters.is_empty(),
        "{text:?}: {:?}",
        twice.evasion
    );
}

/// Punctuation judged as normalization writes it, on both passes. A backtick is written as an
/// apostrophe, which (unlike the backtick) joins the letters on both sides into one word: judged
/// apart, "aжꓔꓧꓰ" was mostly Lisu and kept, while the tokenizer folded the Lisu letters of
/// "aa'aжꓔꓧꓰ", which left the Cyrillic ж between Latin letters for the second pass to fold. A
/// fullwidth grave accent, a superscript two and a fraction join words as the apostrophe and the
/// digits they are written as ("¼" as "1⁄4"); a modifier letter apostrophe, a letter, is written
/// as an apostrophe, no letter, which puts the ж at a word's edge (folded there, it leaves a line
/// of look-alikes only, "ဝΤΗΕ", Latin in disguise).
#[test]
fn punctuation_is_judged_as_normalization_writes_it_on_both_passes() {
    for (text, normalized) in [
        ("aA`aжꓔꓧꓰ ꓲ", "aa'axthe ꓲ"),
        ("aA\u{FF40}aжꓔꓧꓰ ꓲ", "aa'axthe ꓲ"),
        ("aA²aжꓔꓧꓰ ꓲ", "aa2axthe ꓲ"),
        ("Aǁ¼жᏇЅа", "aǁ1⁄4xwsa"),
        ("ʼжa", "'xa"),
        ("aဝʼжΤΗΕ", "ao'xthe"),
    ] {
        normalizes_once_and_for_all(text, normalized);
    }
}

/// Found by the span property: whether a right-to-left override is a disguise is decided per line.
/// With right-to-left letters on the line (𞸤) it is legitimate and the stored order stays, so the
/// marks stay on the digit; the token's text alone, without them, is read in display order, which
/// moves the marks onto the "e", where they are stripped.
#[test]
fn an_override_is_judged_by_its_whole_line() {
    let text = "ＡＢＣ１２３\u{202e}\u{301}\u{308}\u{303}e\u{301}\u{200b}豈⼈𞸤";
    let analysis = tokenize(text);
    assert!(analysis.evasion.reversed_spans.is_empty());
    let first = &analysis.tokens[0];
    assert_eq!(analysis.text_of(first), "abc123\u{301}\u{308}\u{303}e");
    let alone = tokenize(first.span.slice_of(text));
    assert_eq!(alone.normalized, "abc123e");
    assert!(!alone.evasion.reversed_spans.is_empty());
}
