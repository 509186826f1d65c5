// "Recent papers": the papers this browser keeps (www/actions/papers.js): those checked, with their
// reports, and those put aside when another took their place, newest first; each opened again or
// forgotten here. Closed until the user opens it, so it costs the paper panel one line.
import { html } from '../../pkg/vendor/ui.js';
import { language, t } from '../../js/words/i18n.js';
import { percent } from '../../js/words/percent.js';

/** When a paper was kept, in the page's language ("7 Dec 2026, 14:05"). */
const when = (savedAt) => new Date(savedAt).toLocaleString(language(), { dateStyle: 'medium', timeStyle: 'short' });

function RecentPaper({ entry, busy, actions }) {
  const title = entry.title || t('check.untitled');
  const what = entry.reason === 'checked' && entry.similarity !== null
    ? t('papers.checked', { share: percent(entry.similarity) })
    : t('papers.replaced');
  return html`<li class="recent-paper">
    <span class="recent-title">${title}</span>
    <span class="muted small">${when(entry.savedAt)} · ${what}</span>
    <span class="recent-buttons">
      <button type="button" class="small" disabled=${busy} aria-label=${t('papers.openLabel', { title })}
        onClick=${() => actions.openRecent(entry.key)}>${t('papers.open')}</button>
      <button type="button" class="small" disabled=${busy} aria-label=${t('papers.forgetLabel', { title })}
        onClick=${() => actions.forgetRecent(entry.key)}>${t('papers.forget')}</button>
    </span>
  </li>`;
}

/** The list of recent papers, or nothing when the browser keeps none. */
export function RecentPapers({ state, actions }) {
  if (!state.history.length) return null;
  return html`<details class="recent" id="recent-papers">
    <summary>${t('papers.heading', { count: state.history.length })}</summary>
    <p class="help">${t('papers.note')}</p>
    <ul class="recent-list">
      ${state.history.map((entry) => html`<${RecentPaper} key=${entry.key} entry=${entry} busy=${Boolean(state.busy)} actions=${actions} />`)}
    </ul>
  </details>`;
}
