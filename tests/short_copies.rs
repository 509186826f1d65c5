//! Short copies a student makes (issue 42): one sentence copied whole is a passage, even when the
//! domain's stock phrases, which many references hold and which are no evidence by themselves,
//! break it into runs shorter than an anchor.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::spans::{assert_not_marked, covered, span_of};
use plagscope::checker::{CheckOptions, Checker, CheckerOptions, Reference};

/// Three stock phrases of a statute, written for this test: the library's other provisions hold
/// them too, so they are common phrasing.
const STOCK: [&str; 3] = [
    "由全国人民代表大会常务委员会",
    "由县级以上地方各级人民政府",
    "按照法律规定的权限和程序",
];

/// The copied sentence, in a law's style: 42 characters of its own in runs of 10 to 12 (an
/// anchor is 20), the stock phrases between them.
const SENTENCE: &str =
    "海岛特区成立后，原有规章除由全国人民代表大会常务委员会宣布同本法抵触的以外，\
由县级以上地方各级人民政府继续沿用为特区规章，并按照法律规定的权限和程序加以修订或者宣告失效。";

/// A provision of another law, `n`, that uses both stock phrases in sentences of its own.
fn other_provision(n: usize) -> String {
    const SUBJECTS: [&str; 6] = ["渔业", "港口", "气象", "档案", "测绘", "森林"];
    const DUTIES: [&str; 4] = ["登记", "备案", "审查", "公告"];
    let (subject, duty) = (SUBJECTS[n % 6], DUTIES[n / 6 % 4]);
    format!(
        "第{n}条 {subject}管理的具体办法{}另行规定，并报国务院{duty}。\
{subject}主管部门应当{}作出决定，不得超越职权办理第{n}项事务。\
{subject}设施的建设和维护{}统一组织实施。",
        STOCK[0], STOCK[2], STOCK[1]
    )
}

fn library() -> Checker {
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    let law = format!(
        "第一条 为了规范海岛特区的设立和管理，根据宪法，制定本法。第二条 {SENTENCE}\
第三条 特区的渔港、码头和航标，由特区政府负责维护，经费列入特区财政预算。"
    );
    checker
        .add_reference(Reference::new("island-law", law))
        .unwrap();
    for n in 0..16 {
        let id = format!("other-{n}");
        checker
            .add_reference(Reference::new(id, other_provision(n)))
            .unwrap();
    }
    checker
}

#[test]
fn a_sentence_copied_whole_through_the_domains_stock_phrases_is_found() {
    let own = "我觉得这个规定很有意思，因为它让旧的制度可以慢慢过渡。";
    let paper = format!("我们这周学习了一部关于海岛特区的法律。{SENTENCE}{own}");
    let report = library().check(&paper, &CheckOptions::default()).unwrap();
    assert!(
        covered(&report, span_of(&paper, SENTENCE)) > 0.9,
        "{report:#?}"
    );
    assert_eq!(report.sources.len(), 1, "{report:#?}");
    assert_eq!(report.sources[0].id, "island-law");
    assert_not_marked(&report, &paper, own);
}

#[test]
fn the_stock_phrases_alone_are_not_a_copy() {
    let paper = format!(
        "期末论文：海岛的管理。有关制度{}确定，日常事务{}负责，地方{}执行，我们应当尊重这些安排。",
        STOCK[0], STOCK[1], STOCK[2]
    );
    let report = library().check(&paper, &CheckOptions::default()).unwrap();
    assert!(report.sources.is_empty(), "{report:#?}");
}
