// Types of the plagscope package: the generated declarations, minus the loader (the entry points
// initialize the engine themselves). At run time every export is the guarded wrapper of js/guard.js,
// with the same signatures: after an internal failure (a wasm trap) a call throws an Error whose
// `code` is 'PLAGSCOPE_ENGINE_RESTARTED', the engine is restarted, and every Checker keeps its references.
export {
  analyze,
  Checker,
  defaults,
  minhash,
  sharedNgrams,
  shingleHashes,
  shingles,
  simhash,
  version,
  winnow,
} from '../pkg/plagscope.js';
// Every option and result type, generated from the Rust declarations (src/schema.rs).
export type * from '../pkg/types.js';

import type { ErrorCode } from '../pkg/types.js';

/**
 * What every call throws on failure: an ordinary `Error` with a stable `code` (the engine's
 * {@link ErrorCode}, or 'PLAGSCOPE_ENGINE_RESTARTED' after an internal failure). Match on `code`,
 * never on `message`, whose wording may change.
 */
export interface PlagscopeError extends Error {
  code: ErrorCode | 'PLAGSCOPE_ENGINE_RESTARTED';
  /** The argument or option the error is about, as the caller wrote it: `align.minWords`, `reference.text`. */
  path?: string;
  /** The message without the name of what it is about: "must be in 1..=64, got 0". */
  reason?: string;
  /** For PLAGSCOPE_TEXT_TOO_LONG: the size refused; for PLAGSCOPE_SET_FULL: the text the set would hold; bytes of UTF-8. */
  size?: number;
  /** For PLAGSCOPE_TEXT_TOO_LONG and PLAGSCOPE_SET_FULL: the most that is accepted, in bytes of UTF-8. */
  limit?: number;
  /** For PLAGSCOPE_TEXT_TOO_LONG: whether `size` is the text's as prepared for matching (some characters become many), not as given. */
  normalized?: boolean;
}

/**
 * The multilingual sentence encoder behind translated and reworded copies (Google's Universal
 * Sentence Encoder Multilingual v3): a sentence to a unit vector, close to its translation's.
 */
export declare class SentenceModel {
  private constructor();
  /** The width of a sentence vector: 512. */
  readonly dimensions: number;
  /** The weights' metadata: name, licence, source, format. */
  about(): Record<string, string>;
  /** The unit vectors of `sentences`, `dimensions` values each, one after another. */
  encode(sentences: string[]): Float32Array;
  /** Frees the weights' memory; the model cannot be used after. */
  free(): void;
}

/** Bytes of the weights read so far, and of the whole file. */
export interface ModelProgress {
  loaded: number;
  total: number;
}

/**
 * Loads the sentence model (about 26 MB of gzipped weights, checked against their manifest). In
 * Node, `source` is the weights file's path (default: the `plagscope-model` package's); in
 * browsers, its URL (default: `pkg/model/` beside the package), fetched with `onProgress`.
 * Rejects with an Error whose `code` is 'PLAGSCOPE_INVALID_MODEL' for a damaged or foreign file.
 */
export declare function loadSentenceModel(
  source?: string | URL,
  options?: { onProgress?: (progress: ModelProgress) => void },
): Promise<SentenceModel>;
