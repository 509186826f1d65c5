//! Short-text near-duplicates with a 32-bit SimHash (the second improved SimHash seed, designed for
//! microblog posts).
//!
//! - **Fingerprint**: a 32-bit SimHash of the text's terms (stop words removed, weighted by count).
//!   A *short* term (one character, e.g. a single Chinese character) carries too little information
//!   to vote on all 32 bits: its hash's bits 17-32 are folded onto bits 1-16 (XOR) and it votes on
//!   bits 1-16 only, so short terms do not scramble the upper half.
//! - **Duplicate rate** `Dup`: the Jaccard similarity of the two texts' term sets, compared as
//!   sorted 64-bit term hashes ([`Terms`]): exact unless two distinct terms share a hash.
//! - **Similarity** `Sim = 1/(Ham + 1) + K·Dup` with `K` in [2, 8]; a pair is similar when
//!   `Sim >= 1 + 0.2K`. (Identical posts score `1 + K`; a pair with distance 0 needs `Dup >= 0.2`, a
//!   pair far apart needs `Dup` a little over 0.2 + (1 - 1/(Ham+1))/K.)
//! - The seed's recursive 8-bit bucketing of fingerprints is research code, reached by no product
//!   path: `src/research/weibo_buckets.rs`, built for tests only (all pairs takes its near-duplicate candidates from
//!   the permuted-table SimHash index instead).

use crate::error::Error;
use crate::sketch::hash::hash_bytes;
use crate::text::{is_stopword, Analysis};

/// Default `K`.
pub const DEFAULT_K: f64 = 4.0;

/// The 32-bit SimHash with short-term bit folding (see the module docs).
///
/// ```
/// use plagscope::methods::weibo::simhash32;
/// use plagscope::text::tokenize;
/// let a = simhash32(&tokenize("今天天气很好，我们去公园散步吧"));
/// let b = simhash32(&tokenize("今天天气很好，我们去公园散步"));
/// assert!((a ^ b).count_ones() <= 8);
/// ```
pub fn simhash32(analysis: &Analysis) -> u32 {
    Terms::of(analysis).fingerprint
}

/// What the method keeps of one text, computed once however many texts it is compared with: its
/// 32-bit fingerprint and its term set (stop words removed) as sorted, distinct 64-bit hashes, so
/// that `Dup` is a merge of two sorted lists rather than a set of strings built per pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Terms {
    /// The 32-bit SimHash with short-term bit folding.
    pub fingerprint: u32,
    /// The distinct terms' hashes, sorted.
    hashes: Vec<u64>,
}

impl Terms {
    /// The fingerprint and term set of `analysis`.
    pub fn of(analysis: &Analysis) -> Self {
        let mut votes = [0i64; 32];
        let mut hashes = Vec::new();
        for text in analysis.token_texts().filter(|t| !is_stopword(t)) {
            let hash = hash_bytes(text.as_bytes());
            hashes.push(hash);
            let hash = hash as u32;
            let (bits, voting) = if text.chars().nth(1).is_none() {
                ((hash ^ (hash >> 16)) & 0xFFFF, 16)
            } else {
                (hash, 32)
            };
            for (bit, vote) in votes.iter_mut().take(voting).enumerate() {
                *vote += if bits >> bit & 1 == 1 { 1 } else { -1 };
            }
        }
        hashes.sort_unstable();
        hashes.dedup();
        let fingerprint = votes
            .iter()
            .enumerate()
            .filter(|(_, &vote)| vote > 0)
            .fold(0u32, |fingerprint, (bit, _)| fingerprint | 1 << bit);
        Terms {
            fingerprint,
            hashes,
        }
    }

    /// `Dup` of two term sets: the size of their intersection over that of their union.
    pub fn duplicate_rate(&self, other: &Terms) -> f64 {
        let (a, b) = (&self.hashes, &other.hashes);
        let (mut i, mut j, mut shared) = (0, 0, 0);
        while i < a.len() && j < b.len() {
            match a[i].cmp(&b[j]) {
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
                std::cmp::Ordering::Equal => {
                    shared += 1;
                    i += 1;
                    j += 1;
                }
            }
        }
        let union = a.len() + b.len() - shared;
        if union == 0 {
            0.0
        } else {
            shared as f64 / union as f64
        }
    }

    /// Compares two texts' terms with parameter `K` in [2, 8] (see [`compare`]).
    pub fn compare(&self, other: &Terms, k: f64) -> Result<WeiboComparison, Error> {
        let hamming = (self.fingerprint ^ other.fingerprint).count_ones();
        let dup = self.duplicate_rate(other);
        let sim = similarity(hamming, dup, k)?;
        Ok(WeiboComparison {
            hamming,
            dup,
            sim,
            similar: is_similar(sim, k)?,
        })
    }
}

