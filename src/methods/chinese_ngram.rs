//! Chinese near-duplicate detection by sampled character 4-grams (the Chinese N-gram seed).
//!
//! 1. **Common-character filter**: keep only the 2,500 most common modern Chinese characters
//!    (Jun Da's frequency list, shipped in `data/common_chars_2500.txt` with its provenance), in text
//!    order; punctuation, digits, Latin words and rare characters drop out, which removes the noise
//!    that makes web copies differ.
//! 2. **4-grams hashed into 32 bits with base 44**: `h = ((c1·44 + c2)·44 + c3)·44 + c4` over the
//!    characters' code points, wrapping at 2^32.
//! 3. **Sampling**: every D-th hash of the text being checked (D = 20, or adaptive: fewer than 20 per
//!    sample for short texts so that at least ~20 samples remain).
//! 4. **Lookup**: the other text's full hash sequence is sorted; each sample is found by binary
//!    search. The *share* of samples found decides: duplicate when it reaches `Tset` = 0.6, or 0.7
//!    for texts under 200 (common) characters, where chance overlaps weigh more.

use std::collections::HashSet;
use std::sync::OnceLock;

use serde::Serialize;

use crate::error::Error;
use crate::text::{Analysis, TokenKind};

/// The n-gram length.
pub const NGRAM: usize = 4;
/// The polynomial hash base.
pub const BASE: u32 = 44;
/// The default sampling step D.
pub const DEFAULT_SAMPLE_STEP: usize = 20;
/// The duplicate threshold Tset.
pub const THRESHOLD: f64 = 0.6;
/// The duplicate threshold for short texts.
pub const SHORT_THRESHOLD: f64 = 0.7;
/// Texts with fewer common characters than this are short.
pub const SHORT_TEXT_CHARS: usize = 200;

/// The common-character set (2,500 characters).
pub fn common_characters() -> &'static HashSet<char> {
    static SET: OnceLock<HashSet<char>> = OnceLock::new();
    SET.get_or_init(|| {
        include_str!("data/common_chars_2500.txt")
            .lines()
            .filter(|line| !line.starts_with('#'))
            .filter_map(|line| line.chars().next())
            .collect()
    })
}

/// The text's common characters, in order (after normalization, so compatibility ideographs count
/// as the characters they imitate).
pub fn common_chars(analysis: &Analysis) -> Vec<char> {
    let common = common_characters();
    analysis
        .tokens
        .iter()
        .filter(|t| t.kind == TokenKind::Character)
        .filter_map(|t| analysis.text_of(t).chars().next())
        .filter(|c| common.contains(c))
        .collect()
}

/// The base-44 hashes of all character 4-grams of `chars`.
///
/// ```
/// use plagscope::methods::chinese_ngram::ngram_hashes;
/// let h = ngram_hashes(&['我', '们', '研', '究']);
/// let expected = ((('我' as u32 * 44 + '们' as u32) * 44 + '研' as u32) * 44) + '究' as u32;
/// assert_eq!(h, [expected]);
/// ```
pub fn ngram_hashes(chars: &[char]) -> Vec<u32> {
    chars
        .windows(NGRAM)
        .map(|gram| {
            gram.iter()
                .fold(0u32, |h, &c| h.wrapping_mul(BASE).wrapping_add(c as u32))
        })
        .collect()
}

/// How samples are taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SampleStep {
    /// Every D-th hash (D >= 1).
    Fixed(usize),
    /// D = 20 for long texts, smaller for short ones: `clamp(hashes / 20, 1, 20)`.
    Adaptive,
}

impl SampleStep {
    /// The step for a text with `hashes` 4-gram hashes.
    pub fn step(self, hashes: usize) -> Result<usize, Error> {
        match self {
            SampleStep::Fixed(0) => Err(Error::invalid("sampleStep", "must be at least 1")),
            SampleStep::Fixed(step) => Ok(step),
            SampleStep::Adaptive => Ok((hashes / 20).clamp(1, DEFAULT_SAMPLE_STEP)),
        }
    }
}

/// The outcome of checking one text against another.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NgramDuplicate {
    /// Common characters in the checked text.
    pub characters: usize,
    /// Samples taken from it.
    pub samples: usize,
    /// Samples found in the other text.
    pub matched: usize,
    /// `matched / samples` (0 without samples).
    pub share: f64,
    /// The threshold applied: 0.6, or 0.7 for short texts.
    pub threshold: f64,
    /// Whether `share >= threshold`.
    pub duplicate: bool,
}

/// Checks whether `checked` duplicates `other`: samples `checked`'s 4-gram hashes and looks them up in
/// `other`'s sorted hashes.
///
/// ```
/// use plagscope::methods::chinese_ngram::{check, SampleStep};
/// use plagscope::text::tokenize;
/// let original = tokenize("今天我们在学校学习了中国的历史和文化，老师讲得非常有意思，同学们都很认真地听讲。");
/// let copy = tokenize("今天我们在学校学习了中国的历史和文化！老师讲得非常有意思，同学们都认真地听讲。");
/// let result = check(&copy, &original, SampleStep::Fixed(1)).unwrap();
/// assert!(result.duplicate && result.threshold == 0.7);
/// ```
pub fn check(
    checked: &Analysis,
    other: &Analysis,
    step: SampleStep,
) -> Result<NgramDuplicate, Error> {
    NgramProfile::of(checked).check(&NgramProfile::of(other), step)
}

