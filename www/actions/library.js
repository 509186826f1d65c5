// The library's actions: the references the paper is compared with, added from files, a paste or
// the demo set, renamed, marked as templates, removed, cleared, saved and opened as a file. The
// engine holds them, the browser keeps them (www/persist.js), other tabs follow; the page lists
// them in the order the user has known them, in their groups.
import { readTextFile } from '../files.js';
import { createPersistence } from '../persist.js';
import { count, t } from '../../js/words/i18n.js';
import { refusalMessage, userMessage } from './errors.js';
import { encodeAdded } from './model-parts.js';

/** A file's id in the library: two files with the same name, size and date are one file. */
const fileId = (file) => `file:${file.webkitRelativePath || file.name}:${file.size}:${file.lastModified}`;

/**
 * Puts the engine's list of references on the page, in the order the user has known them (the
 * engine puts a renamed reference last), new ones at the end; keeps the groups of those still there.
 */
function showReferences({ get, set }, references, groups = get().groups, order = get().order) {
  const byId = new Map(references.map((r) => [r.id, r]));
  const ids = order.filter((id) => byId.has(id));
  const listed = new Set(ids);
  for (const r of references) if (!listed.has(r.id)) ids.push(r.id);
  const kept = Object.fromEntries(Object.entries(groups).filter(([id]) => byId.has(id)));
  set({ references: ids.map((id) => byId.get(id)), groups: kept, order: ids, progress: null });
}

/** Runs another tab's change to the library; counts them on <body data-followed> for tests. */
async function following(set, follow) {
  try {
    set({ status: await follow() });
  } catch (error) {
    set({ error: t('library.followFailed', { message: userMessage(error) }) });
  } finally {
    document.body.dataset.followed = String(Number(document.body.dataset.followed ?? 0) + 1);
  }
}

/**
 * What every library action builds on: the browser's copy (`persistence`), `withReferences` (the
 * engine's list put on the page), `add` (references indexed into a group) and `addDemo`.
 */
function libraryCore({ store, engine, runner }) {
  const { set, get } = store;
  const withReferences = (references, groups, order) => showReferences(store, references, groups, order);
  const persistence = createPersistence({
    engine,
    store,
    show: withReferences,
    onRemote: (follow) => runner.inLine(() => following(set, follow)),
  });

  async function add(references, group) {
    const before = new Set(get().references.map((r) => r.id));
    const result = await engine.request('addReferences', { references }, runner.progress(t('status.indexing')));
    const added = result.references.filter((r) => !before.has(r.id));
    const groups = { ...get().groups };
    if (group) for (const r of added) groups[r.id] = group;
    withReferences(result.references, groups);
    await persistence.added(added.map((r) => r.id));
    await encodeAdded({ store, engine });
    return { added: added.length, errors: result.refusals.map(refusalMessage) };
  }

  /** Adds the demo set (what is not in the library yet) as the group "demo"; resolves with the example paper. */
  async function addDemo() {
    const before = new Set(get().references.map((r) => r.id));
    const { references, refusals, example } = await engine.request('loadDemo');
    const groups = { ...get().groups };
    const added = references.filter((r) => !before.has(r.id)).map((r) => r.id);
    for (const id of added) groups[id] = 'demo';
    withReferences(references, groups);
    await persistence.added(added);
    await encodeAdded({ store, engine });
    set({ example });
    if (refusals.length) set({ error: refusals.map(refusalMessage).join(' ') });
    return example;
  }

  return { store, engine, runner, persistence, withReferences, add, addDemo };
}

/** Reads `files` into references, skipping those already in the library; adds them to `group`. */
async function addFiles({ store: { get, set }, add }, files, group) {
  const known = new Set(get().references.map((r) => r.id));
  const references = [];
  const errors = [];
  const duplicates = [];
  for (const [index, file] of files.entries()) {
    set({ status: t('status.readingFile', { name: file.name, index: index + 1, total: files.length }) });
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
  if (duplicates.length) errors.push(t('library.alreadyIn', { names: duplicates.join(t('list.comma')) }));
  const result = references.length ? await add(references, group) : { added: 0, errors: [] };
  errors.push(...result.errors);
  if (errors.length) set({ error: errors.join(' ') });
  return result.added ? t('library.addedFiles', { files: count('count.file', result.added) }) : t('library.noFileAdded');
}

/** Opens a saved library file, replacing the library or adding what it does not have yet. */
async function importLibrary({ store: { get, set }, engine, runner, persistence, withReferences }, file, mode) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (mode === 'replace') {
    withReferences(await engine.request('importIndex', { bytes }), {}, []);
    await persistence.replaced();
    return t('library.replaced', { name: file.name, references: count('count.reference', get().references.length) });
  }
  const before = new Set(get().references.map((r) => r.id));
  const result = await engine.request('mergeIndex', { bytes }, runner.progress(t('status.addingReferences')));
  withReferences(result.references);
  await persistence.added(result.references.map((r) => r.id).filter((id) => !before.has(id)));
  if (result.refusals.length) set({ error: result.refusals.map(refusalMessage).join(' ') });
  const skipped = result.skipped ? t('library.skipped', { count: result.skipped }) : '';
  return t('library.merged', { references: count('count.reference', result.added), name: file.name, skipped });
}

