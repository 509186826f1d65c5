//! A sorted list of strings held as one `String` and its line starts: binary search for a string,
//! and for the range of strings that share a prefix. A trie or an FST would find prefixes too, but
//! 125,000 short Chinese words and 30,000 English terms are searched in microseconds this way,
//! with no index to store or build and no dependency.

use std::ops::Range;

use super::format::invalid;
use crate::error::Error;

/// Sorted, distinct strings (byte order), none holding a line break.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Strings {
    text: String,
    /// Start of each string in `text`, and one past the end of the last.
    starts: Vec<u32>,
}

impl Strings {
    /// The strings of `joined` (separated by `\n`), which must be sorted and distinct: a file whose
    /// lists are not is refused, since every lookup would silently miss.
    pub fn from_joined(joined: &str, what: &str) -> Result<Self, Error> {
        if joined.len() > u32::MAX as usize {
            return Err(invalid(format!("its {what} are too large")));
        }
        let mut starts = vec![0u32];
        let mut previous: Option<&str> = None;
        if !joined.is_empty() {
            for line in joined.split('\n') {
                if previous.is_some_and(|p| p >= line) || line.is_empty() {
                    return Err(invalid(format!("its {what} are not sorted and distinct")));
                }
                previous = Some(line);
                let end = starts.last().expect("one start") + line.len() as u32;
                starts.push(end);
            }
        }
        let text = joined.split('\n').collect::<String>();
        Ok(Strings { text, starts })
    }

    /// Number of strings.
    pub fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// String `i`.
    pub fn get(&self, i: u32) -> &str {
        let i = i as usize;
        &self.text[self.starts[i] as usize..self.starts[i + 1] as usize]
    }

    /// The index of `s`, if it is in the list.
    pub fn find(&self, s: &str) -> Option<u32> {
        let range = self.with_prefix(0..self.len() as u32, s);
        (!range.is_empty() && self.get(range.start) == s).then_some(range.start)
    }

    /// The strings of `within` (a range of indexes whose strings all share a prefix shorter than
    /// `prefix`, or the whole list) that start with `prefix`: a contiguous range, since the list is
    /// sorted. Narrowing the range one character at a time walks the list like a trie.
    pub fn with_prefix(&self, within: Range<u32>, prefix: &str) -> Range<u32> {
        let (lo, hi) = (within.start as usize, within.end as usize);
        let first = lo + partition(hi - lo, |k| self.get((lo + k) as u32) < prefix);
        let last = first
            + partition(hi - first, |k| {
                self.get((first + k) as u32).starts_with(prefix)
            });
        first as u32..last as u32
    }

    /// The `\n`-joined form, as written in the file.
    pub fn joined(&self) -> String {
        (0..self.len() as u32)
            .map(|i| self.get(i))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// The number of leading `k` in `0..n` for which `before(k)` holds (it must hold for a prefix of
/// `0..n` and no more): a binary search.
fn partition(n: usize, before: impl Fn(usize) -> bool) -> usize {
    let (mut lo, mut hi) = (0, n);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if before(mid) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}
