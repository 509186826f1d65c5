// The options the page offers, each with its label and plain-words explanation, and their memory
// between visits (localStorage). Type, default and range come from the engine's own declarations
// (pkg/schema.js, generated from src/schema.rs): a changed default or range reaches the page with
// no edit here. `text` options decide how the library is indexed: changing one indexes every
// reference again.
import schema from '../pkg/schema.js';
import { t } from '../js/words/i18n.js';

/** Where each option lives: the engine type holding it, and the key of the page's values. */
const GROUPS = { CheckOptions: 'check', AlignOptions: 'align', TextOptions: 'text' };

/**
 * Every option the page shows, in the order it shows them: `where` is `Type.name` in the schema;
 * `label` and `help` are catalogue keys (js/words/i18n.js); `needsModel`: on only with the sentence
 * model loaded; `needs`: on only with that other yes/no option on.
 */
const CHOICES = [
  {
    where: 'CheckOptions.excludeQuotes',
    label: 'option.excludeQuotes.label',
    help: 'option.excludeQuotes.help',
  },
  {
    where: 'CheckOptions.excludeBibliography',
    label: 'option.excludeBibliography.label',
    help: 'option.excludeBibliography.help',
  },
  {
    where: 'CheckOptions.excludeTables',
    label: 'option.excludeTables.label',
    help: 'option.excludeTables.help',
  },
  {
    where: 'AlignOptions.minWords',
    unit: 'words',
    label: 'option.minWords.label',
    help: 'option.minWords.help',
  },
  {
    where: 'AlignOptions.maxGap',
    unit: 'words',
    label: 'option.maxGap.label',
    help: 'option.maxGap.help',
  },
  {
    where: 'AlignOptions.translated',
    label: 'option.translated.label',
    help: 'option.translated.help',
    needsModel: true,
  },
  {
    where: 'AlignOptions.meaningSearch',
    label: 'option.meaningSearch.label',
    help: 'option.meaningSearch.help',
    needsModel: true,
    // It widens the search for translated copies: nothing to widen while that option is off.
    needs: 'translated',
  },
  {
    where: 'TextOptions.ignoreCase',
    label: 'option.ignoreCase.label',
    help: 'option.ignoreCase.help',
  },
  {
    where: 'TextOptions.ignorePunctuation',
    label: 'option.ignorePunctuation.label',
    help: 'option.ignorePunctuation.help',
  },
  {
    where: 'TextOptions.ignoreNumbers',
    label: 'option.ignoreNumbers.label',
    help: 'option.ignoreNumbers.help',
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
  return t('option.problem', { label: t(option.label), min: String(option.min), max: String(option.max), value: String(value).slice(0, 20) });
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

/**
 * The engine's check options for `values` (the `CheckOptions` type); an option that needs the
 * sentence model is on only once `model` is 'ready', one that needs another only with it on.
 */
export function checkOptions(values, model = 'absent') {
  const options = pairsOptions(values);
  for (const option of OPTIONS) {
    if (option.kind === 'check') options[option.name] = values[option.name];
    if (option.needsModel) options.align[option.name] = model === 'ready' && values[option.name];
    if (option.needs) options.align[option.name] &&= values[option.needs];
  }
  return options;
}

/** Whether `option` can be changed now: its model loaded, the option it needs on. */
export function available(option, values, model) {
  return (!option.needsModel || model === 'ready') && (!option.needs || values[option.needs] === true);
}

/** The engine's all-pairs options for `values` (the `PairsOptions` type: matching only). */
export function pairsOptions(values) {
  const align = {};
  for (const option of OPTIONS) if (option.kind === 'align' && !option.needsModel) align[option.name] = values[option.name];
  return { align };
}

/** The engine's text options for `values` (js/index.d.ts `TextOptions`, part of `CheckerOptions`). */
export function textOptions(values) {
  return Object.fromEntries(OPTIONS.filter((o) => o.kind === 'text').map((o) => [o.name, values[o.name]]));
}
