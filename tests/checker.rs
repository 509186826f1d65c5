//! The checker through its Rust API: planted passages, exclusions, all-pairs, removal and errors
//! (base documents: `tests/base_documents.rs`; common phrasing: `tests/common_phrasing.rs`).
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{brown_documents as documents, reference, utf16_slice, words};

use plagscope::checker::{CheckOptions, Checker, CheckerOptions, PairsOptions, Reference};
use plagscope::exclude::ExclusionKind;
use plagscope::text::tokenize;

fn checker_with(documents: &[String]) -> Checker {
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    for (i, text) in documents.iter().enumerate() {
        checker
            .add_reference(reference(&format!("doc{i}"), text))
            .unwrap();
    }
    checker
}

#[test]
fn a_copied_passage_is_found_and_its_offsets_slice_back_in_both_texts() {
    let docs = documents(30);
    let checker = checker_with(&docs[..29]);
    let copied = words(&docs[7], 200, 120);
    let paper = format!(
        "{} 😀 {} {}",
        words(&docs[29], 0, 300),
        copied,
        words(&docs[29], 300, 200)
    );
    let report = checker.check(&paper, &CheckOptions::default()).unwrap();
    assert_eq!(
        report.sources.len(),
        1,
        "{:?}",
        report.sources.iter().map(|s| &s.id).collect::<Vec<_>>()
    );
    let source = &report.sources[0];
    assert_eq!(source.id, "doc7");
    assert_eq!(source.passages.len(), 1);
    let passage = &source.passages[0];
    assert_eq!(utf16_slice(&paper, passage.start, passage.end), copied);
    let squeeze = |s: String| s.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(
        squeeze(utf16_slice(
            &docs[7],
            passage.source_start,
            passage.source_end
        )),
        copied
    );
    for run in &passage.ngrams {
        assert_eq!(
            squeeze(utf16_slice(&paper, run.start, run.end)),
            squeeze(utf16_slice(&docs[7], run.source_start, run.source_end))
        );
    }
    let expected = tokenize(&copied).tokens.len() as f64 / report.words as f64;
    assert!(
        (report.similarity - expected).abs() < 0.01,
        "{} vs {expected}",
        report.similarity
    );
    assert!((source.similarity - report.similarity).abs() < 1e-9);
    assert!(source.source_coverage > 0.0 && source.source_coverage < 0.2);
    assert!(source.containment > source.jaccard);
    assert!(report.evasion.is_clean());
}

#[test]
fn overlapping_sources_are_not_double_counted() {
    let docs = documents(3);
    let shared = words(&docs[0], 0, 60);
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    let first = format!("{shared} {}", words(&docs[1], 0, 100));
    let second = format!("{} {shared}", words(&docs[2], 0, 100));
    checker.add_reference(reference("first", &first)).unwrap();
    checker.add_reference(reference("second", &second)).unwrap();
    let paper = format!("{shared} {}", words(&docs[1], 500, 60));
    let options = CheckOptions {
        exclude_quotes: false,
        ..CheckOptions::default()
    };
    let report = checker.check(&paper, &options).unwrap();
    assert_eq!(report.sources.len(), 2);
    let expected = tokenize(&shared).tokens.len() as f64 / tokenize(&paper).tokens.len() as f64;
    assert!(
        (report.similarity - expected).abs() < 0.01,
        "{} vs {expected}",
        report.similarity
    );
    for source in &report.sources {
        assert!(
            (source.similarity - expected).abs() < 0.01,
            "{}",
            source.similarity
        );
    }
}

#[test]
fn sources_under_the_smallest_share_are_not_listed_but_still_count() {
    let docs = documents(4);
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    checker.add_reference(reference("big", &docs[0])).unwrap();
    checker.add_reference(reference("small", &docs[1])).unwrap();
    let paper = format!(
        "{} {} {} {}",
        words(&docs[0], 0, 150),
        words(&docs[2], 0, 150),
        words(&docs[1], 100, 40),
        words(&docs[2], 150, 150)
    );
    // Brown texts hold dialogue: cut at any word, a quotation could swallow the small copy.
    let all_listed = CheckOptions {
        exclude_quotes: false,
        ..CheckOptions::default()
    };
    let all = checker.check(&paper, &all_listed).unwrap();
    let shares: Vec<(String, f64)> = all
        .sources
        .iter()
        .map(|s| (s.id.clone(), s.similarity))
        .collect();
    assert_eq!(shares.len(), 2, "{shares:?}");
    assert!(shares[1].1 < 0.1 && shares[0].1 > 0.25, "{shares:?}");
    let options = CheckOptions {
        min_source_similarity: 0.1,
        ..all_listed
    };
    let listed = checker.check(&paper, &options).unwrap();
    assert_eq!(listed.sources.len(), 1);
    assert_eq!(listed.sources[0].id, "big");
    assert_eq!(listed.similarity, all.similarity);
}

