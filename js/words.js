// The numbers the page, the HTML report and the CLI show, written once: a share as a percentage
// (one rounding) and a count with its noun, both in the current language (js/i18n.js; the words
// themselves live in its catalogues). tests/js/words.test.mjs and tests/js/i18n.test.mjs hold them.
import { count, t } from './i18n.js';

/** A share (0..1) as a percentage with `digits` decimals: "12.5%"; out-of-range or missing is 0..100%. */
export function percent(share, digits = 1) {
  const clamped = Math.max(0, Math.min(1, Number(share) || 0));
  return t('number.percent', { value: (clamped * 100).toFixed(digits) });
}

/** `n` with its noun, the catalogue's plural message `key`: "1 passage", "1,200 words", "1,200 词". */
export const plural = (n, key) => count(key, n);
