// The one home of every user-facing word: the page, the downloadable HTML report and the CLI look
// their sentences up here by key (js/words/i18n/en.js, js/words/i18n/zh-Hans.js), so the three say the same
// thing in the same language (the words of the page alone are in js/words/i18n/*-page.js, merged here).
// A message is a string with `{name}` placeholders, or, where the
// noun changes with a count, its plural forms by `Intl.PluralRules` category (`{ one, other }`;
// Chinese has no plural and writes one string). Numbers are written with `Intl.NumberFormat`.
// tests/js/i18n.test.mjs holds the catalogues to the same keys and to the keys the code uses.
import en from './i18n/en.js';
import enPage from './i18n/en-page.js';
import zhHans from './i18n/zh-Hans.js';
import zhHansPage from './i18n/zh-Hans-page.js';

/** The catalogue of each language the page, the report and the CLI speak. */
export const CATALOGUES = Object.freeze({ en: { ...en, ...enPage }, 'zh-Hans': { ...zhHans, ...zhHansPage } });

/** Each language's own name, as its speakers write it (the page's language switch shows these). */
export const LANGUAGE_NAMES = Object.freeze({ en: 'English', 'zh-Hans': '简体中文' });

/** The locale `Intl` formats numbers and dates with, per language. */
const LOCALES = { en: { numbers: 'en-US', dates: 'en-GB' }, 'zh-Hans': { numbers: 'zh-Hans-CN', dates: 'zh-Hans-CN' } };

let current = 'en';

/** The language messages are written in now: 'en' or 'zh-Hans'. */
export const language = () => current;

/** Makes `lang` the language of every message that follows; an unknown one is English. */
export function setLanguage(lang) {
  current = Object.hasOwn(CATALOGUES, lang) ? lang : 'en';
  return current;
}

/** Runs `work` (synchronous) with messages in `lang`, then puts the language back. */
export function withLanguage(lang, work) {
  const before = current;
  setLanguage(lang ?? before);
  try {
    return work();
  } finally {
    current = before;
  }
}

/**
 * The language for a list of BCP 47 tags in order of preference (`navigator.languages`): Chinese
 * that is not explicitly Traditional (zh-TW, zh-HK, zh-MO, zh-Hant) is Simplified Chinese; English,
 * or anything else, is English.
 */
export function pickLanguage(tags = []) {
  for (const raw of tags) {
    const tag = String(raw).toLowerCase().replace(/_/g, '-');
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
    if (tag === 'zh' || tag.startsWith('zh-')) {
      if (/^zh-(hant|tw|hk|mo)\b/.test(tag)) continue;
      return 'zh-Hans';
    }
  }
  return 'en';
}

/**
 * The language of a command line: `--lang` when given (refused when unknown), else the POSIX locale
 * variables in their order of precedence (LC_ALL, LC_MESSAGES, LANG: `zh_CN.UTF-8` is Simplified
 * Chinese), else English.
 */
export function cliLanguage(flag, env = {}) {
  if (flag !== undefined) {
    if (!Object.hasOwn(CATALOGUES, flag)) throw new Error(`--lang must be one of ${Object.keys(CATALOGUES).join(', ')}, got ${flag}`);
    return flag;
  }
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return pickLanguage([locale.split(/[.@]/)[0]]);
}

/**
 * The `Intl` formatter `make(locale, options)` for the current language and `options`, made once:
 * making one costs far more than using it, and a page of 30 references writes hundreds of numbers.
 */
const formatters = new Map();
function formatter(make, options) {
  const key = `${make.name}|${current}|${options ? JSON.stringify(options) : ''}`;
  if (!formatters.has(key)) formatters.set(key, make(LOCALES[current].numbers, options));
  return formatters.get(key);
}
const numberFormat = (locale, options) => new Intl.NumberFormat(locale, options);
const pluralRules = (locale) => new Intl.PluralRules(locale);

/** `n` written for the current language: "1,200". */
export const formatNumber = (n, options) => formatter(numberFormat, options).format(n);

/** A date and time written for the current language (long date, short time). */
export const formatDate = (date) =>
  date.toLocaleString(LOCALES[current].dates, { dateStyle: 'long', timeStyle: 'short' });

/** Whether `key` names a message of the catalogues. */
export const hasMessage = (key) => Object.hasOwn(CATALOGUES.en, key);

/**
 * The message `key` in the current language with its `{name}` placeholders filled from `params`
 * (numbers written with `formatNumber`); a plural message picks its form by `params.count`. An
 * unknown key throws: a missing word is a bug, never an empty space on the page.
 */
export function t(key, params = {}) {
  const catalogue = CATALOGUES[current];
  if (!Object.hasOwn(catalogue, key)) throw new Error(`no message "${key}" in ${current}`);
  let message = catalogue[key];
  if (typeof message === 'object') {
    const category = formatter(pluralRules).select(Number(params.count) || 0);
    message = message[category] ?? message.other;
  }
  return message.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = params[name];
    return typeof value === 'number' ? formatNumber(value) : String(value);
  });
}

/** A count with its noun, the plural message `key` for `n`: "1 match", "2 matches", "2 处匹配". */
export const count = (key, n) => t(key, { count: n });

/** A list in the current language: "a, b and c", "a、b 和 c". */
export function list(items) {
  if (items.length < 2) return items.join('');
  return t('list.and', { first: items.slice(0, -1).join(t('list.comma')), last: items.at(-1) });
}
