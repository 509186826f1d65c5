//! Cutting Chinese text into dictionary words: bidirectional maximum matching.
//!
//! CEDICT has no word frequencies, so the statistical segmenters (a unigram model's best path,
//! jieba's DAG + HMM) have nothing to weigh paths by. Maximum matching needs only the word list:
//! forward (FMM) takes the longest word at each position from the left, backward (BMM) from the
//! right. Each errs where the other does not ("研究生命" is 研究生|命 forward, 研究|生命
//! backward), so both are run and the usual bidirectional rule picks one (Sun, Shen and T'sou,
//! 1995, and most textbook segmenters): fewer words; then fewer one-character words; then
//! backward, which errs about half as often as forward on Chinese.
//!
//! Text is read in runs of characters of scripts written without spaces (Han, and kana and Thai,
//! which simply match nothing); everything else is left to the core's tokenizer. Each character is
//! folded to Simplified for matching ([`to_simplified`], the core's own fold), and the lexicon
//! holds every headword in that folded form, Simplified and Traditional alike, so Traditional text
//! segments as its Simplified twin does, and regional words (軟體) still match their own entry.

use std::ops::Range;

use super::bilingual::{Lexicon, WordId};
use crate::text::chinese_script::to_simplified;
use crate::text::is_unsegmented_script;

/// One word of a segmented text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    /// Byte range of the word in the text given.
    pub range: Range<usize>,
    /// The dictionary word, or `None` for a character the dictionary does not hold.
    pub word: Option<WordId>,
}

/// A run of characters to segment: each one's byte offset in the text, and the folded characters.
struct Run {
    offsets: Vec<usize>,
    folded: Vec<char>,
}

/// The runs of unsegmented-script characters in `text`, and the end of the text.
fn runs(text: &str) -> Vec<Run> {
    let mut runs = Vec::new();
    let mut current: Option<Run> = None;
    for (at, c) in text.char_indices() {
        if is_unsegmented_script(c) {
            let run = current.get_or_insert_with(|| Run {
                offsets: Vec::new(),
                folded: Vec::new(),
            });
            run.offsets.push(at);
            run.folded.push(to_simplified(c));
        } else if let Some(run) = current.take() {
            runs.push(run);
        }
    }
    runs.extend(current);
    runs
}

/// Every dictionary word in `chars`: for each start, the ends (exclusive) and words, shortest
/// first. The list is walked like a trie: each character narrows the range of words with that
/// prefix, and an empty range ends the walk.
fn lattice(lexicon: &Lexicon, chars: &[char]) -> Vec<Vec<(usize, WordId)>> {
    let mut prefix = String::new();
    (0..chars.len())
        .map(|start| {
            prefix.clear();
            let mut range = 0..lexicon.words.len() as u32;
            let mut found = Vec::new();
            for (end, &c) in chars.iter().enumerate().skip(start) {
                prefix.push(c);
                range = lexicon.words.with_prefix(range, &prefix);
                if range.is_empty() {
                    break;
                }
                if lexicon.words.get(range.start) == prefix {
                    found.push((end + 1, WordId(range.start)));
                }
            }
            found
        })
        .collect()
}

/// A cut of a run: `(start, end, word)` in characters, in order.
type Cut = Vec<(usize, usize, Option<WordId>)>;

fn forward(lattice: &[Vec<(usize, WordId)>]) -> Cut {
    let mut cut = Vec::new();
    let mut at = 0;
    while at < lattice.len() {
        let (end, word) = match lattice[at].last() {
            Some(&(end, word)) => (end, Some(word)),
            None => (at + 1, None),
        };
        cut.push((at, end, word));
        at = end;
    }
    cut
}

fn backward(lattice: &[Vec<(usize, WordId)>]) -> Cut {
    // The longest word ending at each position: the one with the smallest start.
    let mut longest_ending: Vec<Option<(usize, WordId)>> = vec![None; lattice.len() + 1];
    for (start, words) in lattice.iter().enumerate() {
        for &(end, word) in words {
            if longest_ending[end].is_none_or(|(s, _)| start < s) {
                longest_ending[end] = Some((start, word));
            }
        }
    }
    let mut cut = Vec::new();
    let mut at = lattice.len();
    while at > 0 {
        let (start, word) = match longest_ending[at] {
            Some((start, word)) => (start, Some(word)),
            None => (at - 1, None),
        };
        cut.push((start, at, word));
        at = start;
    }
    cut.reverse();
    cut
}

/// The bidirectional rule: fewer words, then fewer single characters, then backward.
fn choose(forward: Cut, backward: Cut) -> Cut {
    let singles = |cut: &Cut| cut.iter().filter(|(s, e, _)| e - s == 1).count();
    let key = |cut: &Cut| (cut.len(), singles(cut));
    if key(&forward) < key(&backward) {
        forward
    } else {
        backward
    }
}

impl Lexicon {
    /// Cuts the Chinese (and other unsegmented-script) stretches of `text` into dictionary words by
    /// bidirectional maximum matching (see the module docs); characters no word covers come out one
    /// by one with no word. Other text (English words, digits, punctuation) gives no segment.
    pub fn segment(&self, text: &str) -> Vec<Segment> {
        let mut segments = Vec::new();
        for run in runs(text) {
            let lattice = lattice(self, &run.folded);
            let cut = choose(forward(&lattice), backward(&lattice));
            let byte_end = |i: usize| {
                run.offsets
                    .get(i)
                    .copied()
                    .unwrap_or_else(|| run_end(text, &run))
            };
            for (start, end, word) in cut {
                segments.push(Segment {
                    range: run.offsets[start]..byte_end(end),
                    word,
                });
            }
        }
        segments
    }

    /// Every dictionary word that occurs in `text` (overlapping ones too, as substrings of its
    /// unsegmented-script stretches): what English → Chinese matching looks for, since a word
    /// translated from English may sit inside a longer word of the other text's segmentation.
    pub fn occurrences(&self, text: &str) -> Vec<Segment> {
        let mut found = Vec::new();
        for run in runs(text) {
            let end_of = |i: usize| {
                run.offsets
                    .get(i)
                    .copied()
                    .unwrap_or_else(|| run_end(text, &run))
            };
            for (start, words) in lattice(self, &run.folded).into_iter().enumerate() {
                for (end, word) in words {
                    let range = run.offsets[start]..end_of(end);
                    found.push(Segment {
                        range,
                        word: Some(word),
                    });
                }
            }
        }
        found
    }
}

/// The byte offset just past a run's last character.
fn run_end(text: &str, run: &Run) -> usize {
    let last = *run.offsets.last().expect("runs are not empty");
    last + text[last..].chars().next().map_or(0, char::len_utf8)
}
