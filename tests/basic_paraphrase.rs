//! A modern paraphrase in basic vocabulary (issue 42's short copies): a student retells three
//! verses of the King James Bible in plain words of their own ("God gave the order for
//! brightness to come"), between sentences of their own, against a library of King James
//! chapters. The verses keep their meaning and few of their words, so the words alone find
//! nothing; the sentence model (`align.translated`) is to pair them once it proposes candidates of
//! its own (issue 46); the student's own sentences on the same chapter are never marked. The King James text is in the public domain; the paraphrase
//! and the student's sentences were written for this test (ground truth by construction).
//!
//! Needs the model (`node scripts/model.mjs`).

mod common;

use plagscope::checker::{CheckOptions, Checker, CheckerOptions, Reference, Report};
use plagscope::Span;

const GENESIS_1: &str = "In the beginning God created the heaven and the earth. \
And the earth was without form, and void; and darkness was upon the face of the deep. \
And the Spirit of God moved upon the face of the waters. \
And God said, Let there be light: and there was light. \
And God saw the light, that it was good: and God divided the light from the darkness. \
And God called the light Day, and the darkness he called Night. \
And the evening and the morning were the first day. \
And God said, Let there be a firmament in the midst of the waters, and let it divide the waters \
from the waters. \
And God made the firmament, and divided the waters which were under the firmament from the \
waters which were above the firmament: and it was so. \
And God called the firmament Heaven. And the evening and the morning were the second day. \
And God said, Let the waters under the heaven be gathered together unto one place, and let the \
dry land appear: and it was so. \
And God called the dry land Earth; and the gathering together of the waters called he Seas: and \
God saw that it was good.";

const PSALM_23: &str = "The LORD is my shepherd; I shall not want. \
He maketh me to lie down in green pastures: he leadeth me beside the still waters. \
He restoreth my soul: he leadeth me in the paths of righteousness for his name's sake. \
Yea, though I walk through the valley of the shadow of death, I will fear no evil: for thou art \
with me; thy rod and thy staff they comfort me. \
Thou preparest a table before me in the presence of mine enemies: thou anointest my head with \
oil; my cup runneth over. \
Surely goodness and mercy shall follow me all the days of my life: and I will dwell in the house \
of the LORD for ever.";

const ECCLESIASTES_3: &str = "To every thing there is a season, and a time to every purpose \
under the heaven: A time to be born, and a time to die; a time to plant, and a time to pluck up \
that which is planted; A time to kill, and a time to heal; a time to break down, and a time to \
build up; A time to weep, and a time to laugh; a time to mourn, and a time to dance. \
He hath made every thing beautiful in his time: also he hath set the world in their heart, so \
that no man can find out the work that God maketh from the beginning to the end. \
I know that there is no good in them, but for a man to rejoice, and to do good in his life.";

/// Genesis 1:3-5 retold in plain words, a sentence for each of its four sentences.
const RETOLD: &str = "Then God gave the order for brightness to come, and so it came. \
God looked at the brightness and was pleased with it, and he kept it apart from the dark. \
He named the bright part daytime and the dark part nighttime. \
Sunset came and then sunrise, and that was day number one.";

/// The student's own sentences on the same chapter: what it is about, not what it says.
const OWN_BEFORE: &str = "Our class compared several stories about how the world began. \
I chose the first chapter of Genesis because my family reads it every autumn. \
What struck me most is how short the opening of the chapter is.";

const OWN_AFTER: &str = "The chapter keeps repeating the same pattern for every step. \
I think this repetition made the story easy to remember before people could read. \
Next week I want to compare it with a creation story from Mesopotamia.";

fn checker() -> Checker {
    let mut checker = Checker::new(CheckerOptions::default()).unwrap();
    common::model::with_sentence_model(&mut checker);
    let chapters = [
        ("genesis-1", GENESIS_1),
        ("psalm-23", PSALM_23),
        ("ecclesiastes-3", ECCLESIASTES_3),
    ];
    for (id, text) in chapters {
        checker.add_reference(Reference::new(id, text)).unwrap();
    }
    checker
}

fn with_model() -> CheckOptions {
    let mut options = CheckOptions::default();
    options.align.translated = true;
    options
}

fn span_of(text: &str, part: &str) -> Span {
    let start = text.find(part).unwrap();
    let utf16 = |s: &str| s.encode_utf16().count();
    Span::new(utf16(&text[..start]), utf16(&text[..start]) + utf16(part))
}

/// The UTF-16 units of `part` that the report's passages cover.
fn covered(report: &Report, part: Span) -> usize {
    let mut units: Vec<bool> = vec![false; part.len()];
    for passage in report.sources.iter().flat_map(|s| &s.passages) {
        for unit in passage.start.max(part.start)..passage.end.min(part.end) {
            units[unit - part.start] = true;
        }
    }
    units.into_iter().filter(|&u| u).count()
}

/// Not yet: the model only verifies sentence pairs that shared words propose, and the retold
/// verses share "God" and "dark" with the chapter, words of most of its sentences. Issue 46 gives
/// the model candidates of its own (sentence embeddings as an index); this is its test.
#[test]
#[ignore = "needs candidates from the sentence model (issue 46)"]
fn three_verses_retold_in_basic_words_are_found_and_the_own_sentences_are_not() {
    let checker = checker();
    let paper = format!("{OWN_BEFORE} {RETOLD} {OWN_AFTER}");
    let report = checker.check(&paper, &with_model()).unwrap();
    let ids: Vec<&str> = report.sources.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["genesis-1"], "{report:#?}");
    let retold: Vec<&str> = RETOLD.split_inclusive(". ").collect();
    let found = (retold.iter())
        .filter(|sentence| {
            let span = span_of(&paper, sentence.trim());
            covered(&report, span) * 2 >= span.len()
        })
        .count();
    assert!(
        found >= 3,
        "{found} of 4 retold sentences found: {report:#?}"
    );
    for own in [OWN_BEFORE, OWN_AFTER] {
        assert_eq!(covered(&report, span_of(&paper, own)), 0, "{report:#?}");
    }
}

#[test]
fn the_students_own_sentences_on_the_chapter_are_not_a_copy() {
    let checker = checker();
    let paper = format!("{OWN_BEFORE} {OWN_AFTER}");
    let report = checker.check(&paper, &with_model()).unwrap();
    assert!(report.sources.is_empty(), "{report:#?}");
}
