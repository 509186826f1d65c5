// "Who copied from whom" in the library: every reference compared with every other.
import { pairsOptions } from '../options.js';
import { t } from '../../js/words/i18n.js';

/** The library's pairs over `store` and `engine`, run by `runner` (www/actions/runner.js). */
export function createPairsActions({ store, engine, runner }) {
  const { set, get } = store;
  const { run, progress } = runner;
  const stages = { reading: 'status.readingReferences', comparing: 'status.comparingPairs' };
  return {
    comparePairs: () =>
      run(t('status.comparingAll'), async () => {
        const references = get().references;
        if (references.length < 2) throw new Error(t('pairs.needTwo'));
        const onProgress = (done, total, stage) => progress(t(stages[stage] ?? stages.comparing))(done, total);
        const pairs = await engine.request('pairs', { options: pairsOptions(get().values) }, onProgress);
        set({ pairs: { pairs, references }, view: 'pairs', selected: null });
        return pairs.length ? t('status.done') : t('pairs.none');
      }, { cancellable: true }),
  };
}
