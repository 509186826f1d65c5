//! Translated copies (issue 30): a Chinese translation of an English source is found, and the
//! reverse; a Chinese text on the same subject that translates nothing is not; the option needs the
//! sentence model. With it, an English rewording whose words changed is found too, and an English
//! text on the same subject is not. The texts were written for this test: the Chinese passage
//! translates the English one sentence by sentence, the reworded one says it again sentence by
//! sentence in other words, the same-topic texts do not (ground truth by construction).
//!
//! Needs the model and the lexicon (`node scripts/model.mjs && node scripts/lexicon.mjs`).

mod common;

use common::model::checker;
use common::norias::{NORIAS_EN, PUMPS_EN};

use plagscope::align::Evidence;
use plagscope::checker::{CheckOptions, Checker, CheckerOptions, Reference};
use plagscope::error::ErrorCode;

const NORIAS_ZH: &str = "哈马水车是叙利亚西部奥龙特斯河上的一组木制水车。其中最古老的水车建于中世纪，用来把河水提升到渡槽里。\
每个水车只靠水流转动，高度可达二十米。水被装在固定于轮缘上的木箱里，到顶部时倒入一条石砌水渠。\
渡槽再从那里把水送到城里的花园、清真寺和公共浴室。今天仍有十七座水车保存下来，不过已经没有一座用于灌溉。\
二十世纪时，现代水泵取代了它们，水车于是成为这座城市的象征。木轴摩擦发出的吱嘎声，沿着河岸很远都能听到。";

const WHEELS_ZH: &str = "水车是一种古老的提水工具，在中国已有一千多年的历史。农民利用水车把低处的河水引到高处的农田里灌溉庄稼。\
常见的水车有龙骨水车和筒车两种。筒车一般安装在水流较急的河边，依靠水力带动转轮。龙骨水车则需要人力或畜力踩动。\
随着抽水机的普及，传统水车在农村已经很少见了。如今一些地方把水车作为景观保留下来，供游客参观。";

/// NORIAS_EN said again in other words, sentence by sentence, as a student who hides a copy would.
const NORIAS_REWORDED_EN: &str =
    "Along the Orontes in the west of Syria stands a group of timber wheels known as the norias of Hama. \
The earliest date from medieval times, when they raised river water up to the aqueducts. \
Only the current of the river turns each wheel, and some are twenty meters tall. \
Wooden boxes attached around the rim scoop up water and empty it into a stone conduit at the summit. \
The aqueducts then carried that water onward to the town's gardens, mosques and bathhouses. \
Seventeen wheels remain standing, though not one of them waters any fields now. \
Mechanical pumps took their place during the 1900s, and the wheels turned into an emblem of Hama. \
The rubbing of the wooden axle makes a moaning sound that carries a long way down the river.";

/// Water wheels in general: the subject of NORIAS_EN, none of its sentences.
const WHEELS_EN: &str = "A noria is a machine that lifts water with containers fixed to a wheel. \
Such wheels were used in Spain, in the Middle East and in China for many centuries. \
Most of them were turned by animals walking in a circle, while others were driven by a stream. \
Farmers used them to bring water from rivers and wells to their fields and orchards. \
Many towns still keep an old wheel as a monument, although electric pumps do the work today.";

const HOST_ZH: &str =
    "本学期我们研究了古代的工程技术。老师要求每位同学选择一个题目，写一篇两千字左右的报告。\
我选择了中东地区的水利设施，因为这个题目很少有人写。下面是我的报告的一部分。";

const HOST_EN: &str = "This term our seminar studied engineering in the ancient world. \
Each of us had to choose a subject and write a report of about two thousand words. \
I chose the water works of the Middle East, since few students write about them. \
What follows is part of my report.";

fn translated() -> CheckOptions {
    let mut options = CheckOptions::default();
    options.align.translated = true;
    options
}

