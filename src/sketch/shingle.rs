//! Shingles: word n-grams and character n-grams of a tokenized text, hashed with the one stable
//! hash ([`super::hash`]), each with the original span it covers.
//!
//! Character shingles run over the *character stream*: the tokens' matching forms joined by one
//! space, except that two adjacent characters of unsegmented scripts (Chinese, Japanese, Thai, ...)
//! are joined directly, as they were written. So "Hello, World!" gives "hello world" and
//! "我们 研究" gives "我们研究". Punctuation, case and invisible characters do not count.

use crate::error::Error;
use crate::span::Span;
use crate::text::{Analysis, TokenKind};

use super::hash::hash_bytes;

/// Smallest accepted shingle size (words or characters).
pub const MIN_SHINGLE: usize = 1;
/// Largest accepted shingle size (words or characters).
pub const MAX_SHINGLE: usize = 64;
/// The default word n-gram size: five words rarely repeat by chance but survive light editing.
pub const DEFAULT_WORD_N: usize = 5;

/// One hashed shingle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shingle {
    /// The shingle's hash ([`super::hash_bytes`] of its text).
    pub hash: u64,
    /// Index of its first token (word shingles) or first character in the character stream
    /// (character shingles).
    pub position: usize,
    /// The original text it covers, in UTF-16 code units: from its first token's start to its last
    /// token's end.
    pub span: Span,
}

fn check_size(name: &'static str, size: usize) -> Result<(), Error> {
    if (MIN_SHINGLE..=MAX_SHINGLE).contains(&size) {
        Ok(())
    } else {
        Err(Error::invalid(
            name,
            format!("the shingle size must be in {MIN_SHINGLE}..={MAX_SHINGLE}, got {size}"),
        ))
    }
}

/// Hashed word n-grams: one per run of `n` consecutive tokens, in order. A text with fewer than `n`
/// tokens has none. `n` must be in 1..=64.
///
/// ```
/// use plagscope::sketch::{hash_bytes, word_shingles};
/// use plagscope::text::tokenize;
/// let text = "The QUICK brown fox, jumps!";
/// let shingles = word_shingles(&tokenize(text), 5).unwrap();
/// assert_eq!(shingles.len(), 1);
/// assert_eq!(shingles[0].hash, hash_bytes(b"the quick brown fox jumps"));
/// assert_eq!(shingles[0].span.slice_of(text), "The QUICK brown fox, jumps");
/// ```
pub fn word_shingles(analysis: &Analysis, n: usize) -> Result<Vec<Shingle>, Error> {
    let hashes = word_shingle_hashes(analysis, n)?;
    let windows = analysis.tokens.windows(n).enumerate();
    let shingles = (windows.zip(hashes))
        .map(|((position, window), hash)| Shingle {
            hash,
            position,
            span: Span::new(window[0].span.start, window[n - 1].span.end),
        })
        .collect();
    Ok(shingles)
}

/// The hashes of [`word_shingles`] alone, in order, without their positions and spans.
///
/// A shingle's text is its tokens' matching forms joined by one space. All of them are written
/// once into one such stream, in which every window is then a slice: a run of tokens already one
/// space apart in the normalized text (most of a line of prose) is copied in one piece, and a
/// window of Chinese characters is not copied once per window it is in.
pub fn word_shingle_hashes(analysis: &Analysis, n: usize) -> Result<Vec<u64>, Error> {
    check_size("n", n)?;
    let tokens = &analysis.tokens;
    if tokens.len() < n {
        return Ok(Vec::new());
    }
    let joined = joined_forms(analysis);
    let form_len = |i: usize| tokens[i].norm_end - tokens[i].norm_start;
    // The stream offsets of the window's first byte and of the byte after its last token.
    let mut start = 0;
    let mut end = (0..n).map(|i| form_len(i) + 1).sum::<usize>() - 1;
    let mut hashes = Vec::with_capacity(tokens.len() + 1 - n);
    hashes.push(hash_bytes(&joined[start..end]));
    for first in 1..=tokens.len() - n {
        start += form_len(first - 1) + 1;
        end += form_len(first + n - 1) + 1;
        hashes.push(hash_bytes(&joined[start..end]));
    }
    Ok(hashes)
}

/// The matching forms of all tokens joined by one space. Runs of tokens that stand exactly one
/// space apart in the normalized text are copied as one slice.
fn joined_forms(analysis: &Analysis) -> Vec<u8> {
    let tokens = &analysis.tokens;
    let normalized = analysis.normalized.as_bytes();
    let mut joined = Vec::with_capacity(normalized.len() + tokens.len());
    let mut run_start = 0;
    for (i, token) in tokens.iter().enumerate() {
        let continues = tokens.get(i + 1).is_some_and(|next| {
            next.norm_start == token.norm_end + 1 && normalized[token.norm_end] == b' '
        });
        if !continues {
            let run = &normalized[tokens[run_start].norm_start..token.norm_end];
            if let &[a, b, c] = run {
                joined.extend_from_slice(&[a, b, c, b' ']);
            } else {
                joined.extend_from_slice(run);
                joined.push(b' ');
            }
            run_start = i + 1;
        }
    }
    joined
}

