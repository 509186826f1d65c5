//! Reference lists found by their form, in any position and language. Classmates cite the same
//! works, so their lists share whole entries: that is honest structure, not evidence of copying.
//!
//! An entry is a line, with the lines after it indented deeper when it has a hanging indent (an
//! entry wrapped over three lines: its title, "(2017, March 1). BBC News.", its URL). It is an
//! **entry** when it carries a year (or "n.d.") and one more mark of a citation: a
//! number in brackets or before a dot at its start, an author at its start ("Surname, X",
//! "Surname X.", "X. Surname", a Chinese name before a comma), or a locator (a DOI or URL, pages,
//! a volume and issue, ISBN, GB/T 7714's `[J]`, `[M]`…). A list is a block of lines, blank lines and
//! wrapped continuations allowed, holding [`MIN_ENTRIES`] entries, or [`MIN_ENTRIES_AFTER_HEADING`]
//! under a heading ([`HEADINGS`]: "References", "Literaturverzeichnis", "Список литературы",
//! "参考资料" and others, in the languages students write in). A heading in the second half of a
//! text keeps the old rule too: everything from it to the end is the list, whatever its style.
//! A heading near the top followed by prose is no list, so a "References" line cannot hide a copy.

use crate::span::Span;

/// Headings of a reference list, lowercased.
pub const HEADINGS: &[&str] = &[
    // English
    "references",
    "bibliography",
    "works cited",
    "works consulted",
    "references cited",
    "literature cited",
    "sources",
    "sources cited",
    "reference list",
    "cited works",
    "list of references",
    "sources consulted",
    // German, Dutch, Scandinavian
    "literaturverzeichnis",
    "literatur",
    "quellen",
    "quellenverzeichnis",
    "bibliographie",
    "bibliografie",
    "literatuurlijst",
    "literatuur",
    "bronnen",
    "referenties",
    "källor",
    "referenser",
    "litteratur",
    "kilder",
    // Romance
    "références",
    "références bibliographiques",
    "ouvrages cités",
    "bibliografía",
    "referencias",
    "referencias bibliográficas",
    "obras citadas",
    "fuentes",
    "referências",
    "referências bibliográficas",
    "bibliografia",
    "riferimenti",
    "riferimenti bibliografici",
    "fonti",
    "bibliografie selectivă",
    // Slavic, Greek, Turkish, others
    "список литературы",
    "литература",
    "библиография",
    "список использованной литературы",
    "использованная литература",
    "источники",
    "список використаних джерел",
    "література",
    "źródła",
    "seznam literatury",
    "βιβλιογραφία",
    "αναφορές",
    "kaynakça",
    "kaynaklar",
    "tài liệu tham khảo",
    "daftar pustaka",
    "المراجع",
    "المصادر",
    "참고 문헌",
    "참고문헌",
    // Chinese, Japanese
    "参考文献",
    "參考文獻",
    "参考资料",
    "參考資料",
    "引用文献",
    "参考书目",
    "參考書目",
];

/// Entries a block needs to be a reference list without a heading.
pub const MIN_ENTRIES: usize = 3;

/// Entries a block needs right under a heading.
pub const MIN_ENTRIES_AFTER_HEADING: usize = 2;

/// Longest line read as an entry, in bytes: a paragraph of prose is longer.
const MAX_ENTRY_BYTES: usize = 600;

/// Lines in a row without an entry (wrapped continuations) that a block passes over.
const MAX_CONTINUATION_LINES: usize = 2;

/// A line of the text: its byte range and what it is.
struct Line<'a> {
    start: usize,
    end: usize,
    text: &'a str,
    /// Characters of white space before it.
    indent: usize,
}

