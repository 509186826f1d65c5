//! Evasion classes and honest text through the Rust API, from the cases shared with the npm and page
//! suites (`tests/data/evasion-cases.json`, written by `tests/data/make-evasion-cases.mjs`): each
//! disguise of a copied English passage is undone for matching (the copy is found) and named in the
//! evasion report; ordinary text in many scripts, and scientific notation, reports nothing.
#![cfg(not(target_arch = "wasm32"))]

use plagscope::checker::{CheckOptions, Checker, CheckerOptions, Reference};
use plagscope::text::{tokenize, EvasionReport};
use serde_json::Value;

fn cases() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/evasion-cases.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("evasion cases")).unwrap()
}

fn coverage_of_source(source: &str, paper: &str) -> f64 {
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    checker
        .add_reference(Reference::new("src", source))
        .unwrap();
    let report = checker.check(paper, &CheckOptions::default()).unwrap();
    report
        .sources
        .iter()
        .find(|s| s.id == "src")
        .map_or(0.0, |s| s.source_coverage)
}

/// The report as the npm API gives it (camelCase JSON), to follow the cases' dotted paths.
fn report_json(evasion: &EvasionReport) -> Value {
    serde_json::to_value(evasion).unwrap()
}

fn is_named(report: &Value, path: &str) -> bool {
    let mut value = report;
    for key in path.split('.') {
        match value.get(key) {
            Some(inner) => value = inner,
            None => return false,
        }
    }
    match value {
        Value::Number(n) => n.as_f64().is_some_and(|n| n > 0.0),
        Value::Array(items) => !items.is_empty(),
        Value::Object(fields) => !fields.is_empty(),
        _ => false,
    }
}

#[test]
fn every_disguise_is_found_and_named() {
    let cases = cases();
    let source = cases["source"].as_str().unwrap();
    let mut failures = Vec::new();
    for case in cases["disguised"].as_array().unwrap() {
        let class = case["class"].as_str().unwrap();
        let paper = case["paper"].as_str().unwrap();
        let coverage = coverage_of_source(source, paper);
        let evasion = tokenize(paper).evasion;
        let named = is_named(&report_json(&evasion), case["report"].as_str().unwrap());
        if coverage <= 0.8 || !named {
            failures.push(format!(
                "{class}: coverage {coverage:.2}, named {named}: {evasion:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn honest_text_reports_nothing() {
    let mut failures = Vec::new();
    for case in cases()["honest"].as_array().unwrap() {
        let evasion = tokenize(case["text"].as_str().unwrap()).evasion;
        if !evasion.is_clean() {
            failures.push(format!("{}: {evasion:?}", case["name"]));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn turkish_dotless_i_matches_but_is_not_reported() {
    let analysis = tokenize("Kadın ılık suyu içti.");
    assert!(analysis.evasion.is_clean(), "{:?}", analysis.evasion);
    assert_eq!(analysis.token_texts().next(), Some("kadin"));
}

#[test]
fn accents_added_or_removed_still_match() {
    let source = "L'école républicaine a formé des générations d'élèves à la pensée critique et \
                  à la lecture attentive des textes classiques de la littérature française.";
    let stripped = "L'ecole republicaine a forme des generations d'eleves a la pensee critique et \
                    a la lecture attentive des textes classiques de la litterature francaise.";
    assert!(coverage_of_source(source, stripped) > 0.9);
    assert!(tokenize(stripped).evasion.is_clean());
}

#[test]
fn reversed_text_highlights_the_whole_stretch_it_came_from() {
    let paper = "Intro. \u{202E}dlrow olleh\u{202C} end";
    let analysis = tokenize(paper);
    let words: Vec<&str> = analysis.token_texts().collect();
    assert_eq!(words, ["intro", "hello", "world", "end"]);
    let stretch = analysis.evasion.reversed_spans[0];
    assert_eq!(stretch.slice_of(paper), "dlrow olleh");
    assert_eq!(analysis.tokens[1].span, stretch);
    assert_eq!(analysis.tokens[2].span, stretch);
}

/// Browsers display RLI, RLO, text, PDI reversed just as RLO, text, PDF (the PDI closes the
/// override with its isolate), and FSI too (issue 43).
#[test]
fn reversed_text_in_an_isolate_closed_by_its_pdi_is_read_forwards() {
    for isolate in ['\u{2067}', '\u{2068}'] {
        let paper = format!("Intro. {isolate}\u{202E}dlrow olleh\u{2069} end");
        let analysis = tokenize(&paper);
        let words: Vec<&str> = analysis.token_texts().collect();
        assert_eq!(words, ["intro", "hello", "world", "end"]);
        let stretch = analysis.evasion.reversed_spans[0];
        assert_eq!(stretch.slice_of(&paper), "dlrow olleh");
    }
}

/// Japanese shinjitai forms (広 for 廣/广, 経 for 經/经) fold to Simplified Chinese, so a Chinese
/// source copied in Japanese forms is found; in a Chinese text they are named, in Japanese (which
/// spells with them, beside kana) they are not (issue 43).
#[test]
fn japanese_forms_match_simplified_chinese_and_are_named_only_in_chinese_text() {
    let source =
        "经济发展与对外关系的变化是历史研究的重要问题，实验结果显示劳动价格和营业收入的变化\
                  对广大读者来说十分重要，这个转变也说明了国际关系的历史。";
    // Each character that has a Japanese form written in it (the rest stays Simplified).
    let forms: Vec<(char, char)> =
        "经経济済发発对対关関变変历歴实実验験劳労价価营営广広读読转転说説"
            .chars()
            .collect::<Vec<_>>()
            .chunks(2)
            .map(|pair| (pair[0], pair[1]))
            .collect();
    let japanese_forms: String = source
        .chars()
        .map(|c| forms.iter().find(|&&(s, _)| s == c).map_or(c, |&(_, j)| j))
        .collect();
    let japanese_forms = japanese_forms.as_str();
    assert!(coverage_of_source(source, japanese_forms) > 0.8);
    let named = tokenize(japanese_forms).evasion;
    assert!(named.replaced_letters["Japanese form"] >= 10, "{named:?}");
    // Japanese writes the same forms honestly, with kana.
    for honest in [
        "東京駅の広場で、戦後の経済発展と国際関係の歴史について話し合った。",
        "経済発展の歴史",
    ] {
        let evasion = tokenize(honest).evasion;
        assert!(evasion.is_clean(), "{honest}: {evasion:?}");
    }
}
