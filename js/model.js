// The sentence model behind translated and reworded copies: its wasm module (pkg/model/, built from
// bindings/model-wasm apart from the engine) and its weights, a file of their own (about 26 MB
// gzipped), both loaded only when asked for. Host-neutral: the entry points (js/node.js,
// js/browser.js) say where the module and the file come from.
import initModule, { initSync, SentenceModel as RawModel } from '../pkg/model/plagscope_model.js';

/** The weights' file name, and its manifest's (bytes, sha256, source, licence), side by side. */
export const MODEL_FILE = 'use-m3.safetensors.gz';
export const MODEL_MANIFEST = 'use-m3.json';

const MODULE_URL = new URL('../pkg/model/plagscope_model_bg.wasm', import.meta.url);
let moduleReady = null;

/** Instantiates the model's wasm module once: from `bytes` when given (Node), else fetched. */
export function initModelModule(bytes) {
  if (!moduleReady) {
    moduleReady = bytes ? Promise.resolve(initSync({ module: bytes })) : initModule({ module_or_path: MODULE_URL });
  }
  return moduleReady;
}

function invalidModel(message, cause) {
  return Object.assign(new Error(`cannot read the model file: ${message}`, { cause }), {
    code: 'PLAGSCOPE_INVALID_MODEL',
    reason: message,
  });
}

/** The sha256 of `bytes`, in hex (Web Crypto: browsers and Node alike). */
export async function sha256Hex(bytes) {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** `bytes` (gzip) inflated by the host's DecompressionStream, natively and without blocking. */
async function gunzip(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A loaded sentence encoder: a sentence in any of its languages to a unit vector of 512 values. */
export class SentenceModel {
  #raw;

  constructor(raw) {
    this.#raw = raw;
  }

  /** The width of a sentence vector (512). */
  get dimensions() {
    return this.#raw.dimensions;
  }

  /** The weights' metadata: name, licence, source, format. */
  about() {
    return this.#raw.about();
  }

  /** The unit vectors of `sentences`, `dimensions` values each, one after another. */
  encode(sentences) {
    if (!Array.isArray(sentences)) {
      const error = new TypeError('invalid `sentences`: expected an array of strings');
      throw Object.assign(error, { code: 'PLAGSCOPE_INVALID_INPUT', path: 'sentences' });
    }
    return this.#raw.encode(sentences);
  }

  /** Frees the weights' memory (about 70 MB); the model cannot be used after. */
  free() {
    this.#raw.free();
  }
}

/**
 * The model in the gzipped weights file's `bytes`, checked against the manifest's `sha256` when
 * given. Every failure is an Error with `code` 'PLAGSCOPE_INVALID_MODEL'.
 */
export async function openSentenceModel(bytes, { sha256 } = {}) {
  await initModelModule();
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  if (sha256) {
    const actual = await sha256Hex(data);
    if (actual !== sha256) throw invalidModel(`its sha256 is ${actual}, not the manifest's ${sha256} (damaged or another version)`);
  }
  let inflated;
  try {
    inflated = await gunzip(data);
  } catch (error) {
    throw invalidModel('it is not a gzipped model file', error);
  }
  return new SentenceModel(new RawModel(inflated));
}

/**
 * The gzipped weights at `url`, read with `onProgress({ loaded, total })` after each chunk, and
 * checked against the manifest beside them (`use-m3.json`) when there is one.
 */
export async function fetchSentenceModel(url, { onProgress } = {}) {
  const manifest = await fetch(new URL(MODEL_MANIFEST, url)).then((r) => (r.ok ? r.json() : null), () => null);
  const response = await fetch(url);
  if (!response.ok) throw invalidModel(`${url} answered ${response.status} ${response.statusText}`);
  const total = manifest?.bytes ?? Number(response.headers.get('content-length') ?? 0);
  const chunks = [];
  let loaded = 0;
  for await (const chunk of response.body) {
    chunks.push(chunk);
    loaded += chunk.length;
    onProgress?.({ loaded, total: Math.max(total, loaded) });
  }
  const bytes = new Uint8Array(loaded);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return openSentenceModel(bytes, { sha256: manifest?.sha256 });
}