#[test]
fn quotes_and_the_bibliography_are_excluded() {
    let docs = documents(4);
    let checker = checker_with(&docs[..3]);
    let quoted = words(&docs[1], 100, 40);
    let cited = words(&docs[2], 100, 40);
    let paper = format!(
        "{}\n\nAs the author wrote, “{quoted}” which we accept.\n\nReferences\n{cited}\n",
        words(&docs[3], 2000, 80)
    );
    let report = checker.check(&paper, &CheckOptions::default()).unwrap();
    assert!(report.sources.is_empty(), "{:?}", report.sources);
    let slices: Vec<(ExclusionKind, String)> = report
        .excluded
        .iter()
        .map(|e| (e.kind, utf16_slice(&paper, e.start, e.end)))
        .collect();
    assert!(
        slices.contains(&(ExclusionKind::Quote, format!("“{quoted}”"))),
        "{slices:?}"
    );
    assert!(slices.iter().any(
        |(kind, text)| *kind == ExclusionKind::Bibliography && text.starts_with("References\n")
    ));

    assert!(report.words < report.total_words);

    let keep_all = CheckOptions {
        exclude_quotes: false,
        exclude_bibliography: false,
        ..CheckOptions::default()
    };
    let report = checker.check(&paper, &keep_all).unwrap();
    let ids: Vec<&str> = report.sources.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids.len(), 2);
    assert!(ids.contains(&"doc1") && ids.contains(&"doc2"));
}

#[test]
fn all_pairs_finds_who_copied_from_whom() {
    let docs = documents(6);
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    for (i, doc) in docs.iter().enumerate().take(4) {
        checker
            .add_reference(reference(&format!("essay{i}"), &words(doc, 0, 300)))
            .unwrap();
    }
    // essay4 copies 100 words of essay1.
    checker
        .add_reference(reference(
            "essay4",
            &format!("{} {}", words(&docs[4], 0, 200), words(&docs[1], 50, 100)),
        ))
        .unwrap();
    let pairs = checker.pairs(&PairsOptions::default()).unwrap();
    assert_eq!(
        pairs.len(),
        1,
        "{:?}",
        pairs
            .iter()
            .map(|p| (&p.a, &p.b, p.similarity))
            .collect::<Vec<_>>()
    );
    let pair = &pairs[0];
    assert_eq!((pair.a.as_str(), pair.b.as_str()), ("essay1", "essay4"));
    assert!(
        (pair.similarity - 100.0 / 300.0).abs() < 0.02,
        "{} {:?}",
        pair.similarity,
        pair.report
            .passages
            .iter()
            .map(|p| (
                p.start,
                p.end,
                p.source_start,
                p.source_end,
                p.words,
                p.matched_words
            ))
            .collect::<Vec<_>>()
    );
    assert_eq!(pair.report.passages.len(), 1);
}

#[test]
fn evasive_and_chinese_copies_are_found() {
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    let english = "The experimental results strongly confirm our central hypothesis about the folding of proteins in cold water";
    let chinese = "今天我们在学校学习了中国古代的历史和文化，老师讲得非常有意思，同学们都很认真地听讲并且做了笔记。";
    checker
        .add_reference(reference("english", english))
        .unwrap();
    checker
        .add_reference(reference("chinese", chinese))
        .unwrap();
    let evasive = "Th\u{0435} \u{0435}xp\u{0435}rim\u{200B}ental r\u{0435}sults strongly c\u{043E}nfirm our central hyp\u{043E}thesis about the folding of proteins in cold water";
    let report = checker
        .check(&format!("Intro. {evasive}."), &CheckOptions::default())
        .unwrap();
    assert_eq!(report.sources[0].id, "english");
    assert!(report.similarity > 0.9);
    assert_eq!(report.evasion.replaced_letters["Cyrillic"], 6);
    assert_eq!(report.evasion.invisible_characters, 1);

    let paper = format!("前言。{}", &chinese[..chinese.len() - 3]);
    let report = checker.check(&paper, &CheckOptions::default()).unwrap();
    assert_eq!(report.sources[0].id, "chinese");
    let passage = &report.sources[0].passages[0];
    assert!(utf16_slice(&paper, passage.start, passage.end).starts_with("今天我们"));
    assert!(report.sources[0].scores.chinese_ngram.share > 0.9);
}

#[test]
fn removing_a_reference_and_bad_input() {
    let docs = documents(3);
    let mut checker = checker_with(&docs);
    let paper = words(&docs[1], 0, 100);
    assert_eq!(
        checker
            .check(&paper, &CheckOptions::default())
            .unwrap()
            .sources[0]
            .id,
        "doc1"
    );
    assert!(checker.remove_reference("doc1").unwrap());
    assert!(!checker.remove_reference("doc1").unwrap());
    assert!(checker
        .check(&paper, &CheckOptions::default())
        .unwrap()
        .sources
        .is_empty());
    assert_eq!(checker.len(), 2);

    let duplicate = checker.add_reference(reference("doc0", "x")).unwrap_err();
    assert!(
        duplicate.to_string().contains("already exists"),
        "{duplicate}"
    );
    assert!(checker.add_reference(reference("", "x")).is_err());
    let huge = "a ".repeat(33 << 20);
    assert!(checker
        .check(&huge, &CheckOptions::default())
        .unwrap_err()
        .to_string()
        .contains("over the limit of 64 MB"));
    let mut bad = CheckOptions::default();
    bad.scores.combined_text_weight = 0.5;
    assert_eq!(
        checker.check("x", &bad).unwrap_err().to_string(),
        "invalid `scores.combined_text_weight`: must be in [0.8, 0.9], got 0.5"
    );
    assert!(Checker::new(CheckerOptions {
        shingle_words: 20,
        ..CheckerOptions::default()
    })
    .is_err());
    // Empty and garbage papers are fine.
    assert_eq!(
        checker
            .check("", &CheckOptions::default())
            .unwrap()
            .similarity,
        0.0
    );
    let garbage: String = (0..5000u32)
        .filter_map(|i| char::from_u32((i * 7919) % 0x11000))
        .collect();
    assert!(checker.check(&garbage, &CheckOptions::default()).is_ok());
}

