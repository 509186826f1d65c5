//! `Checker::check` with arbitrary options against a small reference set: the input is options as
//! JSON (as the bindings receive them), a NUL byte, then the paper. Every passage must slice the
//! paper and its source, and similarities must be shares.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use plagscope::checker::{CheckOptions, Checker, CheckerOptions, Reference};

const SOURCES: [(&str, &str); 3] = [
    ("en", "Winnowing selects fingerprints from the hashes of k-grams so that every match of sufficient length between two documents is detected. “Quoted words are excluded,” the authors say. The quick brown fox jumps over the lazy dog again and again."),
    ("zh", "中华人民共和国个人信息保护法规定，自然人的个人信息受法律保护，任何组织、个人不得侵害自然人的个人信息权益。处理个人信息应当遵循合法、正当、必要和诚信原则。"),
    ("base", "Answer every question in full sentences and cite your sources at the end of the essay."),
];

fn checker() -> &'static Checker {
    static CHECKER: OnceLock<Checker> = OnceLock::new();
    CHECKER.get_or_init(|| {
        let mut checker = Checker::new(CheckerOptions::default()).expect("defaults");
        for (id, text) in SOURCES {
            let reference = Reference {
                base: id == "base",
                ..Reference::new(id, text)
            };
            checker.add_reference(reference).expect("valid reference");
        }
        checker
    })
}

fuzz_target!(|data: &[u8]| {
    let (json, paper) = match data.iter().position(|&b| b == 0) {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (&b"{}"[..], data),
    };
    let Ok(options) = serde_json::from_slice::<CheckOptions>(json) else {
        return;
    };
    let paper = String::from_utf8_lossy(paper);
    let Ok(report) = checker().check(&paper, &options) else {
        return; // invalid options: a clear error is the right answer
    };
    let units = paper.encode_utf16().count();
    assert!(
        (0.0..=1.0).contains(&report.similarity),
        "{}",
        report.similarity
    );
    for source in &report.sources {
        let text = &checker()
            .reference(&source.id)
            .expect("a reference added here reads back")
            .expect("a known source")
            .text;
        let source_units = text.encode_utf16().count();
        assert!((0.0..=1.0).contains(&source.similarity));
        for passage in &source.passages {
            assert!(passage.start < passage.end && passage.end <= units);
            assert!(
                passage.source_start < passage.source_end && passage.source_end <= source_units
            );
        }
    }
    for exclusion in &report.excluded {
        assert!(exclusion.start <= exclusion.end && exclusion.end <= units);
        // Only a quotation names a source, and the source is one of the set.
        if let Some(id) = &exclusion.source {
            assert_eq!(exclusion.kind, plagscope::exclude::ExclusionKind::Quote);
            assert!(matches!(checker().reference(id), Ok(Some(_))), "{id}");
        }
    }
});
