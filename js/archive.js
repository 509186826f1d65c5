// Checking a paper against an archive (a reference set published as static files, built on a
// cluster by cluster/build_archive.py): the engine's ArchiveQuery says which files it wants, they
// are read here a few at a time and handed back, and the candidate documents are then checked with
// the caller's own library (or a Checker of the archive's options) for that check only. The paper
// never leaves the machine: the host only sees which files were asked for.
import { guardEngine } from './guard.js';

/** The archive engine's module, beside the package's. */
const MODULE_URL = new URL('../pkg/archive/plagscope_bg.wasm', import.meta.url);

let engine;

/**
 * The engine with ArchiveQuery (pkg/archive/), made once: `module` (its compiled bytes, in Node)
 * or fetched from beside the package. The engine every page loads does not carry it.
 */
export function archiveEngine(module) {
  engine ??= (async () => {
    const bindings = await import('../pkg/archive/plagscope.js');
    if (module) bindings.initSync({ module });
    else await bindings.default({ module_or_path: MODULE_URL });
    return { bindings, ...guardEngine(bindings) };
  })();
  return engine;
}

/** Files read at once: enough to hide a round trip's latency, few enough for any static host. */
const CONCURRENCY = 8;

/** `error.code` of an archive that cannot be used at all (its manifest missing or unreadable). */
const INVALID_ARCHIVE = 'PLAGSCOPE_INVALID_INDEX';

/**
 * The archive's candidate documents for `text`: its manifest, then the postings partitions the
 * text's fingerprints fall into, then the candidates' document groups, every file read with
 * `read(path)` (a Promise of its bytes) a few at a time and checked against the manifest.
 * `options.query` is an ArchiveQueryOptions; `options.onProgress({ done, total })` hears each file
 * read (`total` grows as the query asks for more); `module` is the archive engine's compiled bytes
 * (Node reads them from the package). Resolves to `{ references, options, archive: { failures,
 * documents, partitions, partitionsRequested, requests, bytes } }`: `references` are the candidates as
 * `{ id, title, text }`, `options` the archive's CheckerOptions.
 */
export async function queryArchive(read, text, options = {}, module = undefined) {
  if (typeof text !== 'string') throw invalidInput('paper', `expected a string or { text, meta }, got ${describe(text)}`);
  const manifest = await readManifest(read);
  const versionOf = segmentVersions(manifest);
  const { bindings, Checker } = await archiveEngine(module);
  const guard = Checker.guard;
  const query = guard.guarded(() => {
    try {
      return new bindings.ArchiveQuery(manifest, text, options.query);
    } catch (error) {
      // The engine says "index file" of every file it cannot read: this one is the manifest.
      if (error?.code === INVALID_ARCHIVE) throw archiveError(error.reason ?? error.message, error);
      throw error;
    }
  });
  try {
    let requests = 1;
    let done = 0;
    for (let paths = query.wanted(); paths.length > 0; paths = query.wanted()) {
      requests += paths.length;
      await eachAtMost(CONCURRENCY, paths, async (path) => {
        const file = await read(path, versionOf(path)).then((bytes) => ({ bytes }), (error) => ({ reason: String(error?.message ?? error) }));
        guard.guarded(() => query.receive(path, file.bytes, file.reason));
        options.onProgress?.({ done: ++done, total: requests - 1 });
      });
    }
    const archive = {
      documents: documentsOf(manifest),
      failures: query.failures(),
      partitions: query.partitions,
      partitionsRequested: query.partitionsRequested,
      requests,
      bytes: query.bytesReceived,
    };
    return { references: query.references(), options: query.options, archive };
  } finally {
    query.free();
  }
}

/**
 * Checks `paper` against the archive whose files `read(path)` gives (a Promise of their bytes).
 * `options.query` is an ArchiveQueryOptions, `options.check` a CheckOptions; `options.library`, a
 * Checker, is checked together with the archive: the candidates join it for the check and leave it
 * after (`Checker.checkWithCandidates`), analyzed with its options; without one, a checker of the
 * archive's options takes them. `module` is the archive engine's compiled bytes (Node reads them
 * from the package). Resolves to `{ report, sources, archive: { failures, partitions,
 * partitionsRequested, requests, bytes } }`, `sources` the archive's documents the report names
 * (`{ id, title, text }`, for their texts).
 */