#[test]
fn a_chinese_translation_of_an_english_source_is_found() {
    let checker = checker(&[("norias", NORIAS_EN), ("pumps", PUMPS_EN)]);
    let paper = format!("{HOST_ZH}{NORIAS_ZH}");
    let report = checker.check(&paper, &translated()).unwrap();
    assert_eq!(report.sources.len(), 1, "{report:#?}");
    let source = &report.sources[0];
    assert_eq!(source.id, "norias");
    let passage = &source.passages[0];
    assert_eq!(passage.evidence, Evidence::Translated);
    let languages = passage
        .languages
        .as_ref()
        .expect("a translated passage names its languages");
    assert_eq!(
        (languages.paper.as_str(), languages.source.as_str()),
        ("zh", "en")
    );
    assert!(passage.sentence_pairs.len() >= 5, "{passage:#?}");
    // The passage is the translation, not the host before it.
    let start = paper.encode_utf16().count() - NORIAS_ZH.encode_utf16().count();
    assert!(
        passage.start >= start - 2 && passage.start <= start + 30,
        "{passage:#?}"
    );
    assert!(passage
        .sentence_pairs
        .iter()
        .all(|pair| pair.similarity >= 0.5));
    assert!(report.similarity > 0.5, "{}", report.similarity);
}

#[test]
fn an_english_translation_of_a_chinese_source_is_found() {
    let checker = checker(&[("norias-zh", NORIAS_ZH), ("wheels-zh", WHEELS_ZH)]);
    let paper = format!("{HOST_EN} {NORIAS_EN}");
    let report = checker.check(&paper, &translated()).unwrap();
    let ids: Vec<&str> = report.sources.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["norias-zh"], "{report:#?}");
    let passage = &report.sources[0].passages[0];
    assert_eq!(passage.evidence, Evidence::Translated);
    let languages = passage.languages.as_ref().unwrap();
    assert_eq!(
        (languages.paper.as_str(), languages.source.as_str()),
        ("en", "zh")
    );
}

/// Two consecutive sentences of NORIAS_EN (which translate two of NORIAS_ZH), between sentences
/// of the writer's own on water in farming.
const SHORT_TRANSLATION_EN: [&str; 2] = [
    "Each wheel is turned by the current alone and can reach a height of twenty meters.",
    "The water is carried in wooden boxes fixed to the rim and poured into a stone channel at the top.",
];

const OWN_BEFORE_EN: &str =
    "My grandfather farmed rice on a hillside in the south for forty years. \
He always said that moving water uphill was the hardest work on the farm.";

const OWN_AFTER_EN: &str =
    "In his village the families took turns to clean the channels every spring. \
Today a small electric motor does what once took a whole morning of work.";

#[test]
fn two_sentences_translated_between_the_writers_own_are_found_and_only_they() {
    let checker = checker(&[("norias-zh", NORIAS_ZH), ("wheels-zh", WHEELS_ZH)]);
    let copied = SHORT_TRANSLATION_EN.join(" ");
    let paper = format!("{OWN_BEFORE_EN} {copied} {OWN_AFTER_EN}");
    let report = checker.check(&paper, &translated()).unwrap();
    let ids: Vec<&str> = report.sources.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["norias-zh"], "{report:#?}");
    let passages = &report.sources[0].passages;
    assert_eq!(passages.len(), 1, "{passages:#?}");
    assert_eq!(passages[0].evidence, Evidence::Translated);
    let start = OWN_BEFORE_EN.encode_utf16().count() + 1;
    let end = start + copied.encode_utf16().count();
    assert!(
        passages[0].start >= start - 1 && passages[0].end <= end + 1,
        "only the two sentences: {start}..{end}, {:#?}",
        passages[0]
    );
    assert!(passages[0].end - passages[0].start > (end - start) * 9 / 10);
    // One sentence alone is not enough evidence of a translation.
    let one = format!("{OWN_BEFORE_EN} {} {OWN_AFTER_EN}", SHORT_TRANSLATION_EN[0]);
    let report = checker.check(&one, &translated()).unwrap();
    assert!(report.sources.is_empty(), "{report:#?}");
}

/// A Chinese help page on one function, names in Latin letters as translators keep them.
const DATESERIAL_ZH: &str = "DateSerial 函数返回由指定的年、月、日组成的 Date 值。\
如果 month 参数大于十二，DateSerial 会把多出来的月份计入下一年。\
在 Excel 的宏里，常用 DateSerial 求出某个月的最后一天。本页的示例都可以在立即窗口中运行。";

