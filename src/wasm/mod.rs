//! JavaScript bindings: the only file that knows about wasm-bindgen.
//!
//! Every export validates its arguments and returns `Result<_, JsError>`, so bad input becomes a thrown
//! JS `Error` with a clear message instead of a panic that would kill the wasm instance. Results cross
//! as plain JSON-compatible objects (serde-wasm-bindgen's `json_compatible` serializer), and all offsets
//! are UTF-16 code units of the original strings, end-exclusive: `text.slice(start, end)` works.

mod plain;

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use crate::checker::{CheckOptions, Checker, CheckerOptions, Reference};
use crate::compare::{MAX_NGRAM, MIN_NGRAM};
use crate::sketch::minhash::{MinHashScheme, MinHasher, DEFAULT_NUM_PERM};
use crate::sketch::simhash::{text_simhash, TermWeighting};
use crate::sketch::{
    char_shingles, default_char_k, guarantee_window, word_shingles, DEFAULT_WORD_N,
};
use crate::store::{export_index, import_index};
use crate::text::{EvasionReport, TextOptions, TokenKind};

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
  /** Narrow spaces (thin, hair, ...) spacing out the letters of words: removed for matching. */
  spacingCharacters: number;
  spacingSpans: Span[];
  /** Invisible characters (word joiner, zero-width space) standing where spaces belong: read as spaces. */
  invisibleSeparators: number;
  invisibleSeparatorSpans: Span[];
  /** Text stored backwards under a right-to-left override (it displays as the original): read in display order. */
  reversedSpans: Span[];
  /** Letters disguised with combining marks (every vowel of several words, most consonants, or stacked marks). */
  markedLetters: number;
  markedSpans: Span[];
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

/// The defaults of every option, filled in: `{ checker: CheckerOptions, check: CheckOptions }`.
/// Front ends read their defaults here instead of writing them again.
#[wasm_bindgen(
    unchecked_return_type = "{ checker: Required<CheckerOptions>; check: Required<CheckOptions> }"
)]
pub fn defaults() -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    struct Defaults {
        checker: CheckerOptions,
        check: CheckOptions,
    }
    to_js(&Defaults {
        checker: CheckerOptions::default(),
        check: CheckOptions::default(),
    })
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
            plain::describe(value)
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
            plain::describe(value)
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

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&format!("could not build the result object: {e}")))
}

// ---------------------------------------------------------------------------------------------
// The checker and the stateless sketch functions.
// ---------------------------------------------------------------------------------------------

#[wasm_bindgen(typescript_custom_section)]
const TS_CHECKER_TYPES: &'static str = r#"
/** How texts are normalized and tokenized. */
export interface TextOptions {
  /** Compare case-insensitively. Default true. */
  ignoreCase?: boolean;
  /** Drop punctuation and symbols. Default true. */
  ignorePunctuation?: boolean;
  /** Drop numbers. Default false. */
  ignoreNumbers?: boolean;
  /** Drop English and Chinese stop words. Default false. */
  removeStopwords?: boolean;
  /** Drop words longer than this many characters (1..=10000). Default: keep all. */
  maxWordChars?: number | null;
}

/** Options fixed for a reference set. */
export interface CheckerOptions {
  text?: TextOptions;
  /** Words per fingerprint shingle, the noise threshold (2..=16). Default 5. */
  k?: number;
  /** Guarantee threshold in words: every shared run this long is found (k..=64). Default 12. */
  t?: number;
  /** MinHash slots (16..=1024). Default 128. */
  numPerm?: number;
  /** MinHash scheme. Default "onePermutation". */
  minhashScheme?: "onePermutation" | "classic";
}

/** How passages are aligned. */
export interface AlignOptions {
  /** Lengths are in word equivalents: a Chinese or Japanese character is 0.6 of a word. */
  /** Shortest exact run used, in words (1..=16). Default 3 (5 Chinese characters). */
  seedWords?: number;
  /** Largest gap inside a passage, in words (0..=100). Default 30. */
  maxGap?: number;
  /** Largest distance at which pieces merge into one passage, in words (0..=500). Default 60. */
  mergeGap?: number;
  /** Fewest matched words in a reported passage (1..=10000). Default 12 (20 Chinese characters). */
  minWords?: number;
  /** An exact run at least this long makes a passage by itself (1..=64). Default 12 (20 Chinese characters). */
  anchorWords?: number;
  /** Without such a run (an edited copy), words needed inside seed-long runs no other reference shares (1..=10000). Default 55. */
  editedWords?: number;
  /** Least share of each side of a passage inside exact runs, in percent (0..=100). Default 30. */
  minDensity?: number;
}

