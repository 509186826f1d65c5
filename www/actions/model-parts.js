// The sentence model's parts for other scripts (Cyrillic, kana, Hangul, Arabic, Thai), loaded by
// the worker before a check with translated copies when the papers or the library are written in
// one the model lacks: a download of 0.8 to 2.3 MB each, once, then from the service worker's cache.
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
  const { get, set } = store;
  if (get().model !== 'ready' || !checkOptions(get().values, 'ready').align.translated) return;
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
