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

import type { ArchiveQueryOptions, CheckOptions, ErrorCode, Paper, Reference, Report } from '../pkg/types.js';
import type { Checker } from '../pkg/plagscope.js';

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

/** One file of the sentence model, as its manifest names it. */
export interface ModelFile {
  file: string;
  bytes: number;
  sha256: string;
  source: string;
  licence: string;
}

/** A part of the model: the rows of one more script's pieces (cyrillic, japanese, korean, arabic, thai). */
export interface ModelPart extends ModelFile {
  script: string;
}

/**
 * The sentence model behind translated copies (English <-> Chinese): Google's Universal Sentence
 * Encoder Multilingual v3 and a bilingual lexicon from CC-CEDICT, in an engine of their own.
 */
export declare class SentenceModel {
  private constructor();
  /** The width of a sentence vector: 512. */
  readonly dimensions: number;
  /** The model's files: their sizes, sha256 digests, sources and licences. */
  readonly manifest: { encoder: ModelFile; lexicon: ModelFile; parts?: ModelPart[] };
  /** A reference set of the model's engine, given the model: its checks accept `align.translated`. Move a library over with `model.Checker.importIndex(checker.exportIndex())`. */
  readonly Checker: typeof Checker & {
    new (...args: ConstructorParameters<typeof Checker>): ModelChecker;
    importIndex(...args: Parameters<typeof Checker.importIndex>): ModelChecker;
  };
  /** The scripts of the parts loaded (names of `manifest.parts`: 'cyrillic', 'japanese', ...). */
  readonly scripts: string[];
  /**
   * Adds parts (entries of `manifest.parts` with their gzipped bytes, each checked against its
   * sha256): checkers made from then on read their scripts; move a library over with
   * `model.Checker.importIndex(checker.exportIndex())`.
   */
  addParts(parts: { entry: ModelPart; bytes: Uint8Array }[]): Promise<void>;
  /** The weights' metadata: name, licence, source, format. */
  about(): Record<string, string>;
  /** The unit vectors of `sentences`, `dimensions` values each, one after another. */
  encode(sentences: string[]): Float32Array;
}

/** A reference set of the model's engine (`model.Checker`): a `Checker` whose checks accept `align.translated`. */
export interface ModelChecker extends Checker {
  /**
   * Encodes the sentences of every reference the model has not encoded yet (nor a saved index
   * brought), for `align.meaningSearch`, so that no check waits for them: 400-500 sentences a
   * second in Chromium. The codes are saved with the index (`exportIndex`, 516 bytes a sentence)
   * and used again by the same model and parts. `onProgress` is told of each reference; throwing
   * from it stops the work. Returns how many references were encoded.
   */
  encodeSentences(onProgress?: (done: number, total: number, stage: 'encoding') => void): number;
}

/** Bytes of the model's files read so far, and of both. */
export interface ModelProgress {
  loaded: number;
  total: number;
}

/**
 * Loads the sentence model (about 28 MB gzipped; each file checked against its manifest). In Node,
 * `source` is the folder holding its manifest.json (default: the `plagscope-model` package); in
 * browsers, the manifest's URL (default: `pkg/model/manifest.json` beside the package), fetched
 * with `onProgress`. `scripts` adds the parts for the languages the main file does not write
 * (`['cyrillic']` for Russian, `'all'` for every part; 1-2.3 MB each), which `align.meaningSearch`
 * needs to find copies translated from or into them. Rejects with an Error whose `code` is
 * 'PLAGSCOPE_INVALID_MODEL' for a damaged or foreign file, or a script the manifest has no part for.
 */
export declare function loadSentenceModel(
  source?: string | URL,
  options?: { onProgress?: (progress: ModelProgress) => void; scripts?: string[] | 'all' },
): Promise<SentenceModel>;

/** What a check against an archive fetched, and what it could not. */
export interface ArchiveTraffic {
  /** The archive's documents (its removed ones not counted). */
  documents: number;
  /** Each file that could not be fetched or read, with its path and why; the report is made without it. */
  failures: string[];
  /** The archive's postings partitions. */
  partitions: number;
  /** The partitions fetched: the paper's fingerprints', and `query.cover` more at random. */
  partitionsRequested: number;
  /** Files asked for, the manifest included. */
  requests: number;
  /** Bytes received. */
  bytes: number;
}

/**
 * Checks `paper` against an archive (a reference set published as static files, built by
 * `cluster/build_archive.py`) without sending it anywhere: only the archive's files that the
 * paper's fingerprints touch are fetched, and the candidates are aligned here. In Node, `archive`
 * is a folder or an http(s) URL; in browsers, a URL. `library`, a Checker, is checked together
 * with the archive. Rejects with an Error whose `code` is 'PLAGSCOPE_INVALID_INDEX' when the
 * manifest cannot be read; a missing or damaged file of the archive is listed in `failures`.
 * The candidates join `library` for the check only (`Checker.checkWithCandidates`); `sources` are
 * the archive's documents the report names, with their texts.
 */
export declare function checkArchive(
  archive: string | URL,
  paper: string | Paper,
  options?: { query?: ArchiveQueryOptions; check?: CheckOptions; library?: Checker },
): Promise<{ report: Report; sources: Reference[]; archive: ArchiveTraffic }>;