/** Keywords, tags and references of a document, for the combined SimHash + metadata score. */
export interface Metadata {
  keywords?: string[];
  tags?: string[];
  references?: string[];
}

/** Options of one check or all-pairs run. */
export interface CheckOptions {
  align?: AlignOptions;
  /** Leave quotations out. Default true. */
  excludeQuotes?: boolean;
  /** Leave the bibliography out. Default true. */
  excludeBibliography?: boolean;
  /** Fingerprints in more references than this are common phrasing (1..=1000000). Default 10. */
  maxDocFrequency?: number;
  /** Report at most this many sources (1..=10000). Default 100. */
  maxSources?: number;
  /** Text weight of the combined score, in [0.8, 0.9]. Default 0.85. */
  mu?: number;
  /** K of the short-text (Weibo) score, in [2, 8]. Default 4. */
  weiboK?: number;
  /** The paper's metadata. */
  meta?: Metadata;
  /** All-pairs only: report pairs at least this similar, in [0, 1]. Default 0.05. */
  threshold?: number;
  /** Check only: references left out of this report, by id, as if they were not in the set. */
  ignoreReferences?: string[];
  /** Check only: parts of the paper the reader left out (reported as excluded, kind "reader"). */
  excludeSpans?: Span[];
  /** Check only: quote, bibliography or base exclusions overlapping these spans are not made. */
  includeSpans?: Span[];
}

/** A reference document. */
export interface ReferenceInput {
  /** Unique id (1..=1024 characters). */
  id: string;
  /** Title for reports (defaults to the id). */
  title?: string;
  text: string;
  meta?: Metadata;
  /** A base (template) document: its text is never reported and is excluded from papers. */
  base?: boolean;
}

export interface Reference {
  id: string;
  title: string;
  text: string;
  meta: Metadata;
  base: boolean;
}

export interface ReferenceInfo {
  id: string;
  title: string;
  words: number;
  fingerprints: number;
  base: boolean;
}

/** An exact shared run inside a passage, in both texts. */
export interface SharedRun {
  start: number;
  end: number;
  sourceStart: number;
  sourceEnd: number;
}

export interface Passage {
  /** Range in the paper (UTF-16 units: `paper.slice(start, end)`). */
  start: number;
  end: number;
  /** Range in the source. */
  sourceStart: number;
  sourceEnd: number;
  /** Words of the paper in the passage. */
  words: number;
  /** Words inside exact shared runs. */
  matchedWords: number;
  /** Words of the longest exact shared run. */
  longestRun: number;
  /** Share of the passage's words inside exact shared runs, in [0, 1]. */
  matchedShare: number;
  /** Copied across Traditional and Simplified Chinese characters (a disguise). */
  convertedScript: boolean;
  ngrams: SharedRun[];
}

export interface MethodScores {
  /** Weighted SimHash combined with metadata Jaccard: mu/(Ham+1) + (1-mu)·J. */
  combined: { hamming: number; metadataJaccard: number; score: number };
  /** 32-bit short-text SimHash: Sim = 1/(Ham+1) + K·Dup, similar when Sim >= 1 + 0.2K. */
  weibo: { hamming: number; dup: number; sim: number; similar: boolean };
  /** Chinese 4-gram sampling of the paper against the source. */
  chineseNgram: { characters: number; samples: number; matched: number; share: number; threshold: number; duplicate: boolean };
}

export interface SourceReport {
  id: string;
  title: string;
  /** Share of the paper's counted words inside passages matching this source. */
  similarity: number;
  /** Share of the source's words used by the paper. */
  sourceCoverage: number;
  /** MinHash estimate of the shingle sets' Jaccard similarity. */
  jaccard: number;
  /** MinHash estimate of the containment of the paper in the source. */
  containment: number;
  /** Hamming distance of the 64-bit SimHashes (tf·idf·(1+len) weights). */
  simhashDistance: number;
  scores: MethodScores;
  passages: Passage[];
}

export interface Exclusion {
  kind: "quote" | "bibliography" | "base" | "reader";
  start: number;
  end: number;
}

export interface Report {
  /** Share of the paper's counted words inside any reported passage, in [0, 1]. */
  similarity: number;
  /** Words counted (not excluded). */
  words: number;
  totalWords: number;
  sources: SourceReport[];
  evasion: EvasionReport;
  excluded: Exclusion[];
}

