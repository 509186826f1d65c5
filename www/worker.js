// The engine runs here, off the UI thread, so indexing and checking never freeze the page.
// Protocol: { id, type, payload } -> { id, ok: true, result } | { id, ok: false, error }, with
// { id, type: 'progress', done, total } messages while references are being indexed.
import { Checker, version } from '../js/browser.js';

let checker = new Checker();

const handlers = {
  addReferences({ references }, progress) {
    const errors = [];
    for (const [done, reference] of references.entries()) {
      if (done % 10 === 0) progress(done, references.length);
      try {
        checker.addReference(reference);
      } catch (error) {
        errors.push(`${reference.title || reference.id}: ${error.message}`);
      }
    }
    return { references: checker.references(), errors };
  },
  removeReference: ({ id }) => (checker.removeReference(id), checker.references()),
  references: () => checker.references(),
  getReference: ({ id }) => checker.getReference(id),
  check: ({ text, options }) => checker.check(text, options),
  pairs: ({ options }) => checker.pairs(options),
  exportIndex: () => checker.exportIndex(),
  importIndex({ bytes }) {
    const loaded = Checker.importIndex(bytes); // throws on a bad file, leaving the current set alone
    checker.free();
    checker = loaded;
    return checker.references();
  },
  async loadDemo() {
    const response = await fetch(new URL('../pkg/demo-refs.json', import.meta.url));
    if (!response.ok) throw new Error(`could not load the demo set (${response.status})`);
    const { references, example } = await response.json();
    const result = handlers.addReferences({ references: references.filter((r) => !checker.getReference(r.id)) }, () => {});
    return { ...result, example };
  },
};

self.onmessage = async ({ data }) => {
  const { id, type, payload } = data;
  try {
    const handler = handlers[type];
    if (!handler) throw new Error(`unknown request type: ${type}`);
    const progress = (done, total) => self.postMessage({ id, type: 'progress', done, total });
    const result = await handler(payload ?? {}, progress);
    const transfer = result instanceof Uint8Array ? [result.buffer] : [];
    self.postMessage({ id, ok: true, result }, transfer);
  } catch (error) {
    self.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
};

self.postMessage({ type: 'ready', version: version() });
