//! All pairs through the Rust API: the candidates (rare fingerprints, MinHash LSH, the SimHash
//! index) lose no pair that comparing every pair finds, a popular source copied by more references
//! than `maxDocFrequency` is found through LSH and the SimHash index, a paragraph copied into a long
//! document through the postings.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{brown_documents as documents, words};

use std::collections::BTreeSet;

use plagscope::checker::{
    CandidatePair, Checker, CheckerOptions, PairReport, PairsOptions, Progress, Reference, Stage,
};

fn ids(reports: &[PairReport]) -> BTreeSet<(String, String)> {
    reports.iter().map(|p| (p.a.clone(), p.b.clone())).collect()
}

/// A set of 40 references: 14 verbatim copies of one popular text, a paragraph of doc 20 inside
/// the long doc 21, a lightly edited copy of doc 22 as doc 23, and unrelated documents.
fn batch() -> Checker {
    let docs = documents(40);
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    let popular = words(&docs[0], 0, 400);
    for (i, doc) in docs.iter().enumerate() {
        let text = match i {
            0..=13 => popular.clone(),
            20 => words(doc, 0, 300),
            21 => format!(
                "{} {} {}",
                words(doc, 0, 900),
                words(&docs[20], 100, 60),
                words(doc, 900, 900)
            ),
            23 => words(&docs[22], 0, 400)
                .split(' ')
                .enumerate()
                .map(|(j, w)| if j % 10 == 5 { "changed" } else { w })
                .collect::<Vec<_>>()
                .join(" "),
            _ => words(doc, 0, 400),
        };
        checker
            .add_reference(Reference::new(format!("doc{i:02}"), text))
            .unwrap();
    }
    checker
}

#[test]
fn candidates_lose_no_pair_that_comparing_every_pair_finds() {
    let checker = batch();
    let options = PairsOptions::default();
    let names: Vec<String> = (0..40).map(|i| format!("doc{i:02}")).collect();
    let every: Vec<(&str, &str)> = (0..40)
        .flat_map(|a| (a + 1..40).map(move |b| (a, b)))
        .map(|(a, b)| (names[a].as_str(), names[b].as_str()))
        .collect();
    let brute = checker.pairs_among(&every, &options).unwrap();
    let pairs = checker.pairs(&options).unwrap();
    assert_eq!(pairs, brute);
    let found = ids(&pairs);
    // All 91 pairs of the popular text, the paragraph and the edited copy.
    assert_eq!(found.len(), 93, "{found:?}");
    assert!(found.contains(&("doc20".into(), "doc21".into())));
    assert!(found.contains(&("doc22".into(), "doc23".into())));
}

#[test]
fn each_source_gives_the_pairs_it_is_for() {
    let checker = batch();
    let candidates = checker.pair_candidates(&PairsOptions::default()).unwrap();
    let all: BTreeSet<(String, String)> = (candidates.pairs.iter())
        .map(|p| (p.a.clone(), p.b.clone()))
        .collect();
    assert_eq!(all.len(), candidates.pairs.len());
    let count =
        |source: fn(&CandidatePair) -> bool| candidates.pairs.iter().filter(|p| source(p)).count();
    assert_eq!(count(|p| p.postings), candidates.postings);
    assert_eq!(count(|p| p.lsh), candidates.lsh);
    assert_eq!(count(|p| p.simindex), candidates.simindex);
    // The popular text is held by 14 references, more than maxDocFrequency (10): the postings
    // leave it out, LSH and the SimHash index find its 91 pairs.
    assert!(candidates.lsh >= 92, "{candidates:?}");
    assert!(candidates.simindex >= 91, "{candidates:?}");
    assert!(candidates.postings < candidates.pairs.len());
    // The paragraph in a long document has a tiny Jaccard: only the postings can give it.
    let paragraph = candidates
        .pairs
        .iter()
        .find(|p| (p.a.as_str(), p.b.as_str()) == ("doc20", "doc21"));
    assert!(
        paragraph.is_some_and(|p| p.postings && !p.lsh && !p.simindex),
        "{paragraph:?}"
    );
    let cluster = candidates
        .pairs
        .iter()
        .filter(|p| p.a.as_str() < "doc14" && p.b.as_str() < "doc14");
    assert!(cluster.clone().all(|p| !p.postings && p.lsh && p.simindex));
    assert_eq!(cluster.count(), 91);
    let mut only_postings = PairsOptions::default();
    only_postings.align.max_doc_frequency = 1_000_000;
    // Counting every fingerprint, the postings give the popular pairs too.
    let every = checker.pair_candidates(&only_postings).unwrap();
    assert!(every.postings >= 93, "{every:?}");
}

