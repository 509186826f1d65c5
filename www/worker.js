// The engine runs here, off the UI thread, so a long comparison never freezes the page.
// Protocol: { id, type: 'sharedNgrams', a, b, n } -> { id, ok: true, result } | { id, ok: false, error }
import { sharedNgrams, version } from '../js/browser.js';

const handlers = {
  sharedNgrams: ({ a, b, n }) => sharedNgrams(a, b, n),
  version: () => version(),
};

self.onmessage = ({ data }) => {
  const { id, type } = data;
  try {
    const handler = handlers[type];
    if (!handler) throw new Error(`unknown request type: ${type}`);
    self.postMessage({ id, ok: true, result: handler(data) });
  } catch (error) {
    self.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
};

self.postMessage({ type: 'ready', version: version() });