/// Two sentences of DATESERIAL_ZH in English.
const DATESERIAL_EN: &str = "The DateSerial function returns a Date value made of the given year, month and day. \
If the month argument is greater than twelve, DateSerial carries the extra months into the next year.";

/// The same two sentences on another function of the same help system (its pages are written
/// from one template): a page on TimeSerial, not a translation of the page on DateSerial.
const TIMESERIAL_EN: &str = "The TimeSerial function returns a Date value made of the given year, month and day. \
If the month argument is greater than twelve, TimeSerial carries the extra months into the next year.";

#[test]
fn two_sentences_naming_another_function_are_no_translation() {
    let checker = checker(&[("dateserial-zh", DATESERIAL_ZH), ("wheels-zh", WHEELS_ZH)]);
    let paper = format!("{OWN_BEFORE_EN} {DATESERIAL_EN} {OWN_AFTER_EN}");
    let report = checker.check(&paper, &translated()).unwrap();
    let ids: Vec<&str> = report.sources.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["dateserial-zh"], "{report:#?}");
    let paper = format!("{OWN_BEFORE_EN} {TIMESERIAL_EN} {OWN_AFTER_EN}");
    let report = checker.check(&paper, &translated()).unwrap();
    assert!(report.sources.is_empty(), "{report:#?}");
}

/// A recipe in short steps, and an English translation of its steps: the two first long, the
/// two last short (under 10 words).
const CAKE_ZH: &str = "打开烤箱，把温度预热到二百度，同时在烤盘上涂一层黄油。\
把面粉、白糖和三个鸡蛋放进大碗里，用打蛋器搅拌到完全均匀。加入一杯温牛奶，再继续搅拌五分钟。\
把面糊倒进烤盘，放进烤箱中层烤二十五分钟。用牙签检查蛋糕是否烤熟。取出蛋糕放在架子上冷却。\
最后撒上糖粉，切块享用。";

const CAKE_LONG_EN: &str = "Turn on the oven and preheat it to two hundred degrees, and grease a baking tray with butter. \
Put the flour, the sugar and three eggs in a large bowl and beat them with a whisk until fully smooth.";

const CAKE_SHORT_EN: &str = "Check with a toothpick whether the cake is done. \
Take the cake out and let it cool on a rack.";

/// Three sentences: more than a translated run steps over, so the short steps are a run of their
/// own.
const OWN_MIDDLE_EN: &str = "Baking was the first thing my mother taught me when I was a child. \
She never measured anything and still got it right every time. \
Our kitchen was small, so the whole flat smelled of butter on Sundays.";

#[test]
fn short_translated_steps_count_once_the_source_is_established() {
    let checker = checker(&[("cake-zh", CAKE_ZH), ("wheels-zh", WHEELS_ZH)]);
    let paper = format!("{CAKE_LONG_EN} {OWN_MIDDLE_EN} {CAKE_SHORT_EN} {OWN_AFTER_EN}");
    let report = checker.check(&paper, &translated()).unwrap();
    let ids: Vec<&str> = report.sources.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["cake-zh"], "{report:#?}");
    let short = paper.find(CAKE_SHORT_EN).unwrap();
    let marked = |from: usize, to: usize| {
        (report.sources[0].passages.iter()).any(|p| p.start < to && from < p.end)
    };
    assert!(marked(0, CAKE_LONG_EN.len()), "{report:#?}");
    assert!(marked(short, short + CAKE_SHORT_EN.len()), "{report:#?}");
    let own = paper.find(OWN_MIDDLE_EN).unwrap();
    assert!(!marked(own, own + OWN_MIDDLE_EN.len()), "{report:#?}");
    // The short steps alone are no evidence of a translation.
    let alone = format!("{OWN_MIDDLE_EN} {CAKE_SHORT_EN} {OWN_AFTER_EN}");
    let report = checker.check(&alone, &translated()).unwrap();
    assert!(report.sources.is_empty(), "{report:#?}");
}

