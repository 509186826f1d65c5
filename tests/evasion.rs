//! Evasion classes and honest text through the Rust API: each disguise of a copied English passage
//! is undone for matching (the copy is found) and named in the evasion report; ordinary text in
//! many scripts, and scientific notation, reports nothing.
#![cfg(not(target_arch = "wasm32"))]

use plagscope::checker::{CheckOptions, Checker, CheckerOptions, Reference};
use plagscope::text::tokenize;

const SOURCE: &str =
    "Winnowing selects fingerprints from the hashes of overlapping word sequences so that \
every shared run of sufficient length between two documents is guaranteed to be detected, while \
the number of stored fingerprints stays small enough for large collections of student essays.";

/// A disguise applied to each letter (by its index in the passage) of the copied passage.
fn disguise_letters(text: &str, swap: impl Fn(char) -> Option<char>) -> String {
    text.chars().map(|c| swap(c).unwrap_or(c)).collect()
}

fn coverage_of_copy(paper: &str) -> f64 {
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    checker
        .add_reference(Reference::new("src", SOURCE))
        .unwrap();
    let report = checker.check(paper, &CheckOptions::default()).unwrap();
    report.sources.first().map_or(0.0, |s| s.source_coverage)
}

fn assert_found_and_named(class: &str, paper: &str, script: &str) {
    let coverage = coverage_of_copy(paper);
    assert!(coverage > 0.8, "{class}: coverage {coverage}");
    let evasion = tokenize(paper).evasion;
    assert!(!evasion.is_clean(), "{class}: nothing reported");
    let named = evasion.replaced_letters.contains_key(script)
        || (script == "invisible" && evasion.invisible_characters > 0);
    assert!(named, "{class}: {evasion:?}");
}

#[test]
fn armenian_lookalikes_are_folded_and_reported() {
    let armenian = |c| match c {
        'o' => Some('օ'),
        'n' => Some('ո'),
        'h' => Some('հ'),
        'u' => Some('ս'),
        'g' => Some('ց'),
        _ => None,
    };
    assert_found_and_named("Armenian", &disguise_letters(SOURCE, armenian), "Armenian");
}

#[test]
fn cherokee_lookalikes_inside_latin_words_are_folded_and_reported() {
    let cherokee = |c| match c {
        'w' => Some('ꮃ'),
        'T' => Some('Ꭲ'),
        'h' => Some('Ꮒ'),
        _ => None,
    };
    let paper = disguise_letters(SOURCE, cherokee);
    assert_ne!(paper, SOURCE);
    assert_found_and_named("Cherokee", &paper, "Cherokee");
}

#[test]
fn small_capitals_and_latin_internal_lookalikes_are_folded_and_reported() {
    let small_caps = |c: char| {
        let table = "ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘꞯʀꜱᴛᴜᴠᴡxʏᴢ";
        let index = (c as u32).checked_sub('a' as u32)? as usize;
        table.chars().nth(index).filter(|&s| s != 'x')
    };
    assert_found_and_named(
        "small capitals",
        &disguise_letters(SOURCE, small_caps),
        "Latin look-alike",
    );
    let internal = |c| match c {
        'a' => Some('ɑ'),
        'g' => Some('ɡ'),
        'l' => Some('ǀ'),
        _ => None,
    };
    assert_found_and_named(
        "Latin look-alikes",
        &disguise_letters(SOURCE, internal),
        "Latin look-alike",
    );
}

#[test]
fn control_and_annotation_characters_inside_words_are_removed_and_reported() {
    for hidden in [
        '\u{0001}', '\u{001F}', '\u{007F}', '\u{0090}', '\u{FFF9}', '\u{FFFB}',
    ] {
        let paper: String = SOURCE
            .split(' ')
            .map(|word| {
                let mut chars: Vec<char> = word.chars().collect();
                chars.insert(chars.len() / 2, hidden);
                chars.into_iter().collect::<String>()
            })
            .collect::<Vec<_>>()
            .join(" ");
        assert_found_and_named(&format!("U+{:04X}", hidden as u32), &paper, "invisible");
    }
}

#[test]
fn honest_text_in_many_scripts_reports_nothing() {
    let honest = [
        "Москва является столицей Российской Федерации и крупнейшим городом страны.",
        "Η Αθήνα είναι η πρωτεύουσα της Ελλάδας και μία από τις αρχαιότερες πόλεις του κόσμου.",
        "ՀԱՅԱՍՏԱՆ. Երևանը Հայաստանի մայրաքաղաքն է և ամենամեծ քաղաքը։",
        "ᏣᎳᎩ ᎦᏬᏂᎯᏍᏗ ᎠᏂᏴᏫᏯ ᎤᏂᏪᏒᎢ. ꮳꮃꭹ ꭶꮼꮒꭿꮝꮧ.",
        "القاهرة هي عاصمة جمهورية مصر العربية وأكبر مدنها.",
        "नई दिल्ली भारत की राजधानी है और एक बड़ा शहर है।",
        "東京は日本の首都であり、世界最大級の都市です。カタカナとRustもあります。",
        "서울은 대한민국의 수도이며 가장 큰 도시이다.",
        "Hà Nội là thủ đô của nước Cộng hòa Xã hội chủ nghĩa Việt Nam.",
        "Le café naïve à Zürich — São Paulo, Łódź, Ærøskøbing, façade, Straße, İstanbul.",
        "The cell is 10 µm wide, the resistor is 4.7 kΩ, ΔT = 5 K and the area is πr². \
         We measured α and β decay at 25 °C; λ = 500 nm, 3 MΩ, 2 μs, Δx·Δp ≥ ħ/2 and σ².",
        "Line one\twith a tab\r\nand a Windows line end.\u{000C}A form feed.",
    ];
    for text in honest {
        let evasion = tokenize(text).evasion;
        assert!(evasion.is_clean(), "{text}: {evasion:?}");
    }
}

#[test]
fn turkish_dotless_i_matches_but_is_not_reported() {
    let analysis = tokenize("Kadın ılık suyu içti.");
    assert!(analysis.evasion.is_clean(), "{:?}", analysis.evasion);
    assert_eq!(analysis.token_texts().next(), Some("kadin"));
}
