// The options the page offers, each with its label and plain-words explanation, and their memory
// between visits (localStorage). Type, default and range come from the engine's own declarations
// (pkg/schema.js, generated from src/schema.rs): a changed default or range reaches the page with
// no edit here. `text` options decide how the library is indexed: changing one indexes every
// reference again.
import schema from '../pkg/schema.js';

/** Where each option lives: the engine type holding it, and the key of the page's values. */
const GROUPS = { CheckOptions: 'check', AlignOptions: 'align', TextOptions: 'text' };

/** Every option the page shows, in the order it shows them: `where` is `Type.name` in the schema. */
const CHOICES = [
  {
    where: 'CheckOptions.excludeQuotes',
    label: 'Leave out quotations',
    help: 'Text in quotation marks is cited, not copied. It stays visible in grey, with the source it matches, and can be included again; quote marks inside a longer copy do not hide it.',
  },
  {
    where: 'CheckOptions.excludeBibliography',
    label: 'Leave out the bibliography',
    help: 'Everything after a “References”, “Bibliography” or “Works cited” heading in the second half of the paper.',
  },
  {
    where: 'AlignOptions.minWords',
    unit: 'words',
    label: 'Smallest match',
    help: 'Shorter shared passages are not reported. In Chinese and Japanese, 5 characters count as 3 words.',
  },
  {
    where: 'AlignOptions.maxGap',
    unit: 'words',
    label: 'Allowed edits inside a match',
    help: 'How many changed words a copied passage may contain and still be one match.',
  },
  {
    where: 'TextOptions.ignoreCase',
    label: 'Ignore upper and lower case',
    help: '“The” matches “the”. Changing this indexes the library again.',
  },
  {
    where: 'TextOptions.ignorePunctuation',
    label: 'Ignore punctuation',
    help: 'Commas, full stops and other marks do not break a match. Changing this indexes the library again.',
  },
  {
    where: 'TextOptions.ignoreNumbers',
    label: 'Ignore numbers',
    help: 'Years, figures and page numbers do not count. Changing this indexes the library again.',
  },
];

/** A page option with its engine declaration: `{ name, kind, type, default, min?, max?, ... }`. */
export function declared(choice, api = schema) {
  const [type, name] = choice.where.split('.');
  const property = api.$defs[type]?.properties?.[name];
  if (!property || !GROUPS[type]) throw new Error(`the engine has no option ${choice.where}`);
  const number = property.type === 'integer';
  if (!number && property.type !== 'boolean') throw new Error(`${choice.where} is neither a number nor a yes/no option`);
  return {
    ...choice,
    name,
    kind: GROUPS[type],
    type: number ? 'number' : 'boolean',
    default: property.default,
    ...(number ? { min: property.minimum, max: property.maximum } : {}),
  };
}

/** Every option the page shows, in the order it shows them. */
export const OPTIONS = CHOICES.map((choice) => declared(choice));

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

/** The engine's check options for `values` (the `CheckOptions` type). */
export function checkOptions(values) {
  const options = pairsOptions(values);
  for (const option of OPTIONS) if (option.kind === 'check') options[option.name] = values[option.name];
  return options;
}

/** The engine's all-pairs options for `values` (the `PairsOptions` type: matching only). */
export function pairsOptions(values) {
  const align = {};
  for (const option of OPTIONS) if (option.kind === 'align') align[option.name] = values[option.name];
  return { align };
}

/** The engine's text options for `values` (js/index.d.ts `TextOptions`, part of `CheckerOptions`). */
export function textOptions(values) {
  return Object.fromEntries(OPTIONS.filter((o) => o.kind === 'text').map((o) => [o.name, values[o.name]]));
}