#[test]
fn a_text_on_the_same_subject_in_the_other_language_is_not_a_copy() {
    let checker = checker(&[("norias", NORIAS_EN), ("pumps", PUMPS_EN)]);
    let report = checker
        .check(&format!("{HOST_ZH}{WHEELS_ZH}"), &translated())
        .unwrap();
    assert!(report.sources.is_empty(), "{report:#?}");
}

#[test]
fn translated_copies_are_looked_for_only_when_asked_and_with_the_model() {
    let checker = checker(&[("norias", NORIAS_EN)]);
    let report = checker.check(NORIAS_ZH, &CheckOptions::default()).unwrap();
    assert!(report.sources.is_empty(), "off by default");
    let mut plain = Checker::new(CheckerOptions::default()).unwrap();
    plain
        .add_reference(Reference::new("norias", NORIAS_EN))
        .unwrap();
    let error = plain.check(NORIAS_ZH, &translated()).unwrap_err();
    assert_eq!(
        (error.code(), error.path()),
        (ErrorCode::InvalidOption, "align.translated")
    );
    assert!(error.to_string().contains("sentence model"), "{error}");
}

#[test]
fn a_removed_reference_is_forgotten() {
    let mut checker = checker(&[("norias", NORIAS_EN)]);
    assert_eq!(
        checker
            .check(NORIAS_ZH, &translated())
            .unwrap()
            .sources
            .len(),
        1
    );
    checker.remove_reference("norias").unwrap();
    checker
        .add_reference(Reference::new("norias", PUMPS_EN))
        .unwrap();
    assert!(checker
        .check(NORIAS_ZH, &translated())
        .unwrap()
        .sources
        .is_empty());
}

#[test]
fn an_english_rewording_is_found_by_the_model_and_a_text_on_the_subject_is_not() {
    let checker = checker(&[("norias", NORIAS_EN), ("pumps", PUMPS_EN)]);
    let paper = format!("{HOST_EN} {NORIAS_REWORDED_EN}");
    // The words alone (exact runs, shared content words) miss it.
    let words_only = checker.check(&paper, &CheckOptions::default()).unwrap();
    assert!(words_only.sources.is_empty(), "{words_only:#?}");
    let report = checker.check(&paper, &translated()).unwrap();
    let ids: Vec<&str> = report.sources.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["norias"], "{report:#?}");
    // A sentence the model pairs with none of the source's cuts the passage (a report is true to
    // sentences): the pieces together hold the pairs.
    let passages = &report.sources[0].passages;
    let start = paper.encode_utf16().count() - NORIAS_REWORDED_EN.encode_utf16().count();
    for passage in passages {
        assert_eq!(passage.evidence, Evidence::Rewritten);
        let languages = passage
            .languages
            .as_ref()
            .expect("the model's passage names its languages");
        assert_eq!(
            (languages.paper.as_str(), languages.source.as_str()),
            ("en", "en")
        );
        assert!(passage.start >= start, "not in the host: {passage:#?}");
        assert_eq!(
            passage.sentence_pairs.len(),
            passage.sentences,
            "{passage:#?}"
        );
    }
    let pairs: usize = passages.iter().map(|p| p.sentence_pairs.len()).sum();
    assert!(pairs >= 4, "{passages:#?}");
    let on_subject = checker
        .check(&format!("{HOST_EN} {WHEELS_EN}"), &translated())
        .unwrap();
    assert!(on_subject.sources.is_empty(), "{on_subject:#?}");
}

#[test]
fn a_reworded_copy_is_left_to_the_words_when_they_find_it() {
    // With rewritten evidence off, the model does not look within one language either.
    let checker = checker(&[("norias", NORIAS_EN)]);
    let mut options = translated();
    options.align.rewritten = false;
    let report = checker.check(NORIAS_REWORDED_EN, &options).unwrap();
    assert!(report.sources.is_empty(), "{report:#?}");
    // A pasted copy is exact evidence, not the model's.
    let pasted = checker.check(NORIAS_EN, &translated()).unwrap();
    let passage = &pasted.sources[0].passages[0];
    assert_eq!(passage.evidence, Evidence::Exact);
    assert!(passage.languages.is_none());
}

