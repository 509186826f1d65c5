//! Quotations against the sources: a quote mark of the paper's own text that pairs with a closing
//! mark inside a copy cannot make the copy disappear, a copied paragraph holding a quotation is
//! reported whole, and a genuine quotation of a source is left out and names that source.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{brown_documents, words};

use plagscope::checker::{CheckOptions, Checker, CheckerOptions, Reference, Report};
use plagscope::exclude::ExclusionKind;
use plagscope::Span;

/// A news report on a regional regulation: it quotes the regulation, then goes on.
const NEWS: &str = "新修订的《个人信息保护条例》明确提出：“各级人民政府应当加强对个人信息保护工作的领导，\
将个人信息保护工作纳入国民经济和社会发展规划，建立健全个人信息保护工作协调机制，及时研究解决个人信息\
保护工作中的重大问题，所需经费列入本级预算；县级以上人民政府有关部门应当在各自职责范围内做好个人信息\
保护工作，加强对本行业、本领域个人信息处理活动的指导和监督。”这一规定在全国范围内尚属首例。条例还要求\
网信部门会同有关部门建立投诉举报机制，对违法处理个人信息的行为依法及时处理，并将处理结果告知投诉人和\
举报人。参与起草的专家认为，这些措施将有效遏制一些应用程序过度收集个人信息的现象，也为企业合规经营提供\
了明确的指引。";

/// Other references of the same domain: they share its phrasing, not its text.
const LAWS: [&str; 3] = [
    "第一条　为了保护个人信息权益，规范个人信息处理活动，促进个人信息合理利用，根据宪法，制定本法。\
第二条　自然人的个人信息受法律保护，任何组织、个人不得侵害自然人的个人信息权益。\
第三条　在中华人民共和国境内处理自然人个人信息的活动，适用本法。",
    "第十条　任何组织、个人不得非法收集、使用、加工、传输他人个人信息，不得非法买卖、提供或者公开\
他人个人信息；不得从事危害国家安全、公共利益的个人信息处理活动。\
第十一条　国家建立健全个人信息保护制度，预防和惩治侵害个人信息权益的行为，加强个人信息保护宣传教育。",
    "第六十条　国家网信部门负责统筹协调个人信息保护工作和相关监督管理工作。国务院有关部门依照本法和\
有关法律、行政法规的规定，在各自职责范围内负责个人信息保护和监督管理工作。",
];

/// The paper's own words around the copies.
const OPENING: &str =
    "近年来，随着移动互联网的普及，个人信息泄露事件频繁发生，引起了社会各界的广泛关注。\
本文以某省的地方立法实践为例，讨论地方政府在个人信息保护中的作用。\n";
const CLOSING: &str =
    "\n我们认为，地方立法的探索为国家层面的制度建设积累了经验，但在执法力量和技术手段\
方面仍存在不足，需要进一步完善。";

fn chinese_checker() -> Checker {
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    checker.add_reference(Reference::new("news", NEWS)).unwrap();
    for (i, law) in LAWS.iter().enumerate() {
        checker
            .add_reference(Reference::new(format!("law{i}"), *law))
            .unwrap();
    }
    checker
}

/// The part of `text` between `from` (inclusive) and `to` (inclusive).
fn between<'a>(text: &'a str, from: &str, to: &str) -> &'a str {
    let start = text.find(from).unwrap();
    let end = start + text[start..].find(to).unwrap() + to.len();
    &text[start..end]
}

/// `text` without the punctuation at its ends, which no passage begins or ends with.
fn trim(text: &str) -> &str {
    text.trim_matches(|c: char| !c.is_alphanumeric())
}

fn slice(text: &str, start: usize, end: usize) -> &str {
    Span::new(start, end).slice_of(text)
}

/// Each passage of source `id` as the paper text it covers.
fn passages<'a>(report: &Report, paper: &'a str, id: &str) -> Vec<&'a str> {
    let source = report.sources.iter().find(|s| s.id == id);
    (source.iter().flat_map(|s| &s.passages))
        .map(|p| slice(paper, p.start, p.end))
        .collect()
}

/// Asserts that `report` has one passage of source `id`, holding the whole `copy`.
fn assert_whole(report: &Report, paper: &str, id: &str, copy: &str) {
    let found = passages(report, paper, id);
    assert!(
        found.len() == 1 && found[0].contains(trim(copy)),
        "{found:?}\n{:?}",
        quotations(report, paper)
    );
}

/// The quotations left out, as text with the source each names.
fn quotations<'a>(report: &'a Report, paper: &'a str) -> Vec<(&'a str, Option<&'a str>)> {
    (report.excluded.iter())
        .filter(|e| e.kind == ExclusionKind::Quote)
        .map(|e| (slice(paper, e.start, e.end), e.source.as_deref()))
        .collect()
}

