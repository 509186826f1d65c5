// The options the page offers, each with its explanation, default and range, and their memory
// between visits (localStorage). Defaults and ranges are the engine's: tests/js/page-options.test.mjs
// holds them against the engine's `defaults()` and its validation, so a change there fails a test
// here instead of drifting. `text` options decide how the library is
// indexed: changing one indexes every reference again.

/** Every option the page shows, in the order it shows them. */
export const OPTIONS = [
  {
    name: 'excludeQuotes',
    kind: 'check',
    type: 'boolean',
    default: true,
    label: 'Leave out quotations',
    help: 'Text in quotation marks is cited, not copied. It stays visible in grey and can be included again.',
  },
  {
    name: 'excludeBibliography',
    kind: 'check',
    type: 'boolean',
    default: true,
    label: 'Leave out the bibliography',
    help: 'Everything after a “References”, “Bibliography” or “Works cited” heading in the second half of the paper.',
  },
  {
    name: 'minWords',
    kind: 'align',
    type: 'number',
    default: 12,
    min: 1,
    max: 10000,
    unit: 'words',
    label: 'Smallest match',
    help: 'Shorter shared passages are not reported. In Chinese and Japanese, 5 characters count as 3 words.',
  },
  {
    name: 'maxGap',
    kind: 'align',
    type: 'number',
    default: 30,
    min: 0,
    max: 100,
    unit: 'words',
    label: 'Allowed edits inside a match',
    help: 'How many changed words a copied passage may contain and still be one match.',
  },
  {
    name: 'ignoreCase',
    kind: 'text',
    type: 'boolean',
    default: true,
    label: 'Ignore upper and lower case',
    help: '“The” matches “the”. Changing this indexes the library again.',
  },
  {
    name: 'ignorePunctuation',
    kind: 'text',
    type: 'boolean',
    default: true,
    label: 'Ignore punctuation',
    help: 'Commas, full stops and other marks do not break a match. Changing this indexes the library again.',
  },
  {
    name: 'ignoreNumbers',
    kind: 'text',
    type: 'boolean',
    default: false,
    label: 'Ignore numbers',
    help: 'Years, figures and page numbers do not count. Changing this indexes the library again.',
  },
];

const STORAGE_KEY = 'plagscope.options';

/** The defaults, `{ name: value }`. */
export function defaultValues() {
  return Object.fromEntries(OPTIONS.map((option) => [option.name, option.default]));
}

/**
 * `value` for `option` if it is valid, else null. Numbers are whole and inside the range; the
 * message for a bad one is `problem(option, value)`.
 */
export function valid(option, value) {
  if (option.type === 'boolean') return typeof value === 'boolean' ? value : null;
  const number = typeof value === 'string' ? Number(value.trim()) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < option.min || number > option.max) return null;
  return number;
}

/** Why `value` is not valid for `option`, in plain words. */
export function problem(option, value) {
  return `${option.label} must be a whole number from ${option.min} to ${option.max} (it is “${String(value).slice(0, 20)}”).`;
}

/** The remembered values, each valid one over its default (a stale or damaged entry is ignored). */
export function loadValues(storage = globalThis.localStorage) {
  const values = defaultValues();
  let saved = {};
  try {
    saved = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '{}') ?? {};
  } catch {
    saved = {};
  }
  for (const option of OPTIONS) {
    const value = valid(option, saved[option.name]);
    if (value !== null) values[option.name] = value;
  }
  return values;
}

/** Remembers `values` for the next visit (quietly does nothing where storage is refused). */
export function saveValues(values, storage = globalThis.localStorage) {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(values));
  } catch {
    // A private window may refuse storage; the options still apply to this visit.
  }
}

/** The engine's check options for `values` (js/index.d.ts `CheckOptions`). */
export function checkOptions(values) {
  const options = { align: {} };
  for (const option of OPTIONS) {
    if (option.kind === 'check') options[option.name] = values[option.name];
    if (option.kind === 'align') options.align[option.name] = values[option.name];
  }
  return options;
}

/** The engine's text options for `values` (js/index.d.ts `TextOptions`, part of `CheckerOptions`). */
export function textOptions(values) {
  return Object.fromEntries(OPTIONS.filter((o) => o.kind === 'text').map((o) => [o.name, values[o.name]]));
}