export async function checkArchiveWith(read, paper, options = {}, module = undefined) {
  const text = typeof paper === 'string' ? paper : paper?.text;
  if (typeof text !== 'string') throw invalidInput('paper', `expected a string or { text, meta }, got ${describe(paper)}`);
  if (options.library !== undefined && typeof options.library?.checkWithCandidates !== 'function') {
    throw invalidInput('library', `expected a Checker, got ${describe(options.library)}`);
  }
  // Common phrasing has one definition: the check's own, unless the query gives its own.
  const maxDocFrequency = options.check?.align?.maxDocFrequency;
  const query = maxDocFrequency === undefined ? options.query : { maxDocFrequency, ...options.query };
  const found = await queryArchive(read, text, { query }, module);
  const { Checker } = await archiveEngine(module);
  const checker = options.library ?? new Checker(found.options);
  try {
    const { report, sources } = checker.checkWithCandidates(paper, found.references, options.check);
    return { report, sources, archive: found.archive };
  } finally {
    if (checker !== options.library) checker.free();
  }
}

/**
 * A segment's files never change while its name and its two directories' checksums in the manifest
 * stay the same: `path`'s version is those checksums (undefined for the manifest, or a manifest
 * without them), which a reader may put in the URL so that caches can keep the file for good.
 */
function segmentVersions(manifest) {
  const versions = new Map();
  for (const segment of Array.isArray(manifest?.segments) ? manifest.segments : []) {
    const [partitions, groups] = [segment?.partitions?.xxh3, segment?.groups?.xxh3];
    if (typeof segment?.name === 'string' && typeof partitions === 'string' && typeof groups === 'string') {
      versions.set(segment.name, `${partitions}${groups}`);
    }
  }
  return (path) => (path.includes('/') ? versions.get(path.slice(0, path.indexOf('/'))) : undefined);
}

/** The documents of an archive, its removed ones not counted (a well-formed manifest's). */
export function documentsOf(manifest) {
  const listed = manifest.segments.reduce((sum, segment) => sum + segment.documents, 0);
  return listed - (manifest.removed?.length ?? 0);
}

/** The archive's manifest, parsed; a clear error when it cannot be read. */
async function readManifest(read) {
  let bytes;
  try {
    bytes = await read('manifest.json');
  } catch (cause) {
    throw archiveError(`the archive's manifest.json cannot be read (${cause?.message ?? cause})`, cause);
  }
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch (cause) {
    throw archiveError(`the archive's manifest.json is not JSON (${cause.message})`, cause);
  }
}

function invalidInput(path, reason) {
  return Object.assign(new Error(`invalid \`${path}\`: ${reason}`), { code: 'PLAGSCOPE_INVALID_INPUT', path, reason });
}

/** What a value is, for a message: its type, or `null`, or the name of its class. */
function describe(value) {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  return Array.isArray(value) ? 'an array' : `an object (${value.constructor?.name ?? 'no prototype'})`;
}

function archiveError(message, cause) {
  return Object.assign(new Error(message, { cause }), { code: INVALID_ARCHIVE, reason: message });
}

/** Runs `work` on every item, at most `limit` at a time. */
async function eachAtMost(limit, items, work) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * A reader of the archive at `url` over HTTP(S): each file fetched relative to it, with `init`
 * (fetch's options: the page marks its archive requests for its service worker). A segment file's
 * version goes in the query (`?v=`, which static hosts ignore), so a cache may keep it for good:
 * a rebuilt segment has other checksums, so other URLs.
 */
export function fetchReader(url, init = undefined) {
  const base = new URL(String(url).endsWith('/') ? String(url) : `${url}/`);
  return async (path, version) => {
    const address = new URL(path, base);
    if (version) address.searchParams.set('v', version);
    const response = await fetch(address, init);
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`.trim());
    return new Uint8Array(await response.arrayBuffer());
  };
}

/**
 * `read` with a memory of the segment files it gave (by path and version, so never stale), up to
 * `limit` bytes, the least recently used forgotten first: checking another paper, or the same
 * one again, asks again only for the files no earlier check had. Unversioned files (the
 * manifest) are always read again.
 */
export function rememberingReader(read, limit = 128 * 2 ** 20) {
  const kept = new Map();
  let bytes = 0;
  return async (path, version) => {
    if (!version) return read(path, version);
    const key = `${path}?v=${version}`;
    const known = kept.get(key);
    if (known) {
      kept.delete(key); // the most recently used go last
      kept.set(key, known);
      return known;
    }
    const file = await read(path, version);
    kept.set(key, file);
    bytes += file.byteLength;
    for (const [oldest, old] of kept) {
      if (bytes <= limit) break;
      kept.delete(oldest);
      bytes -= old.byteLength;
    }
    return file;
  };
}

/** A reader of the archive in `folder`, for Node: each file read from disk (versions unneeded). */
export function folderReader(folder, readFile) {
  return (path) => readFile(`${folder}/${path}`);
}
