//! Chinese paraphrase: text segmented by greedy longest match against Cilin's vocabulary, words
//! of Cilin's synonym groups ("=") replaced, two items joined by 、/和/与/及/或 swapped, sentences
//! split (；→。, or a long sentence's middle comma → 。) and short ones merged (。→，), and stock
//! opening phrases of the host documents ("同时，") put before sentences. As in English, the hosts
//! judge what reads naturally: a synonym must be the one they use most, and word pairs frequent
//! there are set terms (人民 法院) left whole.

use std::collections::{HashMap, HashSet};

use crate::matcher::is_han;
use crate::rates::{Stats, CONTENT_CHANGED, MERGE_RATE, ORDER_RATE, SPLIT_RATE};
use crate::rng::Rng;
use crate::thesaurus;

/// Least uses in the hosts of a synonym: rarer words are not the domain's.
const MIN_USES: u32 = 3;
/// Uses in the hosts that make two adjacent words a set term.
const FIXED_PAIR: u32 = 30;
/// Host documents that must open a sentence with a phrase to make it a stock one ("必要时"),
/// not one law's subject ("离婚后", "戒严期间").
const OPENER_DOCUMENTS: u32 = 10;
/// Modal and relational words whose legal force no synonym keeps ("应当" is no "应该" in a law).
const KEEP: [&str; 12] = [
    "应当", "可以", "必须", "不得", "应该", "能够", "予以", "依照", "按照", "根据", "其他", "有关",
];
/// What joins two swappable items.
const JOINERS: [&str; 7] = ["、", "和", "与", "及", "以及", "或", "或者"];
/// Sentence ends: where a sentence may be split, merged or given an opener.
const ENDS: [&str; 4] = ["。", "；", "！", "？"];
/// Characters of openers that state a condition or exception, which no paraphrase adds.
const CONDITIONS: [char; 10] = ['未', '不', '无', '非', '但', '除', '如', '若', '凡', '经'];
/// One-character function words: a synonym found beside them says nothing of its meaning.
const FUNCTION: [char; 24] = [
    '的', '和', '或', '与', '及', '在', '对', '为', '是', '等', '了', '由', '中', '其', '之', '并',
    '而', '以', '于', '把', '被', '将', '向', '从',
];
const NUMERALS: [char; 15] = [
    '第', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '百', '千', '万', '两',
];

fn han(text: &str) -> usize {
    text.chars().filter(|&c| is_han(c)).count()
}

pub struct Chinese {
    thesaurus: thesaurus::Chinese,
    uses: HashMap<String, u32>,
    /// Adjacent segments of the hosts and how often they are adjacent.
    pairs: HashMap<(String, String), u32>,
    openers: Vec<String>,
}

impl Chinese {
    pub fn new(thesaurus: thesaurus::Chinese, hosts: &[&str]) -> Self {
        let mut chinese = Chinese {
            thesaurus,
            uses: HashMap::new(),
            pairs: HashMap::new(),
            openers: Vec::new(),
        };
        let mut openers = HashMap::new();
        for text in hosts {
            let mut seen = HashSet::new();
            let segments = chinese.segment(text);
            for (i, s) in segments.iter().enumerate() {
                *chinese.uses.entry(s.clone()).or_insert(0) += 1;
                if let Some(next) = segments.get(i + 1) {
                    *chinese.pairs.entry((s.clone(), next.clone())).or_insert(0) += 1;
                }
            }
            for sentence in text.split(['。', '\n']) {
                // A law's article begins with its number: "第十二条 ".
                let body = match sentence.split_once(' ') {
                    Some((number, body)) if number.starts_with('第') => body,
                    _ => sentence,
                };
                if let Some((opener, _)) = body.split_once('，') {
                    let length = opener.chars().count();
                    // A condition ("未经批准", "但是", "如有") would change what the article says.
                    let condition = opener.contains(CONDITIONS);
                    if (2..=4).contains(&length)
                        && han(opener) == length
                        && !condition
                        && seen.insert(opener)
                    {
                        *openers.entry(opener.to_string()).or_insert(0) += 1;
                    }
                }
            }
        }
        chinese.openers = openers
            .into_iter()
            .filter(|&(_, n)| n >= OPENER_DOCUMENTS)
            .map(|(o, _)| o)
            .collect();
        chinese.openers.sort();
        chinese
    }

