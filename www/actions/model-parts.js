// The sentence model's parts for other scripts (Cyrillic, kana, Hangul, Arabic, Thai), loaded by
// the worker before a check with translated copies when the papers or the library are written in
// one the model lacks: a download of 0.8 to 2.3 MB each, once, then from the service worker's cache.
// With the search by meaning, the library's sentences are then encoded, those not encoded before.
import { checkOptions } from '../options.js';
import { t } from '../../js/words/i18n.js';
import { userMessage } from './errors.js';

const megabytes = (bytes) => (bytes / 1e6).toFixed(1);

/**
 * Loads the parts `texts` (the papers about to be checked) and the library need, with their
 * progress in the status line. A part that cannot be loaded (offline, say) does not stop the check:
 * the error says so, and the check goes on without them.
 */
export async function loadModelParts({ store, engine }, texts) {
  const { get } = store;
  if (get().model !== 'ready' || !checkOptions(get().values, 'ready').align.translated) return;
  await loadParts({ store, engine }, texts);
  if (searchesMeaning(get())) await encodeLibrary({ store, engine });
}

/** Whether checks search by meaning: the model loaded, the option on. */
const searchesMeaning = (state) => state.model === 'ready' && checkOptions(state.values, 'ready').align.meaningSearch;

/**
 * After references joined the library, with the search by meaning on: the parts their scripts need
 * loaded and their sentences read, as part of adding them (its progress in the status line), so
 * that the next check does not wait for them.
 */
export async function encodeAdded({ store, engine }) {
  if (!searchesMeaning(store.get())) return;
  await loadParts({ store, engine }, []);
  await encodeLibrary({ store, engine });
}

/** The parts' download, its progress in the status line; a failure said, not thrown. */
async function loadParts({ store, engine }, texts) {
  const { get, set } = store;
  const before = get().status;
  const onProgress = (loaded, total) =>
    set({ status: t('status.loadingModelParts', { loaded: megabytes(loaded), total: megabytes(total) }), progress: { done: loaded, total } });
  try {
    const modelParts = await engine.request('loadModelParts', { texts }, onProgress);
    if (modelParts.ready) set({ modelParts, status: before, progress: null });
  } catch (error) {
    if (error?.restarted || error?.cancelled) throw error;
    set({ error: t('model.partsFailed', { why: userMessage(error) }), status: before, progress: null });
  }
}

/**
 * Has the worker read the sentences of the references the model has not read yet, for the search
 * by meaning (a few hundred sentences a second, once per reference: the codes are kept with the
 * library), its progress by reference in the status line. Cancel stops it, and the check with it.
 */
async function encodeLibrary({ store, engine }) {
  const { get, set } = store;
  const before = get().status;
  const onProgress = (done, total) =>
    set({ status: t('status.encoding', { done: String(done), total: String(total) }), progress: { done, total } });
  const { encoded } = await engine.request('encodeSentences', {}, onProgress);
  set({ status: before, progress: null });
  return encoded;
}
