// The page: the paper and the library in, one report out. The engine runs in a Web Worker
// (www/engine.js, www/worker/worker.js); the state lives in one store (www/store.js) written only by the
// actions (www/actions.js); the views (www/views/) render it with Preact and htm, which create
// text nodes for every piece of user text: nothing pasted or opened is ever parsed as HTML.
import { html, render, useEffect, useRef } from '../pkg/vendor/ui.js';
import { startEngine } from './engine.js';
import { createStore, useStore } from './store.js';
import { createActions } from './actions.js';
import { defaultValues, loadValues } from './options.js';
import { guessUnit } from '../js/words/units.js';
import { t } from '../js/words/i18n.js';
import { localizeShell, startLanguage } from './language.js';
import { LanguageSwitch } from './views/language-switch.js';
import { PaperPanel } from './views/paper-panel.js';
import { LibraryPanel } from './views/library-panel.js';
import { OptionsPanel } from './views/options-panel.js';
import { MODEL_KEY, modelWanted } from './actions/settings.js';
import { ARCHIVE_KEY } from './actions/archive.js';
import { Report } from './views/report.js';
import { Pairs } from './views/pairs.js';
import { Batch } from './views/batch.js';

const store = createStore({
  lang: startLanguage(),
  ready: false,
  version: '',
  references: [],
  groups: {},
  order: [],
  storage: null,
  unsaved: [], // ids of references the browser refused to keep
  persistence: 'browser', // or 'unavailable' where IndexedDB cannot be opened
  paper: { title: '', text: '', revision: 0 },
  example: null,
  values: loadValues(),
  model: 'absent', // the sentence model for translated copies: 'absent', 'loading' or 'ready'
  modelProgress: null,
  modelBytes: null, // the model's download size, from its manifest (null until read, or unreadable)
  modelParts: null, // the worker's word on the model's parts: { scripts (loaded), parts [{ script, bytes }] }
  archive: { url: '', state: 'none' }, // www/actions/archive.js: 'none', 'connecting', 'ready' or 'failed'
  result: null,
  history: [], // the recent papers kept in this browser (www/actions/papers.js), newest first
  pairs: null,
  batch: null,
  view: 'report',
  selected: null,
  busy: '',
  cancellable: false, // whether the action under way may be stopped (Cancel, Esc)
  completions: 0, // actions finished, for <body data-completed>
  status: t('app.loading'),
  error: '',
  progress: null,
});

function Status({ state, actions }) {
  const { progress } = state;
  return html`<div class="status-area">
    <p id="status" role="status" aria-live="polite">${state.status}</p>
    ${state.undo && !state.busy &&
    html`<button id="undo" type="button" class="small" onClick=${actions.undoRemove}>${t('library.undo')}</button>`}
    ${progress && state.busy &&
    html`<progress max=${progress.total} value=${progress.done} aria-label=${t('app.progress')}>${t('app.progressOf', { done: progress.done, total: progress.total })}</progress>`}
    ${state.error &&
    html`<div id="error" role="alert" class="error">
      <p>${state.error}</p>
      <button type="button" class="small" onClick=${actions.dismissError}>${t('app.dismiss')}</button>
    </div>`}
  </div>`;
}

function Actions({ state, actions }) {
  const busy = Boolean(state.busy);
  const unit = guessUnit(state.paper.text.slice(0, 20_000));
  return html`<section class="actions" aria-label=${t('app.checkSection')}>
      <div class="checkbar">
        <button id="check" type="button" class="primary" disabled=${!state.ready || busy} onClick=${actions.check}
          aria-keyshortcuts="Control+Enter Meta+Enter">${t('app.check')}</button>
        <span class="muted small shortcut"><kbd>${MAC ? '⌘' : 'Ctrl'}</kbd>+<kbd>Enter</kbd> ${t('app.shortcutWhere')}</span>
        <${Status} state=${state} actions=${actions} />
        ${busy && state.cancellable &&
        html`<button id="cancel" type="button" onClick=${actions.cancel} aria-keyshortcuts="Escape">${t('app.cancel')}</button>`}
      </div>
    </section>
    <${OptionsPanel} state=${state} actions=${actions} unit=${unit} />`;
}

const VIEWS = [
  { name: 'report', label: 'app.view.report', has: (state) => state.result, View: Report },
  { name: 'batch', label: 'app.view.batch', has: (state) => state.batch, View: Batch },
  { name: 'pairs', label: 'app.view.pairs', has: (state) => state.pairs, View: Pairs },
];

