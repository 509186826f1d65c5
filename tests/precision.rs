//! What a check must NOT report, and the evidence it gives for what it does: stock phrases are not
//! passages, the two sides of a passage are the same text, Chinese thresholds are in characters,
//! and a copy across Traditional and Simplified characters is found and named.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use plagscope::checker::{CheckOptions, Checker, CheckerOptions, Reference, Report};
use plagscope::Span;

fn checker(references: &[(&str, &str)]) -> Checker {
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    for (id, text) in references {
        checker.add_reference(Reference::new(*id, *text)).unwrap();
    }
    checker
}

fn slice(text: &str, start: usize, end: usize) -> &str {
    Span::new(start, end).slice_of(text)
}

fn check(checker: &Checker, paper: &str) -> Report {
    checker.check(paper, &CheckOptions::default()).unwrap()
}

#[test]
fn a_common_phrase_repeated_across_a_paper_is_not_a_passage() {
    let corpus = common::corpus_sample("en", 40_000).join("\n\n");
    let filler: Vec<&str> = corpus.split_whitespace().collect();
    let source = format!(
        "{} from the point of view of the people who live there {}",
        filler[..150].join(" "),
        filler[150..300].join(" ")
    );
    // The paper uses the source's phrase six times, each in its own unrelated sentence.
    let paper: String = (0..6)
        .map(|i| {
            let own = filler[1000 + i * 40..1000 + i * 40 + 30].join(" ");
            format!("{own} from the point of view of the people who live there. ")
        })
        .collect();
    let report = check(&checker(&[("source", &source)]), &paper);
    let found: Vec<&str> = report
        .sources
        .iter()
        .flat_map(|s| s.passages.iter().map(|p| slice(&paper, p.start, p.end)))
        .collect();
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn a_chinese_paragraph_sharing_only_stock_phrases_is_not_a_match() {
    // Shared: 县级以上地方各级人民政府 (12 characters), 国务院有关部门 (7), 国内生产总值 (6),
    // 本法自公布之日起施行 (10): formulas of the genre, not copying.
    let source = "第十二条　县级以上地方各级人民政府应当加强对本行政区域内生态环境保护工作的领导，\
                  将生态环境保护工作纳入国民经济和社会发展规划。国务院有关部门应当根据国内生产总值的增长情况，\
                  逐步增加对生态环境保护的财政投入，具体办法由国务院规定。本法自公布之日起施行。";
    let paper = "第三条　为了促进中小企业健康发展，县级以上地方各级人民政府负责制定支持中小企业的政策措施，\
                 改善营商环境。国务院有关部门负责统计中小企业对国内生产总值的贡献，并定期向社会公布。本法自公布之日起施行。";
    let report = check(&checker(&[("law", source)]), paper);
    assert!(report.sources.is_empty(), "{:?}", report.sources);

    // The same paper with a real copied sentence of 40 characters is a match.
    let copied =
        "加强对本行政区域内生态环境保护工作的领导，将生态环境保护工作纳入国民经济和社会发展规划";
    let paper = format!("{paper}各地应当{copied}。");
    let report = check(&checker(&[("law", source)]), &paper);
    assert_eq!(report.sources.len(), 1);
    let passage = &report.sources[0].passages[0];
    assert!(slice(&paper, passage.start, passage.end).contains(copied));
}

#[test]
fn the_sides_of_a_passage_correspond_and_carry_their_evidence() {
    let corpus = common::corpus_sample("en", 200_000);
    let source = &corpus[3];
    let words: Vec<&str> = source.split_whitespace().collect();
    // 80 words copied with every 9th word changed.
    let copied: Vec<&str> = words[400..480]
        .iter()
        .enumerate()
        .map(|(i, w)| if i % 9 == 8 { "CHANGED" } else { w })
        .collect();
    let paper = format!("{}\n\n{}\n\n{}", corpus[7], copied.join(" "), corpus[8]);
    let report = check(&checker(&[("source", source)]), &paper);
    assert_eq!(report.sources.len(), 1, "{:?}", report.sources);
    for passage in &report.sources[0].passages {
        let a = slice(&paper, passage.start, passage.end)
            .split_whitespace()
            .count();
        let b = slice(source, passage.source_start, passage.source_end)
            .split_whitespace()
            .count();
        assert!(a.max(b) <= 2 * a.min(b), "{a} vs {b} words");
        assert!(passage.longest_run >= 6 && passage.longest_run <= passage.matched_words);
        assert!(
            (0.4..=1.0).contains(&passage.matched_share),
            "{}",
            passage.matched_share
        );
        assert!(!passage.converted_script);
    }
    assert!(report.sources[0].passages[0].matched_words >= 60);
}

#[test]
fn a_simplified_copy_of_a_traditional_source_is_found_and_named() {
    let (traditional, paper) = (common::LAW_TRADITIONAL, common::LAW_SIMPLIFIED);
    let report = check(&checker(&[("tw", traditional)]), paper);
    assert_eq!(report.sources.len(), 1, "{report:?}");
    assert!(report.similarity > 0.9, "{}", report.similarity);
    let passages = &report.sources[0].passages;
    assert!(passages.iter().all(|p| p.converted_script), "{passages:?}");
    // Same script on both sides: not a conversion.
    let report = check(&checker(&[("cn", paper)]), paper);
    assert!(report.sources[0]
        .passages
        .iter()
        .all(|p| !p.converted_script));
}
