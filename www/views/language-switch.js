// The language switch in the page's header: a <select> of the languages, each named in its own
// words ("English", "简体中文"), with a label in the current language. Choosing one redraws the
// page at once in it; the paper, the report and the library stay as they are.
import { html } from '../../pkg/vendor/ui.js';
import { LANGUAGE_NAMES, t } from '../../js/words/i18n.js';

/** The switch; `lang` is the page's language, `actions.setLanguage` changes it. */
export function LanguageSwitch({ lang, actions }) {
  return html`<div class="language-switch">
    <label for="language">${t('app.language')}</label>
    <select id="language" value=${lang} onChange=${(e) => actions.setLanguage?.(e.currentTarget.value)}>
      ${Object.entries(LANGUAGE_NAMES).map(([code, name]) => html`<option value=${code} lang=${code} selected=${code === lang}>${name}</option>`)}
    </select>
  </div>`;
}
