// One report per check: the overall similarity, the sources ranked with a colour and a bar each,
// the paper with all its matches, the list of matches, what was left out (with "include it
// again"), the side-by-side view of the chosen passage, and the downloads.
import { html, useEffect, useRef, useState } from '../../pkg/vendor/ui.js';
import { sourceColour } from '../palette.js';
import { unitKey } from '../../js/words/units.js';
import { evasionPhrases } from '../../js/words/evasion.js';
import { nearDuplicateText } from '../../js/words/near-duplicate.js';
import { matchedExclusions, exclusionMatch } from '../../js/words/left-out.js';
import { Compare } from './compare.js';
import { KIND_NAMES, MatchList, PaperText } from './paper-view.js';
import { Downloads } from './downloads.js';
import { ArchiveBadge, ArchiveNote, archiveIds, comparedWith } from './archive-report.js';
import { keepFocus, useReveal } from './reveal.js';
import { percent } from '../../js/words/percent.js';
import { count, t } from '../../js/words/i18n.js';
import { checkedWith, titleOf } from '../actions/check.js';

/** What the report says when it lists no source: none matched, or those that did are left out by you. */
function noSource({ ignoreReferences }) {
  const left = ignoreReferences.length;
  if (!left) return t('report.noSource');
  return count('report.noOtherSource', left);
}

function Summary({ result, libraryCount, version }) {
  const { report } = result;
  const unit = unitKey(report.unit);
  const left = report.totalWords - report.words;
  const evasion = evasionPhrases(report.evasion);
  return html`<div class="summary">
    <p class="print-only">${t('report.printed', { title: titleOf(result), date: result.checkedAt.toLocaleString(), version })}</p>
    <p class="overall"><strong>${percent(report.similarity)}</strong>
      ${report.sources.length ? t('report.matches', { sources: count('count.source', report.sources.length) }) : noSource(result.choices)}</p>
    <p class="muted">${[
      left > 0
        ? t('report.checkedLeft', { checked: count(unit, report.words), left: count(unit, left) })
        : t('report.checked', { checked: count(unit, report.words) }),
      comparedWith(report, libraryCount),
    ].join(t('list.sentences'))}</p>
    <${ArchiveNote} archive=${report.archive} />
    ${evasion.length > 0 && html`<p class="warning" role="note">${t('report.evasion', { found: evasion.join(t('list.comma')) })}</p>`}
  </div>`;
}

function SourceList({ report, numbers, selected, onOpen, onLeaveOut }) {
  if (!report.sources.length) return null;
  const fromArchive = archiveIds(report);
  return html`<ol class="sources" aria-label=${t('report.sourcesLabel')}>
    ${report.sources.map((source, index) => {
      const current = selected?.source === index;
      return html`<li key=${source.id} class=${current ? 'current' : ''}>
        <button type="button" class="source" aria-current=${current ? 'true' : undefined} onClick=${() => onOpen(index)}
          title=${t('report.sourceTitle', { passages: count('count.passage', source.passages.length), coverage: percent(source.sourceCoverage), score: source.scores.combined.score.toFixed(2) })}>
          <span class="swatch" data-label=${numbers[source.id] + 1} ref=${(el) => el?.style.setProperty('--mark', sourceColour(numbers[source.id]))}></span>
          <span class="source-title">${source.title}</span>
          ${(fromArchive.has(source.id) || nearDuplicateText(source)) && html`<span class="badges">
            ${fromArchive.has(source.id) && html`<${ArchiveBadge} archive=${report.archive} />`}
            ${nearDuplicateText(source) && html`<span class="badge" title=${nearDuplicateText(source)}>${t('near.badge')}</span>`}
          </span>`}
          <span class="bar" aria-hidden="true"><span ref=${(el) => el?.style.setProperty('width', `${Math.max(0, Math.min(100, source.similarity * 100))}%`)}></span></span>
          <span class="source-share">${percent(source.similarity)}</span>
        </button>
        <button type="button" class="small" onClick=${() => onLeaveOut(source)} aria-label=${t('report.leaveOutLabel', { title: source.title })}>${t('report.leaveOut')}</button>
      </li>`;
    })}
  </ol>`;
}

