//! The compact Unicode tables that build/ generates, held to the crates they come from for every
//! code point: NFKC (src/text/nfkc.rs) against `unicode-normalization`, scripts
//! (src/text/scripts.rs) against `unicode-script`.
#![cfg(not(target_arch = "wasm32"))]

use plagscope::text::nfkc;
use plagscope::text::scripts::{Script, UnicodeScript as _};
use proptest::prelude::*;
use unicode_normalization::{char as reference, is_nfkc_quick, IsNormalized, UnicodeNormalization};

fn every_char() -> impl Iterator<Item = char> {
    (0..=0x10FFFFu32).filter_map(char::from_u32)
}

fn collect(decompose: impl Fn(char, &mut dyn FnMut(char)), c: char) -> Vec<char> {
    let mut out = Vec::new();
    decompose(c, &mut |d| out.push(d));
    out
}

#[test]
fn per_character_properties_match_unicode_normalization_everywhere() {
    for c in every_char() {
        assert_eq!(
            nfkc::canonical_combining_class(c),
            reference::canonical_combining_class(c),
            "class of U+{:04X}",
            c as u32
        );
        assert_eq!(
            nfkc::is_combining_mark(c),
            reference::is_combining_mark(c),
            "U+{:04X}",
            c as u32
        );
        let quick = is_nfkc_quick(std::iter::once(c)) == IsNormalized::Yes;
        assert_eq!(
            nfkc::is_nfkc_quick_yes(c),
            quick,
            "quick check of U+{:04X}",
            c as u32
        );
    }
}

#[test]
fn decompositions_match_unicode_normalization_everywhere() {
    for c in every_char() {
        let canonical = collect(|c, f| nfkc::decompose_canonical(c, f), c);
        assert_eq!(
            canonical,
            collect(|c, f| reference::decompose_canonical(c, f), c),
            "U+{:04X}",
            c as u32
        );
        let compatible = collect(|c, f| nfkc::decompose_compatible(c, f), c);
        assert_eq!(
            compatible,
            collect(|c, f| reference::decompose_compatible(c, f), c),
            "U+{:04X}",
            c as u32
        );
    }
}

#[test]
fn nfkc_of_every_character_and_of_its_decomposition_matches() {
    for c in every_char() {
        let expected: Vec<char> = UnicodeNormalization::nfkc(std::iter::once(c)).collect();
        assert_eq!(
            nfkc::Nfkc::nfkc(std::iter::once(c)).collect::<Vec<_>>(),
            expected,
            "U+{:04X}",
            c as u32
        );
        // The decomposed form composes back: every primary composite is in the table.
        let decomposed: Vec<char> = std::iter::once(c).nfd().collect();
        let expected: Vec<char> = UnicodeNormalization::nfkc(decomposed.iter().copied()).collect();
        assert_eq!(
            nfkc::Nfkc::nfkc(decomposed.into_iter()).collect::<Vec<_>>(),
            expected,
            "NFD of U+{:04X}",
            c as u32
        );
    }
}

#[test]
fn scripts_match_unicode_script_everywhere() {
    for c in every_char() {
        // Unicode's spelling, with underscores ("Old_Italic"); names have spaces, variants neither.
        let expected = format!("{:?}", unicode_script::UnicodeScript::script(&c));
        let ours = c.script();
        let shown = format!("{ours:?}");
        if shown == "Other" {
            assert!(
                !Script::NAMED
                    .iter()
                    .any(|script| script.name() == expected.replace('_', " ")),
                "U+{:04X} is {expected}",
                c as u32
            );
        } else {
            assert_eq!(shown, expected.replace('_', ""), "U+{:04X}", c as u32);
            assert_eq!(ours.name(), expected.replace('_', " "));
        }
    }
}

/// Characters where normalization has work to do: Latin, Greek, Cyrillic, Hangul jamo and
/// syllables, combining marks of several classes, compatibility characters, Indic and Tibetan.
fn interesting_char() -> impl Strategy<Value = char> {
    prop_oneof![
        (0x41u32..0x7B).prop_map(|c| char::from_u32(c).unwrap()),
        (0xC0u32..0x250).prop_map(|c| char::from_u32(c).unwrap()),
        (0x300u32..0x370).prop_map(|c| char::from_u32(c).unwrap()),
        (0x370u32..0x500).prop_filter_map("a character", char::from_u32),
        (0x900u32..0x1000).prop_filter_map("a character", char::from_u32),
        (0x1100u32..0x1200).prop_filter_map("a character", char::from_u32),
        (0x1E00u32..0x2000).prop_filter_map("a character", char::from_u32),
        (0x3000u32..0x3200).prop_filter_map("a character", char::from_u32),
        (0xAC00u32..0xAD00).prop_filter_map("a character", char::from_u32),
        (0xF900u32..0xFB50).prop_filter_map("a character", char::from_u32),
        (0xFF00u32..0xFFF0).prop_filter_map("a character", char::from_u32),
        (0x1D400u32..0x1D800).prop_filter_map("a character", char::from_u32),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn nfkc_of_mixed_sequences_matches(chars in prop::collection::vec(interesting_char(), 0..12)) {
        let expected: Vec<char> = UnicodeNormalization::nfkc(chars.iter().copied()).collect();
        prop_assert_eq!(nfkc::Nfkc::nfkc(chars.into_iter()).collect::<Vec<_>>(), expected);
    }
}