/// The reference lists of `text` as spans (UTF-16 units), in order.
///
/// ```
/// use plagscope::exclude::reference_lists;
/// let text = "An essay of my own.\n\nLiteraturverzeichnis\nMüller, K. (2019). Titel. Verlag.\n\
///             Schmidt, A. (2020). Anderer Titel. Zeitschrift, 3(2), 1–10.\n";
/// let spans = reference_lists(text);
/// assert!(spans[0].slice_of(text).starts_with("Literaturverzeichnis"));
/// ```
pub fn reference_lists(text: &str) -> Vec<Span> {
    let lines = lines(text);
    let mut found: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let heading = is_heading(lines[i].text);
        let first = if heading { i + 1 } else { i };
        let (entries, last) = block(&lines, first);
        let needed = if heading {
            MIN_ENTRIES_AFTER_HEADING
        } else {
            MIN_ENTRIES
        };
        if entries >= needed {
            found.push((lines[i].start, lines[last].end));
            i = last + 1;
        } else {
            i += 1;
        }
    }
    // The old rule: a heading in the second half starts a list running to the end.
    if let Some(line) = (lines.iter().rev())
        .take_while(|l| l.start >= text.len() / 2)
        .filter(|l| is_heading(l.text))
        .last()
    {
        found.retain(|&(start, _)| start < line.start);
        found.push((line.start, text.trim_end().len()));
    }
    let units = |byte: usize| text[..byte].encode_utf16().count();
    (found.into_iter())
        .map(|(start, end)| Span::new(units(start), units(end)))
        .collect()
}

/// The text's non-empty lines, trimmed, with their byte ranges.
fn lines(text: &str) -> Vec<Line<'_>> {
    let mut lines = Vec::new();
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let trimmed = raw.trim();
        if !trimmed.is_empty() {
            let start = offset + (raw.len() - raw.trim_start().len());
            lines.push(Line {
                start,
                end: start + trimmed.len(),
                text: trimmed,
                indent: raw[..raw.len() - raw.trim_start().len()].chars().count(),
            });
        }
        offset += raw.len();
    }
    lines
}