#[test]
fn pairs_among_refuses_unknown_ids_and_self_pairs() {
    let checker = batch();
    let options = PairsOptions::default();
    assert!(checker.pairs_among(&[("doc01", "nope")], &options).is_err());
    assert!(checker
        .pairs_among(&[("doc01", "doc01")], &options)
        .is_err());
    let twice = checker
        .pairs_among(&[("doc01", "doc02"), ("doc02", "doc01")], &options)
        .unwrap();
    assert_eq!(twice.len(), 1);
    assert!(checker.pairs_among(&[], &options).unwrap().is_empty());
}

#[test]
fn texts_too_short_for_a_passage_are_never_candidates_of_lsh_or_the_simhash_index() {
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    for i in 0..30 {
        let text = "Name and date of the form";
        checker
            .add_reference(Reference::new(format!("form{i:02}"), text))
            .unwrap();
    }
    let candidates = checker.pair_candidates(&PairsOptions::default()).unwrap();
    assert_eq!(
        (candidates.lsh, candidates.simindex),
        (0, 0),
        "{candidates:?}"
    );
    assert!(checker.pairs(&PairsOptions::default()).unwrap().is_empty());
    // With minWords under their length, they are: all 435 pairs.
    let mut short = PairsOptions::default();
    short.align.min_words = 4;
    let candidates = checker.pair_candidates(&short).unwrap();
    assert_eq!(
        (candidates.lsh, candidates.simindex),
        (435, 435),
        "{candidates:?}"
    );
}

#[test]
fn progress_goes_through_both_stages_to_the_end_and_can_stop_the_work() {
    let checker = batch();
    let options = PairsOptions::default();
    let mut seen: Vec<Progress> = Vec::new();
    let pairs = checker
        .pairs_with_progress(&options, &mut |p| {
            seen.push(p);
            Ok(())
        })
        .unwrap();
    assert_eq!(pairs, checker.pairs(&options).unwrap());
    for stage in [Stage::Reading, Stage::Comparing] {
        let steps: Vec<&Progress> = seen.iter().filter(|p| p.stage == stage).collect();
        let last = steps.last().expect("each stage is reported");
        assert_eq!(last.done, last.total, "{stage:?} ends at its total");
        assert!(last.total > 0);
        assert!(steps
            .windows(2)
            .all(|w| w[0].done <= w[1].done && w[0].total == w[1].total));
        assert!(steps.len() <= 202, "{stage:?}: {} reports", steps.len());
    }
    let reading = seen
        .iter()
        .position(|p| p.stage == Stage::Comparing)
        .unwrap();
    assert!(seen[..reading].iter().all(|p| p.stage == Stage::Reading));

    let mut calls = 0;
    let stopped = checker.pairs_with_progress(&options, &mut |_| {
        calls += 1;
        match calls {
            3 => Err(plagscope::Error::invalid("onProgress", "stopped")),
            _ => Ok(()),
        }
    });
    assert!(stopped.unwrap_err().to_string().contains("stopped"));
    assert_eq!(calls, 3);
}

#[test]
fn a_pair_in_two_chinese_scripts_is_named_and_a_pair_in_one_is_not() {
    let (traditional, simplified) = (common::LAW_TRADITIONAL, common::LAW_SIMPLIFIED);
    let docs = documents(2);
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    for (id, text) in [
        ("tw", traditional.to_string()),
        ("cn", simplified.to_string()),
        ("cn-copy", format!("前言。{simplified}")),
        ("en", words(&docs[0], 0, 300)),
        ("en-copy", words(&docs[0], 20, 280)),
    ] {
        checker.add_reference(Reference::new(id, text)).unwrap();
    }
    let reports = checker.pairs(&PairsOptions::default()).unwrap();
    // Each passage's flag, for the pair of `a` and `b`.
    let converted = |a: &str, b: &str| -> Vec<bool> {
        let pair = reports
            .iter()
            .find(|p| {
                [p.a.as_str(), p.b.as_str()] == [a, b] || [p.a.as_str(), p.b.as_str()] == [b, a]
            })
            .unwrap_or_else(|| panic!("{a} and {b} are a pair: {:?}", ids(&reports)));
        assert!(!pair.report.passages.is_empty());
        pair.report
            .passages
            .iter()
            .map(|p| p.converted_script)
            .collect()
    };
    for (a, b) in [("tw", "cn"), ("tw", "cn-copy")] {
        assert!(converted(a, b).iter().all(|&c| c), "{a} {b}");
    }
    for (a, b) in [("cn", "cn-copy"), ("en", "en-copy")] {
        assert!(converted(a, b).iter().all(|&c| !c), "{a} {b}");
    }
}

