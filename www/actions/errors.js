// Engine and reader errors in the words the page shows (www/actions/*.js), chosen by the error's
// stable `code` (README "Errors"), never by its wording: the engine's own sentences are English and
// may change. What the page words itself comes from the catalogue (js/i18n.js).
import { ENGINE_RESTARTED } from '../../js/guard.js';
import { list, t } from '../../js/i18n.js';

const MIB = 1024 * 1024;

/** A size in bytes as MB with one decimal, the way the limit is written. */
const megabytes = (bytes) => (bytes / MIB).toFixed(1);

/** The engine's sentences have no capital ("it is 70 MB; …"): give them one. A message that
 * starts with a file's name (broken.pdf, binary-renamed.txt …) keeps its case. */
const capitalized = (sentence) => sentence.replace(/^[a-z]+\b(?![.\w-])/, (word) => word[0].toUpperCase() + word.slice(1));

/**
 * An engine or reader error (an `Error`, or the plain data the worker sends: { message, code,
 * reason, size, limit, normalized }) in the words the page shows; `notDone` is the catalogue key
 * of what an internal failure left undone ("it was not added").
 */
export function userMessage(error, notDone = 'error.notDone') {
  const message = error instanceof Error || error?.message !== undefined ? String(error.message) : String(error);
  switch (error?.code) {
    case ENGINE_RESTARTED:
      return t('error.restarted', { notDone: t(notDone) });
    case 'PLAGSCOPE_TEXT_TOO_LONG':
      if (error.size !== undefined) return tooLong(error);
      break;
    case 'PLAGSCOPE_INVALID_INDEX':
      // The page calls a saved index a library file.
      return t('error.libraryFile', { reason: error.reason ?? message });
    default:
  }
  return capitalized(error?.reason ?? message);
}

/** A text over the limit: how big it is (or became, prepared for matching), and the limit. */
function tooLong({ size, limit, normalized }) {
  const grows = normalized ? t('error.tooLongGrows') : '';
  const limitMb = String(Math.round(limit / MIB));
  // 64 MiB and one byte reads "64.0 MB": say "just over" rather than a size equal to the limit.
  const shown = megabytes(size);
  const sizeText = Number(shown) <= limit / MIB ? t('error.justOver', { limit: limitMb }) : shown;
  return t('error.tooLong', { size: sizeText, grows, limit: limitMb });
}

/** How many names a refusal shows before "and N more". */
const SHOWN_NAMES = 3;

/**
 * References the engine refused for one reason ({ error, titles }, from the worker's
 * addReferences) as one sentence: "a, b, c and 7 more: why".
 */
export function refusalMessage({ error, titles }) {
  const names = titles.length <= SHOWN_NAMES + 1 ? titles : [...titles.slice(0, SHOWN_NAMES), t('persist.more', { count: titles.length - SHOWN_NAMES })];
  return t('error.refused', { names: list(names), why: userMessage(error, 'error.notAdded') });
}
