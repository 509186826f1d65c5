// The paper kept across reloads and a short history of papers (www/papers.js keeps them in the
// browser): this tab's paper and last report come back after a reload; a paper checked, or put
// aside when another took its place (a batch paper's report, the example, a file opened, a paper
// of the history), is listed under "Recent papers" to open again. Every tab keeps its own paper;
// the history is shared, and a change to it is told to the other tabs.
import * as kept from '../papers.js';
import { t } from '../../js/words/i18n.js';

const CHANNEL = 'plagscope-papers';
/** Writes of a paper being typed wait this long for the typing to pause. */
const SAVE_DELAY_MS = 400;

/**
 * The papers' actions over `store`, run by `runner`; `replacePaper(paper, { putAside })` puts a
 * paper in the box (www/actions/paper.js), putting the one there aside unless told not to; `check()`
 * makes the report of the paper in the box again when it was too heavy to keep.
 */
export function createPapersActions({ store, runner, replacePaper, check }) {
  const { set, get } = store;
  const ctx = { tab: null, channel: null, saved: { paper: null, result: null }, historyOf: null, timer: null, writing: 0, failing: false };

  const refreshList = async () => set({ history: await kept.listHistory().catch(() => []) });
  const told = async (problem) => {
    if (problem) set({ error: t('papers.notKept', { problem }) });
    ctx.channel?.postMessage('history');
    await refreshList();
  };

  /**
   * Writes what changed since the last write: the tab's paper and report, a new report to the
   * history. <body data-paper-saving> is "true" from a change until it is written (tests wait for it).
   */
  async function flush() {
    clearTimeout(ctx.timer);
    ctx.timer = null;
    const { paper, result } = get();
    if (paper === ctx.saved.paper && result === ctx.saved.result) {
      if (!ctx.writing) document.body.dataset.paperSaving = 'false';
      return;
    }
    ctx.writing += 1;
    try {
      await write(paper, result);
    } finally {
      ctx.writing -= 1;
      if (!ctx.writing && !ctx.timer) document.body.dataset.paperSaving = 'false';
    }
  }

  async function write(paper, result) {
    ctx.saved = { paper, result };
    const problem = await kept.saveDraft(ctx.tab, keptPaper(paper), result);
    // Said once when the browser starts refusing, not at every keystroke after.
    if (problem && !ctx.failing) set({ error: t('papers.notKept', { problem }) });
    ctx.failing = Boolean(problem);
    if (result && result !== ctx.historyOf) {
      ctx.historyOf = result;
      await told(await kept.addHistory({ title: result.title, text: result.text }, result, 'checked'));
    }
  }

  function watch() {
    store.subscribe((state) => {
      if (state.paper === ctx.saved.paper && state.result === ctx.saved.result) return;
      document.body.dataset.paperSaving = 'true';
      ctx.timer ??= setTimeout(() => flush().catch(warn), SAVE_DELAY_MS);
    });
    addEventListener('pagehide', () => flush().catch(warn));
    if (typeof BroadcastChannel === 'function') {
      ctx.channel = new BroadcastChannel(CHANNEL);
      ctx.channel.onmessage = () => refreshList();
    }
  }

  return {
    /**
     * Brings back this tab's paper and report from before a reload (unless the user has typed a
     * paper meanwhile), lists the history, and from then on keeps both as they change.
     */
    async restorePaper() {
      try {
        ctx.tab = await kept.claimTab();
        const draft = await kept.loadDraft(ctx.tab);
        await refreshList();
        kept.forgetOldDrafts().catch(warn);
        if (draft && !get().paper.text && (draft.paper.text || draft.result)) {
          replacePaper(draft.paper, { putAside: false });
          if (draft.result) set({ result: draft.result, view: 'report', selected: null });
          const back = draft.result ? 'papers.backWithReport' : draft.remake ? 'papers.backRemaking' : 'papers.back';
          set({ status: `${get().status} ${t(back)}`.trim() });
          if (draft.remake) check();
        }
        // What is on the page now is what is kept: written again only when it changes.
        ctx.saved = { paper: get().paper, result: get().result };
        ctx.historyOf = get().result;
      } catch (error) {
        warn(error);
        return; // the browser keeps nothing (a private window): the page works without it
      }
      watch();
    },

    /** Keeps `previous`, the paper another is taking the place of, in the history. */
    putAside(previous) {
      if (!ctx.tab || !previous.text.trim()) return;
      const result = get().result?.text === previous.text ? get().result : null;
      kept.addHistory(keptPaper(previous), result, result ? 'checked' : 'replaced').then(told, warn);
    },

    /** Opens a paper of the history (and its report), the paper in the box put aside first. */
    openRecent: (key) =>
      runner.run(t('status.openingPaper'), async () => {
        const entry = await kept.readHistory(key);
        if (!entry) throw new Error(t('papers.gone'));
        replacePaper(entry.paper);
        set({ result: entry.result, view: entry.result ? 'report' : get().view, selected: null });
        ctx.historyOf = entry.result;
        if (entry.remake) check();
        return t('papers.opened', { title: entry.paper.title || t('check.untitled') });
      }),

    /** Forgets a paper of the history, in every tab. */
    forgetRecent: (key) =>
      runner.run(t('status.forgetting'), async () => {
        await kept.forgetHistory(key);
        await told('');
        return t('papers.forgotten');
      }),
  };
}

/** The fields of the page's paper worth keeping (the box's revision is the page's own). */
const keptPaper = ({ title = '', text = '', origin, bytes }) => ({ title, text, ...(origin ? { origin } : {}), ...(bytes ? { bytes } : {}) });

const warn = (error) => console.warn(`the paper could not be kept in this browser: ${error?.message ?? error}`);
