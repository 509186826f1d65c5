// The library-scale benchmark in a page (bench/browser/library-scale.html, driven by
// bench/browser/library-scale-run.mjs through `window.scale`): references are added as the app adds
// a drop of files (www/actions/library.js `add`): one `addReferences` request to the engine worker
// (www/engine.js, www/worker/worker.js, which then sends the page the whole saved index), the records and
// texts written to IndexedDB (www/persist.js `added`), and the saved index cached there
// (www/library.js `saveSnapshot`, which the app runs 300 ms after the last change). Checks are the
// app's `check` request. The texts come from the benchmark's server (/gen/), untimed.
import { startEngine } from '/www/engine.js';
import { createPersistence } from '/www/persist.js';
import { createStore } from '/www/store.js';
import { saveSnapshot } from '/www/library.js';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.ceil(p * values.length) - 1];

/** The latest saved index the worker sent (after every change to the library). */
let library = null;
const engine = await startEngine({ onLibrary: (bytes) => (library = bytes) });
const store = createStore({ references: [], groups: {}, order: [], unsaved: [], values: {}, error: null });
const persistence = createPersistence({ engine, store, show: (references) => store.set({ references }), onRemote: () => {} });

async function fetched(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

/** Adds references `first .. first + count - 1` as one drop of files; times each step (ms). */
async function add(first, count, words) {
  const references = await fetched(`/gen/references?first=${first}&count=${count}&words=${words}`);
  const before = new Set(store.get().references.map((r) => r.id));
  const start = performance.now();
  const result = await engine.request('addReferences', { references }, () => {});
  const engineDone = performance.now();
  store.set({ references: result.references });
  await persistence.added(result.references.filter((r) => !before.has(r.id)).map((r) => r.id));
  const recordsDone = performance.now();
  const snapshotKept = await saveSnapshot(library);
  const end = performance.now();
  const refusal = result.refusals[0]?.error ?? null;
  return {
    references: count,
    ms: end - start,
    engineMs: engineDone - start,
    recordsMs: recordsDone - engineDone,
    snapshotMs: end - recordsDone,
    snapshotKept,
    held: result.references.length,
    refused: result.refused,
    refusal: refusal && { at: result.references.length, code: refusal.code, message: refusal.message },
    unsaved: store.get().unsaved.length,
    error: store.get().error,
  };
}

/** The library now: references, words, saved index bytes, IndexedDB's use. */
async function library_() {
  const references = store.get().references;
  const estimate = await navigator.storage.estimate();
  return { references: references.length, words: references.reduce((n, r) => n + r.words, 0), savedBytes: library?.length ?? 0, storageUsage: estimate.usage };
}

/** `checks` timed check requests of `text` after one untimed one that counts the candidates (ms). */
async function timed(text, checks) {
  let candidates = null;
  const report = await engine.request('check', { text }, (done, total, stage) => {
    if (stage === 'aligning') candidates = total;
  });
  const times = [];
  for (let run = 0; run < checks; run++) {
    const start = performance.now();
    await engine.request('check', { text });
    times.push(performance.now() - start);
  }
  return { median: median(times), p95: percentile(times, 0.95), candidates, sources: report.sources.length, ids: report.sources.map((s) => s.id) };
}

/** The planted paper's checks (and which of its sources they found), then the clean paper's. */
async function check(held, words, checks) {
  const paper = await fetched(`/gen/paper?held=${held}&words=${words}`);
  const { ids, ...planted } = await timed(paper.text, checks);
  const { ids: _, ...clean } = await timed(paper.clean, checks);
  return { check: { ...planted, planted: paper.sources, found: paper.sources.filter((id) => ids.includes(id)) }, clean };
}

/** The page's memory with its workers' (measureUserAgentSpecificMemory: cross-origin isolated). */
async function memory() {
  globalThis.gc?.();
  if (!globalThis.crossOriginIsolated || !performance.measureUserAgentSpecificMemory) return null;
  return (await performance.measureUserAgentSpecificMemory()).bytes;
}

window.scale = { add, library: library_, check, memory, ready: true };