/// `text` rewritten so that no run of three words is left: in each sentence every pair of
/// neighbouring words swapped, and every seventh word of five letters or more replaced.
fn swapped_pairs(text: &str) -> String {
    let sentences = text.split(". ").map(|sentence| {
        let mut words: Vec<&str> = sentence.split(' ').collect();
        for at in (0..words.len().saturating_sub(1)).step_by(2) {
            words.swap(at, at + 1);
        }
        let mut long = 0;
        for word in &mut words {
            if word.len() >= 5 {
                long += 1;
                if long % 7 == 0 {
                    *word = "otherwise";
                }
            }
        }
        words.join(" ")
    });
    sentences.collect::<Vec<_>>().join(". ")
}

#[test]
fn a_classmate_rewritten_sentence_by_sentence_is_found_by_its_sentences() {
    let docs = documents(30);
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    for (i, doc) in docs.iter().enumerate() {
        let text = match i {
            1 => swapped_pairs(&words(&docs[0], 0, 400)),
            _ => words(doc, 0, 400),
        };
        checker
            .add_reference(Reference::new(format!("doc{i:02}"), text))
            .unwrap();
    }
    let found = checker.pairs(&PairsOptions::default()).unwrap();
    let pair = found
        .iter()
        .find(|p| (p.a.as_str(), p.b.as_str()) == ("doc00", "doc01"));
    let pair = pair.unwrap_or_else(|| panic!("not found among {:?}", ids(&found)));
    let passages = &pair.report.passages;
    assert!(!passages.is_empty());
    assert!(passages
        .iter()
        .all(|p| p.evidence == plagscope::align::Evidence::Rewritten));
    assert!(
        passages
            .iter()
            .map(|p| p.sentence_pairs.len())
            .sum::<usize>()
            >= 5
    );
    assert!(pair.similarity > 0.5, "{}", pair.similarity);
    // No other pair: the rest are unrelated documents.
    assert_eq!(found.len(), 1, "{:?}", ids(&found));
    // Exact runs alone find nothing.
    let mut exact_only = PairsOptions::default();
    exact_only.align.rewritten = false;
    assert!(checker.pairs(&exact_only).unwrap().is_empty());
}

/// A student copied a classmate's first sentence and then their third and fourth, so the copy is
/// one stretch in the student's essay but runs across the classmate's second sentence, which
/// nobody copied: the pair's report marks the classmate's copied sentences and not that one.
#[test]
fn a_pair_is_true_to_both_documents_sentences() {
    let copied = [
        "Johannes Gutenberg began experimenting with movable metal type in Mainz around 1440, \
         combining a screw press adapted from winemaking with an oil-based ink that clung to metal.",
        "The famous forty-two-line Bible was completed around 1455 in an edition of perhaps one \
         hundred and eighty copies, some printed on vellum and most on paper imported from Italy.",
        "Within fifty years printing shops had spread to more than two hundred and fifty cities \
         across Europe, and an estimated twenty million volumes had left their presses by 1500.",
    ];
    let classmates_own = "I found this part of the reading hard to follow at first.";
    let student = format!(
        "My essay is about books. {} {} {} That is all I have to say.",
        copied[0], copied[1], copied[2]
    );
    let classmate = format!(
        "Printing changed Europe. {} {classmates_own} {} {} Libraries grew quickly after that.",
        copied[0], copied[1], copied[2]
    );
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    checker
        .add_reference(Reference::new("a-student", student.as_str()))
        .unwrap();
    checker
        .add_reference(Reference::new("b-classmate", classmate.as_str()))
        .unwrap();
    let pairs = checker.pairs(&PairsOptions::default()).unwrap();
    assert_eq!(pairs.len(), 1, "{pairs:?}");
    let report = &pairs[0].report;
    let utf16 = |text: &str, part: &str| {
        let start = text[..text.find(part).unwrap()].encode_utf16().count();
        (start, start + part.encode_utf16().count())
    };
    // Seen from the student's essay (the first id): the classmate's is the source side.
    assert_eq!(
        (pairs[0].a.as_str(), pairs[0].b.as_str()),
        ("a-student", "b-classmate")
    );
    let (student_side, classmate_side): (Vec<_>, Vec<_>) = (report.passages.iter())
        .map(|p| ((p.start, p.end), (p.source_start, p.source_end)))
        .unzip();
    let own = utf16(&classmate, classmates_own);
    assert!(
        classmate_side
            .iter()
            .all(|&(s, e)| e <= own.0 || own.1 <= s),
        "the classmate's own sentence is marked: {own:?} in {classmate_side:?}"
    );
    // Every copied sentence is still marked on both sides.
    for sentence in copied {
        for (side, text) in [(&student_side, &student), (&classmate_side, &classmate)] {
            let (s, e) = utf16(text, sentence);
            assert!(
                side.iter().any(|&(a, b)| a <= s + 2 && e <= b + 2),
                "not marked: {sentence:?} in {side:?}"
            );
        }
    }
}
