// Plain-language descriptions of an evasion report, shared by the CLI and the page, so that every
// kind of disguise the engine reports is named the same way everywhere (tests/js/evasion.test.mjs
// checks that each report field has a description).

/** [report field, how to describe `count` of it]: the counted kinds of disguise. */
const COUNTED = [
  ['invisibleCharacters', (n) => `${n} invisible character${n === 1 ? '' : 's'} inside words`],
  ['invisibleSeparators', (n) => `${n} invisible character${n === 1 ? '' : 's'} used as spaces between words`],
  ['blankSubstitutes', (n) => `${n} blank look-alike${n === 1 ? '' : 's'} used as spaces`],
  ['spacingCharacters', (n) => `${n} narrow space${n === 1 ? '' : 's'} spacing out the letters of words`],
  ['markedLetters', (n) => `${n} letter${n === 1 ? '' : 's'} disguised with accents or marks`],
];

/** The fields that hold spans only, each with its description. */
const SPANNED = [
  ['reversedSpans', (n) => `${n} stretch${n === 1 ? '' : 'es'} of text stored backwards under a right-to-left override`],
];

/** Every report field that names a disguise: the fields above, `replacedLetters` by script. */
export const EVASION_FIELDS = [...COUNTED.map(([f]) => f), ...SPANNED.map(([f]) => f), 'replacedLetters'];

/** The disguises in `evasion` (an EvasionReport), one phrase each; empty when there are none. */
export function evasionPhrases(evasion) {
  const phrases = [];
  for (const [field, describe] of COUNTED) if (evasion[field]) phrases.push(describe(evasion[field]));
  for (const [field, describe] of SPANNED) if (evasion[field]?.length) phrases.push(describe(evasion[field].length));
  for (const [kind, n] of Object.entries(evasion.replacedLetters ?? {})) {
    const what = kind === 'Styled' ? 'styled (mathematical or circled)' : `${kind} look-alike`;
    phrases.push(`${n} ${what} letter${n === 1 ? '' : 's'}`);
  }
  return phrases;
}

/** Span fields of invisible characters (no width of their own: shown as a mark, not underlined). */
const HIDDEN_SPANS = ['invisibleSpans', 'invisibleSeparatorSpans'];
/** Span fields of visible disguised text. */
const SHOWN_SPANS = ['blankSpans', 'mixedScriptWords', 'replacedSpans', 'spacingSpans', 'reversedSpans', 'markedSpans'];

/**
 * Where `evasion` (an EvasionReport) found disguised text, as `{ start, end, hidden }` UTF-16
 * spans of the paper; `hidden` marks invisible characters. Shared by the page and the HTML report.
 */
export function disguisedSpans(evasion = {}) {
  const spans = [];
  for (const [fields, hidden] of [[HIDDEN_SPANS, true], [SHOWN_SPANS, false]]) {
    for (const field of fields) for (const { start, end } of evasion[field] ?? []) spans.push({ start, end, hidden });
  }
  return spans;
}
