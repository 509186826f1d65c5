// Checking a paper against an archive (a reference set published as static files, built on a
// cluster by cluster/build_archive.py): the engine's ArchiveQuery says which files it wants, they
// are read here a few at a time and handed back, and the candidate documents then go into a
// Checker of the archive's options, beside the caller's own library if one is given. The paper
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
 * Checks `paper` against the archive whose files `read(path)` gives (a Promise of their bytes).
 * `options.query` is an ArchiveQueryOptions, `options.check` a CheckOptions; `options.library`, a
 * Checker, is checked together with the archive (the archive's documents analyzed with its options).
 * `module` is the archive engine's compiled bytes (Node reads them from the package). Resolves to
 * `{ report, archive: { failures, partitions, partitionsRequested, requests, bytes }, checker }`,
 * `checker` holding the sources reported (the library's and the archive's candidates), for their
 * texts.
 */
export async function checkArchiveWith(read, paper, options = {}, module = undefined) {
  const text = typeof paper === 'string' ? paper : paper?.text;
  if (typeof text !== 'string') throw invalidInput('paper', `expected a string or { text, meta }, got ${describe(paper)}`);
  if (options.library !== undefined && typeof options.library?.exportIndex !== 'function') {
    throw invalidInput('library', `expected a Checker, got ${describe(options.library)}`);
  }
  const manifest = await readManifest(read);
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
    for (let paths = query.wanted(); paths.length > 0; paths = query.wanted()) {
      requests += paths.length;
      await eachAtMost(CONCURRENCY, paths, async (path) => {
        const file = await read(path).then((bytes) => ({ bytes }), (error) => ({ reason: String(error?.message ?? error) }));
        guard.guarded(() => query.receive(path, file.bytes, file.reason));
      });
    }
    // The library moves into the archive engine as its saved index (the sentence model's
    // translated evidence is not in this engine).
    const checker = options.library ? Checker.importIndex(options.library.exportIndex()) : new Checker(query.options);
    const held = new Set(checker.references().map((r) => r.id));
    for (const reference of query.references()) {
      if (!held.has(reference.id)) checker.addReference(reference);
    }
    const report = checker.check(paper, options.check);
    const archive = {
      failures: query.failures(),
      partitions: query.partitions,
      partitionsRequested: query.partitionsRequested,
      requests,
      bytes: query.bytesReceived,
    };
    return { report, archive, checker };
  } finally {
    query.free();
  }
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

/** A reader of the archive at `url` over HTTP(S): each file fetched relative to it. */
export function fetchReader(url) {
  const base = new URL(String(url).endsWith('/') ? String(url) : `${url}/`);
  return async (path) => {
    const response = await fetch(new URL(path, base));
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`.trim());
    return new Uint8Array(await response.arrayBuffer());
  };
}

/** A reader of the archive in `folder`, for Node: each file read from disk. */
export function folderReader(folder, readFile) {
  return (path) => readFile(`${folder}/${path}`);
}