export interface PairReport {
  a: string;
  b: string;
  /** The larger of the two directions' similarities. */
  similarity: number;
  /** Seen from `a`: `similarity` is the share of `a` found in `b`, `sourceCoverage` of `b` in `a`. */
  report: SourceReport;
}

export interface Token {
  start: number;
  end: number;
  /** The token in matching form. */
  text: string;
  kind: "word" | "number" | "character" | "punctuation";
}

export interface Analysis {
  normalized: string;
  tokens: Token[];
  evasion: EvasionReport;
}

/** A hashed shingle or fingerprint: 64-bit hash as 16 hex digits, position, span in the text. */
export interface Shingle {
  hash: string;
  position: number;
  start: number;
  end: number;
}

export interface ShingleOptions {
  /** "word" n-grams (default) or "char" n-grams. */
  kind?: "word" | "char";
  /** Size (1..=64). Default 5 words, or for characters 4 (CJK) / 5 (short) / 9 (long). */
  n?: number;
  text?: TextOptions;
}

export interface WinnowOptions {
  /** Noise threshold: words per shingle (1..=64). Default 5. */
  k?: number;
  /** Guarantee threshold in words (k..). Default 12. */
  t?: number;
  text?: TextOptions;
}

export interface MinHashOptions {
  /** Words per shingle (1..=64). Default 5. */
  n?: number;
  /** Slots (1..=4096). Default 128. */
  numPerm?: number;
  scheme?: "onePermutation" | "classic";
  text?: TextOptions;
}

export interface SimHashOptions {
  text?: TextOptions;
}
"#;

fn core<T>(result: Result<T, crate::Error>) -> Result<T, JsError> {
    result.map_err(|e| JsError::new(&e.to_string()))
}

/// A reference set and the checks against it.
///
/// ```js
/// import { Checker } from 'plagscope';
/// const checker = new Checker();
/// checker.addReference({ id: 'src', title: 'A source', text: sourceText });
/// const report = checker.check(paperText);
/// for (const source of report.sources) {
///   for (const p of source.passages) console.log(paperText.slice(p.start, p.end));
/// }
/// ```
#[wasm_bindgen(js_name = Checker)]
pub struct JsChecker {
    inner: Checker,
}

#[wasm_bindgen(js_class = Checker)]
impl JsChecker {
    /// An empty reference set. `options` (all optional): `text`, `k`, `t`, `numPerm`,
    /// `minhashScheme` — see `CheckerOptions`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "CheckerOptions")] options: JsValue,
    ) -> Result<JsChecker, JsError> {
        let options: CheckerOptions = plain::options(&options, "options")?;
        Ok(JsChecker {
            inner: core(Checker::new(options))?,
        })
    }

    /// Adds a reference `{ id, title?, text, meta?, base? }`. Throws if the id exists.
    #[wasm_bindgen(js_name = addReference)]
    pub fn add_reference(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "ReferenceInput")] reference: JsValue,
    ) -> Result<(), JsError> {
        let reference: Reference = match plain::read(&reference, "reference")? {
            Some(value @ serde_json::Value::Object(_)) => plain::deserialize(value, "reference")?,
            _ => {
                return Err(JsError::new(&format!(
                    "invalid `reference`: expected an object {{ id, text }}, got {}",
                    plain::describe(&reference)
                )))
            }
        };
        core(self.inner.add_reference(reference))
    }

    /// Removes the reference with `id`; returns whether it existed.
    #[wasm_bindgen(js_name = removeReference)]
    pub fn remove_reference(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] id: JsValue,
    ) -> Result<bool, JsError> {
        let id = string_arg("id", &id)?;
        core(self.inner.remove_reference(&id))
    }

    /// The options this reference set was made with (every field filled in), e.g. to show them or
    /// to make a set that indexes the same way.
    #[wasm_bindgen(getter, unchecked_return_type = "Required<CheckerOptions>")]
    pub fn options(&self) -> Result<JsValue, JsError> {
        to_js(self.inner.options())
    }

    /// The references, in the order they were added.
    #[wasm_bindgen(unchecked_return_type = "ReferenceInfo[]")]
    pub fn references(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner.references())
    }

    /// The reference with `id` (with its full text), or `undefined`.
    #[wasm_bindgen(js_name = getReference, unchecked_return_type = "Reference | undefined")]
    pub fn get_reference(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] id: JsValue,
    ) -> Result<JsValue, JsError> {
        let id = string_arg("id", &id)?;
        match self.inner.reference(&id) {
            Some(reference) => to_js(reference),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// Number of references.
    #[wasm_bindgen(getter)]
    pub fn size(&self) -> usize {
        self.inner.len()
    }

    /// Checks `text` against the reference set; see `CheckOptions` and `Report`.
    #[wasm_bindgen(unchecked_return_type = "Report")]
    pub fn check(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "CheckOptions")] options: JsValue,
    ) -> Result<JsValue, JsError> {
        let text = string_arg("text", &text)?;
        let options: CheckOptions = plain::options(&options, "options")?;
        to_js(&core(self.inner.check(&text, &options))?)
    }

    /// Compares every pair of references; returns the pairs at least `options.threshold` similar.
    #[wasm_bindgen(unchecked_return_type = "PairReport[]")]
    pub fn pairs(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "CheckOptions")] options: JsValue,
    ) -> Result<JsValue, JsError> {
        let options: CheckOptions = plain::options(&options, "options")?;
        to_js(&core(self.inner.pairs(&options))?)
    }

    /// The whole reference set as one versioned, checksummed binary file.
    #[wasm_bindgen(js_name = exportIndex)]
    pub fn export_index(&self) -> Result<Vec<u8>, JsError> {
        core(export_index(&self.inner))
    }

    /// Loads a reference set saved by `exportIndex` (a `Uint8Array` or `ArrayBuffer`). Throws a
    /// clear error for a truncated, corrupted, foreign or newer-version file.
    #[wasm_bindgen(js_name = importIndex)]
    pub fn import_index(
        #[wasm_bindgen(unchecked_param_type = "Uint8Array | ArrayBuffer")] bytes: JsValue,
    ) -> Result<JsChecker, JsError> {
        let bytes = plain::bytes(&bytes, "bytes")?;
        Ok(JsChecker {
            inner: core(import_index(&bytes))?,
        })
    }
}