#[test]
fn an_opening_quote_of_the_paper_cannot_swallow_a_chinese_copy() {
    let checker = chinese_checker();
    // The paper opens a quotation of its own, then copies the news from inside its quotation:
    // the news's closing mark pairs with the paper's opening one, 153 of the 169 copied
    // characters between them, and the 14 characters after them are too few for a passage.
    let copy = between(NEWS, "各级人民政府", "尚属首例。");
    let paper = format!("{OPENING}王教授在接受采访时谈到“{copy}{CLOSING}");
    let report = checker.check(&paper, &CheckOptions::default()).unwrap();
    assert_whole(&report, &paper, "news", copy);
    assert!(quotations(&report, &paper).is_empty());
    assert!(report.similarity > 0.5, "{}", report.similarity);

    // A copy that ends inside its source's quotation: the opening mark it copied pairs with a
    // closing mark the paper writes further on, and the 16 characters before it are too few.
    let copy = between(NEWS, "新修订的", "发展规划，");
    let paper = format!("{OPENING}{copy}以及其他方面的要求。”笔者称之为双重责任。{CLOSING}");
    let report = checker.check(&paper, &CheckOptions::default()).unwrap();
    assert_whole(&report, &paper, "news", copy);
    assert!(quotations(&report, &paper).is_empty());
}

/// A Brown corpus text that quotes 60 of its words, and what is around the quotation.
struct QuotingSource {
    before: String,
    quoted: String,
    after: String,
}

impl QuotingSource {
    fn new(text: &str) -> Self {
        let plain = text.replace('"', "");
        QuotingSource {
            before: words(&plain, 0, 150),
            quoted: words(&plain, 150, 60),
            after: words(&plain, 210, 300),
        }
    }

    fn text(&self) -> String {
        let (before, quoted, after) = (&self.before, &self.quoted, &self.after);
        format!("{before} The report concluded: “{quoted}” {after}")
    }
}

/// Three Brown texts as references, the second quoting itself; the fourth is the paper's own.
fn english_checker() -> (Checker, QuotingSource, String) {
    let docs = brown_documents(4);
    let source = QuotingSource::new(&docs[1]);
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    for (id, text) in [("doc0", docs[0].clone()), ("doc1", source.text())] {
        checker.add_reference(Reference::new(id, text)).unwrap();
    }
    checker
        .add_reference(Reference::new("doc2", docs[2].as_str()))
        .unwrap();
    (checker, source, docs[3].replace('"', ""))
}

#[test]
fn an_opening_quote_of_the_paper_cannot_swallow_an_english_copy() {
    let (checker, source, own) = english_checker();
    // The copy runs from inside the source's quotation to 8 words past its closing mark.
    let copy = format!("{}” {}", source.quoted, words(&source.after, 0, 8));
    let paper = format!(
        "{} Critics of the plan have argued that “{copy} {}",
        words(&own, 0, 120),
        words(&own, 200, 120)
    );
    let report = checker.check(&paper, &CheckOptions::default()).unwrap();
    assert_whole(&report, &paper, "doc1", &copy);
    assert!(quotations(&report, &paper).is_empty());
}

#[test]
fn a_copied_paragraph_holding_a_quotation_is_reported_whole() {
    let (checker, source, own) = english_checker();
    let copy = format!(
        "{} The report concluded: “{}” {}",
        words(&source.before, 100, 50),
        source.quoted,
        words(&source.after, 0, 50)
    );
    let paper = format!("{} {copy} {}", words(&own, 0, 120), words(&own, 200, 120));
    let report = checker.check(&paper, &CheckOptions::default()).unwrap();
    assert_whole(&report, &paper, "doc1", &copy);
    assert!(quotations(&report, &paper).is_empty());
}

#[test]
fn a_quotation_of_a_source_is_left_out_and_names_it() {
    let (checker, source, own) = english_checker();
    // The lead-in shares three words with the source ("the report concluded"): a quotation's
    // attribution, not a copy running across its edge.
    let quoted = format!("“{}”", words(&source.quoted, 0, 30));
    let unquoted = format!("“{}”", words(&own, 400, 30));
    let paper = format!(
        "{} As the report concluded, {quoted} We read {unquoted} elsewhere. {}",
        words(&own, 0, 120),
        words(&own, 200, 120)
    );
    let report = checker.check(&paper, &CheckOptions::default()).unwrap();
    assert!(report.sources.is_empty(), "{:?}", report.sources);
    assert_eq!(
        quotations(&report, &paper),
        [(quoted.as_str(), Some("doc1")), (unquoted.as_str(), None)]
    );
    let json = serde_json::to_value(&report.excluded).unwrap();
    assert_eq!(json[0]["source"], "doc1");
    assert!(json[1].get("source").is_none(), "{json}");

    let checker = chinese_checker();
    let quoted = format!("“{}”", between(NEWS, "各级人民政府", "发展规划"));
    let paper = format!(
        "{OPENING}条例第三条规定：{quoted}。笔者认为，这一要求有助于明确政府责任。{CLOSING}"
    );
    let report = checker.check(&paper, &CheckOptions::default()).unwrap();
    assert!(report.sources.is_empty(), "{:?}", report.sources);
    assert_eq!(
        quotations(&report, &paper),
        [(quoted.as_str(), Some("news"))]
    );
}

