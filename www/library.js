// The reference library's copy in this browser (IndexedDB, through idb), so it survives reloads and
// works offline. What is stored is the engine's saved index (the references' texts, titles and
// fingerprints in one checksummed file, js/index.d.ts `exportIndex`) and the page's own facts about
// each reference (which group it belongs to). Nothing here leaves the machine.
import { openDB } from '../pkg/vendor/ui.js';

const DATABASE = 'plagscope';
const STORE = 'library';
const KEY = 'current';

let database = null;

function open() {
  database ??= openDB(DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore(STORE);
    },
  });
  return database;
}

/**
 * The stored library: `{ bytes, groups, order, savedAt }` (bytes: the saved index; groups: id ->
 * group name for references outside the user's own, e.g. "demo"; order: the ids in the order the
 * page lists them), or null when nothing is stored or
 * IndexedDB is unavailable (a private window in some browsers): the page then works without it.
 */
export async function loadLibrary() {
  try {
    return (await (await open()).get(STORE, KEY)) ?? null;
  } catch (error) {
    console.warn(`the saved library could not be read: ${error.message}`);
    return null;
  }
}

/** Stores the library and `{ groups, order }`; resolves false when the browser refuses. */
export async function saveLibrary(bytes, { groups, order }) {
  try {
    await (await open()).put(STORE, { bytes, groups, order, savedAt: Date.now() }, KEY);
    return true;
  } catch (error) {
    console.warn(`the library could not be saved in this browser: ${error.message}`);
    return false;
  }
}

/** Forgets the stored library. */
export async function clearLibrary() {
  try {
    await (await open()).delete(STORE, KEY);
  } catch (error) {
    console.warn(`the saved library could not be removed: ${error.message}`);
  }
}

/**
 * How much this site stores and may store, `{ usage, quota }` in bytes, or null where the browser
 * does not say. Asks once for persistent storage, so the browser does not evict the library under
 * storage pressure.
 */
export async function storageUse() {
  if (!navigator.storage?.estimate) return null;
  navigator.storage.persist?.().catch(() => {});
  try {
    const { usage, quota } = await navigator.storage.estimate();
    return { usage, quota };
  } catch {
    return null;
  }
}

/**
 * Saves calls to `save(bytes)` at most once per `delay` ms, always with the latest bytes, so a burst
 * of changes (adding 200 files) writes once. `flush()` writes any pending bytes now.
 */
export function debounced(save, delay = 300) {
  let timer = null;
  let pending = null;
  const run = () => {
    timer = null;
    const bytes = pending;
    pending = null;
    if (bytes) return save(bytes);
    return Promise.resolve();
  };
  return {
    /** Whether bytes wait to be written. */
    pending: () => timer !== null,
    schedule(bytes) {
      pending = bytes;
      timer ??= setTimeout(run, delay);
    },
    flush() {
      if (timer) clearTimeout(timer);
      return run();
    },
  };
}