/// How many entries the block of lines from `first` holds, and its last entry line (`first - 1`
/// or `first` when it holds none).
fn block(lines: &[Line<'_>], first: usize) -> (usize, usize) {
    let (mut entries, mut last, mut since) = (0, first.saturating_sub(1), 0);
    let mut i = first;
    while i < lines.len() {
        let end = hanging_end(lines, i);
        if end - i > 1 && is_entry(&joined(&lines[i..end])) || is_entry(lines[i].text) {
            (entries, last, since) = (entries + 1, end - 1, 0);
        } else if entries > 0 && since < MAX_CONTINUATION_LINES && lines[i].text.len() < 300 {
            since += 1;
        } else {
            break;
        }
        i = if end - i > 1 && since == 0 {
            end
        } else {
            i + 1
        };
    }
    (entries, last.max(first.min(lines.len().saturating_sub(1))))
}

/// The end of the line at `i` with the lines after it indented deeper (a hanging indent), at most
/// as many as fit in one entry.
fn hanging_end(lines: &[Line<'_>], i: usize) -> usize {
    let mut end = i + 1;
    let mut bytes = lines[i].text.len();
    while let Some(next) = lines.get(end) {
        bytes += next.text.len() + 1;
        if next.indent <= lines[i].indent || bytes > MAX_ENTRY_BYTES {
            break;
        }
        end += 1;
    }
    end
}

/// The lines' texts joined by spaces.
fn joined(lines: &[Line<'_>]) -> String {
    let texts: Vec<&str> = lines.iter().map(|l| l.text).collect();
    texts.join(" ")
}

/// Whether `line` is only a reference list's heading (numbered, with `#` or a colon).
fn is_heading(line: &str) -> bool {
    let heading = line
        .trim_start_matches(|c: char| {
            c == '#' || c.is_ascii_digit() || c == '.' || c.is_whitespace()
        })
        .trim_end_matches([':', '：'])
        .trim();
    if heading.len() > 60 {
        return false;
    }
    // Per character (no Greek final sigma, which no heading holds).
    let lower: String = heading
        .chars()
        .flat_map(crate::text::case::to_lowercase)
        .collect();
    HEADINGS.contains(&lower.as_str())
}

/// Whether `line` reads as one entry of a reference list; see the module docs.
pub fn is_entry(line: &str) -> bool {
    if line.len() < 15 || line.len() > MAX_ENTRY_BYTES {
        return false;
    }
    let (numbered, rest) = numbering(line);
    has_year(line) && (numbered || has_author(rest) || has_locator(line))
}

/// Whether `line` starts with an entry's number (`[12]`, `12.`, `12)`), and the rest after it.
fn numbering(line: &str) -> (bool, &str) {
    let inner = line.strip_prefix('[').unwrap_or(line);
    let digits = inner.len() - inner.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if !(1..=3).contains(&digits) {
        return (false, line);
    }
    let after = &inner[digits..];
    match after.chars().next() {
        Some(']' | '.' | ')') => (true, after[1..].trim_start()),
        _ => (false, line),
    }
}

/// A year of publication: 1500-2099 standing alone (or with a letter: 2019a), or "n.d.".
fn has_year(line: &str) -> bool {
    let bytes = line.as_bytes();
    let year_at = |i: usize| {
        let four = &bytes[i..i + 4];
        four.iter().all(u8::is_ascii_digit)
            && matches!(&four[..2], b"15" | b"16" | b"17" | b"18" | b"19" | b"20")
            && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric())
            && bytes.get(i + 4).is_none_or(|b| !b.is_ascii_digit())
    };
    (0..bytes.len().saturating_sub(3)).any(year_at) || line.contains("n.d.")
}

/// An author at the start: "Surname, X", "Surname X.", "Surname XY,", "X. Surname", or a name in
/// Chinese characters before a comma.
fn has_author(rest: &str) -> bool {
    let mut chars = rest.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    if is_han(first) {
        let name = rest.chars().take_while(|&c| is_han(c)).count();
        let next = rest.chars().nth(name);
        return (2..=4).contains(&name) && matches!(next, Some(',' | '，' | '、' | '.' | ' '));
    }
    if !first.is_uppercase() {
        return false;
    }
    // "X. Surname"
    if chars.next() == Some('.') && rest.chars().nth(2) == Some(' ') {
        return rest.chars().nth(3).is_some_and(char::is_uppercase);
    }
    let surname = rest
        .find(|c: char| !(c.is_alphabetic() || matches!(c, '-' | '\'' | '’')))
        .unwrap_or(rest.len());
    let after = &rest[surname..];
    let initials = |s: &str| {
        let caps = s.chars().take_while(|c| c.is_uppercase()).count();
        (1..=3).contains(&caps)
            && s.chars()
                .nth(caps)
                .is_some_and(|c| matches!(c, '.' | ',' | ' '))
    };
    surname >= 2
        && (after.strip_prefix(", ").is_some_and(given_names)
            || after.strip_prefix(' ').is_some_and(initials))
}

/// Given names after "Surname, ": initials or up to three capitalized names, ending with a dot,
/// a comma, "&", "and" or a parenthesis ("Smith, John." and "Smith, J. K.," but not "Meanwhile,
/// President Trump said").
fn given_names(s: &str) -> bool {
    for (i, word) in s.split(' ').take(4).enumerate() {
        if i > 0 && matches!(word, "&" | "and" | "und" | "et" | "y" | "e" | "и") {
            return true;
        }
        if !word.starts_with(char::is_uppercase) && !word.starts_with('(') {
            return false;
        }
        if word.ends_with(['.', ',', ';']) || word.starts_with('(') {
            return true;
        }
    }
    false
}

fn is_han(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}')
}

/// A locator: DOI, URL, ISBN, pages, a volume and issue, GB/T 7714's type marks, "et al.".
fn has_locator(line: &str) -> bool {
    const MARKS: &[&str] = &[
        "doi",
        "DOI",
        "http://",
        "https://",
        "www.",
        "ISBN",
        "pp.",
        " S. ",
        "vol.",
        "Vol.",
        "et al",
        "[J]",
        "[M]",
        "[D]",
        "[C]",
        "[N]",
        "[R]",
        "[EB/OL]",
        "Retrieved from",
        "University Press",
        "出版社",
        "学报",
        "学報",
        "с. ",
        "стр.",
    ];
    MARKS.iter().any(|m| line.contains(m)) || volume_issue(line) || line.split(' ').any(web_address)
}

/// A web address without its scheme, as MLA writes them: "europe.chinadaily.com.cn/epaper/…".
fn web_address(word: &str) -> bool {
    let Some((host, _)) = word.split_once('/') else {
        return false;
    };
    let tld = host.rsplit('.').next().unwrap_or("");
    host.contains('.')
        && (2..=6).contains(&tld.len())
        && tld.bytes().all(|b| b.is_ascii_lowercase())
        && (host.bytes())
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'.' || b == b'-')
}

/// A volume and issue: digits, then digits in parentheses ("12(3)").
fn volume_issue(line: &str) -> bool {
    let bytes = line.as_bytes();
    (1..bytes.len()).any(|i| {
        bytes[i] == b'('
            && bytes[i - 1].is_ascii_digit()
            && bytes[i + 1..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count()
                > 0
    })
}

#[cfg(test)]
mod tests;