#[test]
fn a_quotation_next_to_a_copy_of_the_same_source_is_still_a_quotation() {
    let (checker, source, own) = english_checker();
    // The source's text that follows the quoted words is copied 12 words after the closing mark:
    // alignment joins the two into one passage, but the source's text does not go on past the
    // mark, so the quotation is one. The copy ends at a full stop: a word or two copied into
    // the writer's next sentence is the source going on, not a copy of that sentence.
    let quoted = format!("“{}”", words(&source.quoted, 30, 30));
    let copy = words(&source.after, 0, 40);
    let copy = &copy[..=copy.rfind('.').expect("a full stop in 40 words")];
    let paper = format!(
        "{} As the report concluded, {quoted} {} {copy} {}",
        words(&own, 0, 120),
        words(&own, 130, 12),
        words(&own, 200, 120)
    );
    let report = checker.check(&paper, &CheckOptions::default()).unwrap();
    assert_whole(&report, &paper, "doc1", copy);
    assert_eq!(
        quotations(&report, &paper),
        [(quoted.as_str(), Some("doc1"))]
    );
}

/// A classmate's essay in the library quotes `quote` with `lead_in`, and so does the paper, the
/// writer's own apart from that quotation: the report of the paper, and the paper.
fn quoted_like_a_classmate(lead_in: &str, quote: &str) -> (Report, String) {
    let docs = brown_documents(4);
    let classmate = format!(
        "{} {lead_in}{quote} {}",
        words(&docs[0], 0, 150),
        words(&docs[0], 150, 150)
    );
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    checker
        .add_reference(Reference::new("classmate", classmate))
        .unwrap();
    checker
        .add_reference(Reference::new("doc1", docs[1].as_str()))
        .unwrap();
    let own = docs[3].replace('"', "");
    let paper = format!(
        "{} {lead_in}{quote} {}",
        words(&own, 0, 120),
        words(&own, 200, 120)
    );
    (
        checker.check(&paper, &CheckOptions::default()).unwrap(),
        paper,
    )
}

#[test]
fn a_quotation_with_a_lead_in_another_essay_shares_is_left_out() {
    let lead_in = "As Shakespeare famously wrote in Hamlet, ";
    let quote = "“To be, or not to be, that is the question: whether 'tis nobler in the mind to \
                 suffer the slings and arrows of outrageous fortune.”";
    let (report, paper) = quoted_like_a_classmate(lead_in, quote);
    assert_eq!(report.similarity, 0.0, "{:?}", report.sources);
    let left_out = quotations(&report, &paper);
    assert_eq!(left_out, vec![(quote, Some("classmate"))]);
}

/// A lead-in as long as a passage (12 words) that one classmate shares is still stock: its names
/// and titles are what anyone quoting the line writes, and the rest is "In the words of … in".
#[test]
fn a_quotation_with_a_long_attribution_one_classmate_shares_is_left_out() {
    let lead_in = "In the words of Charles Dickens in A Tale of Two Cities, ";
    let quote = "“It was the best of times, it was the worst of times, it was the age of wisdom, \
                 it was the age of foolishness.”";
    let (report, paper) = quoted_like_a_classmate(lead_in, quote);
    assert_eq!(report.similarity, 0.0, "{:?}", report.sources);
    let left_out = quotations(&report, &paper);
    assert_eq!(left_out.len(), 1, "{left_out:?}");
    assert!(left_out[0].0.ends_with(quote), "{left_out:?}");
    assert_eq!(left_out[0].1, Some("classmate"));
}

/// The same in Chinese: `李白在《将进酒》中写道：“…”` in a classmate's essay and in the paper.
#[test]
fn a_chinese_quotation_with_a_shared_lead_in_is_left_out() {
    let lead_in = "正如李白在《将进酒》中写道：";
    let quote = "“君不见黄河之水天上来，奔流到海不复回。君不见高堂明镜悲白发，朝如青丝暮成雪。”";
    let classmate = format!("{}{lead_in}{quote}{}", LAWS[0], LAWS[1]);
    let mut checker = chinese_checker();
    checker
        .add_reference(Reference::new("classmate", classmate))
        .unwrap();
    let paper = format!("{OPENING}{lead_in}{quote}{CLOSING}");
    let report = checker.check(&paper, &CheckOptions::default()).unwrap();
    assert_eq!(report.similarity, 0.0, "{:?}", report.sources);
    assert_eq!(
        quotations(&report, &paper),
        vec![(quote, Some("classmate"))]
    );
}

