// Engine and reader errors in the words the page shows (www/actions/*.js): js/words/errors.js words
// them by code; the page calls a saved index a library file, and a batch of refused references is
// one sentence naming them.
import { errorWords } from '../../js/words/errors.js';
import { list, t } from '../../js/words/i18n.js';

/** An engine or reader error in the page's words; `notDone`: see js/words/errors.js. */
export const userMessage = (error, notDone) => errorWords(error, { notDone, indexFile: 'error.libraryFile' });

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