#[derive(Serialize)]
struct JsToken<'a> {
    start: usize,
    end: usize,
    text: &'a str,
    kind: TokenKind,
}

#[derive(Serialize)]
struct JsAnalysis<'a> {
    normalized: &'a str,
    tokens: Vec<JsToken<'a>>,
    evasion: &'a EvasionReport,
}

/// Runs the text pipeline: the matching form, the tokens with their spans, and the evasion report.
#[wasm_bindgen(unchecked_return_type = "Analysis")]
pub fn analyze(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "TextOptions")] options: JsValue,
) -> Result<JsValue, JsError> {
    let text = string_arg("text", &text)?;
    let options: TextOptions = plain::options(&options, "options")?;
    let analysis = core(crate::text::analyze(&text, &options))?;
    to_js(&JsAnalysis {
        normalized: &analysis.normalized,
        tokens: analysis
            .tokens
            .iter()
            .map(|t| JsToken {
                start: t.span.start,
                end: t.span.end,
                text: analysis.text_of(t),
                kind: t.kind,
            })
            .collect(),
        evasion: &analysis.evasion,
    })
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
struct ShingleOptions {
    kind: ShingleKind,
    n: Option<usize>,
    text: TextOptions,
}

#[derive(Deserialize, Default, PartialEq)]
#[serde(rename_all = "camelCase")]
enum ShingleKind {
    #[default]
    Word,
    Char,
}

#[derive(Serialize)]
struct JsShingle {
    hash: String,
    position: usize,
    start: usize,
    end: usize,
}

fn js_shingles(shingles: impl Iterator<Item = (u64, usize, crate::Span)>) -> Vec<JsShingle> {
    shingles
        .map(|(hash, position, span)| JsShingle {
            hash: format!("{hash:016x}"),
            position,
            start: span.start,
            end: span.end,
        })
        .collect()
}

/// Hashed word or character n-grams of `text`, each with its span (hashes as 16 hex digits).
#[wasm_bindgen(unchecked_return_type = "Shingle[]")]
pub fn shingles(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "ShingleOptions")] options: JsValue,
) -> Result<JsValue, JsError> {
    let text = string_arg("text", &text)?;
    let options: ShingleOptions = plain::options(&options, "options")?;
    let analysis = core(crate::text::analyze(&text, &options.text))?;
    let shingles = if options.kind == ShingleKind::Char {
        let k = options.n.unwrap_or_else(|| default_char_k(&analysis));
        core(char_shingles(&analysis, k))?
    } else {
        core(word_shingles(
            &analysis,
            options.n.unwrap_or(DEFAULT_WORD_N),
        ))?
    };
    to_js(&js_shingles(
        shingles.iter().map(|s| (s.hash, s.position, s.span)),
    ))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
struct WinnowOptions {
    k: usize,
    t: usize,
    text: TextOptions,
}

impl Default for WinnowOptions {
    fn default() -> Self {
        WinnowOptions {
            k: DEFAULT_WORD_N,
            t: 12,
            text: TextOptions::default(),
        }
    }
}

/// Winnowed fingerprints of `text`'s word k-grams with guarantee threshold `t` (MOSS).
#[wasm_bindgen(unchecked_return_type = "Shingle[]")]
pub fn winnow(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "WinnowOptions")] options: JsValue,
) -> Result<JsValue, JsError> {
    let text = string_arg("text", &text)?;
    let options: WinnowOptions = plain::options(&options, "options")?;
    let analysis = core(crate::text::analyze(&text, &options.text))?;
    let window = core(guarantee_window(options.k, options.t))?;
    let shingles = core(word_shingles(&analysis, options.k))?;
    let fingerprints = crate::sketch::winnow(&shingles, window);
    to_js(&js_shingles(
        fingerprints.iter().map(|f| (f.hash, f.position, f.span)),
    ))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
struct MinHashOptions {
    n: usize,
    num_perm: usize,
    scheme: MinHashScheme,
    text: TextOptions,
}

impl Default for MinHashOptions {
    fn default() -> Self {
        MinHashOptions {
            n: DEFAULT_WORD_N,
            num_perm: DEFAULT_NUM_PERM,
            scheme: MinHashScheme::default(),
            text: TextOptions::default(),
        }
    }
}

/// The MinHash signature of `text`'s word n-gram set: one `u32` per slot. Two signatures of the
/// same options estimate Jaccard similarity as the share of equal slots.
#[wasm_bindgen]
pub fn minhash(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "MinHashOptions")] options: JsValue,
) -> Result<Vec<u32>, JsError> {
    let text = string_arg("text", &text)?;
    let options: MinHashOptions = plain::options(&options, "options")?;
    let analysis = core(crate::text::analyze(&text, &options.text))?;
    let hashes: Vec<u64> = core(word_shingles(&analysis, options.n))?
        .into_iter()
        .map(|s| s.hash)
        .collect();
    let hasher = core(MinHasher::new(options.num_perm, options.scheme))?;
    Ok(hasher.signature(&hashes).slot_values())
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
struct SimHashOptions {
    text: TextOptions,
}

/// The 64-bit Charikar SimHash of `text`'s terms (counts, stop words removed), as 16 hex digits.
/// (The checker's reports use tf·idf·(1+len) weights from its reference set.)
#[wasm_bindgen]
pub fn simhash(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SimHashOptions")] options: JsValue,
) -> Result<String, JsError> {
    let text = string_arg("text", &text)?;
    let options: SimHashOptions = plain::options(&options, "options")?;
    let analysis = core(crate::text::analyze(&text, &options.text))?;
    let fingerprint = core(text_simhash(&analysis, TermWeighting::Count, None))?;
    Ok(format!("{fingerprint:016x}"))
}

// ---------------------------------------------------------------------------------------------
// Test builds only: a real trap. `scripts/test.sh` builds with `--features crash-test` into
// target/pkg-crash, never into pkg/, so the JS guard (js/guard.js) is tested against the genuine
// failure (a dead borrow flag, a leaked shadow stack) rather than a mock.
// ---------------------------------------------------------------------------------------------

#[cfg(feature = "crash-test")]
#[wasm_bindgen(js_class = Checker)]
impl JsChecker {
    /// Traps while this checker is mutably borrowed, as a bug would: `"panic"` (default) panics
    /// (`RuntimeError: unreachable` under panic = abort), `"stack"` recurses until the shadow stack
    /// runs out of linear memory (`RuntimeError: memory access out of bounds`).
    #[wasm_bindgen(js_name = crashForTests)]
    pub fn crash_for_tests(&mut self, kind: Option<String>) -> usize {
        fn deep(depth: usize) -> usize {
            // A frame that must live on the shadow stack, so each call uses linear memory.
            let frame = std::hint::black_box([depth; 64]);
            if depth == usize::MAX {
                return frame[1];
            }
            deep(depth + 1) + frame[std::hint::black_box(depth) % 64]
        }
        match kind.as_deref() {
            Some("stack") => deep(self.inner.len()),
            _ => panic!(
                "crash test: a deliberate panic with {} references",
                self.inner.len()
            ),
        }
    }
}
