//! The stateless functions of the npm package: the text pipeline (`analyze`), shingles and their
//! hashes, winnowing, MinHash, SimHash and the n-grams two texts share. Each validates its
//! arguments and runs one core function of [`plagscope::sketch`] or [`plagscope::compare`].

use wasm_bindgen::prelude::*;

use super::{core, errors, plain, string_arg, to_js};
use plagscope::compare::{MAX_NGRAM, MIN_NGRAM};
use plagscope::sketch::{
    minhash_of, minhash_of_hashes, shingle_hashes_of, shingles_of, simhash_of, winnow_of,
    MinHashOptions, ShingleOptions, SimHashOptions, WinnowOptions, DEFAULT_WORD_N,
};
use plagscope::text::TextOptions;

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
    let shared = core(plagscope::shared_ngrams(&a, &b, n))?;
    to_js(&shared)
}

fn ngram_arg(value: &JsValue) -> Result<usize, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(DEFAULT_WORD_N);
    }
    let Some(n) = value.as_f64() else {
        let got = plain::describe(value);
        let reason = format!("expected an integer in {MIN_NGRAM}..={MAX_NGRAM}, got {got}");
        return Err(errors::invalid_option("n", reason));
    };
    let in_range = n.fract() == 0.0 && n >= MIN_NGRAM as f64 && n <= MAX_NGRAM as f64;
    if !in_range {
        let got = plagscope::error::Number(n);
        let reason = format!("expected an integer in {MIN_NGRAM}..={MAX_NGRAM}, got {got}");
        return Err(errors::invalid_option("n", reason));
    }
    Ok(n as usize)
}

/// Runs the text pipeline: the matching form, the tokens with their spans, and the evasion report.
#[wasm_bindgen(unchecked_return_type = "AnalysisReport")]
pub fn analyze(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "TextOptions")] options: JsValue,
) -> Result<JsValue, JsError> {
    let text = string_arg("text", &text)?;
    let options: TextOptions = plain::options(&options, "options")?;
    let analysis = core(plagscope::text::analyze(&text, &options))?;
    to_js(&analysis.report())
}

/// Hashed word or character n-grams of `text`, each with its span (hashes as 16 hex digits).
#[wasm_bindgen(unchecked_return_type = "HashedShingle[]")]
pub fn shingles(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "ShingleOptions")] options: JsValue,
) -> Result<JsValue, JsError> {
    let text = string_arg("text", &text)?;
    let options: ShingleOptions = plain::options(&options, "options")?;
    to_js(&core(shingles_of(&text, &options))?)
}

/// Winnowed fingerprints (MOSS) of `text`'s word shingles: every shared run of
/// `guaranteeWords` words shares one.
#[wasm_bindgen(unchecked_return_type = "HashedShingle[]")]
pub fn winnow(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "WinnowOptions")] options: JsValue,
) -> Result<JsValue, JsError> {
    let text = string_arg("text", &text)?;
    let options: WinnowOptions = plain::options(&options, "options")?;
    to_js(&core(winnow_of(&text, &options))?)
}

/// The 64-bit hashes of `text`'s word or character n-grams in text order, as numbers: each
/// `BigInt('0x' + shingle.hash)` of [`shingles`], without the spans. Give them to [`minhash`] to
/// sketch the same shingle set again (other `numPerm`, other scheme) without reading the text.
#[wasm_bindgen(js_name = shingleHashes)]
pub fn shingle_hashes(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "ShingleOptions")] options: JsValue,
) -> Result<Vec<u64>, JsError> {
    let text = string_arg("text", &text)?;
    let options: ShingleOptions = plain::options(&options, "options")?;
    core(shingle_hashes_of(&text, &options))
}

/// The MinHash signature of `text`'s word shingle set, or of a set of shingle hashes (a
/// `BigUint64Array`, from [`shingle_hashes`] say; then `shingleWords` and `text` do not apply):
/// one `u32` per slot. Two signatures of the same options estimate Jaccard similarity as the share
/// of equal slots.
#[wasm_bindgen]
pub fn minhash(
    #[wasm_bindgen(unchecked_param_type = "string | BigUint64Array")] input: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "MinHashOptions")] options: JsValue,
) -> Result<Vec<u32>, JsError> {
    let options: MinHashOptions = plain::options(&options, "options")?;
    if let Some(hashes) = input.dyn_ref::<js_sys::BigUint64Array>() {
        return core(minhash_of_hashes(&hashes.to_vec(), &options));
    }
    let text = super::strings::js_string(&input).ok_or_else(|| {
        let got = plain::describe(&input);
        let reason = format!("expected a string or a BigUint64Array of shingle hashes, got {got}");
        errors::invalid("input", reason)
    })?;
    core(minhash_of(&text, &options))
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
    core(simhash_of(&text, &options))
}
