// Keeps the library in the browser (www/library.js) in step with the engine, and every tab of the
// page in step with the others. The stored records are the one truth: a tab writes what it changed,
// then tells the other tabs on a BroadcastChannel which references changed, and they read those
// records and apply them to their own engine. A write the browser refuses is never silent: the
// state says which references are not kept (`unsaved`), and the page tells the user what to do.
import * as stored from './library.js';
import { textOptions } from './options.js';
import { count, list, t } from '../js/i18n.js';

const CHANNEL = 'plagscope-library';
/** What the page tells the user when references are not kept; `names` lists a few of them. */
const NOT_KEPT = (count, names, problem) => t('persist.notKept', { count, names, problem });

/** "a", "a, b and c", "a, b, c and 7 more". */
function someNames(titles, shown = 3) {
  if (titles.length <= shown) return list(titles);
  return list([...titles.slice(0, shown), t('persist.more', { count: titles.length - shown })]);
}

/**
 * The persistence of the page's library. `engine` is the worker's client (www/engine.js); `store`
 * the page's state (www/store.js); `show(references, groups, order)` puts the engine's reference
 * list on the page (www/actions.js `withReferences`). `onRemote(status)` runs another tab's change
 * through the page's serial action runner.
 */
export function createPersistence({ engine, store, show, onRemote }) {
  const { get, set } = store;
  let available = true;
  let sequence = 0;
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  const snapshots = stored.debounced(async (bytes) => {
    if (available) await stored.saveSnapshot(bytes);
  });

  /** Marks writes under way on <body data-library-saving> (tests wait for it) and runs `work`. */
  let writing = 0;
  async function writingWhile(work) {
    writing += 1;
    document.body.dataset.librarySaving = 'true';
    try {
      return await work();
    } finally {
      writing -= 1;
      if (!writing) document.body.dataset.librarySaving = 'false';
      set({ storage: await stored.storageUse() });
    }
  }

  const tell = (message) => channel?.postMessage(message);
  const nextSeq = () => Date.now() * 1000 + (sequence++ % 1000);

  /** Records the references `ids` the engine now holds; reports any that could not be kept. */
  async function keep(ids) {
    if (!ids.length || !available) return;
    const references = await engine.request('getReferences', { ids });
    const groups = get().groups;
    const records = references.map((r) => ({ id: r.id, title: r.title, base: Boolean(r.base), group: groups[r.id] ?? null, seq: nextSeq(), text: r.text }));
    const { failed, problem } = await stored.saveReferences(records);
    const unsaved = new Set(get().unsaved);
    for (const id of ids) unsaved.delete(id);
    for (const id of failed) unsaved.add(id);
    set({ unsaved: [...unsaved] });
    const kept = ids.filter((id) => !failed.includes(id));
    if (kept.length) tell({ changed: kept });
    if (failed.length) {
      const titles = records.filter((r) => failed.includes(r.id)).map((r) => r.title);
      set({ error: NOT_KEPT(failed.length, someNames(titles), problem) });
    }
  }

  /** Retries the references not kept yet (after a removal made room). */
  const retryUnsaved = () => keep(get().unsaved.filter((id) => get().references.some((r) => r.id === id)));

  const persistence = {
    /** References just added to the engine (files, pasted, demo, a merged library file). */
    added: (ids) => writingWhile(() => keep(ids)),

    /** References just removed from the engine. */
    removed: (ids) =>
      writingWhile(async () => {
        if (!available) return;
        await stored.deleteReferences(ids);
        set({ unsaved: get().unsaved.filter((id) => !ids.includes(id)) });
        tell({ changed: ids });
        await retryUnsaved();
      }),

    /** A reference renamed or marked as a template: `change` is `{ id, title?, base? }`. */
    updated: (change) =>
      writingWhile(async () => {
        if (!available) return;
        const problem = await stored.updateRecords([change]);
        if (!problem) return tell({ changed: [change.id] });
        const title = get().references.find((r) => r.id === change.id)?.title;
        set({ error: t('persist.changeNotKept', { title, problem }) });
      }),

    /** The whole library replaced (a library file opened in place of it) or emptied. */
    replaced: () =>
      writingWhile(async () => {
        if (!available) return;
        await stored.clearLibrary();
        set({ unsaved: [] });
        tell({ all: true });
        await keep(get().references.map((r) => r.id));
      }),

    /** The engine's saved index after a change: cached so the library opens fast next time. */
    snapshot: (bytes) => snapshots.schedule(bytes),

    /** Opens the stored library in the engine; the status line's words, or '' when there is none. */
    restore: () => restore(),
  };

  /**
   * Opens the stored library: the snapshot when there is one, then whatever it has wrong (records
   * added, removed or renamed since, by any tab) set right from the records. A library of the
   * earlier one-blob form is moved over first.
   */
  async function restore() {
    const library = await stored.loadLibrary();
    set({ storage: await stored.storageUse() });
    if (!library) {
      available = false;
      set({ persistence: 'unavailable' });
      return '';
    }
    if (library.legacy?.bytes && !library.records.length) return moveOver(library.legacy);
    const { records, snapshot } = library;
    if (!records.length) return '';
    const opening = (done, total) => set({ status: t('persist.opening', { done, total }), progress: { done, total } });
    let references = null;
    if (snapshot?.bytes) {
      try {
        references = await engine.request('importIndex', { bytes: snapshot.bytes });
      } catch (error) {
        console.warn(`the cached index could not be opened, the library is indexed again: ${error.message}`);
      }
    }
    // The text options the user chose (remembered by the page) decide how the library is indexed:
    // a snapshot cached before the last change of them is indexed again.
    const wanted = textOptions(get().values);
    if (references) {
      const { text } = await engine.request('options');
      if (Object.entries(wanted).some(([name, value]) => text[name] !== value)) references = null;
    }
    references ??= await engine.request('reindex', { text: wanted }, opening);
    ({ references } = await apply(records, references, references.map((r) => r.id), opening));
    const groups = Object.fromEntries(records.filter((r) => r.group).map((r) => [r.id, r.group]));
    show(references, groups, records.map((r) => r.id));
    return t('persist.back', { references: count('count.reference', records.length) });
  }

  /**
   * Makes the engine, which holds `references`, hold what `records` say of the ids `scope` and of
   * the records themselves: a held id of `scope` without a record is removed, a record not held is
   * added (its text read from storage when the record has none), a title or template mark that
   * differs is set. Resolves with the engine's new list and how many were added and removed.
   */
  async function apply(records, references, scope, onProgress) {
    const held = new Map(references.map((r) => [r.id, r]));
    const recorded = new Set(records.map((r) => r.id));
    const gone = scope.filter((id) => held.has(id) && !recorded.has(id));
    if (gone.length) references = await engine.request('removeReferences', { ids: gone });
    const missing = records.filter((r) => !held.has(r.id));
    if (missing.length) {
      const texts = missing.every((r) => typeof r.text === 'string') ? missing : await stored.readReferences(missing.map((r) => r.id));
      const incoming = texts.map(({ id, title, text, base }) => ({ id, title, text, base }));
      references = (await engine.request('addReferences', { references: incoming }, onProgress)).references;
    }
    for (const record of records) {
      const now = held.get(record.id);
      if (now && (now.title !== record.title || Boolean(now.base) !== record.base)) {
        references = await engine.request('updateReference', { id: record.id, title: record.title, base: record.base });
      }
    }
    return { references, added: missing.length, removed: gone.length };
  }

  /** Moves a library of the earlier one-blob form into records, then drops it. */
  async function moveOver(legacy) {
    const references = await engine.request('importIndex', { bytes: legacy.bytes });
    show(references, legacy.groups ?? {}, legacy.order ?? []);
    await writingWhile(() => keep(get().order));
    if (!get().unsaved.length) await stored.dropLegacy();
    return t('persist.back', { references: count('count.reference', references.length) });
  }

  /** Another tab changed the references `changed` (or the whole library, `all`): take its records. */
  async function follow({ changed, all }) {
    const records = all ? ((await stored.loadLibrary())?.records ?? []) : await stored.readReferences(changed);
    const current = get().references;
    const scope = all ? current.map((r) => r.id) : changed;
    const { references, added, removed } = await apply(records, current, scope);
    const groups = { ...get().groups };
    for (const record of records) if (record.group) groups[record.id] = record.group;
    show(references, groups);
    const parts = [added && t('persist.added', { count: added }), removed && t('persist.removed', { count: removed })].filter(Boolean);
    return parts.length ? t('persist.followedCounts', { counts: parts.join(t('list.comma')) }) : t('persist.followed');
  }

  if (channel) channel.onmessage = ({ data }) => onRemote(() => follow(data));
  return persistence;
}
