// Node entry of the plagscope package: loads the wasm engine synchronously at import, so users call
// the API right away with no init step. The sentence model's module and weights are loaded only by
// loadSentenceModel.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { initSync } from '../pkg/plagscope.js';
import { initModelModule, openSentenceModel, MODEL_FILE, MODEL_MANIFEST } from './model.js';

initSync({ module: readFileSync(new URL('../pkg/plagscope_bg.wasm', import.meta.url)) });

export * from './api.js';
export { SentenceModel } from './model.js';

/** Where the weights are when no path is given: the plagscope-model package's copy. */
function installedModel() {
  try {
    return createRequire(import.meta.url).resolve(`plagscope-model/${MODEL_FILE}`);
  } catch (cause) {
    const message = `the sentence model's weights are not installed: run \`npm install plagscope-model\`, or pass the path of ${MODEL_FILE}`;
    throw Object.assign(new Error(message, { cause }), { code: 'PLAGSCOPE_INVALID_MODEL', reason: message });
  }
}

/**
 * The sentence model, from the gzipped weights file at `path` (default: the plagscope-model
 * package's), checked against the manifest beside it when there is one.
 */
export async function loadSentenceModel(path = installedModel()) {
  await initModelModule(readFileSync(new URL('../pkg/model/plagscope_model_bg.wasm', import.meta.url)));
  const manifestPath = join(dirname(path), MODEL_MANIFEST);
  const manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : null;
  return openSentenceModel(await readFile(path), { sha256: manifest?.sha256 });
}
