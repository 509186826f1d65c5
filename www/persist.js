// Keeps the library in the browser (www/library.js) in step with the engine, and every tab of the
// page in step with the others. The stored records are the one truth: a tab writes what it changed,
// then tells the other tabs on a BroadcastChannel which references changed, and they read those
// records and apply them to their own engine. A write the browser refuses is never silent: the
// state says which references are not kept (`unsaved`), and the page tells the user what to do.
import * as stored from './library.js';
import { textOptions } from './options.js';
import { count, list, t } from '../js/words/i18n.js';

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
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  /** What every step below reads and changes: the page's parts, whether the browser stores at
   * all, the records' sequence, the other tabs' channel, the cached index's writer, writes under way. */
  const ctx = { engine, store, show, available: true, sequence: 0, channel, writing: 0 };
  ctx.snapshots = stored.debounced(async (bytes) => {
    if (ctx.available) await stored.saveSnapshot(bytes);
  });
  if (channel) channel.onmessage = ({ data }) => onRemote(() => follow(ctx, data));
  return {
    /** References just added to the engine (files, pasted, demo, a merged library file). */
    added: (ids) => writingWhile(ctx, () => keep(ctx, ids)),

    /** References just removed from the engine. */
    removed: (ids) =>
      writingWhile(ctx, async () => {
        if (!ctx.available) return;
        await stored.deleteReferences(ids);
        ctx.store.set({ unsaved: ctx.store.get().unsaved.filter((id) => !ids.includes(id)) });
        tell(ctx, { changed: ids });
        await retryUnsaved(ctx);
      }),

    /** A reference renamed or marked as a template: `change` is `{ id, title?, base? }`. */
    updated: (change) =>
      writingWhile(ctx, async () => {
        if (!ctx.available) return;
        const problem = await stored.updateRecords([change]);
        if (!problem) return tell(ctx, { changed: [change.id] });
        const title = ctx.store.get().references.find((r) => r.id === change.id)?.title;
        ctx.store.set({ error: t('persist.changeNotKept', { title, problem }) });
      }),

    /** The whole library replaced (a library file opened in place of it) or emptied. */
    replaced: () =>
      writingWhile(ctx, async () => {
        if (!ctx.available) return;
        await stored.clearLibrary();
        ctx.store.set({ unsaved: [] });
        tell(ctx, { all: true });
        await keep(ctx, ctx.store.get().references.map((r) => r.id));
      }),

    /** The engine's saved index after a change: cached so the library opens fast next time. */
    snapshot: (bytes) => ctx.snapshots.schedule(bytes),

    /** Opens the stored library in the engine; the status line's words, or '' when there is none. */
    restore: () => restore(ctx),
  };
}

/** Marks writes under way on <body data-library-saving> (tests wait for it) and runs `work`. */
async function writingWhile(ctx, work) {
  ctx.writing += 1;
  document.body.dataset.librarySaving = 'true';
  try {
    return await work();
  } finally {
    ctx.writing -= 1;
    if (!ctx.writing) document.body.dataset.librarySaving = 'false';
    ctx.store.set({ storage: await stored.storageUse() });
  }
}

/** Tells the other tabs what changed. */
function tell(ctx, message) {
  ctx.channel?.postMessage(message);
}

/** A sequence number for a record: later writes get larger ones, in any tab. */
function nextSeq(ctx) {
  return Date.now() * 1000 + (ctx.sequence++ % 1000);
}

/** Records the references `ids` the engine now holds; reports any that could not be kept. */
async function keep(ctx, ids) {
  if (!ids.length || !ctx.available) return;
  const references = await ctx.engine.request('getReferences', { ids });
  const groups = ctx.store.get().groups;
  const records = references.map((r) => ({ id: r.id, title: r.title, base: Boolean(r.base), group: groups[r.id] ?? null, seq: nextSeq(ctx), text: r.text }));
  const { failed, problem } = await stored.saveReferences(records);
  const unsaved = new Set(ctx.store.get().unsaved);
  for (const id of ids) unsaved.delete(id);
  for (const id of failed) unsaved.add(id);
  ctx.store.set({ unsaved: [...unsaved] });
  const kept = ids.filter((id) => !failed.includes(id));
  if (kept.length) tell(ctx, { changed: kept });
  if (failed.length) {
    const titles = records.filter((r) => failed.includes(r.id)).map((r) => r.title);
    ctx.store.set({ error: NOT_KEPT(failed.length, someNames(titles), problem) });
  }
}