    /// Greedy longest match, both ways (the usual bidirectional maximum matching): each run of
    /// Han characters is cut into the longest vocabulary words from the left and from the right,
    /// and the cut with fewer pieces wins (ties: the one with fewer single characters, then the
    /// right-to-left one, which errs less on Chinese: 对调查 is 对 调查, not 对调 查). Every
    /// other character is a segment of its own.
    pub fn segment(&self, text: &str) -> Vec<String> {
        let chars: Vec<char> = text.chars().collect();
        let mut segments = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            let run = chars[i..].iter().take_while(|&&c| is_han(c)).count();
            if run == 0 {
                segments.push(chars[i].to_string());
                i += 1;
                continue;
            }
            let forward = self.greedy(&chars[i..i + run], false);
            let backward = self.greedy(&chars[i..i + run], true);
            let singles = |cut: &Vec<String>| cut.iter().filter(|s| s.chars().count() == 1).count();
            let key = |cut: &Vec<String>| (cut.len(), singles(cut));
            segments.extend(if key(&forward) < key(&backward) {
                forward
            } else {
                backward
            });
            i += run;
        }
        segments
    }

    /// `run` cut into the longest vocabulary words, from the left or from the right.
    fn greedy(&self, run: &[char], from_right: bool) -> Vec<String> {
        let longest = self.thesaurus.longest.min(8);
        let known = |piece: &[char]| {
            self.thesaurus
                .vocabulary
                .contains(&piece.iter().collect::<String>())
        };
        let mut cut = Vec::new();
        let (mut start, mut end) = (0, run.len());
        while start < end {
            let room = (end - start).min(longest);
            let length = (2..=room)
                .rev()
                .find(|&n| {
                    known(if from_right {
                        &run[end - n..end]
                    } else {
                        &run[start..start + n]
                    })
                })
                .unwrap_or(1);
            if from_right {
                cut.push(run[end - length..end].iter().collect());
                end -= length;
            } else {
                cut.push(run[start..start + length].iter().collect());
                start += length;
            }
        }
        if from_right {
            cut.reverse();
        }
        cut
    }

    fn uses(&self, word: &str) -> u32 {
        self.uses.get(word).copied().unwrap_or(0)
    }

    fn adjacent(&self, a: &str, b: &str) -> u32 {
        let key = (a.to_string(), b.to_string());
        self.pairs.get(&key).copied().unwrap_or(0)
    }

    /// The synonym for `segments[i]`, of those used `MIN_USES` times in the hosts. Cilin's groups
    /// are loose (个人 sits with 民用, 内容 with 情节), so a synonym must be found in the hosts
    /// next to a same neighbour that tells something (any word but a one-character function word
    /// such as 的), or share a character with the word (保护, 保障) and be found next to any same
    /// neighbour; the one found most often beside telling neighbours wins. None inside a set term.
    fn replacement(&self, segments: &[String], i: usize) -> Option<String> {
        let word = segments[i].as_str();
        let prev = i.checked_sub(1).map(|p| segments[p].as_str());
        let next = segments.get(i + 1).map(String::as_str);
        let fixed =
            |a: &str, b: &str| han(a) >= 2 && han(b) >= 2 && self.adjacent(a, b) >= FIXED_PAIR;
        let set_term = prev.is_some_and(|p| fixed(p, word)) || next.is_some_and(|n| fixed(word, n));
        if set_term || KEEP.contains(&word) {
            return None;
        }
        // (beside neighbours of 2+ characters, beside any neighbour)
        let context = |s: &str| {
            let counts = [
                prev.map(|p| (p, self.adjacent(p, s))),
                next.map(|n| (n, self.adjacent(s, n))),
            ];
            let counts = counts.into_iter().flatten();
            let telling = |n: &str| han(n) > 0 && !(n.chars().count() == 1 && n.contains(FUNCTION));
            let strong = counts
                .clone()
                .filter(|(n, _)| telling(n))
                .map(|(_, c)| c)
                .sum::<u32>();
            (strong, counts.map(|(_, c)| c).sum::<u32>())
        };
        self.thesaurus
            .synonyms
            .get(word)?
            .iter()
            // One word inside the other ("污染", "水污染") is a narrower or wider term.
            .filter(|s| !s.contains(word) && !word.contains(s.as_str()))
            // Numerals: "第一" is frequent in laws for their article numbers, not as "foremost".
            .filter(|s| !s.contains(NUMERALS) && self.uses(s) >= MIN_USES)
            .map(|s| (context(s), self.uses(s), s))
            .filter(|&((strong, any), _, s)| {
                strong > 0 || (any > 0 && s.chars().any(|c| word.contains(c)))
            })
            .max()
            .map(|(_, _, s)| s.clone())
    }

    fn content(&self, segment: &str) -> bool {
        han(segment) >= 2 && self.thesaurus.vocabulary.contains(segment)
    }

    /// Chinese `text` paraphrased line by line (see the module doc).
    pub fn rewrite(&self, text: &str, rng: &mut Rng, stats: &mut Stats) -> String {
        let mut lines: Vec<Vec<String>> = text.split('\n').map(|l| self.segment(l)).collect();
        let (mut candidates, mut words) = (Vec::new(), 0);
        for (n, line) in lines.iter().enumerate() {
            for i in (0..line.len()).filter(|&i| self.content(&line[i])) {
                words += 1;
                if let Some(r) = self.replacement(line, i) {
                    candidates.push((n, i, r));
                }
            }
        }
        stats.content += words;
        let p = (CONTENT_CHANGED * words as f64 / candidates.len().max(1) as f64).min(1.0);
        for (n, i, r) in candidates {
            if rng.chance(p) {
                lines[n][i] = r;
                stats.replaced += 1;
            }
        }
        for line in &mut lines {
            self.reorder(line, rng, stats);
            split_and_merge(line, rng, stats);
        }
        let han_total: usize = lines.iter().flatten().map(|s| han(s)).sum();
        for _ in 0..(han_total / 200).clamp(1, 3) {
            self.insert_opener(&mut lines, rng, stats);
        }
        let lines: Vec<String> = lines.iter().map(|l| l.concat()).collect();
        lines.join("\n")
    }

    /// In about `ORDER_RATE` of the places, swaps two words joined by 、/和/与/及/或 when each
    /// stands alone: before them punctuation, a joiner or a one-character word such as 对, after
    /// them punctuation, a joiner, 的 or 等 (公民和法人的 → 法人和公民的). Longer items are left
    /// alone: greedy segmentation cannot tell 犯罪嫌疑人、被告人在押 from two items of two words.
    fn reorder(&self, line: &mut [String], rng: &mut Rng, stats: &mut Stats) {
        let word = |s: &String| han(s) >= 2 && han(s) == s.chars().count();
        let joiner = |s: &String| JOINERS.contains(&s.as_str());
        let mut j = 1;
        while j + 1 < line.len() {
            let a = (0..j).rev().take_while(|&k| word(&line[k])).count();
            let b = line[j + 1..].iter().take_while(|s| word(s)).count();
            let before = (j - a).checked_sub(1).map(|k| &line[k]);
            let after = line.get(j + 1 + b);
            let alone_before = before.is_none_or(|s| han(s) <= 1 || joiner(s));
            let alone_after =
                after.is_none_or(|s| han(s) == 0 || joiner(s) || s == "的" || s == "等");
            let length = |r: std::ops::Range<usize>| line[r].iter().map(|s| han(s)).sum::<usize>();
            let fits = |l: usize| (2..=8).contains(&l);
            if joiner(&line[j])
                && a == 1
                && b == 1
                && alone_before
                && alone_after
                && fits(length(j - a..j))
                && fits(length(j + 1..j + 1 + b))
                && rng.chance(ORDER_RATE)
            {
                let left: Vec<String> = line[j - a..j].to_vec();
                let right: Vec<String> = line[j + 1..j + 1 + b].to_vec();
                line[j - a..j].clone_from_slice(&right);
                line[j + 1..j + 1 + b].clone_from_slice(&left);
                stats.reorders += 1;
                j += b;
            }
            j += 1;
        }
    }

    /// An opener ("同时，") before a random sentence (after 。, or at a line's start after its
    /// article number).
    fn insert_opener(&self, lines: &mut [Vec<String>], rng: &mut Rng, stats: &mut Stats) {
        if self.openers.is_empty() {
            return;
        }
        let mut places = Vec::new();
        for (n, line) in lines.iter().enumerate() {
            let start = line.iter().position(|s| s == " ").map_or(0, |p| p + 1);
            places.extend(line.get(start).filter(|s| han(s) > 0).map(|_| (n, start)));
            for (i, s) in line.iter().enumerate() {
                if s == "。" && line.get(i + 1).is_some_and(|next| han(next) > 0) {
                    places.push((n, i + 1));
                }
            }
        }
        if places.is_empty() {
            return;
        }
        let (n, at) = places[rng.below(places.len())];
        let opener = &self.openers[rng.below(self.openers.len())];
        lines[n].splice(at..at, [opener.clone(), "，".to_string()]);
        stats.insertions += 1;
    }
}

