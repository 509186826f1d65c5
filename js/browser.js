// Browser (and bundler) entry of the plagscope package: fetches and instantiates the wasm engine once,
// with top-level await, so importers call the API right away with no init step. The sentence model's
// module and weights are fetched only by loadSentenceModel.
import init from '../pkg/plagscope.js';
import { fetchSentenceModel, MODEL_FILE } from './model.js';

await init({ module_or_path: new URL('../pkg/plagscope_bg.wasm', import.meta.url) });

export * from './api.js';
export { SentenceModel } from './model.js';

/**
 * The sentence model, fetched from `url` (default: the weights beside the package's module,
 * pkg/model/) with `onProgress({ loaded, total })`, and checked against the manifest beside it.
 */
export function loadSentenceModel(url = new URL(`../pkg/model/${MODEL_FILE}`, import.meta.url), options = {}) {
  return fetchSentenceModel(url, options);
}
