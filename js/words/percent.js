// A share as the page, the HTML report and the CLI show it, written once: a percentage with one
// rounding, in the current language (js/words/i18n.js). A count with its noun is i18n.js's `count`.
// tests/js/words.test.mjs and tests/js/i18n.test.mjs hold them.
import { t } from './i18n.js';

/**
 * A share (0..1) as a percentage with `digits` decimals: "12.5%"; out-of-range or missing is
 * 0..100%. A share above zero that rounds to zero is "< 0.1%": a source listed at "0.0%" reads as
 * one that matches nothing.
 */
export function percent(share, digits = 1) {
  const clamped = Math.max(0, Math.min(1, Number(share) || 0));
  const smallest = 10 ** -digits;
  if (clamped > 0 && clamped * 100 < smallest / 2) return t('number.percentBelow', { value: smallest.toFixed(digits) });
  return t('number.percent', { value: (clamped * 100).toFixed(digits) });
}

