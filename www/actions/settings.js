// The page's settings: the options (remembered; a text option indexes the library again) and the
// language (remembered; the page is drawn again in it at once, the paper, report and library kept).
import { OPTIONS, problem, saveValues, textOptions, valid } from '../options.js';
import { applyLanguage, rememberLanguage } from '../language.js';
import { t } from '../../js/words/i18n.js';
import { MODEL_URL, modelBytes } from '../../js/model.js';
import { userMessage } from './errors.js';
import { checkedWith } from './check.js';

/** The localStorage key that remembers the model was loaded, on this visit or another tab's. */
export const MODEL_KEY = 'plagscope.model';

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
export function createSettingsActions({ store, engine, runner, withReferences, refresh, refreshWithin }) {
  const { set, get } = store;
  const { run, progress } = runner;
  return {
    /**
     * Sets an option; a text option (case, punctuation, numbers) indexes the library again. A
     * report on screen is out of date at once (the page says so) and is made again with the new
     * option, in the same action. Returns false for a value that is refused (the message says why).
     */
    setOption: (name, raw) => {
      const option = OPTIONS.find((o) => o.name === name);
      const value = valid(option, raw);
      if (value === null) {
        set({ error: problem(option, raw) });
        return false;
      }
      // Enter and the change that follows it give the same value twice: the second changes nothing.
      if (get().values[name] === value) {
        set({ error: '' });
        return true;
      }
      const values = { ...get().values, [name]: value };
      set({ values, error: '' });
      saveValues(values);
      if (option.kind === 'text') {
        return run(t('status.reindexing'), async () => {
          withReferences(await engine.request('reindex', { text: textOptions(values) }, progress(t('status.indexingAgain'))));
          return (await refreshWithin()) ?? t('options.reindexed');
        });
      }
      if (get().result) return refresh();
    },

    /**
     * Loads the sentence model for translated copies (its size from the manifest, then cached for
     * offline use), its progress in megabytes in the model's section, the rest of the page usable
     * meanwhile (a check made before it is ready is made without it). Remembered once loaded, so
     * that the next visit and the other open tabs load it by themselves (from the cache, not the
     * network again). A failed or interrupted download says so and leaves the page as it was.
     */
    loadModel: () => {
      if (get().model === 'loading' || get().model === 'ready') return undefined;
      set({ model: 'loading', modelProgress: { loaded: 0, total: get().modelBytes ?? 0 } });
      if (!get().busy) set({ status: t('status.loadingModel'), error: '' });
      return runner.aside(async () => {
        let modelParts;
        try {
          modelParts = await engine.request('loadModel', {}, (loaded, total) => set({ modelProgress: { loaded, total } }));
        } catch (error) {
          set({ model: 'absent' });
          if (error?.restarted) throw error;
          throw new Error(t('model.failed', { why: userMessage(error) }));
        }
        rememberModel(true);
        set({ model: 'ready', modelParts });
        // A report made while it loaded, with translated copies asked for, is made again with them.
        if (get().result && get().result.checkedWith !== checkedWith(get())) refresh();
        return t('status.modelLoaded');
      });
    },

    /**
     * Reads the model's manifest (a small file, kept in the app's offline shell) for the size the
     * options quote before anything large is fetched; unknown (null) when it cannot be read.
     */
    describeModel: async () => {
      try {
        const answer = await fetch(MODEL_URL);
        set({ modelBytes: answer.ok ? modelBytes(await answer.json()) || null : null });
      } catch {
        set({ modelBytes: null });
      }
    },

    /**
     * Makes `lang` the page's language, remembered; what is shown is drawn again in it. The status
     * line's last words were written in the language before (an action under way writes its next
     * ones in the new one): they give way to a line saying the switch.
     */
    setLanguage: (lang) => {
      const chosen = applyLanguage(lang);
      rememberLanguage(chosen);
      set((state) => ({ lang: chosen, ...(!state.busy && state.status ? { status: t('status.language') } : {}) }));
    },
  };
}
