// The requests the page sends the engine worker, declared once: www/worker/worker.js has exactly one
// handler for each (checked when it starts), www/engine.js refuses any other name before sending,
// and those marked `changesLibrary` are followed by the saved library (www/engine.js keeps it to
// restore a new worker). Replies: { id, ok: true, result } | { id, ok: false, error } (plain data,
// worded by code in www/actions/errors.js), with progress and part messages between.

/**
 * Each request by name: whether the library may change with it, and whether the user may cancel it
 * (a request that only reads the library, or only adds what can be computed again, the sentence
 * codes of `encodeSentences`: www/engine.js ends the worker and restores the library).
 */
export const REQUESTS = Object.freeze({
  addReferences: { changesLibrary: true },
  removeReferences: { changesLibrary: true },
  updateReference: { changesLibrary: true },
  clear: { changesLibrary: true },
  reindex: { changesLibrary: true },
  importIndex: { changesLibrary: true },
  mergeIndex: { changesLibrary: true },
  loadDemo: { changesLibrary: true },
  options: { changesLibrary: false },
  references: { changesLibrary: false },
  getReference: { changesLibrary: false },
  getReferences: { changesLibrary: false },
  check: { changesLibrary: false, cancellable: true },
  batch: { changesLibrary: false, cancellable: true },
  pairs: { changesLibrary: false, cancellable: true },
  exportIndex: { changesLibrary: false },
  loadModel: { changesLibrary: false },
  loadModelParts: { changesLibrary: false },
  encodeSentences: { changesLibrary: true, cancellable: true },
});

/**
 * The header that marks the page's and the worker's archive requests (js/archive.js fetchReader),
 * so the service worker keeps their responses in a cache of its own that a new build of the app
 * does not drop (sw.js reads it from pkg/shell.js, written by scripts/shell.mjs from here).
 */
export const ARCHIVE_HEADER = 'X-Plagscope-Archive';

/** Whether `type` is a request the worker answers. */
export const isRequest = (type) => Object.hasOwn(REQUESTS, type);

/** Whether the user may cancel a request of `type`. */
export const isCancellable = (type) => isRequest(type) && REQUESTS[type].cancellable === true;

/** The names of `handlers` that are not requests, and the requests that have no handler. */
export function protocolMismatch(handlers) {
  const extra = Object.keys(handlers).filter((name) => !isRequest(name));
  const missing = Object.keys(REQUESTS).filter((name) => !Object.hasOwn(handlers, name));
  return { extra, missing };
}
