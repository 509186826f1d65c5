//! The sketches of a whole text in one call, with their options: what the stateless functions of
//! the npm package (`shingles`, `winnow`, `minhash`, `simhash`) compute, available to Rust callers
//! too. Each runs the text pipeline, then one sketch; hashes leave as 16 hex digits so that
//! JavaScript, whose numbers hold 53 bits, keeps all 64.

use serde::Serialize;

use super::minhash::{MinHashScheme, MinHasher};
use super::shingle::{char_shingles, default_char_k, word_shingle_hashes, word_shingles};
use super::simhash::{text_simhash, TermWeighting};
use super::winnow::{guarantee_window, winnow};
use crate::error::Error;
use crate::span::Span;
use crate::text::{analyze, TextOptions};

/// Word or character n-grams.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, serde::Deserialize, Serialize, schemars::JsonSchema,
)]
#[serde(rename_all = "camelCase")]
pub enum ShingleKind {
    /// Runs of consecutive words (each Chinese or Japanese character is a word).
    #[default]
    Word,
    /// Runs of consecutive characters of the matching form.
    Char,
}

impl crate::options::Validate for ShingleKind {}
impl crate::options::Differ for ShingleKind {}

impl crate::json_path::FromJson for ShingleKind {
    /// Reads the names serde gives the variants (a test holds them to it).
    fn from_json(value: &crate::json_path::Value) -> Result<Self, crate::json_path::PathError> {
        let kind = crate::json_path::variant(value, &["word", "char"])?;
        Ok([ShingleKind::Word, ShingleKind::Char][kind])
    }
}

crate::options! {
    /// Options of [`shingles_of`].
    #[derive(Eq)]
    pub struct ShingleOptions {
        /// Word or character n-grams.
        pub kind: ShingleKind = ShingleKind::Word;
        /// Words or characters per n-gram; absent: 5 words, or for characters 4 (Chinese or
        /// Japanese), 5 (a short text) or 9 (a long one).
        pub size: Option<usize> = None, in 1..=64;
        /// How the text is normalized and tokenized.
        pub text: TextOptions = TextOptions::default();
    }
}

crate::options! {
    /// Options of [`winnow_of`].
    #[derive(Eq)]
    pub struct WinnowOptions {
        /// Words per shingle, the noise threshold (winnowing's `k`).
        pub shingle_words: usize = 5, in 1..=64;
        /// The guarantee threshold in words (winnowing's `t`): every shared run this long shares
        /// a fingerprint. At least `shingleWords`.
        pub guarantee_words: usize = 12, in 1..=64;
        /// How the text is normalized and tokenized.
        pub text: TextOptions = TextOptions::default();
    }
}

crate::options! {
    /// Options of [`minhash_of`].
    #[derive(Eq)]
    pub struct MinHashOptions {
        /// Words per shingle.
        pub shingle_words: usize = 5, in 1..=64;
        /// Slots (permutations) of the signature.
        pub num_perm: usize = 128, in 1..=4096;
        /// How the signature is computed.
        pub scheme: MinHashScheme = MinHashScheme::OnePermutation;
        /// How the text is normalized and tokenized.
        pub text: TextOptions = TextOptions::default();
    }
}

crate::options! {
    /// Options of [`simhash_of`].
    #[derive(Eq)]
    pub struct SimHashOptions {
        /// How the text is normalized and tokenized.
        pub text: TextOptions = TextOptions::default();
    }
}

/// A hashed shingle or fingerprint of a text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct HashedShingle {
    /// The 64-bit hash as 16 hex digits.
    pub hash: String,
    /// Index of its first token.
    pub position: usize,
    /// Where it is in the text (UTF-16 code units).
    #[serde(flatten)]
    pub span: Span,
}

fn hashed(hash: u64, position: usize, span: Span) -> HashedShingle {
    HashedShingle {
        hash: format!("{hash:016x}"),
        position,
        span,
    }
}

/// The hashed word or character n-grams of `text`, each with its span.
pub fn shingles_of(text: &str, options: &ShingleOptions) -> Result<Vec<HashedShingle>, Error> {
    options.validate()?;
    let analysis = analyze(text, &options.text)?;
    let shingles = match options.kind {
        ShingleKind::Char => {
            let size = options.size.unwrap_or_else(|| default_char_k(&analysis));
            char_shingles(&analysis, size)?
        }
        ShingleKind::Word => word_shingles(&analysis, options.size.unwrap_or(5))?,
    };
    Ok(shingles
        .iter()
        .map(|s| hashed(s.hash, s.position, s.span))
        .collect())
}

/// The 64-bit hashes of `text`'s word or character n-grams in text order: the `hash` of each of
/// [`shingles_of`]'s shingles, as a number. Word shingles are hashed without building them.
pub fn shingle_hashes_of(text: &str, options: &ShingleOptions) -> Result<Vec<u64>, Error> {
    options.validate()?;
    let analysis = analyze(text, &options.text)?;
    match options.kind {
        ShingleKind::Char => {
            let size = options.size.unwrap_or_else(|| default_char_k(&analysis));
            Ok(char_shingles(&analysis, size)?
                .iter()
                .map(|s| s.hash)
                .collect())
        }
        ShingleKind::Word => word_shingle_hashes(&analysis, options.size.unwrap_or(5)),
    }
}

