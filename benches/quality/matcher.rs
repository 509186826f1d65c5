//! The benchmark's own exact matcher, which decides the ground truth instead of plagscope: texts
//! become units (lowercased alphanumeric runs; each Han character alone; punctuation and spaces
//! ignored), and n-grams of units are hashed into an index of the references. It undoes the
//! benchmark's own disguises (invisible characters, Cyrillic twins, Kangxi radicals) so evasive
//! copies are judged like their plain text, and nothing else: it shares no code with the engine.

use std::collections::HashMap;

use unicode_normalization::UnicodeNormalization;

/// One unit of a text and its byte range.
#[derive(Clone, Copy)]
pub struct Unit {
    pub hash: u64,
    pub start: usize,
    pub end: usize,
}

pub fn is_han(c: char) -> bool {
    matches!(c as u32, 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x3134F)
}

/// The character the matcher compares: `None` for invisible characters (they join, not split).
fn fold(c: char) -> Option<char> {
    if c.is_ascii() {
        return Some(c.to_ascii_lowercase());
    }
    if matches!(
        c,
        '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{00AD}' | '\u{FEFF}'
    ) {
        return None;
    }
    let twin = match c {
        'а' => 'a',
        'е' => 'e',
        'о' => 'o',
        'р' => 'p',
        'с' => 'c',
        'х' => 'x',
        'у' => 'y',
        'і' => 'i',
        _ if (0x4E00..=0x9FFF).contains(&(c as u32)) => c,
        // Kangxi radicals and full-width forms fold through NFKC.
        _ => {
            let single = c.to_string();
            let mut folded = single.nfkc();
            match (folded.next(), folded.next()) {
                (Some(single), None) => single,
                _ => c,
            }
        }
    };
    Some(twin.to_lowercase().next().unwrap_or(twin))
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The units of `text`.
pub fn units(text: &str) -> Vec<Unit> {
    const FNV: u64 = 0xcbf2_9ce4_8422_2325;
    let mut result = Vec::new();
    let mut word: Option<Unit> = None;
    for (at, c) in text.char_indices() {
        let Some(f) = fold(c) else { continue };
        let end = at + c.len_utf8();
        if f.is_alphanumeric() && !is_han(f) {
            let unit = word.get_or_insert(Unit {
                hash: FNV,
                start: at,
                end,
            });
            unit.hash = (unit.hash ^ f as u64).wrapping_mul(0x100_0000_01b3);
            unit.end = end;
            continue;
        }
        if let Some(done) = word.take() {
            result.push(Unit {
                hash: mix(done.hash),
                ..done
            });
        }
        if is_han(f) {
            result.push(Unit {
                hash: mix(f as u64 ^ 0x4A4E),
                start: at,
                end,
            });
        }
    }
    if let Some(done) = word {
        result.push(Unit {
            hash: mix(done.hash),
            ..done
        });
    }
    result
}

/// Hashes of every n-gram of units (a polynomial rolling hash), one per starting unit.
pub fn ngrams(units: &[Unit], n: usize) -> Vec<u64> {
    if units.len() < n {
        return Vec::new();
    }
    const BASE: u64 = 0x0000_0100_0000_01b3;
    let top = (1..n).fold(1u64, |p, _| p.wrapping_mul(BASE));
    let mut hash = units[..n]
        .iter()
        .fold(0u64, |h, u| h.wrapping_mul(BASE).wrapping_add(u.hash));
    let mut result = Vec::with_capacity(units.len() - n + 1);
    result.push(hash);
    for i in n..units.len() {
        hash = hash
            .wrapping_sub(units[i - n].hash.wrapping_mul(top))
            .wrapping_mul(BASE)
            .wrapping_add(units[i].hash);
        result.push(hash);
    }
    result
}

/// n-gram hash → the references holding it (ascending ids).
pub struct Index {
    pub n: usize,
    postings: HashMap<u64, Vec<u32>>,
}

impl Index {
    pub fn new(n: usize) -> Self {
        Index {
            n,
            postings: HashMap::new(),
        }
    }

    /// Adds a text of reference `id`; a reference may add several texts (its simplified and its
    /// traditional version), but ids must come in ascending order.
    pub fn add(&mut self, id: u32, text: &str) {
        for hash in ngrams(&units(text), self.n) {
            let ids = self.postings.entry(hash).or_default();
            if ids.last() != Some(&id) {
                ids.push(id);
            }
        }
    }

    pub fn get(&self, hash: u64) -> &[u32] {
        self.postings.get(&hash).map_or(&[], |ids| ids.as_slice())
    }

    /// Whether `text` shares any n-gram with the references.
    pub fn shares(&self, text: &str) -> bool {
        ngrams(&units(text), self.n)
            .into_iter()
            .any(|h| !self.get(h).is_empty())
    }

    /// The most shared runs (maximal stretches of units, at least `n` long) that `text` has with
    /// any single reference: how near a clean text comes to copying.
    pub fn most_shared_runs(&self, text: &str, references: usize) -> usize {
        let mut last = vec![usize::MAX; references];
        let mut runs = vec![0usize; references];
        for (i, hash) in ngrams(&units(text), self.n).into_iter().enumerate() {
            for &id in self.get(hash) {
                let id = id as usize;
                if last[id] != i.wrapping_sub(1) {
                    runs[id] += 1;
                }
                last[id] = i;
            }
        }
        runs.into_iter().max().unwrap_or(0)
    }

    /// Shared n-grams of `text` not explained by `allowed` (byte range, reference): each must lie
    /// inside an allowed range and be held by that reference alone.
    pub fn stray(&self, text: &str, allowed: &[((usize, usize), u32)]) -> usize {
        let units = units(text);
        ngrams(&units, self.n)
            .into_iter()
            .enumerate()
            .filter(|&(i, hash)| {
                let ids = self.get(hash);
                let span = (units[i].start, units[i + self.n - 1].end);
                !ids.is_empty()
                    && !allowed
                        .iter()
                        .any(|&((s, e), id)| s <= span.0 && span.1 <= e && ids == [id])
            })
            .count()
    }
}

/// The number of units of `text`.
pub fn count(text: &str) -> usize {
    units(text).len()
}