/** Most excluded parts listed at once (a long paper full of quotations has thousands). */
const LISTED = 100;

function LeftOut({ result, references, actions }) {
  const [all, setAll] = useState(false);
  const { report, text, choices } = result;
  const titles = Object.fromEntries([...(report.archive?.candidates ?? []), ...references].map((r) => [r.id, r.title]));
  // A left-out span that matches a source is always listed, with the source: a copy in quote marks,
  // a reference list like a classmate's.
  const key = (e) => `${e.kind}:${e.start}`;
  const matched = new Map(
    matchedExclusions(report, text, { numberOf: (id) => result.numbers[id] + 1, titles }).map((m) => [key(m), m]),
  );
  const listed = all ? report.excluded : report.excluded.filter((e, i) => i < LISTED || matched.has(key(e)));
  const include = (exclusion) =>
    keepFocus(actions.choose((c) =>
      exclusion.kind === 'reader'
        ? { excludeSpans: c.excludeSpans.filter((s) => s.start !== exclusion.start || s.end !== exclusion.end) }
        : { includeSpans: [...c.includeSpans, { start: exclusion.start, end: exclusion.end }] },
    ), '#left-out-heading');
  // A source brought back is listed again: the focus goes to it (its "Leave out" button).
  const includeSource = (id) =>
    keepFocus(actions.choose((c) => ({ ignoreReferences: c.ignoreReferences.filter((x) => x !== id) })),
      `.sources button[aria-label="${CSS.escape(t('report.leaveOutLabel', { title: titles[id] ?? id }))}"]`);
  if (!report.excluded.length && !choices.ignoreReferences.length) return null;
  return html`<section class="left-out" aria-labelledby="left-out-heading">
    <h3 id="left-out-heading" tabindex="-1">${t('report.leftOut')}</h3>
    <ul>
      ${choices.ignoreReferences.map((id) => html`<li key=${`source:${id}`}>
        <span>${t('report.sourceLeftOut', { title: titles[id] ?? id })}</span>
        <button type="button" class="small" onClick=${() => includeSource(id)}>${t('report.includeAgain')}</button>
      </li>`)}
      ${listed.map((exclusion) => {
        const match = matched.get(key(exclusion));
        return html`<li key=${key(exclusion)} class=${match ? 'matched-quote' : undefined}>
        <span><span class="kind">${t(KIND_NAMES[exclusion.kind])}</span>${match && `${t('punct.comma')}${exclusionMatch(match)}`}${t('punct.colon')}<span class="excerpt">${text.slice(exclusion.start, Math.min(exclusion.end, exclusion.start + 80))}${exclusion.end - exclusion.start > 80 ? '…' : ''}</span></span>
        <button type="button" class="small" onClick=${() => include(exclusion)}>${t('report.includeAgain')}</button>
      </li>`;
      })}
    </ul>
    ${listed.length < report.excluded.length &&
    html`<p class="muted small">${t('report.partsListed', { listed: listed.length, total: report.excluded.length })}
      <button type="button" class="small" onClick=${() => setAll(true)}>${t('report.listAll')}</button></p>`}
  </section>`;
}

/** The side-by-side view of the selected source, loading its text from the engine. */
function SelectedSource({ result, selected, actions }) {
  const [source, setSource] = useState(null);
  const reported = selected && result.report.sources[selected.source];
  useEffect(() => {
    let live = true;
    setSource(null);
    if (reported) actions.getReference(reported.id).then((r) => live && setSource(r), () => {});
    return () => (live = false);
  }, [reported?.id, result.report]);
  if (!reported || !source || source.id !== reported.id) return null;
  return html`<${Compare} left=${{ title: titleOf(result), text: result.text }} right=${{ title: t('report.sourceNumbered', { number: result.numbers[source.id] + 1, title: source.title }), text: source.text }}
    passages=${reported.passages} colourIndex=${result.numbers[source.id]} passage=${selected.passage}
    onPassage=${(passage) => actions.select({ source: selected.source, passage })} onClose=${() => actions.select(null)}
    closeLabel=${t('report.back')} />`;
}

