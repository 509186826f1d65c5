//! The lexicon on a sample of CC-CEDICT (`testdata/cedict-sample.u8`: 56 entries of the
//! 2026-09-10 release, unchanged, with its header; CC BY-SA 4.0, MDBG).

use super::gloss::english_terms;
use super::*;
use crate::error::ErrorCode;

const SAMPLE: &str = include_str!("testdata/cedict-sample.u8");

fn sample() -> Lexicon {
    Lexicon::from_cedict(SAMPLE).expect("the sample parses")
}

fn words<'a>(lexicon: &'a Lexicon, text: &str) -> Vec<&'a str> {
    let segments = lexicon.segment(text);
    segments
        .iter()
        .map(|s| s.word.map_or("?", |w| lexicon.word(w)))
        .collect()
}

fn terms(lexicon: &Lexicon, chinese: &str) -> Vec<String> {
    let word = lexicon.find_word(chinese).expect(chinese);
    lexicon.senses(word).map(|s| s.text.to_string()).collect()
}

#[test]
fn glosses_become_content_words_in_matching_form() {
    let terms = |field| {
        english_terms(field)
            .into_iter()
            .map(|(t, _)| t)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        terms("tradition; traditional"),
        ["tradition", "traditional"]
    );
    assert_eq!(terms("to eat; to consume"), ["eat", "consume"]);
    assert_eq!(terms("(bound form) Individual"), ["individual"]);
    assert_eq!(terms("Déjà vu"), ["deja", "vu"]); // as the core tokenizes it
    assert!(terms("(of sb or sth) to be (located) at").is_empty());
}

#[test]
fn references_and_noise_are_dropped() {
    for field in [
        "CL:項|项[xiang4]",
        "surname Wang",
        "variant of 吃[chi1]",
        "old variant of 喫|吃[chi1]",
        "used in 自個兒|自个儿[zi4 ge3 r5]",
        "see 中國|中国[Zhong1 guo2]",
        "Taiwan pr. [jiu4]",
        "abbr. for 中國|中国[Zhong1 guo2]",
        "(classifier used before a noun that has no specific classifier)",
        "classifier for people",
        "(Tw)",
    ] {
        assert_eq!(english_terms(field), [], "{field}");
    }
    // A cross-reference inside a sense leaves the sense's own words.
    let terms = english_terms("one of the ten heavenly stems 天干[tian1 gan1]");
    let terms: Vec<&str> = terms.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(terms, ["one", "ten", "heavenly", "stems"]);
}

#[test]
fn whole_senses_are_marked() {
    let lexicon = sample();
    let senses: Vec<Sense> = lexicon.senses(lexicon.find_word("吃饭").unwrap()).collect();
    let whole = |text| senses.iter().find(|s| s.text == text).unwrap().whole;
    assert!(whole("eat")); // "to eat"
    assert!(!whole("living")); // one word of "to make a living"
}

#[test]
fn words_merge_readings_and_both_scripts() {
    let lexicon = sample();
    // 长 chang2 and zhang3 are one word with both readings' terms.
    let long = terms(&lexicon, "长");
    assert!(long.contains(&"long".to_string()) && long.contains(&"chief".to_string()));
    // Traditional and Simplified spellings find the same word.
    assert_eq!(lexicon.find_word("傳統"), lexicon.find_word("传统"));
    // A regional word keeps its own entry under its folded spelling.
    assert!(terms(&lexicon, "軟體").contains(&"software".to_string()));
    // Surnames, variants and classifier lists leave nothing.
    assert!(!terms(&lexicon, "王").contains(&"wang".to_string()));
    assert!(!terms(&lexicon, "人").iter().any(|t| t.starts_with("cl")));
    // Headwords outside the Chinese script cannot be segmented and are left out.
    assert_eq!(lexicon.find_word("3D打印"), None);
}

#[test]
fn english_finds_chinese() {
    let lexicon = sample();
    fn texts(senses: Vec<Sense<'_>>) -> Vec<&str> {
        senses.into_iter().map(|s| s.text).collect()
    }
    assert_eq!(texts(lexicon.chinese_for("Software")), ["软件", "软体"]);
    assert_eq!(texts(lexicon.chinese_for("teacher")), ["老师"]);
    assert!(lexicon.chinese_for("the").is_empty());
    assert!(lexicon.chinese_for("").is_empty());
    // Truncated as sentence terms are: "traditions" and "traditional" meet "tradition".
    let truncated: Vec<&str> = lexicon
        .chinese_for_truncated("traditions")
        .map(|s| s.text)
        .collect();
    assert_eq!(truncated.iter().filter(|&&w| w == "传统").count(), 2);
    assert_eq!(lexicon.chinese_for_truncated("eat").count(), 2); // 吃, 吃饭: short terms whole
}

#[test]
fn bidirectional_matching_segments() {
    let lexicon = sample();
    // Forward takes 研究生|命; backward 研究|生命, which has no single characters.
    assert_eq!(words(&lexicon, "研究生命"), ["研究", "生命"]);
    assert_eq!(words(&lexicon, "老师，您好！"), ["老师", "您", "好"]);
    assert_eq!(
        words(&lexicon, "图书馆在学校里边。"),
        ["图书馆", "在", "学校", "里边"]
    );
}

