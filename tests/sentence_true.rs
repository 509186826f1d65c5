//! Reports a teacher can trust sentence by sentence (issue 42): a passage is a run of paper
//! sentences its source explains, and never holds a sentence of the writer's own between two
//! copied ones, whatever the gap in words; the similarity counts explained sentences only.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::spans::{assert_not_marked, covered, overlap, reported, span_of};

use plagscope::checker::{CheckOptions, Checker, CheckerOptions, Reference};
use plagscope::Span;

/// Issue 42's interleaved case (`tests/data/interleaved.json`, shared with the page's test): a
/// library article, and a paper that copies its first sentences, has two of the writer's own, then
/// paraphrases the article's last two.
struct Case {
    source: String,
    copied: usize,
    own: String,
    paraphrase: String,
}

fn case() -> &'static Case {
    static CASE: std::sync::OnceLock<Case> = std::sync::OnceLock::new();
    CASE.get_or_init(|| {
        let json: serde_json::Value =
            serde_json::from_str(include_str!("data/interleaved.json")).unwrap();
        let text = |v: &serde_json::Value| v.as_str().unwrap().to_string();
        Case {
            source: text(&json["source"]["text"]),
            copied: json["copied"].as_u64().unwrap() as usize,
            own: text(&json["own"]),
            paraphrase: text(&json["paraphrase"]),
        }
    })
}

fn checker() -> Checker {
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    checker
        .add_reference(Reference::new("gutenberg", case().source.as_str()))
        .unwrap();
    // Other articles of the library, so that term weights mean something.
    for (i, text) in common::corpus_sample("en", 60_000).into_iter().enumerate() {
        checker
            .add_reference(Reference::new(format!("corpus-{i}"), text))
            .unwrap();
    }
    checker
}

/// The source's sentence `n`.
fn sentence(n: usize) -> &'static str {
    let source = &case().source;
    let starts: Vec<usize> = std::iter::once(0)
        .chain(source.match_indices(". ").map(|(i, _)| i + 2))
        .collect();
    let end = starts.get(n + 1).map_or(source.len(), |&e| e - 1);
    &source[starts[n]..end]
}

#[test]
fn own_sentences_between_a_copy_and_a_paraphrase_are_not_reported() {
    let Case {
        copied,
        own,
        paraphrase,
        ..
    } = case();
    let copied: Vec<&str> = (0..*copied).map(sentence).collect();
    let copied = copied.join(" ");
    let paper = format!("{copied} {own} {paraphrase}");
    let report = checker().check(&paper, &CheckOptions::default()).unwrap();
    let own = span_of(&paper, own);
    assert!(
        reported(&report).iter().all(|(_, s)| overlap(*s, own) == 0),
        "the writer's own sentences are highlighted: {:?}",
        reported(&report)
    );
    assert!(covered(&report, span_of(&paper, &copied)) > 0.95);
    let words = own_words(&paper, own);
    assert!(
        report.similarity * (report.words as f64) <= (report.words - words) as f64 + 0.5,
        "the own sentences are counted: {}",
        report.similarity
    );
}

fn own_words(paper: &str, own: Span) -> usize {
    own.slice_of(paper).split_whitespace().count()
}

#[test]
fn copied_sentences_interleaved_with_own_ones_are_cut_apart() {
    let own = [
        "I found this part of the reading hard to follow at first.",
        "My grandmother kept a family Bible on the shelf above her sewing machine, and \
         nobody was allowed to touch it.",
        "Our teacher showed us a replica of a wooden press in the school library last week.",
    ];
    let paper = format!(
        "{} {} {} {} {} {} {}",
        sentence(1),
        own[0],
        sentence(3),
        own[1],
        sentence(4),
        sentence(5),
        own[2]
    );
    let report = checker().check(&paper, &CheckOptions::default()).unwrap();
    for sentence in own {
        let span = span_of(&paper, sentence);
        let hits: Vec<_> = reported(&report)
            .into_iter()
            .filter(|(_, s)| overlap(*s, span) > 0)
            .collect();
        assert!(hits.is_empty(), "{sentence:?} reported: {hits:?}");
    }
    for copied in [sentence(1), sentence(3), sentence(4), sentence(5)] {
        let share = covered(&report, span_of(&paper, copied));
        assert!(share > 0.9, "{copied:?} covered {share}");
    }
}

