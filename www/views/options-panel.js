// The options, each with its one-line explanation (www/options.js), remembered between visits.
// A number is applied when the field is left or Enter is pressed, and a bad one is explained
// without changing anything.
import { html } from '../../pkg/vendor/ui.js';
import { OPTIONS } from '../options.js';

function Field({ option, value, actions, busy, unit }) {
  const id = `opt-${option.name}`;
  const help = `${id}-help`;
  if (option.type === 'boolean') {
    return html`<div class="option">
      <label class="inline" for=${id}>
        <input id=${id} type="checkbox" checked=${value} disabled=${busy} aria-describedby=${help}
          onChange=${(e) => actions.setOption(option.name, e.currentTarget.checked)} />
        ${option.label}
      </label>
      <p id=${help} class="help">${option.help}</p>
    </div>`;
  }
  const apply = (e) => actions.setOption(option.name, e.currentTarget.value);
  return html`<div class="option">
    <label class="inline" for=${id}>
      ${option.label}
      <input id=${id} type="number" inputmode="numeric" min=${option.min} max=${option.max} step="1" value=${value}
        disabled=${busy} aria-describedby=${help} onChange=${apply} onKeyDown=${(e) => e.key === 'Enter' && apply(e)} />
      ${unit}
    </label>
    <p id=${help} class="help">${option.help}</p>
  </div>`;
}

/** The options, folded away until opened. `unit` is "words" or "characters" after the paper's script. */
export function OptionsPanel({ state, actions, unit = 'words' }) {
  const busy = Boolean(state.busy);
  return html`<details class="options">
    <summary>Options</summary>
    <div class="option-grid">
      ${OPTIONS.map((option) => html`<${Field} key=${option.name} option=${option} value=${state.values[option.name]}
        actions=${actions} busy=${busy} unit=${option.unit ? unit : ''} />`)}
    </div>
  </details>`;
}
