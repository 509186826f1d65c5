//! plagscope's JavaScript bindings: the only crate that knows about wasm-bindgen (wasm32 only; on
//! other targets it is empty). The core, `plagscope`, has no wasm or JS dependency at all.
//!
//! Every export validates its arguments and returns `Result<_, JsError>`, so bad input becomes a thrown
//! JS `Error` with a clear message instead of a panic that would kill the wasm instance. Results cross
//! as plain objects, one JSON string parsed by the JS engine (see `to_js`), and all offsets
//! are UTF-16 code units of the original strings, end-exclusive: `text.slice(start, end)` works.

#![cfg(target_arch = "wasm32")]
#![deny(missing_docs)]

mod alloc;
#[cfg(feature = "archive")]
mod archive;
mod errors;
#[cfg(feature = "translated")]
mod model;
mod plain;
mod progress;
mod sketches;
mod strings;

#[cfg(feature = "archive")]
pub use archive::JsArchiveQuery;
pub use sketches::{analyze, minhash, shared_ngrams, shingle_hashes, shingles, simhash, winnow};

use wasm_bindgen::prelude::*;

use plagscope::checker::{
    CheckOptions, Checker, CheckerOptions, Defaults, PairsOptions, Paper, Reference,
};
use plagscope::json_out::{to_json, WriteJson};
use plagscope::store::{export_index_to, import_index_from, IndexSink, IndexSource};

#[wasm_bindgen(start)]
fn start() {
    // A panic is a bug; at least make it readable in the console instead of "unreachable".
    console_error_panic_hook::set_once();
}

/// The plagscope version (the core's version).
#[wasm_bindgen]
pub fn version() -> String {
    plagscope::VERSION.to_string()
}

/// The defaults of every option, filled in: `{ checker, check, pairs }`.
#[wasm_bindgen(unchecked_return_type = "Defaults")]
pub fn defaults() -> Result<JsValue, JsError> {
    to_js(&Defaults::default())
}

fn string_arg(name: &str, value: &JsValue) -> Result<String, JsError> {
    let text = strings::js_string(value).ok_or_else(|| {
        let got = plain::describe(value);
        errors::invalid(name, format!("expected a string, got {got}"))
    })?;
    strings::well_formed_identifier(name, value, &text)?;
    Ok(text)
}

/// A result as plain JS objects. It crosses as one JSON string read by the engine's own JSON
/// parser: for results of many items (a report, the shingles of a long text) that is several
/// times faster than building every object and property through the bindings one call at a time.
/// Results hold no number beyond 2^53 (hashes are hex strings) and no NaN, so nothing is lost.
/// The JSON is written by `plagscope::json_out` (the text serde_json writes, in far less wasm).
fn to_js<T: WriteJson + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    js_sys::JSON::parse(&to_json(value))
        .map_err(|_| JsError::new("could not build the result object: its JSON was refused"))
}

// ---------------------------------------------------------------------------------------------
// The checker and the stateless sketch functions.
// ---------------------------------------------------------------------------------------------

/// A paper as `check` takes it: its text, or `{ text, meta }`.
fn read_paper(paper: &JsValue) -> Result<Paper, JsError> {
    let expected = || plain::expected("paper", "a string or { text, meta }", paper);
    // Checked first: a typed array would otherwise be refused as "not a plain object".
    if !plain::is_plain_data(paper) {
        return Err(expected());
    }
    match plain::read(paper, "paper")? {
        Some(serde_json::Value::String(text)) => Ok(Paper {
            text,
            meta: Default::default(),
        }),
        Some(value @ serde_json::Value::Object(_)) => plain::deserialize(value, "paper"),
        _ => Err(expected()),
    }
}

