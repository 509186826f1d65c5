//! The text pipeline on arbitrary text: normalization, tokens, shingles and winnowing never panic,
//! every span slices the original on UTF-16 boundaries in order, and normalizing is idempotent.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plagscope::sketch::{char_shingles, default_char_k, guarantee_window, winnow, word_shingles};
use plagscope::text::{analyze, TextOptions};

fuzz_target!(|data: &[u8]| {
    // The first byte picks the options, the rest is the text (lossy UTF-8, as a file reader does).
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let options = TextOptions {
        ignore_case: flags & 1 == 0,
        ignore_punctuation: flags & 2 == 0,
        ignore_numbers: flags & 4 != 0,
        remove_stopwords: flags & 8 != 0,
        max_word_chars: (flags & 16 != 0).then_some(1 + (flags >> 5) as usize),
    };
    let analysis = analyze(&text, &options).expect("valid options");
    let units: usize = text.encode_utf16().count();
    assert_eq!(analysis.utf16_len, units);
    let mut previous_start = 0;
    for token in &analysis.tokens {
        assert!(token.span.start < token.span.end && token.span.end <= units);
        // One character can become two tokens (NFKC: "㍻" is "平成"), so spans may be shared.
        assert!(token.span.start >= previous_start, "tokens go back");
        previous_start = token.span.start;
        assert!(!analysis.text_of(token).is_empty());
    }
    if options == TextOptions::default() {
        let again = analyze(&analysis.normalized, &options).expect("valid options");
        assert_eq!(
            again.token_texts().collect::<Vec<_>>(),
            analysis.token_texts().collect::<Vec<_>>(),
            "normalizing twice changed the tokens"
        );
    }
    let shingles = word_shingles(&analysis, 5).expect("valid n");
    let window = guarantee_window(5, 12).expect("valid k, t");
    let fingerprints = winnow(&shingles, window);
    assert!(fingerprints.len() <= shingles.len());
    let chars = char_shingles(&analysis, default_char_k(&analysis)).expect("valid k");
    for shingle in shingles.iter().chain(&chars) {
        assert!(shingle.span.start < shingle.span.end && shingle.span.end <= units);
    }
});
