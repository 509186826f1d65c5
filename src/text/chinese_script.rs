//! Traditional and Simplified Chinese are one text for matching.
//!
//! A paper in Simplified characters copied from a Traditional source (or the reverse) is a copy,
//! so normalization folds every Traditional character to its Simplified form
//! ([`to_simplified`], OpenCC's character table in `data/ts_characters.txt`). The fold is per
//! character, so lengths and offsets are kept; regional vocabulary (软件 / 軟體) is not folded.
//! [`ScriptCount`] tells which script a stretch of original text is written in, so a passage
//! matched across the two scripts can be reported as a disguise.

use rustc_hash::FxHashMap as HashMap;
use std::sync::OnceLock;

use crate::span::Span;

fn table() -> &'static HashMap<char, char> {
    static TABLE: OnceLock<HashMap<char, char>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let raw: HashMap<char, char> = include_str!("data/ts_characters.txt")
            .lines()
            .filter(|line| !line.starts_with('#'))
            .filter_map(|line| {
                let mut chars = line.split(' ').map(|part| part.chars());
                let (mut from, mut to) = (chars.next()?, chars.next()?);
                Some((from.next()?, to.next()?))
            })
            .collect();
        // A few simplified forms are themselves listed as traditional forms of another character
        // (薴 → 苧 → 苎): follow the chain so folding twice changes nothing.
        raw.iter()
            .map(|(&from, &to)| {
                let mut to = to;
                for _ in 0..4 {
                    match raw.get(&to) {
                        Some(&next) if next != to => to = next,
                        _ => break,
                    }
                }
                (from, to)
            })
            .collect()
    })
}

/// The Simplified form of `c` when `c` is a Traditional Chinese character, else `c`.
///
/// ```
/// use plagscope::text::chinese_script::to_simplified;
/// assert_eq!(to_simplified('國'), '国');
/// assert_eq!(to_simplified('国'), '国');
/// assert_eq!(to_simplified('a'), 'a');
/// ```
pub fn to_simplified(c: char) -> char {
    if (c as u32) < 0x3400 {
        return c; // below every CJK ideograph: skip the lookup for Latin text
    }
    table().get(&c).copied().unwrap_or(c)
}

/// Counts of the characters in a text that only one of the two scripts uses.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ScriptCount {
    /// Traditional characters that have a different Simplified form (國, 這).
    pub traditional: usize,
    /// Simplified characters that stand for a different Traditional form (国, 这).
    pub simplified: usize,
}

impl ScriptCount {
    /// Counts the characters of `text`.
    pub fn of(text: &str) -> Self {
        let simplified_forms = simplified_forms();
        let mut count = ScriptCount::default();
        for c in text.chars().filter(|&c| (c as u32) >= 0x3400) {
            if to_simplified(c) != c {
                count.traditional += 1;
            } else if simplified_forms.contains_key(&c) {
                count.simplified += 1;
            }
        }
        count
    }

    /// The counts of the parts of `text` under each of `spans` (UTF-16 ranges of `text`), in one
    /// pass over the text.
    pub fn of_spans(text: &str, spans: &[Span]) -> Vec<ScriptCount> {
        let mut boundaries: Vec<usize> = spans.iter().flat_map(|s| [s.start, s.end]).collect();
        boundaries.sort_unstable();
        boundaries.dedup();
        // Running counts at each boundary.
        let mut at = Vec::with_capacity(boundaries.len());
        let (mut running, mut unit, mut next) = (ScriptCount::default(), 0, 0);
        let simplified_forms = simplified_forms();
        for c in text.chars() {
            while next < boundaries.len() && boundaries[next] <= unit {
                at.push(running);
                next += 1;
            }
            if next == boundaries.len() {
                break;
            }
            if (c as u32) >= 0x3400 {
                if to_simplified(c) != c {
                    running.traditional += 1;
                } else if simplified_forms.contains_key(&c) {
                    running.simplified += 1;
                }
            }
            unit += c.len_utf16();
        }
        at.resize(boundaries.len(), running);
        let count_at = |offset: usize| at[boundaries.partition_point(|&b| b < offset)];
        spans
            .iter()
            .map(|span| {
                let (from, to) = (count_at(span.start), count_at(span.end));
                ScriptCount {
                    traditional: to.traditional - from.traditional,
                    simplified: to.simplified - from.simplified,
                }
            })
            .collect()
    }

    /// Whether two texts are written in different scripts, one Traditional, one Simplified.
    pub fn differs_from(&self, other: &ScriptCount) -> bool {
        (self.mostly_traditional() && other.mostly_simplified())
            || (self.mostly_simplified() && other.mostly_traditional())
    }

    /// Whether the text is written mainly in Traditional characters.
    pub fn mostly_traditional(&self) -> bool {
        self.traditional > 2 * self.simplified
    }

    /// Whether the text is written mainly in Simplified characters.
    pub fn mostly_simplified(&self) -> bool {
        self.simplified > 2 * self.traditional
    }
}

/// Simplified characters that differ from their Traditional form (the table's values).
fn simplified_forms() -> &'static HashMap<char, ()> {
    static FORMS: OnceLock<HashMap<char, ()>> = OnceLock::new();
    FORMS.get_or_init(|| {
        table()
            .values()
            .filter(|c| !table().contains_key(c))
            .map(|&c| (c, ()))
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_is_per_character_and_idempotent() {
        let traditional = "中華人民共和國個人資訊保護法，這是為了保護個人權益。";
        let simplified: String = traditional.chars().map(to_simplified).collect();
        assert_eq!(
            simplified,
            "中华人民共和国个人资讯保护法，这是为了保护个人权益。"
        );
        for &from in table().keys() {
            let once = to_simplified(from);
            assert_eq!(to_simplified(once), once, "{from}");
        }
        assert!(table().len() > 3000);
    }

    #[test]
    fn scripts_are_told_apart() {
        let traditional = ScriptCount::of("這個國家的經濟發展");
        assert!(traditional.mostly_traditional() && !traditional.mostly_simplified());
        let simplified = ScriptCount::of("这个国家的经济发展");
        assert!(simplified.mostly_simplified() && !simplified.mostly_traditional());
        let neither = ScriptCount::of("plain English text 中文");
        assert!(!neither.mostly_traditional() && !neither.mostly_simplified());
        assert!(traditional.differs_from(&simplified) && !neither.differs_from(&simplified));
    }

    #[test]
    fn spans_are_counted_like_slices() {
        let text = "🎉 這個國家 and 这个国家, 經濟";
        let spans = [
            Span::new(0, 7),
            Span::new(3, 20),
            Span::new(12, 18),
            Span::new(18, 20),
            Span::new(20, 20),
        ];
        let counts = ScriptCount::of_spans(text, &spans);
        for (span, count) in spans.iter().zip(counts) {
            assert_eq!(count, ScriptCount::of(span.slice_of(text)), "{span:?}");
        }
    }
}
