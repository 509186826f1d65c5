// The papers kept in this browser (the `papers` store of the page's database, www/library.js), so a
// reload or a replaced paper loses nothing the user wrote:
// - `draft:<tab>` -> { paper, result, savedAt }: each tab's paper and its last report, written as
//   they change; a tab is named by an id kept in its sessionStorage, which survives a reload of that
//   tab only, and held under a Web Lock, so a duplicated tab (which copies sessionStorage) takes an
//   id of its own instead of writing over the first tab's paper;
// - `history:<key>` -> { paper, result, savedAt, reason }: papers checked, and papers put aside when
//   another took their place, newest kept (HISTORY_SIZE), one entry per title and text;
// - `summary:<key>` -> what the list of recent papers shows, so listing never reads their texts.
// Nothing here leaves the machine.
import { open, storageProblem } from './library.js';

const STORE = 'papers';
/** Papers kept in the history, newest first; older ones are forgotten. */
export const HISTORY_SIZE = 10;
/** A tab's paper untouched this long (a tab closed for good) is forgotten. */
const DRAFT_LIFETIME_MS = 30 * 24 * 3600 * 1000;
const TAB_KEY = 'plagscope.tab';

/**
 * This tab's id: the one its sessionStorage kept across a reload, unless another live tab holds it
 * (a duplicated tab), else a new one; held for the tab's lifetime.
 */
export async function claimTab() {
  let id = safeSession('get') ?? newId();
  if (navigator.locks && !(await holdSoon(id))) {
    id = newId();
    await hold(id);
  }
  safeSession('set', id);
  return id;
}

