// How the page's actions run (www/actions/*.js): one at a time, in a line that another tab's
// changes to the library join too; each marked busy while it runs, its result or error shown in
// the status line, and its progress counted there.
import { t } from '../../js/i18n.js';
import { userMessage } from './errors.js';

/**
 * The runner over `store`: `inLine(work)` runs `work` after what is under way; `run(label, work)`
 * runs it with the page busy, `work`'s result as the status and any error shown, counting
 * completions for tests; `progress(what)` is a progress callback that writes "what: 3 of 10…".
 */
export function createRunner(store) {
  const { set, get } = store;
  let line = Promise.resolve(); // the actions so far, each run after the one before
  const inLine = (work) => (line = line.then(work, work));

  async function running(label, work) {
    // A removal can be undone until the next action starts.
    set({ busy: label, error: '', status: label, undo: null });
    try {
      const status = await work();
      set({ status: status ?? '' });
    } catch (error) {
      set({ error: userMessage(error), status: error?.restarted ? get().status : '' });
    } finally {
      // The page counts completions on <body data-completed> once it has drawn them (www/app.js).
      set((state) => ({ busy: '', completions: state.completions + 1 }));
    }
  }

  const run = (label, work) => inLine(() => running(label, work));
  const progress = (what) => (done, total) =>
    set({ status: t('status.progress', { what, done, total }), progress: { done, total } });
  return { inLine, run, progress };
}

/** Resolves in a task of its own, so that the work before and after it are not one long task. */
export const nextTask = () => new Promise((resolve) => setTimeout(resolve));
