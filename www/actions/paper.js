// The paper's actions: what the user types, a file opened or dropped, the example paper (which
// copies from the demo set, loaded with it).
import { readTextFile } from '../files.js';
import { t } from '../../js/words/i18n.js';

/**
 * The paper's actions over `store`, run by `run`; `addDemo` loads the demo set (www/actions/library.js);
 * `putAside(paper)` keeps a paper another takes the place of (www/actions/papers.js).
 */
export function createPaperActions({ store, run, addDemo, putAside }) {
  const { set, get } = store;

  /**
   * Puts a paper into the paper box from outside (a file, the example, a large paste): the box shows
   * it, while typed text only updates the state, so a long paper is not written back into the box
   * on every change of the page. `origin` (a file's name, "Pasted text") and `bytes` (a file's size)
   * name a paper too large for the box (www/views/large-paper.js). The paper it replaces is put
   * aside in the history first (`putAside: false` for the paper a reload brings back), so what the
   * user wrote is never lost.
   */
  function replacePaper(paper, { putAside: keep = true } = {}) {
    const previous = get().paper;
    if (keep && previous.text !== paper.text) putAside(previous);
    set((state) => ({ paper: { ...paper, revision: state.paper.revision + 1 } }));
  }

  return {
    replacePaper,

    /** What the user typed into the paper's fields. */
    setPaper: (paper) => set((state) => ({ paper: { ...state.paper, ...paper } })),

    /** Puts the example paper in the paper box, loading the demo set it copies from if needed. */
    useExample: () =>
      run(t('status.loadingExample'), async () => {
        const example = await addDemo();
        replacePaper({ title: t('paper.exampleTitle'), text: example });
        return t('paper.exampleLoaded');
      }),

    openPaper: (file) =>
      run(t('status.readingPaper'), async () => {
        const text = await readTextFile(file);
        if (!text.trim()) throw new Error(t('paper.noText', { name: file.name }));
        replacePaper({ title: file.name, text, origin: file.name, bytes: file.size });
        return t('paper.opened', { name: file.name });
      }),
  };
}