/// `Dup`: Jaccard similarity of the two texts' term sets (stop words removed); 0 if both are empty.
pub fn duplicate_rate(a: &Analysis, b: &Analysis) -> f64 {
    Terms::of(a).duplicate_rate(&Terms::of(b))
}

fn check_k(k: f64) -> Result<(), Error> {
    if (2.0..=8.0).contains(&k) {
        Ok(())
    } else {
        Err(Error::invalid(
            "k",
            format!("must be in [2, 8], got {}", crate::error::Number(k)),
        ))
    }
}

/// `Sim = 1/(hamming + 1) + K × dup`, `K` in [2, 8].
///
/// ```
/// use plagscope::methods::weibo::{similarity, is_similar};
/// let sim = similarity(2, 0.5, 4.0).unwrap(); // 1/3 + 2
/// assert!((sim - 7.0 / 3.0).abs() < 1e-12);
/// assert!(is_similar(sim, 4.0).unwrap()); // threshold 1.8
/// assert!(!is_similar(similarity(10, 0.1, 4.0).unwrap(), 4.0).unwrap());
/// ```
pub fn similarity(hamming: u32, dup: f64, k: f64) -> Result<f64, Error> {
    check_k(k)?;
    Ok(1.0 / (hamming as f64 + 1.0) + k * dup)
}

/// Whether `sim` reaches the method's threshold `1 + 0.2K`.
pub fn is_similar(sim: f64, k: f64) -> Result<bool, Error> {
    check_k(k)?;
    Ok(sim >= 1.0 + 0.2 * k)
}

crate::report_records! {
    /// The comparison of two short texts.
    #[derive(Copy)]
    pub struct WeiboComparison {
        /// Hamming distance of the 32-bit fingerprints.
        pub hamming: u32;
        /// Duplicate rate `Dup`.
        pub dup: f64;
        /// `Sim`.
        pub sim: f64;
        /// Whether `Sim >= 1 + 0.2K`.
        pub similar: bool;
    }
}

/// Compares two short texts with parameter `K` in [2, 8].
pub fn compare(a: &Analysis, b: &Analysis, k: f64) -> Result<WeiboComparison, Error> {
    Terms::of(a).compare(&Terms::of(b), k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::tokenize;

    #[test]
    fn threshold_follows_k() {
        for k in [2.0, 4.0, 8.0] {
            // Identical: Ham 0, Dup 1 -> 1 + K, always similar.
            assert!(is_similar(similarity(0, 1.0, k).unwrap(), k).unwrap());
            // Distance 0 needs Dup >= 0.2 exactly.
            assert!(is_similar(similarity(0, 0.2, k).unwrap(), k).unwrap());
            assert!(!is_similar(similarity(0, 0.19, k).unwrap(), k).unwrap());
        }
        assert!(similarity(0, 0.5, 1.0).is_err() && is_similar(1.0, 9.0).is_err());
    }

    #[test]
    fn the_duplicate_rate_is_the_jaccard_similarity_of_the_term_strings() {
        use std::collections::HashSet;
        let texts = [
            "the council approved the new cycling lanes downtown today and the lanes open soon",
            "RT the council approved new cycling lanes! downtown lanes open in spring",
            "今天天气很好，我们去公园散步吧，公园里人很多",
            "",
        ];
        let set = |text: &str| -> HashSet<String> {
            let analysis = tokenize(text);
            let terms = analysis.token_texts().filter(|t| !is_stopword(t));
            terms.map(String::from).collect()
        };
        for a in texts {
            for b in texts {
                let (sa, sb) = (set(a), set(b));
                let union = sa.union(&sb).count();
                let expected = match union {
                    0 => 0.0,
                    _ => sa.intersection(&sb).count() as f64 / union as f64,
                };
                assert_eq!(
                    duplicate_rate(&tokenize(a), &tokenize(b)),
                    expected,
                    "{a:?} {b:?}"
                );
            }
        }
    }

    #[test]
    fn short_terms_only_touch_the_low_half() {
        // Only one-character terms: the upper 16 bits never get a positive vote.
        assert_eq!(simhash32(&tokenize("猫 狗 鱼 鸟 马 牛")) >> 16, 0);
        assert_ne!(simhash32(&tokenize("cat dog fish bird horse cow")) >> 16, 0);
    }

    #[test]
    fn reposts_are_similar_and_unrelated_posts_are_not() {
        let post =
            tokenize("Breaking: the city council approved the new cycling lanes downtown today");
        let repost =
            tokenize("RT Breaking: the city council approved the new cycling lanes downtown!");
        let other = tokenize("My cat learned to open the fridge, send help and snacks");
        let same = compare(&post, &repost, DEFAULT_K).unwrap();
        let different = compare(&post, &other, DEFAULT_K).unwrap();
        assert!(same.similar, "{same:?}");
        assert!(!different.similar, "{different:?}");
        assert!(same.dup >= 0.8 && different.dup < 0.1);
    }
}
