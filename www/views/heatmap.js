// A similarity heatmap of documents that share passages: numbered rows and columns (the key lists
// the numbers' titles), a colour scale with its legend, and cells that are buttons: Tab reaches the
// grid, the arrow keys move between cells, Enter or Space opens the pair. A table, so screen
// readers announce each cell's row and column.
import { html, useMemo, useRef, useState } from '../../pkg/vendor/ui.js';
import { percent } from '../../js/words/percent.js';
import { t } from '../../js/words/i18n.js';

/** Most documents drawn; the rest stay in the table of pairs. */
export const MAX_DOCUMENTS = 40;
const wholePercent = (x) => percent(x, 0);

/** The cell colour for a similarity in [0, 1]: white to deep red, in 5 steps (shown in the legend). */
export const STEPS = [
  { from: 0, colour: '#fde0d2', text: '#1a1a1a' },
  { from: 0.2, colour: '#fcaf8f', text: '#1a1a1a' },
  { from: 0.4, colour: '#f6744f', text: '#1a1a1a' },
  { from: 0.6, colour: '#d6341d', text: '#fff' },
  { from: 0.8, colour: '#8f0f0f', text: '#fff' },
];
const step = (similarity) => STEPS.findLast((s) => similarity >= s.from);

/** The documents to draw: those in the most similar pairs, at most MAX_DOCUMENTS, in first-seen order. */
function documentsOf(pairs) {
  const ids = [];
  for (const pair of [...pairs].sort((x, y) => y.similarity - x.similarity)) {
    for (const id of [pair.a, pair.b]) if (!ids.includes(id) && ids.length < MAX_DOCUMENTS) ids.push(id);
  }
  return ids;
}

function Legend() {
  return html`<div class="legend" aria-label=${t('heatmap.scale')}>
    <span>${t('heatmap.similarity')}</span>
    ${STEPS.map((s, i) => html`<span class="legend-step">
      <span class="legend-swatch" ref=${(el) => el?.style.setProperty('background', s.colour)}></span>
      ${wholePercent(s.from)}${i + 1 < STEPS.length ? `–${wholePercent(STEPS[i + 1].from)}` : '+'}
    </span>`)}
  </div>`;
}

/**
 * The heatmap of `pairs` ({ a, b, similarity }) over documents titled by `titles` (id → title);
 * `onOpen(index)` opens pair `index` of `pairs`. `label` names the grid for screen readers.
 */
/** One cell of the heatmap: a button coloured by the pair's similarity (empty: no shared passage). */
function cellButton({ i, j, index, pair, focused }, name, { setFocus, move, onOpen }) {
  const description = pair ? t('heatmap.cell', { a: name(i), b: name(j), share: wholePercent(pair.similarity) })
    : i === j ? name(i) : t('heatmap.emptyCell', { a: name(i), b: name(j) });
  return html`<button type="button" class=${`cell ${pair ? '' : 'empty'}`} data-cell=${`${i},${j}`} tabindex=${focused ? 0 : -1}
    aria-label=${description} title=${description}
    ref=${(el) => {
      if (!el) return;
      const s = pair ? step(pair.similarity) : null;
      el.style.setProperty('background', s ? s.colour : i === j ? '#bbb' : '#fff');
      el.style.setProperty('color', s ? s.text : '#1a1a1a');
    }}
    onFocus=${() => setFocus([i, j])} onKeyDown=${(e) => move(e, i, j)} onClick=${() => pair && onOpen(index)}>
    ${pair ? Math.round(pair.similarity * 100) : ''}
  </button>`;
}

export function Heatmap({ pairs, titles, onOpen, label }) {
  const ids = useMemo(() => documentsOf(pairs), [pairs]);
  const byCell = useMemo(() => {
    const map = new Map();
    pairs.forEach((pair, index) => {
      map.set(`${pair.a}|${pair.b}`, index);
      map.set(`${pair.b}|${pair.a}`, index);
    });
    return map;
  }, [pairs]);
  const [focus, setFocus] = useState([0, 1]);
  const grid = useRef(null);
  const move = (event, row, column) => {
    const delta = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1], Home: [0, -column], End: [0, ids.length - 1 - column] }[event.key];
    if (!delta) return;
    event.preventDefault();
    const next = [Math.max(0, Math.min(ids.length - 1, row + delta[0])), Math.max(0, Math.min(ids.length - 1, column + delta[1]))];
    setFocus(next);
    grid.current?.querySelector(`[data-cell="${next[0]},${next[1]}"]`)?.focus();
  };
  if (ids.length < 2) return null;
  const name = (i) => titles[ids[i]] ?? ids[i];
  return html`<figure class="heatmap">
    <div class="heatmap-body">
    <div class="table-scroll">
      <table class="heatmap-grid" ref=${grid} aria-label=${label}>
        <thead><tr><td></td>${ids.map((id, j) => html`<th scope="col" title=${name(j)}><abbr title=${name(j)}>${j + 1}</abbr></th>`)}</tr></thead>
        <tbody>
          ${ids.map((rowId, i) => html`<tr>
            <th scope="row" title=${name(i)}><abbr title=${name(i)}>${i + 1}</abbr></th>
            ${ids.map((columnId, j) => {
              const index = byCell.get(`${rowId}|${columnId}`);
              const cell = { i, j, index, pair: index === undefined ? null : pairs[index], focused: focus[0] === i && focus[1] === j };
              return html`<td>${cellButton(cell, name, { setFocus, move, onOpen })}</td>`;
            })}
          </tr>`)}
        </tbody>
      </table>
    </div>
    <ol class="heatmap-key small">${ids.map((id, i) => html`<li key=${id}>${name(i)}</li>`)}</ol>
    </div>
    <${Legend} />
    <figcaption>
      <p class="muted small">${t('heatmap.explained')}</p>
      ${new Set(pairs.flatMap((p) => [p.a, p.b])).size > ids.length &&
      html`<p class="muted small">${t('heatmap.only', { count: MAX_DOCUMENTS })}</p>`}
    </figcaption>
  </figure>`;
}
