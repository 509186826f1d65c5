// The archive the paper is checked against besides the library: an institution's archive of papers
// published as static files beside this page (built by cluster/build_archive.py). Connecting reads
// its manifest only; a check then fetches the index parts the paper's fingerprints fall into and
// the candidates' texts (www/worker/archive.js), never sending the paper. The address is
// remembered in this browser, and other open tabs connect to it too.
import { count, t } from '../../js/words/i18n.js';
import { errorWords } from '../../js/words/errors.js';
import { ARCHIVE_HEADER } from '../protocol.js';
import { documentsOf } from '../../js/archive.js';

/** The localStorage key that remembers the archive's address. */
export const ARCHIVE_KEY = 'plagscope.archive';

/** The remembered archive address, or ''. */
export function rememberedArchive(storage = globalThis.localStorage) {
  try {
    return storage?.getItem(ARCHIVE_KEY) ?? '';
  } catch {
    return '';
  }
}

function remember(url, storage = globalThis.localStorage) {
  try {
    if (url) storage?.setItem(ARCHIVE_KEY, url);
    else storage?.removeItem(ARCHIVE_KEY);
  } catch {
    // A private window may refuse storage: the archive stays connected for this visit.
  }
}

/** An archive error (its manifest or a file unusable) in the page's words. */
export const archiveMessage = (error) => errorWords(error, { indexFile: 'archive.unusable' });

/**
 * The archive folder's address: `raw` (absolute, or relative to the page) resolved, ending in `/`.
 * The page may fetch only from its own origin (its Content-Security-Policy), so another is refused
 * here with what to do, rather than by the browser with a console message.
 */
export function archiveAddress(raw, page = globalThis.location?.href) {
  const trimmed = String(raw ?? '').trim();
  if (!trimmed) throw new Error(t('archive.noAddress'));
  let url;
  try {
    url = new URL(trimmed, page);
  } catch {
    throw new Error(t('archive.badAddress', { address: trimmed }));
  }
  // A javascript:, data: or file: address has no origin to name ("null"): it is no folder of a site.
  if (!['http:', 'https:'].includes(url.protocol)) throw new Error(t('archive.notWeb', { address: trimmed }));
  if (url.origin !== new URL(page).origin) throw new Error(t('archive.otherOrigin', { origin: url.origin }));
  url.search = '';
  url.hash = '';
  if (url.pathname.endsWith('/manifest.json')) url.pathname = url.pathname.slice(0, -'manifest.json'.length);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url.href;
}

/** What the panel says of an archive: from its manifest, checked to be one. */
export function describeManifest(manifest) {
  if (manifest?.format !== 'plagscope-archive' || !Array.isArray(manifest.segments)) throw new Error(t('archive.notArchive'));
  const words = manifest.segments.reduce((total, segment) => total + (Number(segment?.words) || 0), 0);
  return { documents: Math.max(0, documentsOf(manifest) || 0), words };
}

/** Reads the manifest of the archive at `url` (marked for the service worker's archive cache). */
async function readArchive(url) {
  let response;
  try {
    response = await fetch(new URL('manifest.json', url), { headers: { [ARCHIVE_HEADER]: '1' }, cache: 'no-cache' });
  } catch (error) {
    throw new Error(t('archive.unreachable', { address: url, reason: error.message }));
  }
  if (!response.ok) throw new Error(t('archive.notFound', { address: url, status: `${response.status} ${response.statusText}`.trim() }));
  let manifest;
  try {
    manifest = await response.json();
  } catch {
    throw new Error(t('archive.notArchive'));
  }
  return describeManifest(manifest);
}

/** The archive's actions over `store`, run by `runner` (www/actions/runner.js). */
export function createArchiveActions({ store, runner }) {
  const { set, get } = store;
  const connect = (raw, { quiet = false } = {}) =>
    runner.run(t('archive.connecting'), async () => {
      let url;
      try {
        url = archiveAddress(raw);
        set({ archive: { url, state: 'connecting' } });
        const about = await readArchive(url);
        set({ archive: { url, state: 'ready', ...about } });
        remember(url);
        return quiet ? get().status : t('archive.connected', { documents: count('count.document', about.documents) });
      } catch (error) {
        // Said once, at the field (www/views/archive-panel.js), where the address is corrected.
        set({ archive: { url: url ?? String(raw ?? ''), state: 'failed', error: error.message } });
        return quiet ? get().status : t('archive.notConnected');
      }
    });
  return {
    connectArchive: (raw) => connect(raw),
    /** Connects to the remembered archive, if any (on start, and when another tab changes it). */
    restoreArchive: () => {
      const url = rememberedArchive();
      if (!url) return set({ archive: { url: '', state: 'none' } });
      if (url !== get().archive?.url || get().archive?.state !== 'ready') return connect(url, { quiet: true });
      return undefined;
    },
    disconnectArchive: () => {
      remember('');
      set({ archive: { url: '', state: 'none' } });
    },
  };
}
