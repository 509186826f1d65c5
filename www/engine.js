// A promise-based client for the engine worker (www/worker/worker.js) that outlives it: if the worker dies
// (an `error` event, or the Web Lock it holds for its lifetime is freed because it was closed, crashed
// or ran out of memory), the client starts a new worker, restores the library from the last saved
// index the worker sent, and calls `onRestart` so the page can tell the user.

import { ENGINE_RESTARTED } from '../js/guard.js';
import { isCancellable, isRequest } from './protocol.js';
import { t } from '../js/words/i18n.js';

// What the user is told of a restart, looked up when it happens (in the page's language then).
const STOPPED = 'engine.stopped';
const FAILED = 'engine.failed';
const GAVE_UP = 'engine.gaveUp';
// Deaths in a row without a restored worker doing anything: retry with the library this many times,
// then once without it (it may be what kills the worker), then give up.
const RETRIES_WITH_LIBRARY = 2;
/**
 * Progress is passed on at most this often: every update draws the page again, and a model read
 * from the cache sent hundreds a second, which kept the page busy drawing for seconds.
 */
const PROGRESS_EVERY_MS = 100;

const restartError = (key) => Object.assign(new Error(t(key)), { restarted: true });
/** The answer of a request the user stopped: not an error to show (www/actions/runner.js). */
const cancelledError = () => Object.assign(new Error(t('status.cancelled')), { cancelled: true });

/** What the user is told after a restart, in plain words. */
function restartMessage(references, lost) {
  const what = t('engine.restarted');
  if (lost) return t('engine.lost', { what });
  if (references?.length === 0) return t('engine.carryOn', { what });
  if (!references) return t('engine.kept', { what });
  return t('engine.keptCount', { what, count: references.length });
}

/** A report with the evasion span lists the worker sent ahead in parts put back in their places. */
function withParts(result, parts = []) {
  for (const { field, spans } of parts) {
    const list = result.evasion[field];
    for (const span of spans) list.push(span);
  }
  return result;
}

/**
 * Starts the worker; resolves with a client `{ version, request }` once the wasm engine has loaded.
 * `onRestart({ references, message, gaveUp })` hears of every restart: `references` is the restored
 * list (null when the engine restarted inside a live worker and the list is unchanged), `message`
 * tells the user what happened, `gaveUp` says no new worker could be started. `onLibrary(bytes)`
 * hears the saved index after every change to the library (to keep a copy in the browser).
 */
export function startEngine({ onRestart = () => {}, onLibrary = () => {} } = {}) {
  /** The client's state: the latest saved index (Uint8Array) the worker sent, the next request id,
   * deaths in a row, the current worker session (null once given up), and the two listeners. */
  const client = { library: null, nextId: 1, deaths: 0, current: null, onRestart, onLibrary };
  client.current = launch(client, null);
  return client.current.usable.then((version) => ({
    version,
    request: (...args) => request(client, ...args),
    cancel: () => cancel(client),
  }));
}

/** A new worker; `restore` is null for the first one, else `{ bytes }` to load (or `bytes: null`). */
function launch(client, restore) {
  const worker = new Worker(new URL('./worker/worker.js', import.meta.url), { type: 'module' });
  const session = { worker, pending: new Map(), started: false, settled: false, dead: false, restore };
  const ready = new Promise((resolve, reject) => {
    worker.onerror = (event) => {
      event.preventDefault();
      if (!session.started) reject(new Error(`the engine failed to start: ${event.message || 'unknown error'}`));
      died(client, session);
    };
    worker.onmessage = ({ data }) => receive(client, session, data, resolve);
  });
  ready.catch(() => {}); // reported through `usable`
  session.usable = restore ? ready.then((version) => restoreLibrary(client, session, version)) : ready;
  if (!restore) session.usable.then(() => (session.settled = true), () => {});
  return session;
}

function receive(client, session, data, resolveReady) {
  if (session.dead) return; // a message queued before the worker died: stale
  if (data.type === 'ready') {
    session.started = true;
    watch(client, session, data.lock);
    resolveReady(data.version);
    return;
  }
  if (data.type === 'library') {
    client.library = data.bytes;
    client.onLibrary(data.bytes);
    return;
  }
  const call = session.pending.get(data.id);
  if (!call) return;
  if (data.type === 'progress') {
    if (call.onProgress) throttled(call, data);
    return;
  }
  if (data.type === 'part') {
    (call.parts ??= []).push(data);
    return;
  }
  session.pending.delete(data.id);
  clearTimeout(call.progressTimer);
  if (data.ok) call.resolve(withParts(data.result, call.parts));
  else if (data.error.code === ENGINE_RESTARTED) {
    // The engine restarted itself inside the worker (js/guard.js); the library is unchanged.
    call.reject(restartError(FAILED));
    client.onRestart({ references: null, message: restartMessage(null, false), gaveUp: false });
  } else {
    // Plain data from the worker, an Error again with its code and the rest (www/actions/errors.js).
    call.reject(Object.assign(new Error(data.error.message), data.error));
  }
}