/**
 * Said at once when the options change under a report (the page makes it again by itself; a
 * failed update leaves the button): a teacher never reads an old report as the new options'.
 */
function Stale({ state, actions }) {
  // "Being made again" only while it is: after a failed or stopped update the button does it.
  return html`<p class="warning stale" role="status">${t(state.busy ? 'report.stale' : 'report.staleIdle')}
    <button type="button" disabled=${Boolean(state.busy)} onClick=${actions.refresh}>${t('report.refresh')}</button></p>`;
}

/**
 * A report without source against a library written in another script (an English library, a
 * Chinese paper): copies translated from it are found only with the sentence model, offered here
 * in one click that loads it and looks again with translated copies on.
 */
function OtherScript({ state, actions }) {
  const { report } = state.result;
  if (report.sources.length || !report.otherScript) return null;
  const lookAgain = async () => {
    if (state.model !== 'ready') await actions.loadModel();
    // On already (set before the model was there): the model alone makes the report out of date.
    if (actions.setOption('translated', true) === true) actions.refresh();
  };
  const size = state.modelBytes ? (state.modelBytes / 1e6).toFixed(1) : null;
  const label = state.model === 'ready' ? t('report.otherScriptOn') : size ? t('model.download', { size }) : t('model.downloadUnsized');
  // htm drops whitespace that holds a line break: the space before the button is written out.
  return html`<p class="hint other-script">${t('report.otherScript')}${' '}<button type="button" disabled=${Boolean(state.busy)} onClick=${lookAgain}>${label}</button></p>`;
}

/** The report of the last check. */
export function Report({ state, actions }) {
  const { result, selected } = state;
  const { report, text } = result;
  const main = useRef(null);
  // Side by side replaces the whole paper beside the list, so choosing a match never moves the
  // page; on a narrow screen the two are stacked, and the view is brought up to the reader.
  useEffect(() => {
    if (selected && matchMedia('(max-width: 56rem)').matches) main.current?.scrollIntoView({ block: 'start' });
  }, [selected?.source, selected?.passage]);
  const heading = useRef(null);
  useReveal(result.checkedAt, heading);
  // What is left out moves to "Left out of this report": the focus follows it there.
  const leaveOutSource = (source) =>
    keepFocus(actions.choose((c) => ({ ignoreReferences: [...c.ignoreReferences, source.id] })), '#left-out-heading');
  const leaveOutPassage = (passage) =>
    keepFocus(actions.choose((c) => ({ excludeSpans: [...c.excludeSpans, { start: passage.start, end: passage.end }] })), '#left-out-heading');
  const stale = result.checkedWith !== checkedWith(state);
  return html`<section class=${stale ? 'report is-stale' : 'report'} aria-labelledby="report-heading">
    <div class="row report-head">
      <h2 id="report-heading" ref=${heading} tabindex="-1">${t('report.heading')}</h2>
      <${Downloads} state=${state} actions=${actions} />
    </div>
    ${stale && html`<${Stale} state=${state} actions=${actions} />`}
    <${Summary} result=${result} libraryCount=${state.references.length} version=${state.version} />
    <${OtherScript} state=${state} actions=${actions} />
    <div class="report-body">
      <div class="report-side" tabindex="0" role="region" aria-label=${t('report.sideLabel')}>
        <${SourceList} report=${report} numbers=${result.numbers} selected=${selected} onLeaveOut=${leaveOutSource}
          onOpen=${(index) => actions.select({ source: index, passage: 0 })} />
        <${MatchList} report=${report} text=${text} numbers=${result.numbers} selected=${selected} onSelect=${actions.select} onLeaveOut=${leaveOutPassage} />
      </div>
      <div class="report-main" ref=${main}>
        <div hidden=${Boolean(selected)}>
          <h3>${titleOf(result)}</h3>
          <${PaperText} report=${report} text=${text} numbers=${result.numbers} references=${state.references} selected=${selected} onSelect=${actions.select} />
        </div>
        <${SelectedSource} result=${result} selected=${selected} actions=${actions} />
      </div>
    </div>
    <${LeftOut} result=${result} references=${state.references} actions=${actions} />
  </section>`;
}