/// The winnowed fingerprints (MOSS) of `text`'s word shingles.
pub fn winnow_of(text: &str, options: &WinnowOptions) -> Result<Vec<HashedShingle>, Error> {
    options.validate()?;
    let window = guarantee_window(options.shingle_words, options.guarantee_words)?;
    let analysis = analyze(text, &options.text)?;
    let shingles = word_shingles(&analysis, options.shingle_words)?;
    Ok(winnow(&shingles, window)
        .iter()
        .map(|f| hashed(f.hash, f.position, f.span))
        .collect())
}

/// The MinHash signature of `text`'s word shingle set: one value per slot.
pub fn minhash_of(text: &str, options: &MinHashOptions) -> Result<Vec<u32>, Error> {
    options.validate()?;
    let analysis = analyze(text, &options.text)?;
    let hashes = word_shingle_hashes(&analysis, options.shingle_words)?;
    let hasher = MinHasher::new(options.num_perm, options.scheme)?;
    Ok(hasher.signature(&hashes).slot_values())
}

/// The MinHash signature of a set of shingle hashes (those of [`shingle_hashes_of`], say; order
/// and repeats do not matter): what [`minhash_of`] gives for a text whose word shingles hash to
/// them. Only `num_perm` and `scheme` apply; `shingle_words` and `text` are for texts.
pub fn minhash_of_hashes(hashes: &[u64], options: &MinHashOptions) -> Result<Vec<u32>, Error> {
    options.validate()?;
    let hasher = MinHasher::new(options.num_perm, options.scheme)?;
    Ok(hasher.signature(hashes).slot_values())
}

/// The 64-bit Charikar SimHash of `text`'s terms (counts, stop words removed), as 16 hex digits.
pub fn simhash_of(text: &str, options: &SimHashOptions) -> Result<String, Error> {
    options.validate()?;
    let analysis = analyze(text, &options.text)?;
    let fingerprint = text_simhash(&analysis, TermWeighting::Count, None)?;
    Ok(format!("{fingerprint:016x}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_of_shingles_slice_back_to_their_words() {
        let text = "One two three four five six.";
        let shingles = shingles_of(text, &ShingleOptions::default()).unwrap();
        assert_eq!(shingles.len(), 2);
        assert_eq!(shingles[1].span.slice_of(text), "two three four five six");
        assert_eq!(shingles[0].hash.len(), 16);
    }

    #[test]
    fn shingle_hashes_are_the_hex_hashes_of_the_shingles_as_numbers() {
        let text = "The quick brown fox jumps over the lazy dog. 天下大势，分久必合，合久必分。";
        for kind in [ShingleKind::Word, ShingleKind::Char] {
            for size in [None, Some(1), Some(3)] {
                let options = ShingleOptions {
                    kind,
                    size,
                    ..ShingleOptions::default()
                };
                let from_hex: Vec<u64> = shingles_of(text, &options)
                    .unwrap()
                    .iter()
                    .map(|s| u64::from_str_radix(&s.hash, 16).unwrap())
                    .collect();
                assert!(!from_hex.is_empty());
                assert_eq!(shingle_hashes_of(text, &options).unwrap(), from_hex);
            }
        }
    }

    #[test]
    fn minhash_of_a_texts_hashes_is_the_texts_minhash_whatever_their_order() {
        let text = "one two three four five six seven eight nine ten one two three four five";
        for scheme in [MinHashScheme::OnePermutation, MinHashScheme::Classic] {
            let options = MinHashOptions {
                num_perm: 32,
                scheme,
                shingle_words: 3,
                ..MinHashOptions::default()
            };
            let shingles = ShingleOptions {
                size: Some(3),
                ..ShingleOptions::default()
            };
            let mut hashes = shingle_hashes_of(text, &shingles).unwrap();
            hashes.reverse();
            let expected = minhash_of(text, &options).unwrap();
            assert_eq!(minhash_of_hashes(&hashes, &options).unwrap(), expected);
        }
        let bad = MinHashOptions {
            num_perm: 0,
            ..MinHashOptions::default()
        };
        assert!(minhash_of_hashes(&[1, 2], &bad).is_err());
    }

    #[test]
    fn a_guarantee_below_the_shingle_length_is_refused() {
        let options = WinnowOptions {
            shingle_words: 6,
            guarantee_words: 5,
            ..WinnowOptions::default()
        };
        assert!(winnow_of("a b c d e f g", &options).is_err());
    }

    #[test]
    fn minhash_has_one_value_per_slot() {
        let options = MinHashOptions {
            num_perm: 64,
            ..MinHashOptions::default()
        };
        assert_eq!(minhash_of("a b c d e f g", &options).unwrap().len(), 64);
        assert_eq!(
            simhash_of("a b c", &SimHashOptions::default())
                .unwrap()
                .len(),
            16
        );
    }
}
