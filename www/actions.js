// Everything the page does, as actions on the store (www/store.js), composed from one module per
// area (www/actions/): the library, the paper, the check, a batch of papers, the library's pairs,
// the settings, the archive. They talk to the engine worker (www/engine.js), read files (www/files.js), and keep
// the library in the browser and in step with other tabs (www/persist.js). Views call these and
// render the state; they never touch the engine. Actions run one at a time (www/actions/runner.js).
import { createRunner } from './actions/runner.js';
import { createLibrary } from './actions/library.js';
import { createPaperActions } from './actions/paper.js';
import { createCheckActions } from './actions/check.js';
import { createBatchActions } from './actions/batch.js';
import { createPairsActions } from './actions/pairs.js';
import { createSettingsActions } from './actions/settings.js';
import { createArchiveActions } from './actions/archive.js';
import { createPapersActions } from './actions/papers.js';

export { userMessage } from './actions/errors.js';

/** The page's actions over `store` and the engine client `engine`. */
export function createActions(store, engine) {
  const runner = createRunner(store);
  const library = createLibrary({ store, engine, runner });
  const papers = createPapersActions({ store, runner, replacePaper: (...args) => paper.replacePaper(...args), check: () => check.check() });
  const paper = createPaperActions({ store, run: runner.run, addDemo: library.addDemo, putAside: papers.putAside });
  const check = createCheckActions({ store, engine, runner });
  const settings = createSettingsActions({ store, engine, runner, withReferences: library.withReferences, refresh: check.refresh, refreshWithin: check.refreshWithin });
  return {
    ...library.actions,
    ...paper,
    ...papers,
    ...check,
    ...createBatchActions({ store, engine, runner, replacePaper: paper.replacePaper, check: check.check }),
    ...createPairsActions({ store, engine, runner }),
    ...settings,
    ...createArchiveActions({ store, runner }),
    showView: (view) => store.set({ view }),
    dismissError: () => store.set({ error: '' }),
    /** Stops the check (or batch, or pairs) under way; the library and the report stay as they were. */
    cancel: () => store.get().cancellable && engine.cancel(),
    engineRestarted({ references, message, gaveUp, quiet }) {
      if (references) library.withReferences(references);
      if (!quiet) store.set(gaveUp ? { error: message, status: '' } : { status: message });
      // A new worker has the plain engine: the sentence model is loaded into it again.
      if (store.get().model !== 'absent') {
        store.set({ model: 'absent' });
        if (!gaveUp) settings.loadModel();
      }
    },
    getReference: (id) => engine.request('getReference', { id }),
  };
}
