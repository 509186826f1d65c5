//! The stateless functions: the text pipeline (`analyze`), shingles and their hashes, winnowing,
//! MinHash, SimHash and the n-grams two texts share. Each reads its arguments, then runs one core
//! function of [`plagscope::sketch`] or [`plagscope::compare`] with the GIL released.

use plagscope::compare::{MAX_NGRAM, MIN_NGRAM};
use plagscope::json_out::to_json;
use plagscope::sketch::{
    minhash_of, minhash_of_hashes, shingle_hashes_of, shingles_of, simhash_of, winnow_of,
    MinHashOptions, ShingleOptions, SimHashOptions, WinnowOptions, DEFAULT_WORD_N,
};
use plagscope::text::TextOptions;
use plagscope::{Error, ErrorCode};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};

use crate::args;
use crate::errors::{self, core};

/// Adds the functions to the module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(analyze, module)?)?;
    module.add_function(wrap_pyfunction!(shingles, module)?)?;
    module.add_function(wrap_pyfunction!(shingle_hashes, module)?)?;
    module.add_function(wrap_pyfunction!(winnow, module)?)?;
    module.add_function(wrap_pyfunction!(minhash, module)?)?;
    module.add_function(wrap_pyfunction!(simhash, module)?)?;
    module.add_function(wrap_pyfunction!(shared_ngrams, module)?)?;
    Ok(())
}

/// Runs the text pipeline: the matching form, the tokens with their spans, and the evasion report.
#[pyfunction]
#[pyo3(signature = (text, options = None))]
fn analyze<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let text = args::text(text, "text")?;
    let options: TextOptions = args::options(options, "options")?;
    let json = py.detach(|| {
        plagscope::text::analyze(&text, &options).map(|analysis| to_json(&analysis.report()))
    });
    args::json_to_python(py, &core(py, json)?)
}

/// Hashed word or character n-grams of `text`, each `{"hash", "position", "start", "end"}` (the
/// hash as 16 hex digits, as in JS).
#[pyfunction]
#[pyo3(signature = (text, options = None))]
fn shingles<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let text = args::text(text, "text")?;
    let options: ShingleOptions = args::options(options, "options")?;
    let json = py.detach(|| shingles_of(&text, &options).map(|shingles| to_json(&shingles)));
    args::json_to_python(py, &core(py, json)?)
}

/// The 64-bit hashes of `text`'s word or character n-grams in text order, as ints.
#[pyfunction]
#[pyo3(signature = (text, options = None))]
fn shingle_hashes(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<u64>> {
    let text = args::text(text, "text")?;
    let options: ShingleOptions = args::options(options, "options")?;
    core(py, py.detach(|| shingle_hashes_of(&text, &options)))
}

/// Winnowed fingerprints (MOSS) of `text`'s word shingles, as `shingles` gives them.
#[pyfunction]
#[pyo3(signature = (text, options = None))]
fn winnow<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let text = args::text(text, "text")?;
    let options: WinnowOptions = args::options(options, "options")?;
    let json = py.detach(|| winnow_of(&text, &options).map(|prints| to_json(&prints)));
    args::json_to_python(py, &core(py, json)?)
}

/// The MinHash signature of `text`'s word shingle set, or of a sequence of shingle hashes (ints
/// in `0..2**64`, from `shingle_hashes` say): one int in `0..2**32` per slot.
#[pyfunction]
#[pyo3(signature = (input, options = None))]
fn minhash(
    py: Python<'_>,
    input: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<u32>> {
    let options: MinHashOptions = args::options(options, "options")?;
    if input.is_instance_of::<PyString>() {
        let text = args::text(input, "input")?;
        return core(py, py.detach(|| minhash_of(&text, &options)));
    }
    let hashes: Vec<u64> = input.extract().map_err(|_| {
        let reason = format!(
            "expected a str or a sequence of shingle hashes (ints in 0..2**64), got {}",
            args::type_name(input)
        );
        errors::wrong_type("input", reason)
    })?;
    core(py, py.detach(|| minhash_of_hashes(&hashes, &options)))
}

/// The 64-bit Charikar SimHash of `text`'s terms (counts, stop words removed), as an int;
/// `format(value, "016x")` is the string the JS `simhash` returns.
#[pyfunction]
#[pyo3(signature = (text, options = None))]
fn simhash(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
) -> PyResult<u64> {
    let text = args::text(text, "text")?;
    let options: SimHashOptions = args::options(options, "options")?;
    let hex = core(py, py.detach(|| simhash_of(&text, &options)))?;
    u64::from_str_radix(&hex, 16).map_err(|_| {
        errors::from_core(
            py,
            Error::input("", format!("an unreadable SimHash: {hex}")),
        )
    })
}

/// The word n-grams that `a` and `b` share and where they are in each: `{"a": [spans], "b": [spans]}`.
/// `n` is the number of consecutive words (1..=64); each Chinese or Japanese character is a word.
#[pyfunction]
#[pyo3(signature = (a, b, n = None))]
fn shared_ngrams<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
    n: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let a = args::text(a, "a")?;
    let b = args::text(b, "b")?;
    let n = ngram_size(n)?;
    let json = py.detach(|| plagscope::shared_ngrams(&a, &b, n).map(|shared| to_json(&shared)));
    args::json_to_python(py, &core(py, json)?)
}

/// The `n` of `shared_ngrams`: an int (the core refuses one out of range), `None` for the default.
fn ngram_size(n: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
    let Some(n) = n.filter(|n| !n.is_none()) else {
        return Ok(DEFAULT_WORD_N);
    };
    if n.is_instance_of::<PyBool>() || !n.is_instance_of::<PyInt>() {
        let reason = format!("expected an int, got {}", args::type_name(n));
        return Err(errors::wrong_type("n", reason));
    }
    // Out of usize (negative, huge) is out of range as well: the same error as the core's.
    n.extract::<usize>().map_err(|_| {
        let reason = format!("the n-gram size must be in {MIN_NGRAM}..={MAX_NGRAM}, got {n}");
        errors::from_core(n.py(), Error::new(ErrorCode::InvalidOption, "n", reason))
    })
}
