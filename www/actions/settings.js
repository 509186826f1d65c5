// The page's settings: the options (remembered; a text option indexes the library again) and the
// language (remembered; the page is drawn again in it at once, the paper, report and library kept).
import { OPTIONS, problem, saveValues, textOptions, valid } from '../options.js';
import { applyLanguage, rememberLanguage } from '../language.js';
import { t } from '../../js/i18n.js';

/**
 * The settings' actions over `store` and `engine`, run by `runner`; `withReferences` puts the
 * library indexed again on the page (www/actions/library.js).
 */
export function createSettingsActions({ store, engine, runner, withReferences }) {
  const { set, get } = store;
  const { run, progress } = runner;
  return {
    /**
     * Sets an option; a text option (case, punctuation, numbers) indexes the library again. Returns
     * false for a value that is refused (the message says why).
     */
    setOption: (name, raw) => {
      const option = OPTIONS.find((o) => o.name === name);
      const value = valid(option, raw);
      if (value === null) {
        set({ error: problem(option, raw) });
        return false;
      }
      const values = { ...get().values, [name]: value };
      set({ values, error: '' });
      saveValues(values);
      if (option.kind === 'text') {
        return run(t('status.reindexing'), async () => {
          withReferences(await engine.request('reindex', { text: textOptions(values) }, progress(t('status.indexingAgain'))));
          return t('options.reindexed');
        });
      }
    },

    /** Makes `lang` the page's language, remembered; what is shown is drawn again in it. */
    setLanguage: (lang) => {
      const chosen = applyLanguage(lang);
      rememberLanguage(chosen);
      set({ lang: chosen });
    },
  };
}