/** The results: the current view, with buttons to the others that have something to show. */
function Results({ state, actions }) {
  const available = VIEWS.filter((view) => view.has(state));
  const current = available.find((view) => view.name === state.view) ?? available[0];
  if (!current) return null;
  return html`${available.length > 1 &&
    html`<nav class="row view-switch" aria-label=${t('app.results')}>
      ${available.map((view) => html`<button type="button" aria-pressed=${view === current ? 'true' : 'false'}
        onClick=${() => actions.showView(view.name)}>${t(view.label)}</button>`)}
    </nav>`}
    <${current.View} state=${state} actions=${actions} />`;
}

/** Whether the keyboard's command key is ⌘ (the shortcut is shown as the user's keyboard has it). */
const MAC = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/**
 * Keeps the keyboard focus where the user acted: the button they pressed is disabled while the work
 * runs, and the browser then drops the focus to the page's top. When the work is done and nothing
 * else took the focus (a new report takes it, www/views/reveal.js), it goes back to that button.
 */
function useKeptFocus(busy) {
  const last = useRef(null);
  useEffect(() => {
    const remember = (event) => (last.current = event.target);
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, []);
  useEffect(() => {
    if (busy || (document.activeElement && document.activeElement !== document.body)) return;
    const target = last.current;
    if (target?.isConnected && !target.disabled) target.focus();
  }, [busy]);
}

/** The skip link's target: the paper box, or the panel's heading when the paper is shown as a document. */
function toPaper(event) {
  const box = document.getElementById('paper');
  if (!box) return;
  event.preventDefault();
  box.focus();
}

function App({ actions }) {
  const state = useStore(store);
  useKeptFocus(state.busy);
  // Written after the views' own effects and their next-frame work (a new report takes the focus
  // and scrolls into view, www/views/reveal.js), so tests that wait for it start from the page as
  // the user sees it.
  useEffect(() => {
    if (!state.completions) return;
    requestAnimationFrame(() => (document.body.dataset.completed = String(state.completions)));
  }, [state.completions]);
  const results = VIEWS.some((view) => view.has(state));
  return html`<nav class="skip" aria-label=${t('app.skipLinks')}>
      <a class="skip-link" href="#paper-heading" onClick=${toPaper}>${t('app.skipPaper')}</a>
      ${results && html`<a class="skip-link" href="#results">${t('app.skipResults')}</a>`}
    </nav>
    <header>
      <div class="header-row">
        <h1>plagscope</h1>
        <${LanguageSwitch} lang=${state.lang} actions=${actions} />
      </div>
      <p class="tagline">${t('app.tagline')}</p>
    </header>
    <main>
      <div class="inputs">
        <${PaperPanel} state=${state} actions=${actions} />
        <${LibraryPanel} state=${state} actions=${actions} />
      </div>
      <${Actions} state=${state} actions=${actions} />
      <div id="results" tabindex="-1"><${Results} state=${state} actions=${actions} /></div>
    </main>
    <footer class="muted small">plagscope ${state.version} · ${t(state.archive.state === 'ready' ? 'app.footerArchive' : 'app.footer')}</footer>`;
}

/** Caches the app for offline use (the service worker only ever talks to this origin). */
function registerOffline() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register(new URL('../sw.js', import.meta.url), { scope: new URL('../', import.meta.url).pathname })
    .catch((error) => console.warn(`offline mode unavailable: ${error.message}`));
}

async function main() {
  localizeShell(); // the loading line in the reader's language while the engine starts
  registerOffline();
  let actions;
  const root = document.getElementById('app');
  try {
    const engine = await startEngine({
      onRestart: (event) => actions.engineRestarted(event),
      onLibrary: (bytes) => actions.libraryChanged(bytes),
    });
    actions = createActions(store, engine);
    store.set({ version: engine.version });
    root.replaceChildren(); // the static shell's loading text; Preact renders the page from nothing
    render(html`<${App} actions=${actions} />`, root);
    await actions.restore();
    await actions.restorePaper();
    store.set({ ready: true });
    // Loaded on an earlier visit: loaded again (from the service worker's cache when offline);
    // loaded in another tab: loaded here too, from the cache that tab filled.
    if (modelWanted()) actions.loadModel();
    else actions.describeModel();
    actions.restoreArchive();
    // Esc stops a check under way, wherever the focus is (the Cancel button beside the status says so).
    addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && store.get().cancellable && actions.cancel()) event.preventDefault();
    });
    addEventListener('storage', (event) => {
      if (event.key === MODEL_KEY && modelWanted()) actions.loadModel();
      if (event.key === ARCHIVE_KEY) actions.restoreArchive();
    });
  } catch (error) {
    store.set({ status: '', error: t('app.startFailed', { message: error.message }), values: defaultValues() });
    root.replaceChildren();
    render(html`<${App} actions=${{}} />`, root);
    return;
  }
  document.body.dataset.ready = 'true';
}

main();
