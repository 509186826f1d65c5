// The reference library's copy in this browser (IndexedDB, through idb), so it survives reloads,
// works offline, and is shared by every tab of the page. Nothing here leaves the machine.
//
// Each reference is a record of its own, written when it changes, so two tabs adding references at
// once both keep theirs (a library written whole by whichever tab saved last lost the other's):
// - `references`: id -> { id, title, base, group, seq }: what the page lists (group: "demo" or
//   null; seq orders the list, new references last);
// - `texts`: id -> the reference's text, read only when a reference must be indexed again;
// - `snapshot`: the engine's saved index of some moment (js/index.d.ts `exportIndex`), so a large
//   library opens in a second instead of being indexed again. It is only a cache: the records are
//   the library, and opening adds or drops whatever the snapshot has wrong. It is the first thing
//   given up when the browser's storage is full.
// - `papers`: each tab's paper and last report, and a short history of papers (www/papers.js).
import { openDB } from '../pkg/vendor/ui.js';
import { t } from '../js/words/i18n.js';

const DATABASE = 'plagscope';
const VERSION = 3;
/** Before version 2 the library was one saved index under this store and key. */
const LEGACY = { store: 'library', key: 'current' };
const SNAPSHOT_KEY = 'current';

let database = null;

/** The page's database (opened once): the library's stores and the papers' (www/papers.js). */
export function open() {
  database ??= openDB(DATABASE, VERSION, {
    upgrade(db, oldVersion) {
      // A version 1 database keeps its library store until the library is moved over.
      if (oldVersion < 2) {
        db.createObjectStore('references', { keyPath: 'id' });
        db.createObjectStore('texts');
        db.createObjectStore('snapshot');
      }
      if (oldVersion < 3) db.createObjectStore('papers');
    },
    // Another tab of a newer page wants to upgrade: let it (this tab reloads to follow).
    blocking() {
      database?.then((db) => db.close());
      database = null;
    },
  }).catch((error) => {
    database = null;
    throw error;
  });
  return database;
}

/** Why the browser refused a write, in the words the page shows (a quota error has no message). */
export function storageProblem(error) {
  if (error?.name === 'QuotaExceededError') return t('persist.quota');
  return error?.message || error?.name || t('persist.refused');
}

/**
 * The stored library: `{ records, snapshot, legacy }`: the reference records (without texts) in
 * list order, the saved index cached with them (or null), and a library of the earlier one-blob
 * form to move over (`{ bytes, groups, order }`, or null). Null when IndexedDB cannot be opened (a
 * private window in some browsers): the page then works without it.
 */
export async function loadLibrary() {
  try {
    const db = await open();
    const records = await db.getAll('references');
    records.sort((a, b) => a.seq - b.seq);
    const snapshot = (await db.get('snapshot', SNAPSHOT_KEY)) ?? null;
    const legacy = db.objectStoreNames.contains(LEGACY.store) ? ((await db.get(LEGACY.store, LEGACY.key)) ?? null) : null;
    return { records, snapshot, legacy };
  } catch (error) {
    console.warn(`the saved library could not be read: ${storageProblem(error)}`);
    return null;
  }
}

/** The records of `ids` (absent ones left out), texts included as `text`. */
export async function readReferences(ids) {
  const db = await open();
  const tx = db.transaction(['references', 'texts']);
  const found = await Promise.all(ids.map(async (id) => {
    const record = await tx.objectStore('references').get(id);
    return record && { ...record, text: await tx.objectStore('texts').get(id) };
  }));
  await tx.done;
  return found.filter(Boolean);
}

/** The ids of every stored reference. */
export async function storedIds() {
  return (await open()).getAllKeys('references');
}

/** Writes `references` (records with their `text`) in one transaction. */
async function putAll(references) {
  const db = await open();
  const tx = db.transaction(['references', 'texts'], 'readwrite');
  for (const { text, ...record } of references) {
    tx.objectStore('texts').put(text, record.id);
    tx.objectStore('references').put(record);
  }
  await tx.done;
}

/**
 * Writes `references` (records with their `text`); resolves with the ids that could not be kept
 * and why (`{ failed: [], problem }`). All at once first; when the browser refuses (its storage is
 * full), the snapshot is dropped to make room and each is tried on its own, so that what fits is
 * kept.
 */
export async function saveReferences(references) {
  try {
    await putAll(references);
    return { failed: [], problem: '' };
  } catch (error) {
    await dropSnapshot();
    const failed = [];
    let problem = storageProblem(error);
    for (const reference of references) {
      try {
        await putAll([reference]);
      } catch (again) {
        failed.push(reference.id);
        problem = storageProblem(again);
      }
    }
    return { failed, problem };
  }
}

/** Changes the stored records of `changes` (`[{ id, title?, base? }]`); resolves with why it was refused, or ''. */
export async function updateRecords(changes) {
  try {
    const db = await open();
    const tx = db.transaction('references', 'readwrite');
    for (const change of changes) {
      const record = await tx.store.get(change.id);
      if (record) await tx.store.put({ ...record, ...change });
    }
    await tx.done;
    return '';
  } catch (error) {
    return storageProblem(error);
  }
}

/** Forgets the stored references `ids`. */
export async function deleteReferences(ids) {
  const db = await open();
  const tx = db.transaction(['references', 'texts'], 'readwrite');
  for (const id of ids) {
    tx.objectStore('references').delete(id);
    tx.objectStore('texts').delete(id);
  }
  await tx.done;
}

/** Forgets the whole stored library (and a library of the earlier form). */
export async function clearLibrary() {
  const db = await open();
  const stores = ['references', 'texts', 'snapshot', ...(db.objectStoreNames.contains(LEGACY.store) ? [LEGACY.store] : [])];
  const tx = db.transaction(stores, 'readwrite');
  await Promise.all([...stores.map((name) => tx.objectStore(name).clear()), tx.done]);
}

/** Forgets the library of the earlier one-blob form, once moved over. */
export async function dropLegacy() {
  const db = await open();
  if (db.objectStoreNames.contains(LEGACY.store)) await db.delete(LEGACY.store, LEGACY.key);
}

/** Caches the engine's saved index; when the browser refuses, drops the old one instead. */
export async function saveSnapshot(bytes) {
  try {
    await (await open()).put('snapshot', { bytes, savedAt: Date.now() }, SNAPSHOT_KEY);
    return true;
  } catch {
    await dropSnapshot();
    return false;
  }
}

async function dropSnapshot() {
  try {
    await (await open()).delete('snapshot', SNAPSHOT_KEY);
  } catch {
    // Nothing stored, or the database is gone: either way no snapshot takes room.
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