/**
 * Passes `progress` on to the call's listener now, or, within PROGRESS_EVERY_MS of the last one,
 * once that time is up (the latest then), so the last word before a pause is never lost. A new
 * stage is passed on at once: a short last step (comparing a batch's papers) still gets said,
 * though its result may come before the time is up.
 */
function throttled(call, progress) {
  call.nextProgress = progress;
  const newStage = progress.stage !== call.progressStage;
  if (call.progressTimer && !newStage) return;
  clearTimeout(call.progressTimer);
  const wait = (call.progressAt ?? -Infinity) + PROGRESS_EVERY_MS - performance.now();
  const deliver = () => {
    call.progressTimer = null;
    call.progressAt = performance.now();
    const { done, total, stage } = call.nextProgress;
    call.progressStage = stage;
    call.onProgress(done, total, stage);
  };
  if (wait <= 0 || newStage) deliver();
  else call.progressTimer = setTimeout(deliver, wait);
}

/** Asks for the worker's life lock: granted only once the worker is gone. */
function watch(client, session, lock) {
  if (lock && navigator.locks) navigator.locks.request(lock, () => died(client, session)).catch(() => {});
}

function died(client, session) {
  if (session.dead) return;
  session.dead = true;
  session.worker.terminate();
  for (const call of session.pending.values()) {
    clearTimeout(call.progressTimer);
    call.reject(restartError(STOPPED));
  }
  session.pending.clear();
  // A first worker that never started is a load failure, reported by startEngine; no restart.
  if (session !== client.current || (!session.restore && !session.started)) return;
  client.deaths = session.settled ? 1 : client.deaths + 1;
  if (client.deaths > RETRIES_WITH_LIBRARY + 1) {
    client.current = null;
    client.onRestart({ references: [], message: t(GAVE_UP), gaveUp: true });
    return;
  }
  client.current = launch(client, { bytes: client.deaths <= RETRIES_WITH_LIBRARY ? client.library : null });
}

async function restoreLibrary(client, session, version) {
  let references = [];
  let lost = client.library !== null && session.restore.bytes === null;
  if (session.restore.bytes) {
    try {
      references = await call(client, session, 'importIndex', { bytes: session.restore.bytes });
    } catch (error) {
      if (session.dead) throw error;
      lost = true;
    }
  }
  session.settled = true;
  // After a cancel the user is told nothing more, unless the library could not come back.
  const quiet = Boolean(session.restore.cancelled) && !lost;
  client.onRestart({ references, message: restartMessage(references, lost), gaveUp: false, quiet });
  return version;
}

function call(client, session, type, payload, onProgress) {
  if (session.dead) return Promise.reject(restartError(STOPPED));
  const id = client.nextId++;
  return new Promise((resolve, reject) => {
    session.pending.set(id, { type, payload, resolve, reject, onProgress });
    session.worker.postMessage({ id, type, payload });
  });
}

/**
 * Stops the request under way if it may be stopped (www/protocol.js `cancellable`: it reads the
 * library and changes nothing). The engine cannot be interrupted inside a call, so its worker is
 * ended and a new one restores the library from the saved index, as after a crash; the stopped
 * request fails with `cancelled`, the others waiting behind it are sent again to the new worker.
 * Returns whether a request was stopped.
 */
function cancel(client) {
  const session = client.current;
  if (!session || session.dead || !session.settled) return false;
  const calls = [...session.pending.values()];
  if (!calls.some((call) => isCancellable(call.type))) return false;
  session.dead = true;
  session.worker.terminate();
  session.pending.clear();
  client.current = launch(client, { bytes: client.library, cancelled: true });
  for (const call of calls) {
    clearTimeout(call.progressTimer);
    if (isCancellable(call.type)) call.reject(cancelledError());
    else request(client, call.type, call.payload, call.onProgress).then(call.resolve, call.reject);
  }
  return true;
}

/** Sends a request (after any restart under way); `onProgress(done, total)` hears about long ones. */
async function request(client, type, payload, onProgress) {
  if (!isRequest(type)) throw new Error(`not a request of www/protocol.js: ${type}`);
  let session = client.current;
  for (;;) {
    if (!session) throw restartError(GAVE_UP);
    try {
      await session.usable;
      return await call(client, session, type, payload, onProgress);
    } catch (error) {
      // Only a restart that itself failed moves on to the next worker; other errors are the answer.
      if (session.settled || session === client.current) throw error;
      session = client.current;
    }
  }
}