/// A core error as a JS `Error`; a parameter's Rust name (`align.min_words`) is shown as the JS
/// caller wrote it (`align.minWords`).
fn core<T>(result: Result<T, plagscope::Error>) -> Result<T, JsError> {
    result.map_err(errors::from_core)
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
    /// An empty reference set; see `CheckerOptions` (every field optional).
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
        #[wasm_bindgen(unchecked_param_type = "Reference")] reference: JsValue,
    ) -> Result<(), JsError> {
        let expected = || plain::expected("reference", "an object { id, text }", &reference);
        if !plain::is_plain_data(&reference) {
            return Err(expected());
        }
        let reference: Reference = match plain::read(&reference, "reference")? {
            Some(value @ serde_json::Value::Object(_)) => plain::deserialize(value, "reference")?,
            _ => return Err(expected()),
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

    /// The reference with `id` (with its full text, decompressed), or `undefined`.
    #[wasm_bindgen(js_name = getReference, unchecked_return_type = "Reference | undefined")]
    pub fn get_reference(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] id: JsValue,
    ) -> Result<JsValue, JsError> {
        let id = string_arg("id", &id)?;
        match core(self.inner.reference(&id))? {
            Some(reference) => to_js(&reference),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// Number of references.
    #[wasm_bindgen(getter)]
    pub fn size(&self) -> usize {
        self.inner.len()
    }

    /// Checks a paper (its text, or `{ text, meta }` with its keywords, tags and references for
    /// the combined score) against the reference set; see `CheckOptions` and `Report`.
    /// `onProgress(done, total, stage)` is told about every 1% of each stage how far the check is:
    /// `'preparing'` the paper (7 steps: read, bibliography, quotations, templates, fingerprints,
    /// candidate references, sentences), `'aligning'` it with each candidate reference, `'reporting'` each source found;
    /// throwing from it stops the check with an error.
    #[wasm_bindgen(unchecked_return_type = "Report")]
    pub fn check(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string | Paper")] paper: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "CheckOptions")] options: JsValue,
        #[wasm_bindgen(
            unchecked_optional_param_type = "(done: number, total: number, stage: 'preparing' | 'aligning' | 'reporting') => void"
        )]
        on_progress: JsValue,
    ) -> Result<JsValue, JsError> {
        let paper = read_paper(&paper)?;
        let options: CheckOptions = plain::options(&options, "options")?;
        let report = progress::with_callback(&on_progress, |progress| {
            (self.inner).check_with_progress(&paper.text, &paper.meta, &options, progress)
        })?;
        to_js(&core(report)?)
    }

    /// Checks `paper` against this set together with `candidates`, an archive's documents for
    /// it (`ArchiveQuery.references()`): those the set does not hold are added for the check and
    /// all are removed after it, whether it succeeds or throws, so the set is as it was and
    /// nothing is copied. Returns `{ report, sources }`, `sources` the candidates the report names
    /// (for their texts). `options` and `onProgress` as for `check`.
    #[wasm_bindgen(js_name = checkWithCandidates, unchecked_return_type = "CandidatesReport")]
    pub fn check_with_candidates(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string | Paper")] paper: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Reference[]")] candidates: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "CheckOptions")] options: JsValue,
        #[wasm_bindgen(
            unchecked_optional_param_type = "(done: number, total: number, stage: 'preparing' | 'aligning' | 'reporting') => void"
        )]
        on_progress: JsValue,
    ) -> Result<JsValue, JsError> {
        let paper = read_paper(&paper)?;
        let expected = || plain::expected("candidates", "an array of { id, text }", &candidates);
        if !plain::is_plain_data(&candidates) {
            return Err(expected());
        }
        let candidates: Vec<Reference> = match plain::read(&candidates, "candidates")? {
            Some(value @ serde_json::Value::Array(_)) => plain::deserialize(value, "candidates")?,
            _ => return Err(expected()),
        };
        let options: CheckOptions = plain::options(&options, "options")?;
        let found = progress::with_callback(&on_progress, |progress| {
            (self.inner).check_with_candidates(&paper, candidates, &options, progress)
        })?;
        to_js(&core(found)?)
    }

    /// Compares every pair of references; returns the pairs at least `options.minSimilarity`
    /// similar, most similar first. `onProgress(done, total, stage)` is called about every 1% of
    /// each stage (`'reading'` the references, then `'comparing'` the candidate pairs); throwing
    /// from it stops the work with an error.
    #[wasm_bindgen(unchecked_return_type = "PairReport[]")]
    pub fn pairs(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "PairsOptions")] options: JsValue,
        #[wasm_bindgen(
            unchecked_optional_param_type = "(done: number, total: number, stage: 'reading' | 'comparing') => void"
        )]
        on_progress: JsValue,
    ) -> Result<JsValue, JsError> {
        let options: PairsOptions = plain::options(&options, "options")?;
        let Some(mut progress) = progress::callback(&on_progress)? else {
            return to_js(&core(self.inner.pairs(&options))?);
        };
        to_js(&core(
            self.inner.pairs_with_progress(&options, &mut progress),
        )?)
    }

    /// The whole reference set as one versioned, checksummed binary file.
    #[wasm_bindgen(js_name = exportIndex)]
    pub fn export_index(&self) -> Result<js_sys::Uint8Array, JsError> {
        // Written a piece at a time into the array the caller gets: a file-sized buffer in the
        // engine's memory would raise its high-water mark for good.
        let mut sink = ArraySink::default();
        core(export_index_to(&self.inner, &mut sink))?;
        Ok(sink.array.unwrap_or_default())
    }

    /// Adds the references of a set saved by `exportIndex` (a `Uint8Array` or `ArrayBuffer`) that
    /// was built with the same options, without analyzing their texts again. A reference whose id
    /// this set already holds is left out (the one here is kept). Returns how many were added and
    /// left out; a bad file or other options throw and leave this set as it was.
    #[wasm_bindgen(js_name = mergeIndex, unchecked_return_type = "MergeOutcome")]
    pub fn merge_index(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Uint8Array | ArrayBuffer")] bytes: JsValue,
    ) -> Result<JsValue, JsError> {
        let mut file = ArraySource(plain::byte_array(&bytes, "bytes")?);
        let other = core(import_index_from(&mut file))?;
        to_js(&core(self.inner.merge(other))?)
    }

    /// Loads a reference set saved by `exportIndex` (a `Uint8Array` or `ArrayBuffer`). Throws a
    /// clear error for a truncated, corrupted, foreign or newer-version file.
    #[wasm_bindgen(js_name = importIndex)]
    pub fn import_index(
        #[wasm_bindgen(unchecked_param_type = "Uint8Array | ArrayBuffer")] bytes: JsValue,
    ) -> Result<JsChecker, JsError> {
        let mut file = ArraySource(plain::byte_array(&bytes, "bytes")?);
        Ok(JsChecker {
            inner: core(import_index_from(&mut file))?,
        })
    }
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

/// A saved index written straight into a JS `Uint8Array` of its length.
#[derive(Default)]
struct ArraySink {
    array: Option<js_sys::Uint8Array>,
    written: u32,
}

impl IndexSink for ArraySink {
    fn begin(&mut self, len: usize) {
        // A set holds at most 256 MiB of text (`MAX_REFERENCE_SET_BYTES`): its file fits in u32.
        self.array = Some(js_sys::Uint8Array::new_with_length(len as u32));
    }

    fn write(&mut self, bytes: &[u8]) {
        let end = self.written + bytes.len() as u32;
        if let Some(array) = &self.array {
            array.subarray(self.written, end).copy_from(bytes);
        }
        self.written = end;
    }
}

/// A saved index read straight out of a JS `Uint8Array`, a piece at a time.
struct ArraySource(js_sys::Uint8Array);

impl IndexSource for ArraySource {
    fn file_len(&self) -> usize {
        self.0.length() as usize
    }

    fn read(&mut self, at: usize, into: &mut [u8]) {
        let end = at + into.len();
        self.0.subarray(at as u32, end as u32).copy_to(into);
    }
}
