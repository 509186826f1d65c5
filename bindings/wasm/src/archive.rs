//! Checking against an archive from JS: the core's `ArchiveQuery`, whose files the JS side fetches
//! (`js/archive.js`: over HTTP in a browser, from a folder or a URL in Node). No fetch happens in
//! here: the engine only says which paths it wants and reads what it is given.

use plagscope::store::archive::query::{ArchiveQuery, ArchiveQueryOptions};
use plagscope::store::archive::Manifest;
use wasm_bindgen::prelude::*;

use crate::{core, plain, string_arg, to_js};

/// A check of one paper against an archive, in progress.
///
/// ```js
/// const query = new ArchiveQuery(manifest, paperText);
/// for (let paths = query.wanted(); paths.length; paths = query.wanted()) {
///   for (const path of paths) query.receive(path, await fetchBytes(path));
/// }
/// const checker = new Checker(query.options);
/// for (const reference of query.references()) checker.addReference(reference);
/// ```
#[wasm_bindgen(js_name = ArchiveQuery)]
pub struct JsArchiveQuery {
    inner: ArchiveQuery,
}

#[wasm_bindgen(js_class = ArchiveQuery)]
impl JsArchiveQuery {
    /// A query for `paper` against the archive whose parsed `manifest.json` is `manifest`; see
    /// `ArchiveQueryOptions` (every field optional).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "object")] manifest: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] paper: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "ArchiveQueryOptions")] options: JsValue,
    ) -> Result<JsArchiveQuery, JsError> {
        let manifest = match plain::read(&manifest, "manifest")? {
            Some(value) => core(Manifest::from_value(&value))?,
            None => {
                return Err(plain::expected(
                    "manifest",
                    "the archive's manifest",
                    &manifest,
                ))
            }
        };
        let paper = string_arg("paper", &paper)?;
        let options: ArchiveQueryOptions = plain::options(&options, "options")?;
        Ok(JsArchiveQuery {
            inner: core(ArchiveQuery::with_manifest(manifest, &paper, options))?,
        })
    }

    /// The paths (relative to the archive) to fetch next, each to be handed to `receive` once;
    /// empty when the query has what it needs.
    pub fn wanted(&mut self) -> Vec<String> {
        self.inner.wanted()
    }

    /// Takes the file at `path`: its bytes, or `undefined` with `reason` when it could not be
    /// fetched. A missing or damaged file is listed by `failures()` and the rest goes on.
    pub fn receive(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] path: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Uint8Array | ArrayBuffer | undefined")]
        bytes: JsValue,
        reason: Option<String>,
    ) -> Result<(), JsError> {
        let path = string_arg("path", &path)?;
        let file = if bytes.is_undefined() || bytes.is_null() {
            Err(reason.unwrap_or_else(|| "it could not be fetched".into()))
        } else {
            Ok(plain::byte_array(&bytes, "bytes")?.to_vec())
        };
        core(
            self.inner
                .receive(&path, file.as_deref().map_err(Clone::clone)),
        )
    }

    /// The candidate documents fetched, most shared first, as references for a `Checker` made
    /// with `options`.
    #[wasm_bindgen(unchecked_return_type = "Reference[]")]
    pub fn references(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner.references())
    }

    /// The archive's files that could not be fetched or read, each with its path and why.
    pub fn failures(&self) -> Vec<String> {
        self.inner.failures().to_vec()
    }

    /// The options the archive was indexed with: a `Checker` for `references()` needs them.
    #[wasm_bindgen(getter, unchecked_return_type = "Required<CheckerOptions>")]
    pub fn options(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner.manifest().options)
    }

    /// How many postings partitions the query asks for (the paper's and the cover).
    #[wasm_bindgen(getter, js_name = partitionsRequested)]
    pub fn partitions_requested(&self) -> usize {
        self.inner.traffic().0
    }

    /// Bytes received so far.
    #[wasm_bindgen(getter, js_name = bytesReceived)]
    pub fn bytes_received(&self) -> f64 {
        self.inner.traffic().1 as f64
    }

    /// How many partitions the archive's segments have in all (each segment its own): each holds
    /// the fingerprints of many documents.
    #[wasm_bindgen(getter)]
    pub fn partitions(&self) -> f64 {
        self.inner.archive_partitions() as f64
    }
}