/// Pieces of one stretch of the source, cut around the writer's sentence between them, share a
/// region; a copy of another stretch, far from it in the paper, is a region of its own.
#[test]
fn pieces_of_one_copied_stretch_share_a_region() {
    let own = [
        "My grandmother kept a family Bible on the shelf above her sewing machine, and nobody \
         was allowed to touch it.",
        "I found this part of the reading hard to follow at first, because the dates and the \
         numbers of copies kept changing from one paragraph to the next.",
        "Our teacher showed us a replica of a wooden press in the school library last week, and \
         we took turns pulling the lever to print a page of our own names.",
        "It was heavier than I expected, and the ink smelled like the paint in my uncle's garage \
         where he restores old bicycles on weekends.",
        "Afterwards we wrote short letters to a class in another town and compared how long it \
         would have taken a scribe to copy each of them by hand.",
    ];
    let paper = format!(
        "{} {} {} {} {} {} {} {} {} {}",
        sentence(0),
        sentence(1),
        own[0],
        sentence(2),
        own[1],
        own[2],
        own[3],
        own[4],
        sentence(6),
        sentence(7),
    );
    let report = checker().check(&paper, &CheckOptions::default()).unwrap();
    let source = (report.sources.iter())
        .find(|s| s.id == "gutenberg")
        .expect("the source is reported");
    let regions = || -> Vec<_> {
        (source.passages.iter())
            .map(|p| (p.start, p.end, p.source_start, p.source_end, p.region))
            .collect()
    };
    let region_of = |part: &str| {
        let span = span_of(&paper, part);
        let passage = (source.passages.iter())
            .find(|p| overlap(Span::new(p.start, p.end), span) > 0)
            .unwrap_or_else(|| panic!("{part:?} is not reported: {:?}", regions()));
        passage.region
    };
    for sentence in own {
        let span = span_of(&paper, sentence);
        let touching =
            (source.passages.iter()).any(|p| overlap(Span::new(p.start, p.end), span) > 0);
        assert!(!touching, "{sentence:?} reported: {:?}", regions());
    }
    assert_eq!(region_of(sentence(0)), 0, "{:?}", regions());
    assert_eq!(region_of(sentence(2)), 0, "{:?}", regions());
    assert_eq!(region_of(sentence(6)), 1, "{:?}", regions());
}

/// A copy that runs a word or two past its full stop, because the writer's next sentence happens
/// to begin as the source's does, does not explain that sentence: none of it is marked.
#[test]
fn a_run_crossing_a_full_stop_by_two_words_does_not_mark_the_next_sentence() {
    assert!(sentence(2).starts_with("The famous "));
    let own = "The famous painting in our hall was finished by my aunt last spring.";
    let paper = format!("{} {} {own}", sentence(0), sentence(1));
    let report = checker().check(&paper, &CheckOptions::default()).unwrap();
    assert_not_marked(&report, &paper, own);
    let share = covered(&report, span_of(&paper, sentence(1)));
    assert!(share > 0.9, "the copy is reported: {share}");
}

/// Two sentences of the article rewritten in the student's words, keeping its rare content (names,
/// "octavo", "astronomers"), between sentences of the student's own.
const SHORT_REWRITE: &str = "Venice turned into the centre of the new business, and there Aldus \
Manutius brought in the handy octavo format and the slanted italic type that Francesco Griffo cut. \
Scholars grumbled that cheap editions spread mistakes faster than any scribe ever could, yet the \
fixity of print let astronomers compare identical tables all over the continent.";

/// The same subject in the student's own sentences: the topic's words, not the article's.
const SAME_TOPIC: &str = "Printing came to Venice early, and by 1500 the city had more presses \
than any other in Europe. Its printers sold books to scholars and merchants all over the \
continent, and many of them used new typefaces.";

#[test]
fn two_rewritten_sentences_are_a_short_copy_and_the_same_topic_is_not() {
    let own = &case().own;
    let checker = checker();
    let paper = format!("{own} {SHORT_REWRITE} {own}");
    let report = checker.check(&paper, &CheckOptions::default()).unwrap();
    let found = reported(&report);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "gutenberg");
    assert!(
        covered(&report, span_of(&paper, SHORT_REWRITE)) > 0.95,
        "{found:?}"
    );
    let passage = &report.sources[0].passages[0];
    assert_eq!(passage.sentence_pairs.len(), 2);
    let paper = format!("{own} {SAME_TOPIC} {own}");
    let report = checker.check(&paper, &CheckOptions::default()).unwrap();
    assert!(reported(&report).is_empty(), "{:?}", reported(&report));
}

/// Issue 42's short copies: two sentences with a few words swapped for synonyms, and three
/// paraphrased sentences right after a verbatim passage (rewritten evidence by words alone).
#[test]
fn a_two_sentence_synonym_edit_and_paraphrases_beside_a_copy_are_found() {
    let own = &case().own;
    let checker = checker();
    // Sentences 1 and 2 of the article, with store/keep-style swaps.
    let edited = sentence(1)
        .replace("allowed", "let")
        .replace("skilled", "trained")
        .replace("single day", "lone day")
        .to_string()
        + " "
        + &sentence(2)
            .replace("famous", "celebrated")
            .replace("perhaps", "maybe")
            .replace("most", "the majority");
    let paper = format!("{own} {edited} {own}");
    let report = checker.check(&paper, &CheckOptions::default()).unwrap();
    assert!(
        covered(&report, span_of(&paper, &edited)) > 0.9,
        "{:?}",
        reported(&report)
    );
    assert!(covered(&report, span_of(&paper, own)) == 0.0);
    // A verbatim paragraph, then three of the following sentences in other words.
    let paraphrased = "Inside fifty years print shops had reached over two hundred and fifty \
        European cities, and some twenty million volumes had come off their presses by 1500. \
        Venice turned into the capital of the new trade, where Aldus Manutius brought in the \
        portable octavo format and the slanted italic type that Francesco Griffo cut. Scholars \
        complained that cheap editions spread mistakes faster than any scribe, though the fixity \
        of print let astronomers compare identical tables across the continent.";
    let verbatim: Vec<&str> = (0..3).map(sentence).collect();
    let paper = format!("{} {paraphrased} {own}", verbatim.join(" "));
    let report = checker.check(&paper, &CheckOptions::default()).unwrap();
    for part in paraphrased.split_inclusive(". ") {
        let part = part.trim();
        let share = covered(&report, span_of(&paper, part));
        assert!(
            share > 0.9,
            "{part:?} covered {share}: {:?}",
            reported(&report)
        );
    }
}