/// Two lines quoted one after the other, each with a stock lead-in that a classmate's essay uses
/// for the same lines: the two lead-ins together are as long as a copy, but each is a lead-in of
/// its own quotation, and both quotations are left out.
#[test]
fn two_quotations_with_shared_lead_ins_in_a_row_are_left_out() {
    let first = (
        "正如一位学者在《法学》上所言：",
        "“作出罚款决定的行政机关应当与收缴罚款的机构分离。”",
    );
    let second = (
        "正如苏力在《法治及其本土资源》中所说：",
        "“经批准的草原保护、建设、利用规划确需调整或者修改时，须经原批准机关批准。”",
    );
    let classmate = format!(
        "{}{}{}{}{}{}{}",
        LAWS[0],
        first.0,
        first.1,
        "第一百四十二条 整顿过程中，被整顿保险公司的原有业务继续进行。",
        second.0,
        second.1,
        LAWS[1]
    );
    let mut checker = chinese_checker();
    checker
        .add_reference(Reference::new("classmate", classmate))
        .unwrap();
    let paper = format!(
        "{OPENING}{}{}（四）向境外提供个人信息；{}{}{CLOSING}",
        first.0, first.1, second.0, second.1
    );
    let report = checker.check(&paper, &CheckOptions::default()).unwrap();
    assert_eq!(report.similarity, 0.0, "{:?}", report.sources);
    assert_eq!(
        quotations(&report, &paper),
        vec![(first.1, Some("classmate")), (second.1, Some("classmate"))]
    );
}

/// News copied with its quotes (“…” she said. “…”), the copy ending with the second: the first
/// quotation is part of the copy, so the second's lead-in runs back to the copy's start.
#[test]
fn a_copy_ending_with_two_quotations_is_reported_whole() {
    let docs = brown_documents(4);
    let plain = docs[1].replace('"', "");
    let (before, first, second, after) = (
        words(&plain, 0, 150),
        words(&plain, 150, 20),
        words(&plain, 170, 20),
        words(&plain, 190, 200),
    );
    let source = format!("{before} “{first}” she said. “{second}” {after}");
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    for (id, text) in [("doc0", docs[0].clone()), ("doc1", source)] {
        checker.add_reference(Reference::new(id, text)).unwrap();
    }
    let own = docs[3].replace('"', "");
    let copy = format!("{} “{first}” she said. “{second}”", words(&before, 100, 50));
    let paper = format!("{} {copy} {}", words(&own, 0, 120), words(&own, 200, 120));
    let report = checker.check(&paper, &CheckOptions::default()).unwrap();
    assert_whole(&report, &paper, "doc1", copy.trim_end_matches('”'));
    assert!(quotations(&report, &paper).is_empty());
}

/// Issue 42: a quotation with a stock lead-in of 14 words, longer than `minWords`, that two
/// classmates quoting the same line use too. The lead-in is as long as a copy, but it is text
/// other references hold as well: the quotation is left out, and nothing is reported.
#[test]
fn a_long_stock_lead_in_that_classmates_share_is_no_copy() {
    let docs = brown_documents(5);
    let plain: Vec<String> = docs.iter().map(|d| d.replace('"', "")).collect();
    let lead_in = "In the words of Martin Luther King Jr. in his Letter from Birmingham Jail,";
    let quoted = format!("“{}”", words(&plain[0], 300, 30));
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    checker
        .add_reference(Reference::new("source", plain[0].as_str()))
        .unwrap();
    for (id, own) in [("classmate1", &plain[1]), ("classmate2", &plain[2])] {
        let essay = format!(
            "{} {lead_in} {quoted} {}",
            words(own, 0, 150),
            words(own, 150, 150)
        );
        checker.add_reference(Reference::new(id, essay)).unwrap();
    }
    let paper = format!(
        "{} {lead_in} {quoted} {}",
        words(&plain[3], 0, 150),
        words(&plain[3], 150, 150)
    );
    let report = checker.check(&paper, &CheckOptions::default()).unwrap();
    assert_eq!(report.similarity, 0.0, "{:?}", report.sources);
    // Left out with its lead-in, which is no evidence either.
    assert_eq!(
        quotations(&report, &paper),
        vec![(format!("{lead_in} {quoted}").as_str(), Some("classmate1"))]
    );
}