/// The writer's own sentences, on their visit to Hama: the subject of NORIAS_ZH, none of its
/// sentences.
const OWN_VISIT_EN: [&str; 3] = [
    "My family visited Hama in the spring of the year before the war. \
My father wanted to show us the town where his own father had been a teacher.",
    "We arrived late in the evening and stayed with a cousin near the old market.",
    "I still have the photographs my sister took from the bridge that morning. \
In most of them I am squinting into the sun and holding an ice cream.",
];

#[test]
fn sentences_translated_one_at_a_time_between_the_writers_own_are_found_and_only_they() {
    let checker = checker(&[("norias-zh", NORIAS_ZH), ("wheels-zh", WHEELS_ZH)]);
    let source: Vec<&str> = NORIAS_EN.split_inclusive(". ").map(str::trim).collect();
    // One, one and two sentences of the source in its order, the writer's own between them:
    // no block is a run of `minSentences` pairs alone.
    let blocks = [
        source[0].to_string(),
        source[2].to_string(),
        source[4..6].join(" "),
    ];
    let paper = format!(
        "{} {} {} {} {} {}",
        blocks[0], OWN_VISIT_EN[0], blocks[1], OWN_VISIT_EN[1], blocks[2], OWN_VISIT_EN[2]
    );
    let report = checker.check(&paper, &translated()).unwrap();
    let ids: Vec<&str> = report.sources.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["norias-zh"], "{report:#?}");
    let marked = |text: &str| {
        let from = paper[..paper.find(text).unwrap()].encode_utf16().count();
        let to = from + text.encode_utf16().count();
        (report.sources[0].passages.iter()).any(|p| p.start < to && from < p.end)
    };
    for block in &blocks {
        assert!(marked(block), "{block}: {report:#?}");
    }
    for own in OWN_VISIT_EN {
        assert!(!marked(own), "{own}: {report:#?}");
    }
    // Two of the blocks are not enough order to tell a translation from a text on the subject.
    let two = format!(
        "{} {} {} {}",
        blocks[0], OWN_VISIT_EN[0], blocks[1], OWN_VISIT_EN[1]
    );
    let report = checker.check(&two, &translated()).unwrap();
    assert!(report.sources.is_empty(), "{report:#?}");
}

/// NORIAS_REWORDED_EN from its second sentence, the water boxes' sentence reworded lightly instead:
/// so close to its source sentence in words that the two pair by themselves (a sentence seed), one
/// seed too few for a rewritten passage.
const NORIAS_PARTLY_REWORDED_EN: &str =
    "The earliest date from medieval times, when they raised river water up to the aqueducts. \
Only the current of the river turns each wheel, and some are twenty meters tall. \
In wooden boxes on the rim the water is carried, and at the top it is poured into a channel of stone. \
The aqueducts then carried that water onward to the town's gardens, mosques and bathhouses. \
Seventeen wheels remain standing, though not one of them waters any fields now. \
Mechanical pumps took their place during the 1900s, and the wheels turned into an emblem of Hama. \
The rubbing of the wooden axle makes a moaning sound that carries a long way down the river.";

#[test]
fn a_source_whose_words_pair_a_few_sentences_is_still_looked_at_by_the_model() {
    let checker = checker(&[("norias", NORIAS_EN), ("pumps", PUMPS_EN)]);
    let paper = format!("{HOST_EN} {NORIAS_PARTLY_REWORDED_EN}");
    // The words alone find little of it.
    let words_only = checker.check(&paper, &CheckOptions::default()).unwrap();
    let marked = |report: &plagscope::checker::Report| -> usize {
        (report.sources.iter().flat_map(|s| &s.passages))
            .map(|p| p.end - p.start)
            .sum()
    };
    let reworded = NORIAS_PARTLY_REWORDED_EN.encode_utf16().count();
    assert!(
        marked(&words_only) < reworded / 2,
        "{} of {reworded}",
        marked(&words_only)
    );
    // The model finds the rest: the words' seed does not keep the source from it.
    let report = checker.check(&paper, &translated()).unwrap();
    let ids: Vec<&str> = report.sources.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["norias"], "{report:#?}");
    assert!(
        marked(&report) > reworded * 2 / 3,
        "{} of {reworded}",
        marked(&report)
    );
}
