// How the page's actions run (www/actions/*.js): one at a time, in a line that another tab's
// changes to the library join too; each marked busy while it runs, its result or error shown in
// the status line, and its progress counted there.
import { t } from '../../js/words/i18n.js';
import { userMessage } from './errors.js';

/**
 * The runner over `store`: `inLine(work)` runs `work` after what is under way; `aside(work)` beside
 * it, the page left usable; `run(label, work,
 * { cancellable })` runs it with the page busy (and, when `cancellable`, a Cancel button and Esc
 * offered: www/engine.js stops the request), `work`'s result as the status and any error shown,
 * counting completions for tests; `progress(what)` is a progress callback that writes "what: 3 of 10…".
 */
export function createRunner(store) {
  const { set, get } = store;
  let line = Promise.resolve(); // the actions so far, each run after the one before
  const inLine = (work) => (line = line.then(work, work));

  async function running(label, work, cancellable) {
    // A removal can be undone until the next action starts.
    set({ busy: label, cancellable, error: '', status: label, undo: null });
    try {
      const status = await work();
      set({ status: status ?? '' });
    } catch (error) {
      // Stopped by the user: said in the status line, as the end of what they asked for.
      if (error?.cancelled) set({ status: error.message });
      else set({ error: userMessage(error), status: error?.restarted ? get().status : '' });
    } finally {
      // The page counts completions on <body data-completed> once it has drawn them (www/app.js).
      set((state) => ({ busy: '', cancellable: false, completions: state.completions + 1 }));
    }
  }

  const run = (label, work, { cancellable = false } = {}) => inLine(() => running(label, work, cancellable));

  /**
   * Runs `work` beside the line, the page left usable (a download that takes seconds): its result
   * or error is shown when it ends, unless an action is under way then (its own words come last),
   * and it counts as a completion.
   */
  async function aside(work) {
    try {
      const status = await work();
      if (!get().busy && status) set({ status });
    } catch (error) {
      if (!error?.restarted) set({ error: userMessage(error) });
    } finally {
      set((state) => ({ completions: state.completions + 1 }));
    }
  }
  const progress = (what) => (done, total) =>
    set({ status: t('status.progress', { what, done, total }), progress: { done, total } });
  return { inLine, run, aside, progress };
}

/** Resolves in a task of its own, so that the work before and after it are not one long task. */
export const nextTask = () => new Promise((resolve) => setTimeout(resolve));
