// The page's settings: the options (remembered; a text option indexes the library again) and the
// language (remembered; the page is drawn again in it at once, the paper, report and library kept).
import { OPTIONS, problem, saveValues, textOptions, valid } from '../options.js';
import { applyLanguage, rememberLanguage } from '../language.js';
import { t } from '../../js/i18n.js';

const MODEL_KEY = 'plagscope.model';

/** Whether the user asked for the sentence model on an earlier visit. */
export function modelWanted(storage = globalThis.localStorage) {
  try {
    return storage?.getItem(MODEL_KEY) === 'wanted';
  } catch {
    return false;
  }
}

function rememberModel(wanted, storage = globalThis.localStorage) {
  try {
    if (wanted) storage?.setItem(MODEL_KEY, 'wanted');
    else storage?.removeItem(MODEL_KEY);
  } catch {
    // A private window may refuse storage; the model still loads for this visit.
  }
}

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

    /**
     * Loads the sentence model for translated copies (about 28 MB, then cached for offline use),
     * its progress in megabytes; remembered, so the next visit loads it again by itself.
     */
    loadModel: () => {
      if (get().model === 'loading' || get().model === 'ready') return undefined;
      set({ model: 'loading', modelProgress: { loaded: 0, total: 0 } });
      rememberModel(true);
      return run(t('status.loadingModel'), async () => {
        try {
          await engine.request('loadModel', {}, (loaded, total) => {
            set({ modelProgress: { loaded, total }, progress: { done: loaded, total } });
          });
        } catch (error) {
          set({ model: 'absent' });
          throw error;
        }
        set({ model: 'ready' });
        return t('status.modelLoaded');
      });
    },

    /** Makes `lang` the page's language, remembered; what is shown is drawn again in it. */
    setLanguage: (lang) => {
      const chosen = applyLanguage(lang);
      rememberLanguage(chosen);
      set({ lang: chosen });
    },
  };
}
