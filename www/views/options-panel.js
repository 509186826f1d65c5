// The options, each with its one-line explanation (www/options.js), remembered between visits.
// A number is applied when the field is left or Enter is pressed, and a bad one is explained
// without changing anything.
import { html, useEffect, useRef } from '../../pkg/vendor/ui.js';
import { OPTIONS, available } from '../options.js';
import { list, t } from '../../js/words/i18n.js';
import { languageName } from '../../js/words/evidence.js';
import { MODEL_SCRIPTS, modelLanguages } from '../../js/model-languages.js';

function Field({ option, value, actions, busy, characters }) {
  const id = `opt-${option.name}`;
  // A number field is written only when its value changes from outside, and not while it has the
  // focus: a re-render of the page (a status, a save) must not undo what the user is typing.
  const box = useRef(null);
  useEffect(() => {
    if (box.current && document.activeElement !== box.current) box.current.value = String(value);
  }, [value]);
  const help = `${id}-help`;
  if (option.type === 'boolean') {
    return html`<div class="option">
      <label class="inline" for=${id}>
        <input id=${id} type="checkbox" checked=${value} disabled=${busy} aria-describedby=${help}
          onChange=${(e) => actions.setOption(option.name, e.currentTarget.checked)} />
        ${t(option.label)}
      </label>
      <p id=${help} class="help">${t(option.help)}</p>
    </div>`;
  }
  // A refused value is named in the message, and the field goes back to the value in force.
  const apply = (e) => {
    if (actions.setOption(option.name, e.currentTarget.value) === false) e.currentTarget.value = String(value);
  };
  return html`<div class="option">
    <label class="inline" for=${id}>
      ${t(option.label)}
      <input id=${id} ref=${box} type="number" inputmode="numeric" min=${option.min} max=${option.max} step="1" defaultValue=${value}
        disabled=${busy} aria-describedby=${help} onChange=${apply} onKeyDown=${(e) => e.key === 'Enter' && apply(e)} />
      ${option.unit && t('option.unitWords')}${characters && option.unit === 'words' ? html` <span class="muted">${t('option.characters', { count: Math.ceil(value / 0.6) })}</span>` : ''}
    </label>
    <p id=${help} class="help">${t(option.help)}</p>
  </div>`;
}

/**
 * The options, folded away until opened. `unit` is "characters" for a paper in Chinese or Japanese:
 * lengths stay in words, where a character counts 0.6 of a word, and the characters are shown too.
 */
export function OptionsPanel({ state, actions, unit = 'words' }) {
  const busy = Boolean(state.busy);
  return html`<details class="options">
    <summary>${t('option.heading')}</summary>
    <div class="option-grid">
      ${OPTIONS.map((option) => html`<${Field} key=${option.name} option=${option} value=${state.values[option.name]}
        actions=${actions} busy=${busy || !available(option, state.values, state.model)} characters=${unit === 'characters'} />`)}
    </div>
    <${ModelSection} state=${state} actions=${actions} busy=${busy} />
  </details>`;
}

/**
 * The download button is disabled, then gives way to a progress bar, and the focus is lost with
 * it: once the model is loaded the focus goes to the option it enables, and after a failure back
 * to the button, so a keyboard user is not sent back to the top of the page. Only a focus lost
 * from this section is moved; the returned handlers go on its element.
 */
function useFocusFollowsModel(model, busy) {
  const held = useRef(false);
  useEffect(() => {
    if (!held.current || (document.activeElement && document.activeElement !== document.body)) return;
    const target = document.getElementById(model === 'ready' ? 'opt-translated' : 'load-model');
    if (target && !target.disabled) {
      target.focus();
      held.current = false;
    }
  }, [model, busy]);
  return {
    onfocusin: () => { held.current = true; },
    // Focus lost to nothing (the button disabled or removed) is still this section's to move.
    onfocusout: (e) => { if (e.relatedTarget) held.current = false; },
  };
}

const megabytes = (bytes) => (bytes / 1e6).toFixed(1);

/**
 * The sentence model behind translated copies: what it costs before it is fetched (its size, and
 * that it stays on this computer), its progress while it loads, and that it is ready.
 */
function ModelSection({ state, actions, busy }) {
  const focus = useFocusFollowsModel(state.model, busy);
  return html`<div class="model-section" onfocusin=${focus.onfocusin} onfocusout=${focus.onfocusout}>
    <${ModelState} state=${state} actions=${actions} busy=${busy} />
  </div>`;
}

/** What the model section shows: its cost and download button, its progress, or that it is ready. */
function ModelState({ state, actions, busy }) {
  const { model, modelProgress, modelBytes } = state;
  if (model === 'ready') {
    return html`<div class="model-state" role="status">
      <p class="help">${t('model.ready')}</p>
      <${ModelLanguages} modelParts=${state.modelParts} />
    </div>`;
  }
  if (model === 'loading') {
    const { loaded = 0, total = 0 } = modelProgress ?? {};
    const shown = total || modelBytes;
    return html`<div class="model-state" role="status">
      <p class="help">${shown ? t('model.loading', { loaded: megabytes(loaded), total: megabytes(shown) }) : t('model.loadingFromCache')}</p>
      <progress max=${shown || 1} value=${shown ? loaded : 0} aria-label=${t('model.progressLabel')}></progress>
    </div>`;
  }
  const size = modelBytes ? megabytes(modelBytes) : null;
  return html`<div class="model-state">
    <p class="help" id="model-about">${size ? t('model.about', { size }) : t('model.aboutUnsized')}</p>
    <button type="button" id="load-model" disabled=${busy} aria-describedby="model-about" onClick=${() => actions.loadModel()}>
      ${size ? t('model.download', { size }) : t('model.downloadUnsized')}
    </button>
  </div>`;
}

/**
 * The languages the loaded model reads, and those its other parts add, loaded by themselves when
 * a paper or a reference in them is checked with translated copies on (with their size).
 */
function ModelLanguages({ modelParts }) {
  const { scripts = [], parts = [] } = modelParts ?? {};
  const names = (tags) => list(tags.map(languageName));
  const more = parts.filter((part) => !scripts.includes(part.script));
  const tags = (part) => MODEL_SCRIPTS.find((script) => script.part === part.script)?.languages ?? [];
  const bytes = more.reduce((sum, part) => sum + (part.bytes ?? 0), 0);
  return html`<p class="help" id="model-languages">${t('model.languages', { languages: names(modelLanguages(scripts)) })}</p>
    ${more.length ? html`<p class="help" id="model-more-languages">${t('model.moreLanguages', { languages: names(more.flatMap(tags)), size: megabytes(bytes) })}</p>` : ''}`;
}
