// A batch of papers (a class's essays): each checked against the library, and all compared with
// each other; one of them opened with its full report.
import { readTextFile } from '../files.js';
import { checkOptions, pairsOptions } from '../options.js';
import { count, t } from '../../js/words/i18n.js';
import { userMessage } from './errors.js';
import { loadModelParts } from './model-parts.js';

/** Reads `files` as papers, saying which it reads; the errors of those it cannot read, in words. */
async function readPapers(files, set) {
  const papers = [];
  const errors = [];
  for (const [index, file] of files.entries()) {
    set({ status: t('status.readingFile', { name: file.name, index: index + 1, total: files.length }) });
    try {
      const text = await readTextFile(file);
      papers.push({ id: `${index}:${file.webkitRelativePath || file.name}`, title: file.webkitRelativePath || file.name, text });
    } catch (error) {
      errors.push(userMessage(error));
    }
  }
  return { papers, errors };
}

/**
 * The batch's actions over `store` and `engine`, run by `runner`; `replacePaper` and `check` (the
 * paper's and the check's actions) open one paper's full report.
 */
export function createBatchActions({ store, engine, runner, replacePaper, check }) {
  const { set, get } = store;
  const { run, progress } = runner;
  return {
    /** Checks several papers against the library and against each other. */
    checkBatch: (files) =>
      run(t('status.readingPapers'), async () => {
        if (!get().references.length) throw new Error(t('check.noReferences'));
        const { papers, errors } = await readPapers(files, set);
        if (errors.length) set({ error: errors.join(' ') });
        if (!papers.length) throw new Error(errors.length ? errors.join(' ') : t('batch.noPaper'));
        // The papers one by one, then the pairs among them: a stage of its own, not one more "paper".
        const onProgress = (done, total, stage) =>
          (stage === 'pairs' ? set({ status: t('status.comparingPapers'), progress: null }) : progress(t('status.checkingPapers'))(done, total));
        await loadModelParts({ store, engine }, papers.map((paper) => paper.text));
        const answer = await engine.request('batch', { papers, options: checkOptions(get().values, get().model), pairsOptions: pairsOptions(get().values) }, onProgress);
        // A paper the engine refused says why in the page's words.
        const results = answer.results.map((r) => (r.error ? { ...r, error: userMessage(r.error, 'error.notChecked') } : r));
        set({ batch: { papers, results, pairs: answer.pairs }, view: 'batch', selected: null });
        return t('batch.checked', { papers: count('count.paper', papers.length) });
      }, { cancellable: true }),

    /** Opens the full report of one paper of the batch. */
    openBatchPaper: async (id) => {
      const paper = get().batch.papers.find((p) => p.id === id);
      replacePaper({ title: paper.title, text: paper.text, origin: paper.title });
      await check();
    },
  };
}