/// Hashed character n-grams of the character stream (see the module docs): one per position of
/// `k` consecutive characters, skipping windows that are only a separator. `k` must be in 1..=64.
///
/// ```
/// use plagscope::sketch::{char_shingles, hash_bytes};
/// use plagscope::text::tokenize;
/// let text = "我们，研究";
/// let shingles = char_shingles(&tokenize(text), 4).unwrap();
/// assert_eq!(shingles[0].hash, hash_bytes("我们研究".as_bytes()));
/// assert_eq!(shingles[0].span.slice_of(text), "我们，研究");
/// ```
pub fn char_shingles(analysis: &Analysis, k: usize) -> Result<Vec<Shingle>, Error> {
    check_size("k", k)?;
    // The stream, with the byte offset and owning token of every character (None: a separator).
    let mut stream = String::new();
    let mut chars: Vec<(usize, Option<usize>)> = Vec::new();
    let mut previous_kind: Option<TokenKind> = None;
    for (index, token) in analysis.tokens.iter().enumerate() {
        let joined_directly =
            previous_kind == Some(TokenKind::Character) && token.kind == TokenKind::Character;
        if previous_kind.is_some() && !joined_directly {
            chars.push((stream.len(), None));
            stream.push(' ');
        }
        let text = analysis.text_of(token);
        chars.extend(
            text.char_indices()
                .map(|(at, _)| (stream.len() + at, Some(index))),
        );
        stream.push_str(text);
        previous_kind = Some(token.kind);
    }
    let mut shingles = Vec::new();
    for position in 0..(chars.len() + 1).saturating_sub(k) {
        let window = &chars[position..position + k];
        // Separators only stand between tokens, so a window's first and last owned characters
        // are within one step of its ends.
        let first = window.iter().find_map(|&(_, owner)| owner);
        let last = window.iter().rev().find_map(|&(_, owner)| owner);
        let (Some(first), Some(last)) = (first, last) else {
            continue;
        };
        let start = window[0].0;
        let end = chars.get(position + k).map_or(stream.len(), |&(at, _)| at);
        shingles.push(Shingle {
            hash: hash_bytes(&stream.as_bytes()[start..end]),
            position,
            span: Span::new(
                analysis.tokens[first].span.start,
                analysis.tokens[last].span.end,
            ),
        });
    }
    Ok(shingles)
}

/// The character shingle size the seed method recommends for a text: 4 when most of its tokens are
/// characters of unsegmented scripts (Chinese and the like), otherwise 5 for short texts (under
/// 2,000 characters in the stream, e-mail length) and 9 for longer ones (papers).
pub fn default_char_k(analysis: &Analysis) -> usize {
    let characters = analysis
        .tokens
        .iter()
        .filter(|t| t.kind == TokenKind::Character)
        .count();
    if characters * 2 > analysis.tokens.len() {
        return 4;
    }
    let stream_chars: usize = analysis.token_texts().map(|t| t.chars().count() + 1).sum();
    if stream_chars < 2_000 {
        5
    } else {
        9
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::tokenize;

    #[test]
    fn word_shingles_cover_each_window() {
        let text = "one two three four";
        let shingles = word_shingles(&tokenize(text), 2).unwrap();
        let spans: Vec<&str> = shingles.iter().map(|s| s.span.slice_of(text)).collect();
        assert_eq!(spans, ["one two", "two three", "three four"]);
        assert_eq!(shingles[1].hash, hash_bytes(b"two three"));
        assert_eq!(shingles[2].position, 2);
    }

    #[test]
    fn too_few_tokens_give_no_shingles_and_bad_sizes_are_errors() {
        assert!(word_shingles(&tokenize("a b"), 3).unwrap().is_empty());
        assert!(word_shingles(&tokenize("a"), 0).is_err());
        assert!(char_shingles(&tokenize("a"), 65).is_err());
    }

    #[test]
    fn same_words_same_shingles_whatever_the_punctuation_and_case() {
        let a = word_shingles(&tokenize("Hello, World! How are you?"), 3).unwrap();
        let b = word_shingles(&tokenize("hello world how ARE you"), 3).unwrap();
        let hashes = |s: &[Shingle]| s.iter().map(|s| s.hash).collect::<Vec<_>>();
        assert_eq!(hashes(&a), hashes(&b));
    }

    #[test]
    fn char_stream_joins_words_with_spaces_and_cjk_directly() {
        let text = "Hi, 我们 研究 AI";
        let shingles = char_shingles(&tokenize(text), 1).unwrap();
        let expected: Vec<u64> = ["h", "i", " ", "我", "们", "研", "究", " ", "a", "i"]
            .iter()
            .filter(|c| **c != " ")
            .map(|c| hash_bytes(c.as_bytes()))
            .collect();
        let hashes: Vec<u64> = shingles.iter().map(|s| s.hash).collect();
        assert_eq!(hashes, expected);
    }

    #[test]
    fn char_shingle_spans_cover_their_tokens() {
        let text = "ab, cd";
        let shingles = char_shingles(&tokenize(text), 3).unwrap();
        let covered: Vec<&str> = shingles.iter().map(|s| s.span.slice_of(text)).collect();
        // "ab " "b c" " cd"
        assert_eq!(covered, ["ab", "ab, cd", "cd"]);
        assert_eq!(shingles[1].hash, hash_bytes(b"b c"));
    }

    #[test]
    fn default_k_follows_script_and_length() {
        assert_eq!(default_char_k(&tokenize("我们研究蛋白质的折叠")), 4);
        assert_eq!(default_char_k(&tokenize("a short email")), 5);
        assert_eq!(default_char_k(&tokenize(&"word ".repeat(500))), 9);
    }
}
