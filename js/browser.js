// Browser (and bundler) entry of the plagscope package: fetches and instantiates the wasm engine once,
// with top-level await, so importers call the API right away with no init step. The sentence model
// (the translated engine, its weights and lexicon) is fetched only by loadSentenceModel.
import init from '../pkg/plagscope.js';
import { fetchSentenceModel, MODEL_URL } from './model.js';
import { checkArchiveWith, fetchReader } from './archive.js';

await init({ module_or_path: new URL('../pkg/plagscope_bg.wasm', import.meta.url) });

export * from './api.js';
export { SentenceModel } from './model.js';

/**
 * The sentence model, from its manifest's `url` (default: pkg/model/ beside the package's module),
 * its files fetched with `onProgress({ loaded, total })` and checked against the manifest.
 */
export function loadSentenceModel(url = MODEL_URL, options = {}) {
  return fetchSentenceModel(url, options);
}

/**
 * Checks `paper` against the archive at `url` (a static host; relative URLs resolve against the
 * page). See checkArchiveWith in js/archive.js for the options and the result.
 */
export function checkArchive(url, paper, options = {}) {
  const base = typeof location === 'undefined' ? undefined : location.href;
  return checkArchiveWith(fetchReader(new URL(String(url), base)), paper, options);
}
