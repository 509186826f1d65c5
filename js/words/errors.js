// Engine errors in the reader's words, chosen by the error's stable `code` (README "Errors"),
// never by its wording: the engine's own sentences are English and may change. Shared by the page
// (www/actions/errors.js) and the CLI; the words are the catalogue's (js/words/i18n.js).
import { ENGINE_RESTARTED } from '../guard.js';
import { t } from './i18n.js';

const MIB = 1024 * 1024;

/** The codes worded here in the reader's words; any other error is its engine sentence. */
export const WORDED_CODES = new Set([ENGINE_RESTARTED, 'PLAGSCOPE_TEXT_TOO_LONG', 'PLAGSCOPE_SET_FULL', 'PLAGSCOPE_INVALID_INDEX']);

/** The engine's sentences have no capital ("it is 70 MB; …"): give them one. A message that
 * starts with a file's name (broken.pdf, binary-renamed.txt …) keeps its case. */
export const capitalized = (sentence) => sentence.replace(/^[a-z]+\b(?![.\w-])/, (word) => word[0].toUpperCase() + word.slice(1));

/**
 * An engine or reader error (an `Error`, or the plain data the page's worker sends: { message,
 * code, reason, size, limit, normalized }) in words: by code where the reader needs more than the
 * engine's sentence, else the engine's reason with its capital. `notDone` is the catalogue key of
 * what an internal failure left undone; `indexFile` the key that names a saved index that cannot
 * be read (the page calls it a library file).
 */
export function errorWords(error, { notDone = 'error.notDone', indexFile = 'error.indexFile' } = {}) {
  const message = error instanceof Error || error?.message !== undefined ? String(error.message) : String(error);
  switch (error?.code) {
    case ENGINE_RESTARTED:
      return t('error.restarted', { notDone: t(notDone) });
    case 'PLAGSCOPE_TEXT_TOO_LONG':
      if (error.size !== undefined) return tooLong(error);
      break;
    case 'PLAGSCOPE_SET_FULL':
      if (error.size !== undefined) return t('error.setFull', { size: megabytes(error.size), limit: String(Math.round(error.limit / MIB)) });
      break;
    case 'PLAGSCOPE_INVALID_INDEX':
      return t(indexFile, { reason: error.reason ?? message });
    default:
  }
  return capitalized(error?.reason ?? message);
}

/** Bytes as MB with one decimal, as the engine's limits are written. */
const megabytes = (bytes) => (bytes / MIB).toFixed(1);

/** A text over the limit: how big it is (or became, prepared for matching), and the limit. */
function tooLong({ size, limit, normalized }) {
  const grows = normalized ? t('error.tooLongGrows') : '';
  const limitMb = String(Math.round(limit / MIB));
  // 64 MiB and one byte reads "64.0 MB": say "just over" rather than a size equal to the limit.
  const shown = megabytes(size);
  const sizeText = Number(shown) <= limit / MIB ? t('error.justOver', { limit: limitMb }) : shown;
  return t('error.tooLong', { size: sizeText, grows, limit: limitMb });
}
