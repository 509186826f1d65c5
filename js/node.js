// Node entry of the plagscope package: loads the wasm engine synchronously at import, so users call
// the API right away with no init step. The sentence model (the translated engine, its weights and
// lexicon) is loaded only by loadSentenceModel.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { initSync } from '../pkg/plagscope.js';
import { modelParts, openSentenceModel, MODEL_MANIFEST } from './model.js';
import { checkArchiveWith, fetchReader, folderReader } from './archive.js';

initSync({ module: readFileSync(new URL('../pkg/plagscope_bg.wasm', import.meta.url)) });

export * from './api.js';
export { SentenceModel } from './model.js';

/** Where the model is when no folder is given: the plagscope-model package. */
function installedModel() {
  try {
    return dirname(createRequire(import.meta.url).resolve(`plagscope-model/${MODEL_MANIFEST}`));
  } catch (cause) {
    const message = `the sentence model is not installed: run \`npm install plagscope-model\`, or give the folder that holds its ${MODEL_MANIFEST}`;
    throw Object.assign(new Error(message, { cause }), { code: 'PLAGSCOPE_INVALID_MODEL', reason: message });
  }
}

/**
 * The sentence model, from the folder holding its manifest.json (default: the plagscope-model
 * package), each file checked against the manifest's sha256; with the parts of `scripts` (names
 * of the manifest's parts, or 'all') for the languages the main file does not write.
 */
export async function loadSentenceModel(folder = installedModel(), { scripts = [] } = {}) {
  const invalid = (message, cause) => Object.assign(new Error(message, { cause }), { code: 'PLAGSCOPE_INVALID_MODEL', reason: message });
  const text = await readFile(join(folder, MODEL_MANIFEST), 'utf8').catch((cause) => {
    throw invalid(`no sentence model in ${folder}: its ${MODEL_MANIFEST} cannot be read (${cause.code ?? cause.message})`, cause);
  });
  let manifest;
  try {
    manifest = JSON.parse(text);
  } catch (cause) {
    throw invalid(`no sentence model in ${folder}: its ${MODEL_MANIFEST} is not JSON (${cause.message})`, cause);
  }
  const read = (entry) => readFile(join(folder, String(entry?.file ?? '')));
  const wanted = modelParts(manifest, scripts);
  const [encoder, lexicon, ...rows] = await Promise.all([read(manifest.encoder), read(manifest.lexicon), ...wanted.map(read)]);
  const parts = wanted.map((entry, i) => ({ entry, bytes: rows[i] }));
  const module = readFileSync(new URL('../pkg/translated/plagscope_bg.wasm', import.meta.url));
  return openSentenceModel(manifest, { encoder, lexicon, parts }, module);
}

/**
 * Checks `paper` against an archive: a folder (its path) or a static host (an http(s) URL). See
 * checkArchiveWith in js/archive.js for the options and the result.
 */
export function checkArchive(archive, paper, options = {}) {
  const remote = archive instanceof URL || /^https?:\/\//i.test(String(archive));
  const read = remote ? fetchReader(archive) : folderReader(String(archive), readFile);
  const module = readFileSync(new URL('../pkg/archive/plagscope_bg.wasm', import.meta.url));
  return checkArchiveWith(read, paper, options, module);
}