/** Retries the references not kept yet (after a removal made room). */
function retryUnsaved(ctx) {
  return keep(ctx, ctx.store.get().unsaved.filter((id) => ctx.store.get().references.some((r) => r.id === id)));
}


/**
 * Opens the stored library: the snapshot when there is one, then whatever it has wrong (records
 * added, removed or renamed since, by any tab) set right from the records. A library of the
 * earlier one-blob form is moved over first.
 */
async function restore(ctx) {
  const library = await stored.loadLibrary();
  ctx.store.set({ storage: await stored.storageUse() });
  if (!library) {
    ctx.available = false;
    ctx.store.set({ persistence: 'unavailable' });
    return '';
  }
  if (library.legacy?.bytes && !library.records.length) return moveOver(ctx, library.legacy);
  const { records, snapshot } = library;
  if (!records.length) return '';
  const opening = (done, total) => ctx.store.set({ status: t('persist.opening', { done, total }), progress: { done, total } });
  let references = null;
  if (snapshot?.bytes) {
    try {
      references = await ctx.engine.request('importIndex', { bytes: snapshot.bytes });
    } catch (error) {
      console.warn(`the cached index could not be opened, the library is indexed again: ${error.message}`);
    }
  }
  // The text options the user chose (remembered by the page) decide how the library is indexed:
  // a snapshot cached before the last change of them is indexed again.
  const wanted = textOptions(ctx.store.get().values);
  if (references) {
    const { text } = await ctx.engine.request('options');
    if (Object.entries(wanted).some(([name, value]) => text[name] !== value)) references = null;
  }
  references ??= await ctx.engine.request('reindex', { text: wanted }, opening);
  ({ references } = await apply(ctx, records, references, references.map((r) => r.id), opening));
  const groups = Object.fromEntries(records.filter((r) => r.group).map((r) => [r.id, r.group]));
  ctx.show(references, groups, records.map((r) => r.id));
  return t('persist.back', { references: count('count.reference', records.length) });
}

/**
 * Makes the engine, which holds `references`, hold what `records` say of the ids `scope` and of
 * the records themselves: a held id of `scope` without a record is removed, a record not held is
 * added (its text read from storage when the record has none), a title or template mark that
 * differs is set. Resolves with the engine's new list and how many were added and removed.
 */
async function apply(ctx, records, references, scope, onProgress) {
  const held = new Map(references.map((r) => [r.id, r]));
  const recorded = new Set(records.map((r) => r.id));
  const gone = scope.filter((id) => held.has(id) && !recorded.has(id));
  if (gone.length) references = await ctx.engine.request('removeReferences', { ids: gone });
  const missing = records.filter((r) => !held.has(r.id));
  if (missing.length) {
    const texts = missing.every((r) => typeof r.text === 'string') ? missing : await stored.readReferences(missing.map((r) => r.id));
    const incoming = texts.map(({ id, title, text, base }) => ({ id, title, text, base }));
    references = (await ctx.engine.request('addReferences', { references: incoming }, onProgress)).references;
  }
  for (const record of records) {
    const now = held.get(record.id);
    if (now && (now.title !== record.title || Boolean(now.base) !== record.base)) {
      references = await ctx.engine.request('updateReference', { id: record.id, title: record.title, base: record.base });
    }
  }
  return { references, added: missing.length, removed: gone.length };
}

/** Moves a library of the earlier one-blob form into records, then drops it. */
async function moveOver(ctx, legacy) {
  const references = await ctx.engine.request('importIndex', { bytes: legacy.bytes });
  ctx.show(references, legacy.groups ?? {}, legacy.order ?? []);
  await writingWhile(ctx, () => keep(ctx, ctx.store.get().order));
  if (!ctx.store.get().unsaved.length) await stored.dropLegacy();
  return t('persist.back', { references: count('count.reference', references.length) });
}

/** Another tab changed the references `changed` (or the whole library, `all`): take its records. */
async function follow(ctx, { changed, all }) {
  const records = all ? ((await stored.loadLibrary())?.records ?? []) : await stored.readReferences(changed);
  const current = ctx.store.get().references;
  const scope = all ? current.map((r) => r.id) : changed;
  const { references, added, removed } = await apply(ctx, records, current, scope);
  const groups = { ...ctx.store.get().groups };
  for (const record of records) if (record.group) groups[record.id] = record.group;
  ctx.show(references, groups);
  const parts = [added && t('persist.added', { count: added }), removed && t('persist.removed', { count: removed })].filter(Boolean);
  return parts.length ? t('persist.followedCounts', { counts: parts.join(t('list.comma')) }) : t('persist.followed');
}
