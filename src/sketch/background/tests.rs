use super::*;
use crate::text::tokenize;

fn library(texts: &[&str]) -> IdfTable {
    let mut table = IdfTable::new();
    for text in texts {
        table.add_document(&tokenize(text));
    }
    table
}

const ENGLISH: [&str; 3] = [
    "The method was first described in a memorandum written by Hans Peter Luhn in 1953, and people \
     still use it every day because it works well and takes little time.",
    "Plants make sugar from light, water and carbon dioxide; the work of Melvin Calvin showed how \
     the cycle runs, and many years later the first full map was made.",
    "The league controlled much of the trade of the Baltic, and its merchants lived under their own \
     rules in London, Bergen and Novgorod for a long time.",
];

#[test]
fn every_word_of_the_list_is_its_own_matching_form() {
    let file = include_str!("../data/background-en.txt");
    let words: Vec<&str> = (file.lines().filter(|l| !l.starts_with('#')))
        .flat_map(|l| l.split(' ').skip(1))
        .collect();
    assert!(words.len() > 2_500, "{}", words.len());
    assert_eq!(english().len(), words.len());
    for word in words {
        let analysis = tokenize(word);
        let tokens: Vec<&str> = analysis.token_texts().collect();
        assert_eq!(tokens, [word], "{word}");
    }
}

#[test]
fn frequent_words_are_frequent_and_names_are_not_listed() {
    let of = |w: &str| english().frequency(hash_bytes(w.as_bytes()));
    assert!(of("the") > of("people") && of("people") > of("memorandum"));
    assert!(of("people") > 1e-4);
    assert_eq!(of("luhn"), 0.0);
    assert_eq!(of("1953"), 0.0);
}

#[test]
fn an_english_library_is_described_and_a_french_one_is_not() {
    assert!(english().describes(&library(&ENGLISH)));
    let french = library(&[
        "La révolution française est une période de bouleversements politiques et sociaux en \
         France, qui commence en 1789 et met fin à l'Ancien Régime.",
        "Les historiens ont longtemps débattu de ses causes, qui tiennent à la crise financière de \
         l'État et aux mauvaises récoltes.",
    ]);
    assert!(!english().describes(&french));
    assert!(!english().describes(&IdfTable::new()));
}

#[test]
fn in_a_small_library_a_common_word_weighs_less_than_a_name() {
    let table = library(&ENGLISH);
    let idf = |w: &str| english().idf(&table, hash_bytes(w.as_bytes()));
    // Both are in one of the three references: the library alone weighs them alike.
    assert_eq!(
        table.idf(hash_bytes(b"people")),
        table.idf(hash_bytes(b"luhn"))
    );
    assert!(
        idf("people") + 2.0 < idf("luhn"),
        "{} {}",
        idf("people"),
        idf("luhn")
    );
    assert!(idf("luhn") > table.idf(hash_bytes(b"luhn")));
}

#[test]
fn a_large_library_keeps_its_own_counts() {
    let texts: Vec<String> = (0..BACKGROUND_DOCUMENTS)
        .map(|i| format!("people talk about topic{i} and nothing else"))
        .collect();
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    let table = library(&texts);
    for word in ["people", "topic7", "luhn"] {
        let hash = hash_bytes(word.as_bytes());
        assert!(
            (english().idf(&table, hash) - table.idf(hash)).abs() < 1e-9,
            "{word}"
        );
    }
}

#[test]
fn the_packed_list_is_the_file() {
    let file = Background::parse(include_str!("../data/background-en.txt"));
    let packed = english();
    assert_eq!(packed.centibels, file.centibels);
    assert_eq!(packed.common, file.common);
    assert_eq!(packed.common.len(), LANGUAGE_WORDS);
}
