// Checking the paper: the check itself, with its progress by stage, and checking it again with the
// reader's choices (a source, a passage or an exclusion left out or brought back).
import { checkOptions, textOptions } from '../options.js';
import { t } from '../../js/words/i18n.js';
import { nextTask } from './runner.js';
import { archiveMessage } from './archive.js';
import { loadModelParts } from './model-parts.js';

const NO_CHOICES = { ignoreReferences: [], excludeSpans: [], includeSpans: [] };
/** A check only reads the library: the user may stop it (Cancel, Esc) and keep the report before. */
const CANCELLABLE = { cancellable: true };

/**
 * The check's progress in words, by stage: the paper prepared step by step (a long one takes
 * seconds), aligned with each reference that shares a fingerprint with it, each source written up.
 */
const STAGES = { aligning: 'status.aligning', reporting: 'status.reporting', archive: 'status.archive' };

/** The archive to check against with the library: its address, when one is connected. */
const archiveOf = (state) => (state.archive?.state === 'ready' ? state.archive.url : undefined);

/**
 * Each source's number (0-based; shown 1-based, with its colour): kept from the first report of a
 * paper, so leaving a source out does not renumber and recolour the others; new ones come after.
 */
function numbered(report, numbers) {
  const next = { ...numbers };
  let count = Math.max(-1, ...Object.values(next)) + 1;
  for (const source of report.sources) if (!(source.id in next)) next[source.id] = count++;
  return next;
}

/**
 * What a report depends on besides the paper and the reader's choices: the check's options, the
 * library's text options and the sentence model. A report made with other ones is out of date.
 */
export const checkedWith = (state) => JSON.stringify([checkOptions(state.values, state.model), textOptions(state.values)]);

/** A report's paper title as shown: its own, or "Paper" in the page's language of the moment. */
export const titleOf = (result) => result.title || t('check.untitled');

/** The check's actions over `store` and `engine`, run by `runner` (www/actions/runner.js). */
export function createCheckActions({ store, engine, runner }) {
  const { set, get } = store;
  const { run, progress } = runner;
  const checking = (done, total, stage) => (stage === 'preparing'
    ? set({ status: t('status.preparing', { share: Math.floor((100 * done) / total) }), progress: { done, total } })
    : progress(t(STAGES[stage] ?? STAGES.aligning))(done, total));

  // An archive that cannot be used at all (its manifest) is named as the archive, not the library.
  const request = async (payload) => {
    await loadModelParts({ store, engine }, [payload.text]);
    return engine.request('check', payload, checking).catch((error) => {
      throw payload.archive && error?.code === 'PLAGSCOPE_INVALID_INDEX' ? new Error(archiveMessage(error)) : error;
    });
  };

  /** Checks the report's paper again with its choices changed by `change`, and today's options. */
  const recheck = async (change) => {
    const result = get().result;
    const choices = { ...result.choices, ...change(result.choices) };
    const options = { ...checkOptions(get().values, get().model), ...choices };
    const report = await request({ text: result.text, options, archive: result.report.archive?.url });
    await nextTask();
    set({ result: { ...result, report, choices, numbers: numbered(report, result.numbers), checkedWith: checkedWith(get()) }, selected: null });
    return t('check.updated');
  };
  const refresh = async () => (get().result && get().result.checkedWith !== checkedWith(get()) ? recheck(() => ({})) : undefined);

  return {
    check: () =>
      run(t('status.checking'), async () => {
        const { paper, references } = get();
        const archive = archiveOf(get());
        if (!paper.text.trim()) throw new Error(t('check.noPaper'));
        if (!references.length && !archive) throw new Error(t('check.noReferences'));
        const report = await request({ text: paper.text, options: checkOptions(get().values, get().model), archive });
        await nextTask(); // reading a large report is one task, drawing it starts another
        const numbers = numbered(report, {});
        // An untitled paper's name is written when shown, in the language of the moment.
        const title = (paper.title ?? '').trim();
        set({ result: { report, text: paper.text, title, choices: NO_CHOICES, numbers, checkedAt: new Date(), checkedWith: checkedWith(get()) }, selected: null, view: 'report' });
        return report.sources.length ? t('status.done') : t('check.noSources');
      }, CANCELLABLE),

    /** Checks the same paper again with the reader's choices (exclusions) changed. */
    choose: (change) => run(t('status.updatingReport'), () => recheck(change), CANCELLABLE),

    /** Checks the paper of an out-of-date report again with the options as they are now. */
    refresh: () => run(t('status.updatingReport'), refresh, CANCELLABLE),

    /** [`refresh`] inside an action already running (an option that indexed the library again). */
    refreshWithin: refresh,

    select: (selected) => set({ selected }),
  };
}