/** Holds `id`'s lock, waiting a moment for the page this one reloads to let it go; false if it stays held. */
async function holdSoon(id, tries = 5) {
  for (let i = 0; i < tries; i += 1) {
    if (await hold(id)) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

const newId = () => crypto.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;

function safeSession(op, value) {
  try {
    return op === 'get' ? sessionStorage.getItem(TAB_KEY) : sessionStorage.setItem(TAB_KEY, value);
  } catch {
    return null; // storage refused (a private window): the paper is kept for this visit only
  }
}

/** Takes the lock named by `id` for as long as the tab lives; false when another tab holds it. */
function hold(id) {
  return new Promise((held) => {
    navigator.locks
      .request(`plagscope-tab-${id}`, { ifAvailable: true }, (lock) => {
        held(Boolean(lock));
        return lock ? new Promise(() => {}) : undefined;
      })
      .catch(() => held(true));
  });
}

/** A short stable key of a paper's title and text (53-bit FNV-style, in hex). */
export function paperKey({ title = '', text = '' }) {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  const all = `${title}\u0000${text}`;
  for (let i = 0; i < all.length; i += 1) {
    const c = all.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
}

/**
 * Objects (marked spans, passages) a report may hold and still be kept with its paper: the browser
 * copies what it stores on the page's thread, and a 2 MB paper with a disguised letter in every
 * word has hundreds of thousands (a task of about a second). A heavier report is made again when
 * its paper is opened (`remake`).
 */
const KEPT_REPORT_OBJECTS = 20_000;

/** Whether the report of `result` is light enough to keep as it is. */
export function keepable(result) {
  const report = result?.report;
  if (!report) return true;
  let objects = (report.excluded?.length ?? 0) + (report.sources ?? []).reduce((n, s) => n + (s.passages?.length ?? 0), 0);
  for (const spans of Object.values(report.evasion ?? {})) if (Array.isArray(spans)) objects += spans.length;
  return objects <= KEPT_REPORT_OBJECTS;
}

/** What is kept of a paper and its report: the report itself when light, else that it must be made again. */
function keptForm(paper, result) {
  const light = keepable(result);
  return { paper, result: light ? withoutText(result, paper.text) : null, remake: !light };
}

/** A report kept without the paper's text it repeats (put back by `withText`). */
const withoutText = (result, text) => (result && result.text === text ? { ...result, text: undefined, sameText: true } : result);
const withText = (result, text) => (result?.sameText ? { ...result, text, sameText: undefined } : result);

/**
 * This tab's paper and report from before the reload: `{ paper, result, remake }` (`remake`: it had
 * a report too heavy to keep, to be made again), or null.
 */
export async function loadDraft(tab) {
  const draft = await (await open()).get(STORE, `draft:${tab}`);
  return draft ? { paper: draft.paper, result: withText(draft.result, draft.paper.text), remake: Boolean(draft.remake) } : null;
}

/** Writes this tab's paper and report; resolves with why the browser refused, or ''. */
export async function saveDraft(tab, paper, result) {
  const draft = { ...keptForm(paper, result), savedAt: Date.now() };
  return writeMakingRoom((db) => db.put(STORE, draft, `draft:${tab}`));
}

/** The papers of the history, newest first: `[{ key, title, chars, savedAt, reason, similarity, sources }]`. */
export async function listHistory() {
  const summaries = await (await open()).getAll(STORE, IDBKeyRange.bound('summary:', 'summary:\uffff'));
  return summaries.sort((a, b) => b.savedAt - a.savedAt);
}

/** One paper of the history: `{ paper, result, remake }` as `loadDraft`, or null when another tab forgot it. */
export async function readHistory(key) {
  const entry = await (await open()).get(STORE, `history:${key}`);
  return entry ? { paper: entry.paper, result: withText(entry.result, entry.paper.text), remake: Boolean(entry.remake) } : null;
}

/**
 * Keeps `paper` (and its report `result`, or null) in the history; `reason` is 'checked' or
 * 'replaced'. A paper put aside that the history holds already keeps its entry (and report). Resolves
 * with why the browser refused, or ''.
 */
export async function addHistory(paper, result, reason) {
  const key = paperKey(paper);
  const db = await open();
  if (reason === 'replaced' && (await db.getKey(STORE, `summary:${key}`))) return '';
  const savedAt = Date.now();
  const summary = { key, title: paper.title, chars: paper.text.length, savedAt, reason, similarity: result?.report.similarity ?? null, sources: result?.report.sources.length ?? 0 };
  const entry = { ...keptForm(paper, result), savedAt, reason };
  const problem = await writeMakingRoom(async (db) => {
    const tx = db.transaction(STORE, 'readwrite');
    tx.store.put(entry, `history:${key}`);
    tx.store.put(summary, `summary:${key}`);
    await tx.done;
  });
  await prune(HISTORY_SIZE);
  return problem;
}

/** Forgets one paper of the history. */
export async function forgetHistory(key) {
  const tx = (await open()).transaction(STORE, 'readwrite');
  tx.store.delete(`history:${key}`);
  tx.store.delete(`summary:${key}`);
  await tx.done;
}

/** Keeps the newest `size` papers of the history. */
async function prune(size) {
  const old = (await listHistory()).slice(size);
  for (const { key } of old) await forgetHistory(key);
}

/**
 * Forgets the papers of tabs untouched for a month (tabs closed for good). Once a visit: reading a
 * tab's paper reads its whole text, which a write of the history should not pay for each time.
 */
export async function forgetOldDrafts() {
  const db = await open();
  const drafts = await db.getAllKeys(STORE, IDBKeyRange.bound('draft:', 'draft:\uffff'));
  for (const key of drafts) {
    const draft = await db.get(STORE, key);
    if (draft && Date.now() - draft.savedAt > DRAFT_LIFETIME_MS) await db.delete(STORE, key);
  }
}

/**
 * Runs `write(db)`; when the browser refuses (its storage is full), forgets the oldest papers of
 * the history one by one and tries again, so the paper being written is the last thing lost.
 */
async function writeMakingRoom(write) {
  let failure;
  for (let size = HISTORY_SIZE; size >= 0; size -= 1) {
    try {
      await write(await open());
      return '';
    } catch (error) {
      failure = error;
      if (error?.name !== 'QuotaExceededError') break;
      await prune(Math.max(0, size - 1)).catch(() => {});
    }
  }
  return storageProblem(failure);
}
