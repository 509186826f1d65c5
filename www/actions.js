// Everything the page does, as actions on the store (www/store.js): they talk to the engine worker
// (www/engine.js), read files (www/files.js), and keep the library in the browser and in step with
// other tabs (www/persist.js). Views call these and render the state; they never touch the engine.
// Actions run one at a time, with another tab's changes to the library in the same line.
import { readTextFile } from './files.js';
import { createPersistence } from './persist.js';
import { OPTIONS, checkOptions, pairsOptions, problem, saveValues, textOptions, valid } from './options.js';

const NO_CHOICES = { ignoreReferences: [], excludeSpans: [], includeSpans: [] };
/**
 * The check's progress in words, by stage: the paper prepared step by step (a long one takes
 * seconds), aligned with each reference that shares a fingerprint with it, each source written up.
 */
const CHECKING = {
  preparing: 'Preparing the paper:',
  aligning: 'Comparing with the matching references',
  reporting: 'Writing up the sources found',
};

/** An engine or reader error in the words the page shows: no field names in back-quotes. */
export function userMessage(error) {
  const message = error instanceof Error ? error.message : String(error);
  const tooLong = /^invalid `text`: it (is|becomes, normalized for matching,) ([\d.]+) MB \(\d+ bytes\), over the limit of (\d+) MB/.exec(message);
  if (tooLong) {
    const grows = tooLong[1] !== 'is' ? ' once prepared for matching (some characters, such as ﷺ, stand for many)' : '';
    // 64 MiB and one byte reads "64.0 MB": say "just over" rather than a size equal to the limit.
    const size = Number(tooLong[2]) <= Number(tooLong[3]) ? `just over ${tooLong[3]}` : tooLong[2];
    return `This text is too long to check at once: it is ${size} MB${grows}, and plagscope checks up to ${tooLong[3]} MB. Split it into smaller parts.`;
  }
  // The page calls a saved index a library file.
  if (message.startsWith('cannot read the index file: ')) return `This library file cannot be opened: ${message.slice(28)}`;
  const plain = message.replace(/^invalid `[^`]*`: /, '');
  // The engine's messages are sentences without their capital ("it is 70 MB; …", "cannot read
  // …"): give them one. A message that starts with a file's name (broken.pdf, binary-renamed.txt …)
  // keeps its case.
  return plain.replace(/^[a-z]+\b(?![.\w-])/, (word) => word[0].toUpperCase() + word.slice(1));
}

/**
 * Each source's number (0-based; shown 1-based, with its colour): kept from the first report of a
 * paper, so leaving a source out does not renumber and recolour the others; new ones come after.
 */
function numbered(report, numbers) {
  const next = { ...numbers };
  let count = Math.max(-1, ...Object.values(next)) + 1;
  for (const source of report.sources) if (!(source.id in next)) next[source.id] = count++;
  return next;
}

/** Resolves in a task of its own, so that the work before and after it are not one long task. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/** A file's id in the library: two files with the same name, size and date are one file. */
const fileId = (file) => `file:${file.webkitRelativePath || file.name}:${file.size}:${file.lastModified}`;

export function createActions(store, engine) {
  const set = store.set;
  const get = store.get;
  let line = Promise.resolve(); // the actions so far, each run after the one before
  const inLine = (work) => (line = line.then(work, work));
  const persistence = createPersistence({
    engine,
    store,
    show: (references, groups, order) => withReferences(references, groups, order),
    onRemote: (follow) => inLine(() => following(follow)),
  });

  /** Runs another tab's change to the library; counts them on <body data-followed> for tests. */
  async function following(follow) {
    try {
      set({ status: await follow() });
    } catch (error) {
      set({ error: `The library was changed in another tab, and this tab could not follow: ${userMessage(error)} Reload the page to see it.` });
    } finally {
      document.body.dataset.followed = String(Number(document.body.dataset.followed ?? 0) + 1);
    }
  }

  /** Runs `work` (after any action under way) with the page marked busy and any error shown; counts completions for tests. */
  const run = (label, work) => inLine(() => running(label, work));

  async function running(label, work) {
    set({ busy: label, error: '', status: label });
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

  const progress = (what) => (done, total) => set({ status: `${what}: ${done} of ${total}…`, progress: { done, total } });
  const checking = (done, total, stage) => (stage === 'preparing'
    ? set({ status: `${CHECKING.preparing} ${Math.floor((100 * done) / total)}%…`, progress: { done, total } })
    : progress(CHECKING[stage] ?? CHECKING.aligning)(done, total));

  /**
   * Takes the engine's list of references, shown in the order the user has known them (the engine
   * puts a renamed reference last), new ones at the end; keeps the groups of those still there.
   */
  function withReferences(references, groups = get().groups, order = get().order) {
    const byId = new Map(references.map((r) => [r.id, r]));
    const ids = order.filter((id) => byId.has(id));
    const listed = new Set(ids);
    for (const r of references) if (!listed.has(r.id)) ids.push(r.id);
    const kept = Object.fromEntries(Object.entries(groups).filter(([id]) => byId.has(id)));
    set({ references: ids.map((id) => byId.get(id)), groups: kept, order: ids, progress: null });
  }

  async function add(references, group) {
    const before = new Set(get().references.map((r) => r.id));
    const result = await engine.request('addReferences', { references }, progress('Indexing references'));
    const added = result.references.filter((r) => !before.has(r.id));
    const groups = { ...get().groups };
    if (group) for (const r of added) groups[r.id] = group;
    withReferences(result.references, groups);
    await persistence.added(added.map((r) => r.id));
    return { added: added.length, errors: result.errors };
  }

  /**
   * Puts a paper into the paper box from outside (a file, the example, a large paste): the box shows
   * it, while typed text only updates the state, so a long paper is not written back into the box
   * on every change of the page. `origin` (a file's name, "Pasted text") and `bytes` (a file's size)
   * name a paper too large for the box (www/views/large-paper.js).
   */
  function replacePaper(paper) {
    set((state) => ({ paper: { ...paper, revision: state.paper.revision + 1 } }));
  }

  /** Adds the demo set (what is not in the library yet) as the group "demo"; resolves with the example paper. */
  async function addDemo() {
    const before = new Set(get().references.map((r) => r.id));
    const { references, errors, example } = await engine.request('loadDemo');
    const groups = { ...get().groups };
    const added = references.filter((r) => !before.has(r.id)).map((r) => r.id);
    for (const id of added) groups[id] = 'demo';
    withReferences(references, groups);
    await persistence.added(added);
    set({ example });
    if (errors.length) set({ error: errors.map(userMessage).join(' ') });
    return example;
  }

  const actions = {
    /** Opens the library kept in this browser, if any. */
    restore: () =>
      run('Opening your library…', async () => {
        const back = await persistence.restore();
        if (!back) return 'Ready. Add references, or load the demo set, then paste a paper.';
        const options = await engine.request('options');
        set((state) => ({ values: { ...state.values, ...options.text } }));
        return back;
      }),

    /** Called with every saved index the worker sends: cached so that the library opens fast. */
    libraryChanged: (bytes) => persistence.snapshot(bytes),

    addFiles: (files, group = null) =>
      run('Reading files…', async () => {
        const known = new Set(get().references.map((r) => r.id));
        const references = [];
        const errors = [];
        const duplicates = [];
        for (const [index, file] of files.entries()) {
          set({ status: `Reading ${file.name} (${index + 1} of ${files.length})…` });
          const id = fileId(file);
          if (known.has(id)) {
            duplicates.push(file.name);
            continue;
          }
          try {
            references.push({ id, title: file.webkitRelativePath || file.name, text: await readTextFile(file) });
            known.add(id);
          } catch (error) {
            errors.push(userMessage(error));
          }
        }
        if (duplicates.length) errors.push(`Already in the library: ${duplicates.join(', ')}.`);
        const result = references.length ? await add(references, group) : { added: 0, errors: [] };
        errors.push(...result.errors.map(userMessage));
        if (errors.length) set({ error: errors.join(' ') });
        return result.added ? `Added ${result.added} file${result.added === 1 ? '' : 's'} to the library.` : 'No file was added.';
      }),

    addPasted: (title, text) =>
      run('Adding…', async () => {
        if (!text.trim()) throw new Error('Paste the text of the reference first.');
        const count = get().references.length + 1;
        const name = title.trim() || `Pasted reference ${count}`;
        const { added, errors } = await add([{ id: `pasted:${Date.now()}:${count}`, title: name, text }], null);
        if (errors.length) throw new Error(errors.join(' '));
        return added ? `Added “${name}”.` : '';
      }),

    loadDemo: () =>
      run('Loading the demo set…', async () => {
        await addDemo();
        return 'The demo set is in the library, in a group of its own that you can remove in one click.';
      }),

    remove: (ids, what) =>
      run('Removing…', async () => {
        withReferences(await engine.request('removeReferences', { ids }));
        await persistence.removed(ids);
        return `Removed ${what}.`;
      }),

    rename: (id, title) =>
      run('Renaming…', async () => {
        if (!title.trim()) throw new Error('A title cannot be empty.');
        withReferences(await engine.request('updateReference', { id, title: title.trim() }));
        await persistence.updated({ id, title: title.trim() });
        return `Renamed to “${title.trim()}”.`;
      }),

    setBase: (id, base) =>
      run('Updating…', async () => {
        withReferences(await engine.request('updateReference', { id, base }));
        await persistence.updated({ id, base });
        return base
          ? 'Marked as a template: its text is left out of papers and never reported as a source.'
          : 'No longer a template.';
      }),

    clear: () =>
      run('Clearing the library…', async () => {
        withReferences(await engine.request('clear'), {}, []);
        await persistence.replaced();
        set({ result: null, pairs: null });
        return 'The library is empty.';
      }),

    /** The library as a file to keep or share; refused when there is nothing in it. */
    exportLibrary: (download) =>
      run('Saving…', async () => {
        if (!get().references.length) throw new Error('The library is empty: there is nothing to save yet.');
        const bytes = await engine.request('exportIndex');
        download(bytes, 'plagscope-library.idx');
        return `Library saved as plagscope-library.idx (${(bytes.length / 1e6).toFixed(1)} MB).`;
      }),

    /** Opens a saved library file, replacing the library or adding what it does not have yet. */
    importLibrary: (file, mode) =>
      run('Opening the library file…', async () => {
        const bytes = new Uint8Array(await file.arrayBuffer());
        if (mode === 'replace') {
          withReferences(await engine.request('importIndex', { bytes }), {}, []);
          await persistence.replaced();
          return `Library replaced by ${file.name}: ${get().references.length} references.`;
        }
        const before = new Set(get().references.map((r) => r.id));
        const result = await engine.request('mergeIndex', { bytes }, progress('Adding references'));
        withReferences(result.references);
        await persistence.added(result.references.map((r) => r.id).filter((id) => !before.has(id)));
        if (result.errors.length) set({ error: result.errors.map(userMessage).join(' ') });
        const skipped = result.skipped ? ` (${result.skipped} already in the library)` : '';
        return `Added ${result.added} reference${result.added === 1 ? '' : 's'} from ${file.name}${skipped}.`;
      }),

    /** Puts the example paper in the paper box, loading the demo set it copies from if needed. */
    useExample: () =>
      run('Loading the example…', async () => {
        const example = await addDemo();
        replacePaper({ title: 'Example paper', text: example });
        return 'The example paper copies from the demo set, which is now in the library: press Check.';
      }),

    /** What the user typed into the paper's fields. */
    setPaper: (paper) => set((state) => ({ paper: { ...state.paper, ...paper } })),
    replacePaper,

    openPaper: (file) =>
      run('Reading the paper…', async () => {
        const text = await readTextFile(file);
        if (!text.trim()) throw new Error(`${file.name} has no text to check.`);
        replacePaper({ title: file.name, text, origin: file.name, bytes: file.size });
        return `Opened ${file.name}.`;
      }),

    /**
     * Sets an option; a text option (case, punctuation, numbers) indexes the library again. Returns
     * false for a value that is refused (the message says why).
     */
    setOption: (name, raw) => {
      const option = OPTIONS.find((o) => o.name === name);
      const value = valid(option, raw);
      if (value === null) {
        set({ error: problem(option, raw) });
        return false;
      }
      const values = { ...get().values, [name]: value };
      set({ values, error: '' });
      saveValues(values);
      if (option.kind === 'text') {
        return run('Indexing the library again…', async () => {
          withReferences(await engine.request('reindex', { text: textOptions(values) }, progress('Indexing again')));
          return 'The library follows the new option. Check again to see its effect.';
        });
      }
    },

    check: () =>
      run('Checking…', async () => {
        const { paper, references } = get();
        if (!paper.text.trim()) throw new Error('Paste or open a paper first.');
        if (!references.length) throw new Error('Add at least one reference first: files, a pasted text, or the demo set.');
        const report = await engine.request('check', { text: paper.text, options: checkOptions(get().values) }, checking);
        await nextTask(); // reading a large report is one task, drawing it starts another
        const numbers = numbered(report, {});
        set({ result: { report, text: paper.text, title: paper.title || 'Paper', choices: NO_CHOICES, numbers, checkedAt: new Date() }, selected: null, view: 'report' });
        return report.sources.length ? 'Done.' : 'Done: no matching sources.';
      }),

    /** Checks the same paper again with the reader's choices (exclusions) changed. */
    choose: (change) =>
      run('Updating the report…', async () => {
        const result = get().result;
        const choices = { ...result.choices, ...change(result.choices) };
        const report = await engine.request('check', { text: result.text, options: { ...checkOptions(get().values), ...choices } }, checking);
        await nextTask();
        set({ result: { ...result, report, choices, numbers: numbered(report, result.numbers) }, selected: null });
        return 'Report updated.';
      }),

    select: (selected) => set({ selected }),

    comparePairs: () =>
      run('Comparing every reference with every other…', async () => {
        const references = get().references;
        if (references.length < 2) throw new Error('Add at least two references to compare them with each other.');
        const stages = { reading: 'Reading references', comparing: 'Comparing candidate pairs' };
        const onProgress = (done, total, stage) => progress(stages[stage])(done, total);
        const pairs = await engine.request('pairs', { options: pairsOptions(get().values) }, onProgress);
        set({ pairs: { pairs, references }, view: 'pairs', selected: null });
        return pairs.length ? 'Done.' : 'Done: no two references share a passage.';
      }),

    /** Checks several papers against the library and against each other. */
    checkBatch: (files) =>
      run('Reading the papers…', async () => {
        if (!get().references.length) throw new Error('Add at least one reference first: files, a pasted text, or the demo set.');
        const papers = [];
        const errors = [];
        for (const [index, file] of files.entries()) {
          set({ status: `Reading ${file.name} (${index + 1} of ${files.length})…` });
          try {
            const text = await readTextFile(file);
            papers.push({ id: `${index}:${file.webkitRelativePath || file.name}`, title: file.webkitRelativePath || file.name, text });
          } catch (error) {
            errors.push(userMessage(error));
          }
        }
        if (errors.length) set({ error: errors.join(' ') });
        if (!papers.length) throw new Error(errors.length ? errors.join(' ') : 'No paper to check.');
        // The papers one by one, then the pairs among them: a stage of its own, not one more "paper".
        const onProgress = (done, total, stage) =>
          (stage === 'pairs' ? set({ status: 'Comparing the papers with each other…', progress: null }) : progress('Checking papers')(done, total));
        const { results, pairs } = await engine.request('batch', { papers, options: checkOptions(get().values), pairsOptions: pairsOptions(get().values) }, onProgress);
        set({ batch: { papers, results, pairs }, view: 'batch', selected: null });
        return `Checked ${papers.length} paper${papers.length === 1 ? '' : 's'}.`;
      }),

    /** Opens the full report of one paper of the batch. */
    openBatchPaper: async (id) => {
      const paper = get().batch.papers.find((p) => p.id === id);
      replacePaper({ title: paper.title, text: paper.text, origin: paper.title });
      await actions.check();
    },

    showView: (view) => set({ view }),
    dismissError: () => set({ error: '' }),
    engineRestarted({ references, message, gaveUp }) {
      if (references) withReferences(references);
      set(gaveUp ? { error: message, status: '' } : { status: message });
    },
    getReference: (id) => engine.request('getReference', { id }),
  };
  return actions;
}