/// What the method keeps of one text, computed once however many texts it is compared with: its
/// number of common characters and their 4-gram hashes, in text order and (when it is the other
/// text of a check) sorted for lookups.
#[derive(Debug, Clone)]
pub struct NgramProfile {
    characters: usize,
    hashes: Vec<u32>,
    sorted: std::cell::OnceCell<Vec<u32>>,
}

impl NgramProfile {
    /// The common characters' 4-gram hashes of `analysis`.
    pub fn of(analysis: &Analysis) -> Self {
        let chars = common_chars(analysis);
        NgramProfile {
            characters: chars.len(),
            hashes: ngram_hashes(&chars),
            sorted: std::cell::OnceCell::new(),
        }
    }

    /// Checks whether this text duplicates `other`: samples this text's hashes and looks them up in
    /// `other`'s sorted hashes.
    pub fn check(&self, other: &NgramProfile, step: SampleStep) -> Result<NgramDuplicate, Error> {
        let step = step.step(self.hashes.len())?;
        let reference = other.sorted.get_or_init(|| {
            let mut sorted = other.hashes.clone();
            sorted.sort_unstable();
            sorted
        });
        let samples = self.hashes.iter().step_by(step);
        let taken = samples.len();
        let matched = samples
            .filter(|h| reference.binary_search(h).is_ok())
            .count();
        let share = if taken == 0 {
            0.0
        } else {
            matched as f64 / taken as f64
        };
        let threshold = if self.characters < SHORT_TEXT_CHARS {
            SHORT_THRESHOLD
        } else {
            THRESHOLD
        };
        Ok(NgramDuplicate {
            characters: self.characters,
            samples: taken,
            matched,
            share,
            threshold,
            duplicate: taken != 0 && share >= threshold,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::tokenize;

    #[test]
    fn the_list_has_2500_distinct_common_han_characters() {
        let set = common_characters();
        assert_eq!(set.len(), 2500);
        for c in ['的', '一', '是', '国', '学'] {
            assert!(set.contains(&c), "{c}");
        }
        assert!(set.iter().all(|&c| ('\u{4E00}'..='\u{9FFF}').contains(&c)));
    }

    #[test]
    fn the_filter_drops_punctuation_latin_digits_and_rare_characters() {
        let analysis = tokenize("我们用Rust写了3个程序：饕餮！");
        let kept: String = common_chars(&analysis).into_iter().collect();
        assert_eq!(kept, "我们用写了个程序");
    }

    #[test]
    fn adaptive_sampling_keeps_enough_samples() {
        assert_eq!(SampleStep::Adaptive.step(1000).unwrap(), 20);
        assert_eq!(SampleStep::Adaptive.step(100).unwrap(), 5);
        assert_eq!(SampleStep::Adaptive.step(3).unwrap(), 1);
        assert!(SampleStep::Fixed(0).step(10).is_err());
    }

    fn long_text(seed: usize, chars: usize) -> String {
        let list: Vec<char> = common_characters().iter().copied().collect::<Vec<_>>();
        let mut sorted = list;
        sorted.sort_unstable();
        (0..chars)
            .map(|i| sorted[(i * 7919 + seed * 104_729 + i * i * 31) % sorted.len()])
            .collect()
    }

    #[test]
    fn long_texts_use_0_6_and_short_ones_0_7() {
        let text = long_text(1, 1000);
        // Replace a third of the characters: the share drops to about 0.6 or below.
        let mut edited: Vec<char> = text.chars().collect();
        for i in (0..edited.len()).step_by(9) {
            edited[i] = '的';
        }
        let edited: String = edited.into_iter().collect();
        let exact = check(&tokenize(&text), &tokenize(&text), SampleStep::Fixed(20)).unwrap();
        assert_eq!(exact.threshold, THRESHOLD);
        assert!(exact.duplicate && exact.share == 1.0 && exact.samples == 50);
        let noisy = check(&tokenize(&edited), &tokenize(&text), SampleStep::Fixed(20)).unwrap();
        assert!(noisy.share < 0.7, "{noisy:?}");

        let short = long_text(2, 120);
        let result = check(&tokenize(&short), &tokenize(&short), SampleStep::Adaptive).unwrap();
        assert_eq!(result.threshold, SHORT_THRESHOLD);
        assert!(result.duplicate);
        let unrelated = check(
            &tokenize(&short),
            &tokenize(&long_text(3, 1000)),
            SampleStep::Adaptive,
        )
        .unwrap();
        assert!(
            !unrelated.duplicate && unrelated.share < 0.1,
            "{unrelated:?}"
        );
    }

    #[test]
    fn texts_without_enough_common_characters_are_not_duplicates() {
        let result = check(
            &tokenize("Hello world"),
            &tokenize("Hello world"),
            SampleStep::Adaptive,
        )
        .unwrap();
        assert_eq!((result.samples, result.duplicate), (0, false));
    }
}
