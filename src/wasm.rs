//! JavaScript bindings: the only file that knows about wasm-bindgen.
//!
//! Every export validates its arguments and returns `Result<_, JsError>`, so bad input becomes a thrown
//! JS `Error` with a clear message instead of a panic that would kill the wasm instance. Results cross
//! as plain JSON-compatible objects (serde-wasm-bindgen's `json_compatible` serializer), and all offsets
//! are UTF-16 code units of the original strings, end-exclusive: `text.slice(start, end)` works.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::compare::{MAX_NGRAM, MIN_NGRAM};
use crate::sketch::DEFAULT_WORD_N;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** A half-open range of UTF-16 code units: `text.slice(start, end)`. */
export interface Span {
  start: number;
  end: number;
}

/** Result of `sharedNgrams`. */
export interface SharedNgrams {
  /** The n-gram size used. */
  n: number;
  /** Number of distinct n-grams found in both texts. */
  shared: number;
  /** Spans of the first text covered by shared n-grams (sorted, disjoint). */
  a: Span[];
  /** Spans of the second text covered by shared n-grams (sorted, disjoint). */
  b: Span[];
  /** Number of words in the first text. */
  wordsA: number;
  /** Number of words in the second text. */
  wordsB: number;
  /** Words of the first text inside its shared spans. */
  sharedWordsA: number;
  /** Words of the second text inside its shared spans. */
  sharedWordsB: number;
  /** Traces of evasion in the first text. */
  evasionA: EvasionReport;
  /** Traces of evasion in the second text. */
  evasionB: EvasionReport;
}

/** What a text contains that looks like an attempt to evade matching. Spans are sorted. */
export interface EvasionReport {
  /** Invisible characters inside words (zero-width spaces, soft hyphens, bidi controls, ...). */
  invisibleCharacters: number;
  invisibleSpans: Span[];
  /** All invisible characters removed for matching, harmless ones included. */
  invisibleRemovedTotal: number;
  /** Blank look-alikes (U+2800, Hangul fillers) used in place of spaces. */
  blankSubstitutes: number;
  blankSpans: Span[];
  /** Look-alike letters folded for matching, by their script, e.g. `{ Cyrillic: 3 }`. */
  replacedLetters: Record<string, number>;
  replacedSpans: Span[];
  /** Words mixing Latin, Cyrillic and Greek letters. */
  mixedScriptWords: Span[];
}
"#;

#[wasm_bindgen(start)]
fn start() {
    // A panic is a bug; at least make it readable in the console instead of "unreachable".
    console_error_panic_hook::set_once();
}

/// The plagscope version (the crate's version).
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// Finds the word n-grams that two texts share, and where they are in each.
///
/// `n` is the number of consecutive words (1..=64, default 5); each Chinese or Japanese character
/// counts as a word. Offsets are UTF-16 code units of the original strings.
///
/// ```js
/// import { sharedNgrams } from 'plagscope';
/// const a = 'I think the quick brown fox jumps over the dog.';
/// const b = 'Yes, the quick brown fox jumps high.';
/// const { a: spansA } = sharedNgrams(a, b, 4);
/// a.slice(spansA[0].start, spansA[0].end); // 'the quick brown fox jumps'
/// ```
#[wasm_bindgen(js_name = sharedNgrams, unchecked_return_type = "SharedNgrams")]
pub fn shared_ngrams(
    #[wasm_bindgen(unchecked_param_type = "string")] a: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] b: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "number")] n: JsValue,
) -> Result<JsValue, JsError> {
    let a = string_arg("a", &a)?;
    let b = string_arg("b", &b)?;
    let n = ngram_arg(&n)?;
    let shared = crate::shared_ngrams(&a, &b, n).map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&shared)
}

fn string_arg(name: &str, value: &JsValue) -> Result<String, JsError> {
    value.as_string().ok_or_else(|| {
        JsError::new(&format!(
            "invalid `{name}`: expected a string, got {}",
            describe(value)
        ))
    })
}

fn ngram_arg(value: &JsValue) -> Result<usize, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(DEFAULT_WORD_N);
    }
    let Some(n) = value.as_f64() else {
        return Err(JsError::new(&format!(
            "invalid `n`: expected an integer in {MIN_NGRAM}..={MAX_NGRAM}, got {}",
            describe(value)
        )));
    };
    let in_range = n.fract() == 0.0 && n >= MIN_NGRAM as f64 && n <= MAX_NGRAM as f64;
    if !in_range {
        return Err(JsError::new(&format!(
            "invalid `n`: expected an integer in {MIN_NGRAM}..={MAX_NGRAM}, got {n}"
        )));
    }
    Ok(n as usize)
}

/// A short, safe description of a JS value for error messages (never the whole value).
fn describe(value: &JsValue) -> String {
    value
        .js_typeof()
        .as_string()
        .unwrap_or_else(|| "an unknown value".into())
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&format!("could not build the result object: {e}")))
}