/// A sentence of the writer's own in the source's phrasing: short runs of words from three
/// different sentences of the article, none of them a clause, between two copied sentences.
const MOSAIC: &str = "Our guide said that printing shops had spread to more than one valley, \
that the sole right to publish a title went to a monk, and that the pamphlets sold hundreds of \
thousands of copies to farmers.";

#[test]
fn a_sentence_of_runs_from_all_over_the_source_is_not_explained() {
    let paper = format!("{} {MOSAIC} {}", sentence(1), sentence(4));
    let report = checker().check(&paper, &CheckOptions::default()).unwrap();
    let mosaic = span_of(&paper, MOSAIC);
    let hits: Vec<_> = (reported(&report).into_iter())
        .filter(|(_, s)| overlap(*s, mosaic) > 0)
        .collect();
    assert!(
        hits.is_empty(),
        "the writer's sentence is reported: {hits:?}"
    );
    for copied in [sentence(1), sentence(4)] {
        let share = covered(&report, span_of(&paper, copied));
        assert!(share > 0.9, "{copied:?} covered {share}");
    }
}

/// Provisions written for this test in a law's style: the third article's second sentence opens
/// with the term the writer's own sentence opens with.
const PROVISIONS_ZH: &str = "第一条 为了规范海上货物保险活动，保护保险合同当事人的合法权益，制定本规定。\
第二条 保险人应当按照保险合同的约定承担赔偿责任，被保险人应当如实告知保险标的的有关情况。\
第三条 船舶保险的责任期间由双方在合同中约定，运费保险适用前款规定。保险金额由保险人与被保险人协商确定，并在保险单中载明。\
第四条 保险事故发生后，被保险人应当及时通知保险人，并采取必要的合理措施防止或者减少损失。";

#[test]
fn a_chinese_copy_running_into_the_writers_sentence_by_a_term_does_not_mark_it() {
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    checker
        .add_reference(Reference::new("provisions", PROVISIONS_ZH))
        .unwrap();
    let copy =
        "第二条 保险人应当按照保险合同的约定承担赔偿责任，被保险人应当如实告知保险标的的有关情况。\
第三条 船舶保险的责任期间由双方在合同中约定，运费保险适用前款规定。";
    let own = "保险金额不得超过我们在课堂上讨论过的那个数字。";
    let paper = format!(
        "我们小组这周读了一部关于海上运输的法律。{copy}{own}老师说下周还要继续讨论这个题目。"
    );
    let report = checker.check(&paper, &CheckOptions::default()).unwrap();
    assert_not_marked(&report, &paper, own);
    assert!(covered(&report, span_of(&paper, copy)) > 0.9, "{report:#?}");
}

/// A regulation written for this test in a law's style.
const WETLANDS_ZH: &str = "第一条 为了保护湿地生态，规范湿地的利用活动，制定本条例。\
第二条 县级以上人民政府林业主管部门负责本行政区域内湿地的保护和管理工作，乡镇人民政府协助做好有关工作。\
第三条 任何单位和个人不得在湿地内擅自开垦、围垦或者填埋，不得破坏湿地的水源和植被。\
第四条 湿地保护规划应当向社会公布，并定期评估实施情况，评估结果作为调整规划的依据。";

/// The writer's own sentence between two copied articles borrows two of the skipped article's
/// phrases (42% of its characters), as a provision drafted in parallel does: not explained.
#[test]
fn a_sentence_borrowing_two_phrases_of_the_source_between_copies_is_not_marked() {
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    checker
        .add_reference(Reference::new("wetlands", WETLANDS_ZH))
        .unwrap();
    let copied = |n: usize| WETLANDS_ZH.split_inclusive('。').nth(n).unwrap();
    let own = "我家门口的小河边，前年有人在湿地内擅自开垦菜地种玉米，破坏湿地的水源和植被，这让爷爷非常生气。";
    let paper = format!("{}{own}{}", copied(1), copied(3));
    let report = checker.check(&paper, &CheckOptions::default()).unwrap();
    assert_not_marked(&report, &paper, own);
    for n in [1, 3] {
        let article = copied(n)
            .trim_start_matches("第二条 ")
            .trim_start_matches("第四条 ");
        assert!(
            covered(&report, span_of(&paper, article)) > 0.9,
            "{report:#?}"
        );
    }
}