#[test]
fn traditional_text_segments_as_simplified() {
    let lexicon = sample();
    let simplified = lexicon.segment("图书馆在学校里边");
    let traditional = lexicon.segment("圖書館在學校裏邊");
    let ids = |s: &[Segment]| s.iter().map(|s| s.word).collect::<Vec<_>>();
    assert_eq!(ids(&simplified), ids(&traditional));
    assert_eq!(words(&lexicon, "中國人"), ["中国", "人"]);
}

#[test]
fn mixed_text_keeps_byte_spans_and_unknown_characters() {
    let lexicon = sample();
    let text = "I study 學生 life: 生活 和 Python";
    let segments = lexicon.segment(text);
    let found: Vec<(&str, Option<&str>)> = (segments.iter())
        .map(|s| (&text[s.range.clone()], s.word.map(|w| lexicon.word(w))))
        .collect();
    assert_eq!(
        found,
        [("學生", Some("学生")), ("生活", Some("生活")), ("和", None)]
    );
    assert!(lexicon.segment("").is_empty() && lexicon.segment("only English").is_empty());
}

#[test]
fn occurrences_hold_every_word_inside() {
    let lexicon = sample();
    let found: Vec<&str> = (lexicon.occurrences("研究生命").iter())
        .map(|s| lexicon.word(s.word.unwrap()))
        .collect();
    for word in ["研", "研究", "研究生", "究", "生", "生命", "命"] {
        assert!(found.contains(&word), "{word} in {found:?}");
    }
}

#[test]
fn the_file_round_trips() {
    let lexicon = sample();
    let bytes = lexicon.to_bytes();
    let read = Lexicon::from_bytes(&bytes).unwrap();
    assert_eq!(read, lexicon);
    assert_eq!(read.to_bytes(), bytes);
    assert!(read
        .source()
        .contains("Creative Commons Attribution-ShareAlike 4.0"));
    assert!(read.source().contains("date=2026-09-10"));
}

#[test]
fn damaged_bytes_are_errors_not_panics() {
    let bytes = sample().to_bytes();
    let refused = |bytes: &[u8]| {
        let error = Lexicon::from_bytes(bytes).expect_err("refused");
        assert_eq!(error.code(), ErrorCode::InvalidInput);
        assert_eq!(error.path(), "lexicon");
        error.to_string()
    };
    assert!(refused(b"").contains("not a plagscope lexicon"));
    assert!(refused(b"PLAGSCOPE-INDEX\n....").contains("not a plagscope lexicon"));
    for len in 0..bytes.len() {
        refused(&bytes[..len]);
    }
    for at in 0..bytes.len() {
        let mut damaged = bytes.clone();
        damaged[at] ^= 0x10;
        refused(&damaged);
    }
    let mut newer = bytes.clone();
    newer[16] = 2;
    assert!(refused(&newer).contains("format 2"));
}

#[test]
fn damaged_bodies_with_good_checksums_are_errors() {
    // Forged bodies reach the decoder: every one must be refused or read, never panic.
    let body = |words: &str, terms: &str, links: Vec<Vec<(u32, bool)>>| {
        let sections = format::Sections {
            source: "test",
            words,
            terms,
            links,
        };
        Lexicon::from_bytes(&format::write(&sections))
    };
    assert!(body("a\nb", "x", vec![vec![(0, true)], vec![]]).is_ok());
    assert!(body("b\na", "x", vec![vec![], vec![]]).is_err()); // unsorted
    assert!(body("a\na", "x", vec![vec![], vec![]]).is_err()); // repeated
    assert!(body("a", "x", vec![vec![(1, false)]]).is_err()); // no term 1
    assert!(body("a\nb", "x", vec![vec![]]).is_err()); // links for one word of two
    assert!(body("a\n\nb", "x", vec![vec![]; 3]).is_err()); // an empty word
}

#[test]
fn bad_dictionary_lines_are_errors() {
    let error = Lexicon::from_cedict("# header\n中 中 zhong1 /middle/\n").unwrap_err();
    assert_eq!(error.code(), ErrorCode::InvalidInput);
    assert!(
        error.to_string().contains("line 2"),
        "{}",
        error.to_string()
    );
    assert!(Lexicon::from_cedict("# only a header\n").is_err());
}

#[test]
fn arbitrary_bodies_with_good_checksums_never_panic() {
    // Bodies cut from a real one and randomly damaged, framed with a correct length and checksum,
    // so that every check past the frame is reached.
    let file = sample().to_bytes();
    let body = &file[28..file.len() - 8];
    let mut below = crate::test_random::below(0x5EED_1E71C0);
    for _ in 0..5_000 {
        let mut damaged = body[..below(body.len() as u64 + 1) as usize].to_vec();
        for _ in 0..below(4) {
            if !damaged.is_empty() {
                let at = below(damaged.len() as u64) as usize;
                damaged[at] = below(256) as u8;
            }
        }
        match Lexicon::from_bytes(&format::framed(&damaged)) {
            // What reads must work: its lists are sorted and its links in range.
            Ok(lexicon) => {
                lexicon.segment("圖書館在學校裏邊, 研究生命");
                lexicon.occurrences("研究生命");
                lexicon.chinese_for_truncated("traditional").count();
                assert_eq!(Lexicon::from_bytes(&lexicon.to_bytes()), Ok(lexicon));
            }
            Err(error) => assert_eq!(error.code(), ErrorCode::InvalidInput),
        }
    }
}
