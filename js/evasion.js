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
  for (const [kind, n] of Object.entries(evasion.replacedLetters ?? {})) phrases.push(replacedPhrase(kind, n));
  return phrases;
}

/**
 * `n` replaced letters of `kind` in words. A kind is the script the letters were written in
 * ("Cyrillic"), "Styled" (mathematical, circled, squared or superscript letters), "Common" (symbols and number forms that
 * imitate letters: ℮, Ⅰ), "Han" (compatibility ideographs and radicals), or a name that already
 * says what the letters are ("Latin look-alike").
 */
export function replacedPhrase(kind, n) {
  const s = n === 1 ? '' : 's';
  if (kind === 'Styled') return `${n} styled (mathematical, circled, squared or superscript) letter${s}`;
  if (kind === 'Common') return `${n} symbol${s} imitating letters`;
  if (kind === 'Han') return `${n} look-alike ideograph${s} (compatibility forms or radicals)`;
  if (/look-?alike$/i.test(kind)) return `${n} ${kind} letter${s}`;
  return `${n} ${kind} look-alike letter${s}`;
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

/**
 * The spans of `disguisedSpans`, lazily, sorted by start (the longer first on a tie): each field's
 * list merged as it is read, so that a paper with a disguise in every word costs no sort and no
 * copy of hundreds of thousands of spans before the first is drawn.
 */
export function* disguisedSpansInOrder(evasion = {}) {
  const lists = [[HIDDEN_SPANS, true], [SHOWN_SPANS, false]].flatMap(([fields, hidden]) =>
    fields.map((field) => ({ spans: inOrder(evasion[field] ?? []), at: 0, hidden })).filter((l) => l.spans.length));
  const before = (a, b) => a.start < b.start || (a.start === b.start && a.end > b.end);
  for (;;) {
    let best = null;
    for (const list of lists) if (list.at < list.spans.length && (!best || before(list.spans[list.at], best.spans[best.at]))) best = list;
    if (!best) return;
    const { start, end } = best.spans[best.at++];
    yield { start, end, hidden: best.hidden };
  }
}

/** `spans` sorted by start, the list itself when it is already (the engine writes them in order). */
function inOrder(spans) {
  for (let i = 1; i < spans.length; i++) {
    if (spans[i].start < spans[i - 1].start) return [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  }
  return spans;
}
