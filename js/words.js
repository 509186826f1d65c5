// The words and numbers the page, the HTML report and the CLI show, written once: a share as a
// percentage and a count with its noun. (Evidence sentences: js/evidence.js; disguises:
// js/evasion.js.) tests/js/words.test.mjs holds them.

/** A share (0..1) as a percentage with `digits` decimals: "12.5%"; out-of-range or missing is 0..100%. */
export function percent(share, digits = 1) {
  const clamped = Math.max(0, Math.min(1, Number(share) || 0));
  return `${(clamped * 100).toFixed(digits)}%`;
}

/** `n` with its noun, singular for 1: "1 passage", "1,200 words" (`many` for irregular plurals). */
export function plural(n, one, many = `${one}s`) {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
