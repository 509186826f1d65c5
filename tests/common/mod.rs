//! Helpers shared by the native integration tests.
#![allow(dead_code)] // each test binary uses a different subset

use std::fs;
use std::path::PathBuf;

use plagscope::checker::Reference;
use plagscope::Span;

/// The real-text corpus extracted by `scripts/corpus.mjs` (run by `npm test`'s set-up).
pub fn corpus_dir(language: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("target/corpus")
        .join(language)
}

/// The documents of the real-text corpus in `language` ("en"), sorted by file name.
///
/// Panics with instructions when the corpus has not been extracted.
pub fn corpus(language: &str) -> Vec<(String, String)> {
    let dir = corpus_dir(language);
    let entries = fs::read_dir(&dir).unwrap_or_else(|e| {
        panic!(
            "the real-text corpus is missing ({}: {e}); run `npm run setup` \
             (it extracts it with scripts/corpus.mjs)",
            dir.display()
        )
    });
    let mut documents: Vec<(String, String)> = entries
        .map(|entry| entry.expect("readable corpus directory").path())
        .filter(|path| path.extension().is_some_and(|e| e == "txt"))
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, fs::read_to_string(&path).expect("UTF-8 corpus file"))
        })
        .collect();
    documents.sort();
    documents
}

/// At least `bytes` of real text in `language`, as whole documents.
pub fn corpus_sample(language: &str, bytes: usize) -> Vec<String> {
    let mut total = 0;
    corpus(language)
        .into_iter()
        .map(|(_, text)| text)
        .take_while(|text| {
            let enough = total >= bytes;
            total += text.len();
            !enough
        })
        .collect()
}

/// Deterministic pseudo-random numbers (SplitMix64), so statistical tests are reproducible.
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// Words `from..from + count` of `text`, joined by single spaces.
pub fn words(text: &str, from: usize, count: usize) -> String {
    text.split_whitespace()
        .skip(from)
        .take(count)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The first `count` Brown corpus documents (about 2,000 words each).
pub fn brown_documents(count: usize) -> Vec<String> {
    corpus("en")
        .into_iter()
        .filter(|(name, _)| name.starts_with("brown"))
        .take(count)
        .map(|(_, text)| text)
        .collect()
}

/// Two articles of a Chinese law in Traditional characters, and a paper that copies them in
/// Simplified characters between words of its own.
pub const LAW_TRADITIONAL: &str = "第一條　為了保護個人資訊權益，規範個人資訊處理活動，促進個人資訊合理利用，根據憲法，制定本法。\
                                   第二條　自然人的個人資訊受法律保護，任何組織、個人不得侵害自然人的個人資訊權益。";
/// See [`LAW_TRADITIONAL`].
pub const LAW_SIMPLIFIED: &str = "引言。为了保护个人资讯权益，规范个人资讯处理活动，促进个人资讯合理利用，根据宪法，制定本法。\
                                  自然人的个人资讯受法律保护，任何组织、个人不得侵害自然人的个人资讯权益。结语。";
pub mod model;
pub mod norias;
pub mod spans;

/// A reference titled after its id.
pub fn reference(id: &str, text: &str) -> Reference {
    Reference {
        title: format!("Title of {id}"),
        ..Reference::new(id, text)
    }
}

/// The text of `text` between two UTF-16 offsets (a report's span).
pub fn utf16_slice(text: &str, start: usize, end: usize) -> String {
    Span::new(start, end).slice_of(text).to_string()
}
