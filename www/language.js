// The page's language: chosen once from the browser's languages (navigator.languages: Chinese that
// is not explicitly Traditional is Simplified Chinese, anything else English) unless the reader
// picked one with the switch in the header, which is remembered in localStorage. The words come
// from the catalogues shared with the HTML report and the CLI (js/words/i18n.js). index.html's static shell
// is written in English for a browser that runs no script; localizeShell says it in the page's
// language as soon as the script runs, while the engine is still loading.
import { pickLanguage, setLanguage, t } from '../js/words/i18n.js';

const STORAGE_KEY = 'plagscope.language';

/** The language the reader chose before, or the browser's; made current and set on <html lang>. */
export function startLanguage(storage = globalThis.localStorage, languages = navigator.languages ?? [navigator.language]) {
  let saved = null;
  try {
    saved = storage?.getItem(STORAGE_KEY);
  } catch {
    saved = null; // storage refused (a private window): the browser's languages decide
  }
  return applyLanguage(saved ?? pickLanguage(languages));
}

/** Makes `lang` the page's language: the messages, <html lang> for fonts and screen readers, the tab's title. */
export function applyLanguage(lang) {
  const chosen = setLanguage(lang);
  document.documentElement.lang = chosen;
  document.title = t('app.title');
  return chosen;
}

/** Remembers the reader's choice for the next visit (quietly nothing where storage is refused). */
export function rememberLanguage(lang, storage = globalThis.localStorage) {
  try {
    storage?.setItem(STORAGE_KEY, lang);
  } catch {
    // The choice still holds for this visit.
  }
}

/**
 * The static shell of index.html (its tagline and its loading line, shown until the engine has
 * started and the page is rendered) in the current language: index.html cannot know the reader's
 * language, and the Content-Security-Policy allows no inline script that could say it sooner.
 */
export function localizeShell(root = document) {
  const words = { '.tagline': 'app.tagline', '#status': 'app.loading' };
  for (const [selector, key] of Object.entries(words)) {
    const element = root.querySelector(selector);
    if (element) element.textContent = t(key);
  }
}
