// The sentence model behind translated copies: the engine built with translated evidence and the
// encoder (pkg/translated/, apart from the engine every page loads), its weights and the bilingual
// lexicon (pkg/model/ or the plagscope-model package: their manifest gives the size), all loaded only when
// asked for. Host-neutral: the entry points (js/node.js, js/browser.js) read the files.
import { guardEngine } from './guard.js';

/** The file that names the model's files with their sizes, sha256 digests, sources and licences. */
export const MODEL_MANIFEST = 'manifest.json';
/** Where a page finds the manifest by default: pkg/model/ beside the package's modules. */
export const MODEL_URL = new URL(`../pkg/model/${MODEL_MANIFEST}`, import.meta.url);

/**
 * The bytes a host sends for the model a `manifest` names: its two files and the parts of
 * `scripts`, gzipped.
 */
export const modelBytes = (manifest, scripts = []) =>
  [manifest?.encoder, manifest?.lexicon, ...modelParts(manifest, scripts)].reduce((sum, entry) => sum + (entry?.bytes ?? 0), 0);

/**
 * The manifest's parts (the rows of other scripts' pieces: cyrillic, japanese, korean, arabic,
 * thai) for `scripts`, a list of their names or 'all'; an unknown name is an Error with `code`
 * 'PLAGSCOPE_INVALID_MODEL' that lists the manifest's.
 */
export function modelParts(manifest, scripts = []) {
  const parts = Array.isArray(manifest?.parts) ? manifest.parts : [];
  if (scripts === 'all') return parts;
  if (!Array.isArray(scripts)) throw invalidModel(`scripts must be 'all' or a list of script names, not ${typeof scripts}`);
  return scripts.map((script) => {
    const part = parts.find((p) => p?.script === script);
    if (!part) throw invalidModel(`${MODEL_MANIFEST} has no part for the script ${JSON.stringify(script)} (it has: ${parts.map((p) => p?.script).join(', ') || 'none'})`);
    return part;
  });
}
const MODULE_URL = new URL('../pkg/translated/plagscope_bg.wasm', import.meta.url);

let engine = null;
let bindings = null;

/**
 * The translated engine's guarded API, instantiated once: from `module` bytes (Node) or fetched.
 * Imported here, not at the top, so that a page that never asks for it loads none of it.
 */
export function translatedEngine(module) {
  engine ??= (async () => {
    bindings = await import('../pkg/translated/plagscope.js');
    if (module) bindings.initSync({ module });
    else await bindings.default({ module_or_path: MODULE_URL });
    return guardEngine(bindings);
  })();
  return engine;
}

function invalidModel(message, cause) {
  return Object.assign(new Error(`cannot read the model file: ${message}`, { cause }), {
    code: 'PLAGSCOPE_INVALID_MODEL',
    reason: message,
  });
}

