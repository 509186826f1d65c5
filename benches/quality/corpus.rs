//! The benchmark's corpora (extracted by `scripts/corpus.mjs --bench`), the per-language settings,
//! and cutting text into sentences and lines.

use std::fs;

use crate::common;

/// Everything that differs between the two languages. Lengths are in matcher units: words for
/// English, Han characters for Chinese.
pub struct Lang {
    pub code: &'static str,
    pub chinese: bool,
    /// A host shares no run this long with any reference; a planted passage none with any
    /// reference but its source.
    pub clean_run: usize,
    /// Documents sharing a run this long are near-duplicates; only the first is kept.
    pub duplicate_run: usize,
    /// Short shared phrases that make a clean host a near miss (shortest counted run).
    pub phrase_run: usize,
    /// Length range of planted passages.
    pub passage: (usize, usize),
    /// Length range of host excerpts.
    pub host: (usize, usize),
    /// Between paragraphs: planted passages go in at paragraph boundaries.
    pub paragraph: &'static str,
    pub seed: u64,
}

pub const ENGLISH: Lang = Lang {
    code: "en",
    chinese: false,
    clean_run: 10,
    duplicate_run: 50,
    phrase_run: 3,
    passage: (50, 500),
    host: (400, 1000),
    paragraph: "\n\n",
    seed: 0x5EED_0001,
};

pub const CHINESE: Lang = Lang {
    code: "zh",
    chinese: true,
    clean_run: 20,
    duplicate_run: 100,
    phrase_run: 6,
    passage: (80, 800),
    host: (700, 1700),
    paragraph: "\n",
    seed: 0x5EED_0002,
};

/// One corpus document; law documents also carry their articles as (simplified, traditional).
pub struct Document {
    pub id: String,
    pub text: String,
    pub pairs: Option<Vec<(String, String)>>,
}

/// The language's benchmark documents, sorted by id.
pub fn load(lang: &Lang) -> Vec<Document> {
    let dir = format!("bench-{}", lang.code);
    let files = common::corpus(&dir);
    assert!(
        files.len() > 1000,
        "target/corpus/{dir} has {} documents; run `node scripts/corpus.mjs --bench` \
         (or `npm run bench:quality`)",
        files.len()
    );
    files
        .into_iter()
        .map(|(name, text)| {
            let id = name.trim_end_matches(".txt").to_string();
            let pairs_path = common::corpus_dir(&dir).join(format!("{id}.pairs.json"));
            let pairs = fs::read_to_string(pairs_path).ok().map(|json| {
                let pairs = parse_pairs(&json);
                // The traditional kind's offsets rely on the document being exactly its articles.
                let joined: Vec<&str> = pairs.iter().map(|(s, _)| s.as_str()).collect();
                assert_eq!(
                    joined.join("\n"),
                    text,
                    "{id}: articles differ from the text"
                );
                pairs
            });
            Document { id, text, pairs }
        })
        .collect()
}

/// Reads `[["simplified", "traditional"], ...]` as written by `JSON.stringify`. A few lines of
/// parsing spare the crate a JSON dependency.
fn parse_pairs(json: &str) -> Vec<(String, String)> {
    let mut strings = Vec::new();
    let mut chars = json.chars();
    while let Some(c) = chars.next() {
        if c != '"' {
            continue;
        }
        let mut units: Vec<u16> = Vec::new();
        let mut buf = [0u16; 2];
        loop {
            match chars.next().expect("unterminated JSON string") {
                '"' => break,
                '\\' => match chars.next().expect("JSON escape") {
                    'n' => units.push(b'\n' as u16),
                    'r' => units.push(b'\r' as u16),
                    't' => units.push(b'\t' as u16),
                    'b' => units.push(8),
                    'f' => units.push(12),
                    'u' => {
                        let hex: String = chars.by_ref().take(4).collect();
                        units.push(u16::from_str_radix(&hex, 16).expect("JSON \\u escape"));
                    }
                    other => units.extend_from_slice(other.encode_utf16(&mut buf)),
                },
                other => units.extend_from_slice(other.encode_utf16(&mut buf)),
            }
        }
        strings.push(String::from_utf16_lossy(&units));
    }
    assert!(
        strings.len() % 2 == 0,
        "pairs JSON with an odd number of strings"
    );
    strings
        .chunks(2)
        .map(|p| (p[0].clone(), p[1].clone()))
        .collect()
}

