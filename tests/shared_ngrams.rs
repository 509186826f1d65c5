//! Native integration tests of the public API: offsets, planted passages, and arbitrary input.
#![cfg(not(target_arch = "wasm32"))]

use plagscope::text::tokenize;
use plagscope::{shared_ngrams, Span};
use proptest::prelude::*;

fn slices<'a>(text: &'a str, spans: &[Span]) -> Vec<&'a str> {
    spans.iter().map(|s| s.slice_of(text)).collect()
}

#[test]
fn shared_sentence_with_emoji_accents_and_chinese_is_found_in_both() {
    let sentence = "Café 😀 naïve résumé 中文 words 🎉 here";
    let a = format!("😀😀 Prefix in A. {sentence}. Tail of A 🚀.");
    let b = format!("Ünrelated «start» — {sentence}! and B's end");
    let shared = shared_ngrams(&a, &b, 3).unwrap();
    assert_eq!(
        slices(&a, &shared.a),
        ["Café 😀 naïve résumé 中文 words 🎉 here"]
    );
    assert_eq!(
        slices(&b, &shared.b),
        ["Café 😀 naïve résumé 中文 words 🎉 here"]
    );
}

#[test]
fn planted_paragraph_in_long_text_is_found_exactly() {
    let filler_a: String = (0..300).map(|i| format!("alpha{i} ")).collect();
    let filler_b: String = (0..300).map(|i| format!("beta{i} ")).collect();
    let planted = "Winnowing selects fingerprints from hashes of k-grams so that any match of \
                   sufficient length is detected";
    let a = format!("{filler_a}{planted} {filler_a}");
    let b = format!("{filler_b}{planted}. {filler_b}");
    let shared = shared_ngrams(&a, &b, 5).unwrap();
    assert_eq!(slices(&a, &shared.a), [planted]);
    assert_eq!(slices(&b, &shared.b), [planted]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn shared_spans_fit_both_texts(a in "\\PC{0,120}", b in "\\PC{0,120}", n in 1usize..6) {
        let shared = shared_ngrams(&a, &b, n).unwrap();
        for (text, spans) in [(&a, &shared.a), (&b, &shared.b)] {
            for pair in spans.windows(2) {
                prop_assert!(pair[0].end <= pair[1].start, "spans overlap: {:?}", pair);
            }
            for span in spans {
                prop_assert!(span.try_slice_of(text).is_some());
            }
        }
        prop_assert!(shared.shared_words_a <= shared.words_a);
        prop_assert!(shared.shared_words_b <= shared.words_b);
        prop_assert_eq!(shared.shared == 0, shared.a.is_empty());
    }

    #[test]
    fn a_text_shares_all_its_words_with_itself(words in prop::collection::vec("[a-zé中😀]{1,6}", 3..40)) {
        let text = words.join(" ");
        let tokens = tokenize(&text).tokens;
        prop_assume!(tokens.len() >= 3);
        let shared = shared_ngrams(&text, &text, 3).unwrap();
        prop_assert_eq!(shared.a.len(), 1);
        prop_assert_eq!(shared.shared_words_a, tokens.len());
        prop_assert_eq!(shared.a[0], Span::new(tokens[0].span.start, tokens.last().unwrap().span.end));
    }
}
