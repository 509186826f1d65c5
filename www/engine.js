// A promise-based client for the engine worker.

/** Starts the worker; resolves with a client once the wasm engine has loaded. */
export function startEngine() {
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  const pending = new Map();
  let nextId = 1;

  return new Promise((resolveReady, rejectReady) => {
    worker.onerror = (event) => {
      const error = new Error(`the engine failed to start: ${event.message || 'unknown error'}`);
      rejectReady(error);
      for (const { reject } of pending.values()) reject(error);
      pending.clear();
    };
    worker.onmessage = ({ data }) => {
      if (data.type === 'ready') {
        resolveReady({ version: data.version, request });
        return;
      }
      const call = pending.get(data.id);
      if (!call) return;
      if (data.type === 'progress') {
        call.onProgress?.(data.done, data.total);
        return;
      }
      pending.delete(data.id);
      if (data.ok) call.resolve(data.result);
      else call.reject(new Error(data.error));
    };
  });

  /** Sends a request; `onProgress(done, total)` hears about long ones while they run. */
  function request(type, payload, onProgress) {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, onProgress });
      worker.postMessage({ id, type, payload });
    });
  }
}