/// Splits sentences (；→。, or a long sentence's comma nearest its middle → 。) and merges short
/// neighbours (。→，), each at its rate.
fn split_and_merge(line: &mut [String], rng: &mut Rng, stats: &mut Stats) {
    let mut start = 0;
    let mut previous: Option<(usize, usize)> = None;
    for i in 0..line.len() {
        if !ENDS.contains(&line[i].as_str()) {
            continue;
        }
        let length: usize = line[start..i].iter().map(|s| han(s)).sum();
        let mut split = false;
        if line[i] == "；" && i + 1 < line.len() && rng.chance(SPLIT_RATE) {
            line[i] = "。".to_string();
            split = true;
        } else if length >= 50 && rng.chance(SPLIT_RATE) {
            let middle = start + (i - start) / 2;
            let comma = (start..i)
                .filter(|&k| line[k] == "，")
                .min_by_key(|&k| k.abs_diff(middle));
            if let Some(k) = comma {
                line[k] = "。".to_string();
                split = true;
            }
        }
        if let Some((end, before)) = previous.filter(|_| !split) {
            if line[end] == "。" && before < 40 && length < 40 && rng.chance(MERGE_RATE) {
                line[end] = "，".to_string();
                stats.merges += 1;
            }
        }
        stats.splits += usize::from(split);
        // A sentence just split is not merged back with the next.
        previous = (!split).then_some((i, length));
        start = i + 1;
    }
}