#[test]
fn quote_marks_and_headings_cannot_hide_a_copy() {
    let docs = documents(4);
    let checker = checker_with(&docs[..3]);
    let copied = words(&docs[1], 300, 150);
    let own = |from| words(&docs[3], from, 60);
    let found = |paper: &str| {
        let report = checker.check(paper, &CheckOptions::default()).unwrap();
        let source = report.sources.iter().find(|s| s.id == "doc1");
        source.map_or(0, |s| s.passages.iter().map(|p| p.words).sum::<usize>())
    };
    // PDF text: single newlines between paragraphs, inch marks before and after the copy.
    let inches = format!(
        "{} with a 15\" screen.\n{copied}\n{} on the 17\" model.",
        own(0),
        own(100)
    );
    assert!(found(&inches) >= 140, "inch marks: {}", found(&inches));
    // A whole copied passage inside quotation marks is no quotation to leave out unread.
    let quoted = format!("{}\n“{copied}”\n{}", own(0), own(100));
    assert!(found(&quoted) >= 140, "quoted: {}", found(&quoted));
    // An unmatched opening quote excludes nothing.
    let unmatched = format!("{} “{copied} {}", own(0), own(100));
    assert!(found(&unmatched) >= 140, "unmatched: {}", found(&unmatched));
    // A "References" line near the top does not make the rest a bibliography.
    let heading = format!("An essay\nReferences\n{copied}\n{}", own(100));
    assert!(found(&heading) >= 140, "heading: {}", found(&heading));
}

#[test]
fn a_check_reports_its_progress_and_stops_when_told() {
    use plagscope::checker::{Progress, Stage};
    let docs = documents(6);
    let checker = checker_with(&docs);
    let paper = format!("{} {}", words(&docs[1], 0, 150), words(&docs[4], 50, 150));
    let meta = Default::default();
    let options = CheckOptions::default();
    let mut seen: Vec<Progress> = Vec::new();
    let report = checker
        .check_with_progress(&paper, &meta, &options, &mut |p| {
            seen.push(p);
            Ok(())
        })
        .unwrap();
    assert_eq!(report, checker.check(&paper, &options).unwrap());
    let mut stages: Vec<Stage> = seen.iter().map(|p| p.stage).collect();
    stages.dedup();
    assert_eq!(
        stages,
        [Stage::Preparing, Stage::Aligning, Stage::Reporting],
        "{seen:?}"
    );
    let aligning: Vec<&Progress> = seen.iter().filter(|p| p.stage == Stage::Aligning).collect();
    let last = aligning.last().unwrap();
    assert!(last.done == last.total && last.total >= 2, "{seen:?}");
    let stopped = checker.check_with_progress(&paper, &meta, &options, &mut |_| {
        Err(plagscope::Error::invalid("onProgress", "stopped"))
    });
    assert!(stopped.is_err());
}

#[test]
fn reports_say_whether_they_count_words_or_characters() {
    use plagscope::text::CountUnit;
    let chinese = "滕王阁序是唐代文学家王勃创作的一篇骈文，全文通过对秋日景色的描写，抒发了作者怀才不遇的感慨，\
                   其中落霞与孤鹜齐飞秋水共长天一色一句千古传诵。";
    let english = "The quick brown fox jumps over the lazy dog while the farmer watches from the \
                   old wooden fence at the edge of the field, and nobody says a word about it.";
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    checker
        .add_reference(Reference::new("zh", chinese))
        .unwrap();
    checker
        .add_reference(Reference::new("en", english))
        .unwrap();
    for (paper, unit) in [
        (chinese, CountUnit::Characters),
        (english, CountUnit::Words),
    ] {
        let report = checker.check(paper, &CheckOptions::default()).unwrap();
        assert_eq!(report.unit, unit);
        let passages = &report.sources[0].passages;
        assert!(!passages.is_empty());
        assert!(passages.iter().all(|p| p.unit == unit));
    }
    // A Chinese paper quoting a few English words is still counted in characters.
    let mixed = format!("{chinese} (Preface to the Pavilion of Prince Teng)");
    let report = checker.check(&mixed, &CheckOptions::default()).unwrap();
    assert_eq!(report.unit, CountUnit::Characters);
}
