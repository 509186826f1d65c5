// A share as the page, the HTML report and the CLI show it, written once: a percentage with one
// rounding, in the current language (js/i18n.js). A count with its noun is i18n.js's `count`.
// tests/js/words.test.mjs and tests/js/i18n.test.mjs hold them.
import { t } from './i18n.js';

/** A share (0..1) as a percentage with `digits` decimals: "12.5%"; out-of-range or missing is 0..100%. */
export function percent(share, digits = 1) {
  const clamped = Math.max(0, Math.min(1, Number(share) || 0));
  return t('number.percent', { value: (clamped * 100).toFixed(digits) });
}