pub fn utf16_len(text: &str) -> usize {
    text.encode_utf16().count()
}

/// The UTF-16 range of `text[range]`.
pub fn utf16_range(text: &str, range: (usize, usize)) -> (usize, usize) {
    let start = utf16_len(&text[..range.0]);
    (start, start + utf16_len(&text[range.0..range.1]))
}

/// Text in a UTF-16 range, shortened to about `max` characters around its middle for display.
pub fn excerpt(text: &str, range: (usize, usize), max: usize) -> String {
    let units: Vec<u16> = text.encode_utf16().collect();
    let slice =
        String::from_utf16_lossy(&units[range.0.min(units.len())..range.1.min(units.len())]);
    let chars: Vec<char> = slice.chars().collect();
    let shown: String = if chars.len() <= max {
        slice
    } else {
        let half = max / 2;
        let head: String = chars[..half].iter().collect();
        let tail: String = chars[chars.len() - half..].iter().collect();
        format!("{head} … {tail}")
    };
    shown.replace('\n', " ⏎ ")
}

/// Byte ranges of the sentences of `text` (English: after . ! ? before a capital, a digit or a
/// quote; Chinese: after 。！？； and at line ends), without the spaces between them.
pub fn sentences(text: &str, chinese: bool) -> Vec<(usize, usize)> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut result = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < chars.len() {
        let (at, c) = chars[i];
        let mut end = None;
        if c == '\n' {
            end = Some((at, i + 1));
        } else if (chinese && "。！？；".contains(c)) || (!chinese && ".!?".contains(c)) {
            let mut j = i + 1;
            while j < chars.len() && "\"'”’)」』）".contains(chars[j].1) {
                j += 1;
            }
            let byte = chars.get(j).map_or(text.len(), |&(b, _)| b);
            let next = chars[j..].iter().find(|(_, c)| !c.is_whitespace());
            let boundary = chinese
                || (!abbreviation(text, at)
                    && j < chars.len()
                    && chars[j].1.is_whitespace()
                    && next.is_some_and(|&(_, n)| {
                        n.is_uppercase() || n.is_numeric() || "\"“'".contains(n)
                    }));
            if boundary {
                end = Some((byte, j));
            }
        }
        if let Some((byte, next)) = end {
            push_trimmed(text, (start, byte), &mut result);
            start = byte;
            i = next;
        } else {
            i += 1;
        }
    }
    push_trimmed(text, (start, text.len()), &mut result);
    result
}

/// Whether the period at byte `at` ends an abbreviation ("Mr.", "St.", "U.S.", "J."), which a
/// capital after it does not make a sentence end.
fn abbreviation(text: &str, at: usize) -> bool {
    const TITLES: [&str; 16] = [
        "Mr", "Mrs", "Ms", "Dr", "St", "Sen", "Rep", "Gov", "Gen", "Lt", "Col", "Sgt", "Jr", "Sr",
        "Prof", "No",
    ];
    let word = text[..at].rsplit(char::is_whitespace).next().unwrap_or("");
    let word = word.trim_start_matches(['"', '(', '“']);
    TITLES.contains(&word)
        || word.contains('.')
        || (word.chars().count() == 1 && word.chars().all(char::is_uppercase))
}

/// Byte ranges of the lines of `text` (the articles of a law document).
pub fn lines(text: &str) -> Vec<(usize, usize)> {
    let mut result = Vec::new();
    let mut start = 0;
    for (at, _) in text.match_indices('\n') {
        push_trimmed(text, (start, at), &mut result);
        start = at + 1;
    }
    push_trimmed(text, (start, text.len()), &mut result);
    result
}

fn push_trimmed(text: &str, (start, end): (usize, usize), out: &mut Vec<(usize, usize)>) {
    let piece = &text[start..end];
    let lead = piece.len() - piece.trim_start().len();
    let trail = piece.len() - piece.trim_end().len();
    if start + lead < end - trail {
        out.push((start + lead, end - trail));
    }
}
