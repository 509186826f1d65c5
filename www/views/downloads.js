// Getting a report out: a self-contained HTML file (www/report-html/report.js: opens offline, no script),
// the JSON report, and printing (the print styles in www/style.css give a clean PDF).
import { html, useState } from '../../pkg/vendor/ui.js';
import { download } from '../files.js';
import { reportHtml } from '../report-html/report.js';
import { PALETTE } from '../palette.js';
import { checkOptions } from '../options.js';
import { titleOf } from '../actions/check.js';
import { language, t } from '../../js/words/i18n.js';

/** A file name from the paper's title: letters, digits and dashes only. */
export function fileStem(title) {
  const stem = title.normalize('NFKD').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return `plagscope-report-${stem || 'paper'}`;
}

/**
 * What the report files say about the check: the paper, the options, the date, the version, and
 * the references set aside by hand, by id and title (the options name their ids only).
 */
function context(state) {
  const { result } = state;
  const ignored = new Set(result.choices?.ignoreReferences ?? []);
  return {
    options: { ...checkOptions(state.values), ...result.choices },
    version: state.version,
    date: result.checkedAt,
    setAside: state.references.filter((r) => ignored.has(r.id)).map(({ id, title }) => ({ id, title })),
  };
}

/** The download and print buttons of a report. */
export function Downloads({ state, actions }) {
  const [working, setWorking] = useState(false);
  const { result } = state;
  const stem = fileStem(titleOf(result));
  const saveHtml = async () => {
    setWorking(true);
    try {
      const sources = await Promise.all(result.report.sources.map((s) => actions.getReference(s.id)));
      // The titles of the sources that only a left-out quotation matches.
      const quoted = new Set(result.report.excluded.map((e) => e.source).filter(Boolean));
      for (const source of sources) quoted.delete(source.id);
      sources.push(...state.references.filter((r) => quoted.has(r.id)).map(({ id, title }) => ({ id, title })));
      const page = reportHtml({ lang: language(), report: result.report, paper: { title: titleOf(result), text: result.text }, sources, palette: PALETTE, ...context(state) });
      download(new TextEncoder().encode(page), `${stem}.html`);
    } finally {
      setWorking(false);
    }
  };
  const saveJson = () => {
    const { options, version, date, setAside } = context(state);
    const json = { plagscope: version, checkedAt: date.toISOString(), paper: { title: titleOf(result), text: result.text }, options, setAside, report: result.report };
    download(new TextEncoder().encode(JSON.stringify(json, null, 2)), `${stem}.json`);
  };
  return html`<div class="row downloads">
    <button type="button" disabled=${working} onClick=${saveHtml}>${t('downloads.html')}</button>
    <button type="button" onClick=${saveJson}>${t('downloads.json')}</button>
    <button type="button" onClick=${() => window.print()}>${t('downloads.print')}</button>
  </div>`;
}