/** The actions that move the library in and out: open it, add files, save and open a library file. */
function fileActions(core) {
  const { store: { get, set }, engine, runner: { run }, persistence } = core;
  return {
    /** Opens the library kept in this browser, if any. */
    restore: () =>
      run(t('status.opening'), async () => {
        const back = await persistence.restore();
        if (!back) return t('status.ready');
        const options = await engine.request('options');
        set((state) => ({ values: { ...state.values, ...options.text } }));
        return back;
      }),

    /** Called with every saved index the worker sends: cached so that the library opens fast. */
    libraryChanged: (bytes) => persistence.snapshot(bytes),

    addFiles: (files, group = null) => run(t('status.readingFiles'), () => addFiles(core, files, group)),

    /** The library as a file to keep or share; refused when there is nothing in it. */
    exportLibrary: (download) =>
      run(t('status.saving'), async () => {
        if (!get().references.length) throw new Error(t('library.nothingToSave'));
        const bytes = await engine.request('exportIndex');
        download(bytes, 'plagscope-library.idx');
        return t('library.saved', { name: 'plagscope-library.idx', size: (bytes.length / 1e6).toFixed(1) });
      }),

    importLibrary: (file, mode) => run(t('status.openingFile'), () => importLibrary(core, file, mode)),
  };
}

/** The actions that change what the library holds: a pasted text, the demo set, rename, template, remove, clear. */
function editActions({ store: { get, set }, engine, runner: { run }, persistence, withReferences, add, addDemo }) {
  /** Changes a reference in the engine (`change`: its id, a title or the template mark), shows and keeps it. */
  const update = async (change) => {
    withReferences(await engine.request('updateReference', change));
    await persistence.updated(change);
  };
  return {
    addPasted: (title, text) =>
      run(t('status.adding'), async () => {
        if (!text.trim()) throw new Error(t('library.pasteFirst'));
        const number = get().references.length + 1;
        const name = title.trim() || t('library.pastedTitle', { number });
        const { added, errors } = await add([{ id: `pasted:${Date.now()}:${number}`, title: name, text }], null);
        if (errors.length) throw new Error(errors.join(' '));
        return added ? t('library.addedOne', { name }) : '';
      }),

    loadDemo: () => run(t('status.loadingDemo'), async () => (await addDemo(), t('library.demoLoaded'))),

    /**
     * Removes the references `ids`; `what` names them for the status ("“Title”", "the demo set").
     * They are kept until the next action, for "Undo" beside the status.
     */
    remove: (ids, what) =>
      run(t('status.removing'), async () => {
        const references = await engine.request('getReferences', { ids });
        const group = get().groups[ids[0]] ?? null;
        withReferences(await engine.request('removeReferences', { ids }));
        await persistence.removed(ids);
        set({ undo: { what, references, group } });
        return t('library.removed', { what });
      }),

    /** Adds back what the last removal took away (its titles, texts, templates and group). */
    undoRemove: () => {
      const undo = get().undo; // every action clears it as it starts (www/actions/runner.js)
      return run(t('status.restoring'), async () => {
        if (!undo) return '';
        const { errors } = await add(undo.references, undo.group);
        if (errors.length) throw new Error(errors.join(' '));
        return t('library.restored', { what: undo.what });
      });
    },

    rename: (id, title) =>
      run(t('status.renaming'), async () => {
        if (!title.trim()) throw new Error(t('library.emptyTitle'));
        await update({ id, title: title.trim() });
        return t('library.renamed', { title: title.trim() });
      }),

    setBase: (id, base) => run(t('status.updating'), async () => (await update({ id, base }), t(base ? 'library.template' : 'library.notTemplate'))),

    clear: () =>
      run(t('status.clearing'), async () => {
        withReferences(await engine.request('clear'), {}, []);
        await persistence.replaced();
        set({ result: null, pairs: null });
        return t('library.cleared');
      }),
  };
}

/**
 * The library over `store` and `engine`, run by `runner` (www/actions/runner.js): `actions` for
 * the views, `withReferences` (the engine's list put on the page) and `addDemo` for the other areas.
 */
export function createLibrary({ store, engine, runner }) {
  const core = libraryCore({ store, engine, runner });
  return { actions: { ...fileActions(core), ...editActions(core) }, withReferences: core.withReferences, addDemo: core.addDemo };
}