/** The sha256 of `bytes`, in hex (Web Crypto: browsers and Node alike). */
async function sha256Hex(bytes) {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** `bytes` (gzip) inflated by the host's DecompressionStream, natively and without blocking. */
async function gunzip(bytes, name) {
  try {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch (error) {
    throw invalidModel(`${name} is not a gzipped file`, error);
  }
}

/**
 * The file `entry` of the manifest, from its `bytes`, checked and inflated. They are gzipped as
 * stored, or already inflated when the host served the file with `Content-Encoding: gzip` (many do
 * for .gz): each form is held to its own digest in the manifest, which must give it.
 */
async function checkedFile(entry, bytes) {
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const gzipped = data[0] === 0x1f && data[1] === 0x8b;
  const field = gzipped ? 'sha256' : 'inflated.sha256';
  const expected = gzipped ? entry.sha256 : entry.inflated?.sha256;
  // Unchecked weights would change every similarity without a word: a digest is required.
  if (typeof expected !== 'string' || !/^[0-9a-f]{64}$/.test(expected)) {
    throw invalidModel(`${MODEL_MANIFEST} gives no ${field} (64 hex digits) for ${entry.file}, so it cannot be checked`);
  }
  const actual = await sha256Hex(data);
  if (actual !== expected) {
    throw invalidModel(`${entry.file}: its sha256 is ${actual}, not the manifest's ${expected} (damaged or another version)`);
  }
  return gzipped ? gunzip(data, entry.file) : data;
}

/**
 * The multilingual sentence encoder and the bilingual lexicon, with `Checker`: a reference set of
 * the translated engine, given this model whenever it is made (after an engine restart too), whose
 * checks accept `align.translated`.
 */
export class SentenceModel {
  #api;
  #raw = null;
  #generation = -1;
  #weights; // the inflated weights: an engine restart needs them again, synchronously
  #parts; // the inflated parts, likewise
  #scripts; // the parts' scripts, in the order loaded
  #lexicon;

  constructor(api, weights, lexicon, manifest, parts = [], scripts = []) {
    this.#api = api;
    this.#weights = weights;
    this.#parts = parts;
    this.#scripts = scripts;
    this.#lexicon = lexicon;
    /** The manifest: each file's size, sha256, source and licence. */
    this.manifest = manifest;
    const model = this;
    this.Checker = class extends api.Checker {
      static attach(raw) {
        raw.useSentenceModel(model.#live(), model.#lexicon);
      }
    };
    // The model engine's own method: the sentences encoded for `align.meaningSearch`.
    api.Checker.guardMethods(this.Checker, ['encodeSentences']);
    api.Checker.guard.guarded(() => this.#live());
  }

  /** The engine's model of the current instance, made again if a restart dropped it. */
  #live() {
    const guard = this.#api.Checker.guard;
    if (this.#generation !== guard.generation) {
      this.#raw = this.#parts.length
        ? bindings.SentenceModel.withParts(this.#weights, this.#parts)
        : new bindings.SentenceModel(this.#weights);
      this.#generation = guard.generation;
    }
    return this.#raw;
  }

  /** The scripts of the parts loaded (names of the manifest's parts: 'cyrillic', ...). */
  get scripts() {
    return [...this.#scripts];
  }

  /**
   * Adds `parts` (`[{ entry, bytes }]`, entries of `manifest.parts` and their gzipped bytes, each
   * checked against its sha256) to the model. Checkers made from now on (`new model.Checker()`,
   * `model.Checker.importIndex`) read their scripts; one made before keeps the model it was given
   * until it is moved over. On any failure the model stays as it was.
   */
  async addParts(parts) {
    const fresh = parts.filter(({ entry }) => !this.#scripts.includes(entry?.script));
    const rows = await Promise.all(fresh.map(({ entry, bytes }) => checkedFile(entry, bytes)));
    const guard = this.#api.Checker.guard;
    const before = { raw: this.#raw, generation: this.#generation, parts: this.#parts, scripts: this.#scripts };
    this.#parts = [...this.#parts, ...rows];
    this.#scripts = [...this.#scripts, ...fresh.map(({ entry }) => entry.script)];
    this.#generation = -1; // made again with the new rows, at once: a bad part fails here
    try {
      guard.guarded(() => this.#live());
    } catch (error) {
      ({ raw: this.#raw, generation: this.#generation, parts: this.#parts, scripts: this.#scripts } = before);
      throw error;
    }
    // The checkers given the old one keep its encoder alive in the engine until they are freed.
    if (before.raw && before.generation === guard.generation) guard.guarded(() => before.raw.free());
  }

  /** The width of a sentence vector (512). */
  get dimensions() {
    return 512;
  }

  /** The weights' metadata: name, licence, source, format. */
  about() {
    return this.#api.Checker.guard.guarded(() => this.#live().about());
  }

  /** The unit vectors of `sentences`, `dimensions` values each, one after another. */
  encode(sentences) {
    return this.#api.Checker.guard.guarded(() => this.#live().encode(sentences));
  }
}

/**
 * The model from its `manifest` and the gzipped bytes of its two files (`encoder`, `lexicon`) and
 * of the `parts` asked for (`[{ entry, bytes }]`, entries of `manifest.parts`), each checked
 * against the manifest's sha256. `module` is the translated engine's wasm (Node). Every failure of
 * the files is an Error with `code` 'PLAGSCOPE_INVALID_MODEL'.
 */
export async function openSentenceModel(manifest, { encoder, lexicon, parts = [] }, module) {
  if (!manifest?.encoder?.file || !manifest?.lexicon?.file) throw invalidModel(`${MODEL_MANIFEST} names no encoder and lexicon`);
  const [weights, words, ...rows] = await Promise.all([
    checkedFile(manifest.encoder, encoder),
    checkedFile(manifest.lexicon, lexicon),
    ...parts.map(({ entry, bytes }) => checkedFile(entry, bytes)),
  ]);
  const api = await translatedEngine(module);
  return new SentenceModel(api, weights, words, manifest, rows, parts.map(({ entry }) => entry.script));
}

/**
 * The body of `response` for the manifest's `entry`, with `onProgress(bytes)` after each chunk in
 * bytes of the gzipped file, the size the page quotes: a host that sends the file with
 * `Content-Encoding: gzip` hands over the inflated bytes, which are counted at the file's ratio, so
 * the count ends at the quoted size either way (and never passes it).
 */
async function readBody(response, entry, onProgress) {
  const chunks = [];
  let scale = null;
  let counted = 0;
  for await (const chunk of response.body) {
    chunks.push(chunk);
    scale ??= chunk[0] === 0x1f && chunk[1] === 0x8b ? 1 : (entry.bytes ?? 0) / (entry.inflated?.bytes || Infinity);
    const step = Math.min(Math.round(chunk.length * scale), Math.max(0, (entry.bytes ?? 0) - counted));
    counted += step;
    onProgress(step);
  }
  if (counted < (entry.bytes ?? 0)) onProgress(entry.bytes - counted);
  const bytes = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/**
 * The model whose manifest is at `url`, its files fetched beside it with `onProgress({ loaded,
 * total })` after each chunk: bytes of both files as the manifest sizes them (gzipped), whichever
 * form the host sends, so `total` is the size quoted before the download and `loaded` ends there.
 */
export async function fetchSentenceModel(url, { onProgress, scripts } = {}) {
  const { manifest, encoder, lexicon, parts } = await fetchModelFiles(url, { onProgress, scripts });
  return openSentenceModel(manifest, { encoder, lexicon, parts });
}

/**
 * The manifest at `url` and the bytes of the two files it names, as the host sent them (gzipped,
 * or inflated by the host's Content-Encoding), unchecked; progress as in `fetchSentenceModel`.
 */
export async function fetchModelFiles(url, { onProgress, scripts = [] } = {}) {
  const answer = await fetch(url);
  if (!answer.ok) throw invalidModel(`${url} answered ${answer.status} ${answer.statusText}`);
  const manifest = await answer.json().catch((error) => {
    throw invalidModel(`${url} is not a model manifest`, error);
  });
  const wanted = modelParts(manifest, scripts);
  const [encoder, lexicon, ...rows] = await fetchEntries(url, [manifest.encoder, manifest.lexicon, ...wanted], onProgress);
  return { manifest, encoder, lexicon, parts: wanted.map((entry, i) => ({ entry, bytes: rows[i] })) };
}

/**
 * The parts of `scripts` (names, as in `modelParts`) that `model` lacks, fetched beside the
 * manifest at `url` with progress as in `fetchSentenceModel` (`total`: those parts' bytes) and
 * added to it (`SentenceModel.addParts`).
 */
export async function fetchModelParts(model, url, scripts, { onProgress } = {}) {
  const wanted = modelParts(model.manifest, scripts.filter((script) => !model.scripts.includes(script)));
  if (!wanted.length) return;
  const rows = await fetchEntries(url, wanted, onProgress);
  await model.addParts(wanted.map((entry, i) => ({ entry, bytes: rows[i] })));
}

/** The bytes of the manifest's `entries`, fetched beside `url` at once, with their progress in all. */
async function fetchEntries(url, entries, onProgress) {
  const total = entries.reduce((sum, entry) => sum + (entry?.bytes ?? 0), 0);
  let loaded = 0;
  const fetchFile = async (entry) => {
    const response = await fetch(new URL(entry?.file ?? '', url));
    if (!response.ok) throw invalidModel(`${entry?.file} answered ${response.status} ${response.statusText}`);
    return readBody(response, entry, (bytes) => {
      loaded += bytes;
      onProgress?.({ loaded, total });
    });
  };
  return Promise.all(entries.map(fetchFile));
}
