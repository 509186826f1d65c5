// Plain-language descriptions of an evasion report, shared by the CLI and the page, so that every
// kind of disguise the engine reports is named the same way everywhere (tests/js/evasion.test.mjs
// checks that each report field has a description). The words are the catalogue's (js/words/i18n.js).
import { count, t } from './i18n.js';

/** [report field, its plural message]: the counted kinds of disguise. */
const COUNTED = [
  ['invisibleCharacters', 'evasion.invisibleCharacters'],
  ['invisibleSeparators', 'evasion.invisibleSeparators'],
  ['blankSubstitutes', 'evasion.blankSubstitutes'],
  ['spacingCharacters', 'evasion.spacingCharacters'],
  ['markedLetters', 'evasion.markedLetters'],
];

/** The fields that hold spans only, each with its plural message. */
const SPANNED = [['reversedSpans', 'evasion.reversedSpans']];

/** Every report field that names a disguise: the fields above, `replacedLetters` by script. */
export const EVASION_FIELDS = [...COUNTED.map(([f]) => f), ...SPANNED.map(([f]) => f), 'replacedLetters'];

/** The disguises in `evasion` (an EvasionReport), one phrase each; empty when there are none. */
export function evasionPhrases(evasion) {
  const phrases = [];
  for (const [field, key] of COUNTED) if (evasion[field]) phrases.push(count(key, evasion[field]));
  for (const [field, key] of SPANNED) if (evasion[field]?.length) phrases.push(count(key, evasion[field].length));
  for (const [kind, n] of Object.entries(evasion.replacedLetters ?? {})) phrases.push(replacedPhrase(kind, n));
  return phrases;
}

/**
 * The scripts whose look-alike letters are named in words of the reader's language, by the
 * engine's (Unicode's) name; another script keeps its Unicode name, which is what the engine gives.
 */
const SCRIPTS = {
  Cyrillic: 'script.cyrillic',
  Greek: 'script.greek',
  Armenian: 'script.armenian',
  Cherokee: 'script.cherokee',
  Lisu: 'script.lisu',
  Coptic: 'script.coptic',
  Latin: 'script.latin',
  Georgian: 'script.georgian',
  Hebrew: 'script.hebrew',
  Arabic: 'script.arabic',
  Myanmar: 'script.myanmar',
  Katakana: 'script.katakana',
  Bopomofo: 'script.bopomofo',
  Hangul: 'script.hangul',
  Canadian_Aboriginal: 'script.canadianAboriginal',
  Latin_look_alike: 'script.latinLookAlike',
};

/** The script `kind` in words: "Cyrillic", "西里尔". */
const scriptName = (kind) => {
  const key = SCRIPTS[kind.replace(/[ -]/g, '_').replace(/_lookalike$/i, '_look_alike')];
  return key ? t(key) : kind.replace(/_/g, ' ');
};

/**
 * `n` replaced letters of `kind` in words. A kind is the script the letters were written in
 * ("Cyrillic"), "Styled" (mathematical, circled, squared or superscript letters), "Common" (symbols and number forms that
 * imitate letters: ℮, Ⅰ), "Han" (compatibility ideographs and radicals), "Han look-alike" (Chinese
 * characters standing for Latin letters: 工 口 卜), "Japanese form" (Japanese character forms in
 * Chinese text), or a name that already says what the letters are ("Latin look-alike").
 */
export function replacedPhrase(kind, n) {
  if (kind === 'Styled') return count('evasion.styled', n);
  if (kind === 'Common') return count('evasion.symbols', n);
  if (kind === 'Han') return count('evasion.ideographs', n);
  if (kind === 'Han look-alike') return count('evasion.hanLookAlikes', n);
  if (kind === 'Japanese form') return count('evasion.japaneseForms', n);
  if (/look-?alike$/i.test(kind)) return t('evasion.namedLetters', { count: n, kind: scriptName(kind) });
  return t('evasion.scriptLetters', { count: n, script: scriptName(kind) });
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
