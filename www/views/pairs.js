// "Who copied from whom" among a set of documents (the library, or a batch of papers): a heatmap,
// every pair sharing passages in a table, most similar first, a threshold to hide the weak ones,
// and the side-by-side view of the chosen pair.
import { html, useEffect, useMemo, useRef, useState } from '../../pkg/vendor/ui.js';
import { Compare } from './compare.js';
import { Heatmap } from './heatmap.js';
import { useReveal } from './reveal.js';
import { percent } from '../../js/words/percent.js';
import { count, t } from '../../js/words/i18n.js';

function PairTable({ pairs, titles, selected, onOpen }) {
  return html`<div class="table-scroll" tabindex="0" role="region" aria-label=${t('pairs.tableLabel')}>
    <table class="pairs">
      <thead><tr><th scope="col">${t('pairs.document')}</th><th scope="col">${t('pairs.document')}</th><th scope="col">${t('pairs.similarity')}</th>
        <th scope="col">${t('pairs.passages')}</th><th scope="col">${t('pairs.firstInSecond')}</th><th scope="col">${t('pairs.secondInFirst')}</th></tr></thead>
      <tbody>
        ${pairs.map(({ pair, index }) => html`<tr key=${`${pair.a}|${pair.b}`} class=${selected === index ? 'current' : ''}>
          <td><button type="button" class="link" onClick=${() => onOpen(index)}
            aria-label=${t('pairs.compareLabel', { a: titles[pair.a] ?? pair.a, b: titles[pair.b] ?? pair.b })}>${titles[pair.a] ?? pair.a}</button></td>
          <td>${titles[pair.b] ?? pair.b}</td>
          <td>${percent(pair.similarity)}</td>
          <td>${pair.report.passages.length}</td>
          <td>${percent(pair.report.similarity)}</td>
          <td>${percent(pair.report.sourceCoverage)}</td>
        </tr>`)}
      </tbody>
    </table>
  </div>`;
}

/**
 * Pairs of documents that share passages: a threshold, the heatmap, the table and the chosen pair
 * side by side. `pairs` from the engine's `pairs()`, `titles` id → title, `load(id)` resolves a
 * document `{ title, text }` for the side-by-side view; `reveal`: bring the heading into view when
 * `pairs` are new (the library's pairs; a batch's are below its own heading).
 */
export function PairsView({ heading, summary, pairs, titles, load, reveal = false }) {
  const headingRef = useRef(null);
  useReveal(reveal ? pairs : null, headingRef);
  const [threshold, setThreshold] = useState(10);
  const [open, setOpen] = useState(null);
  const [texts, setTexts] = useState(null);
  const [passage, setPassage] = useState(0);
  const shown = useMemo(
    () => pairs.map((pair, index) => ({ pair, index })).filter(({ pair }) => pair.similarity * 100 >= threshold),
    [pairs, threshold],
  );
  useEffect(() => {
    let live = true;
    setTexts(null);
    if (open !== null) Promise.all([load(pairs[open].a), load(pairs[open].b)]).then((t) => live && setTexts(t), () => {});
    return () => (live = false);
  }, [open, pairs]);
  const openPair = (index) => {
    setOpen(index);
    setPassage(0);
  };
  return html`<section class="report" aria-labelledby="pairs-heading">
    <h2 id="pairs-heading" ref=${headingRef} tabindex="-1">${heading}</h2>
    <p class="overall">${summary}</p>
    ${pairs.length > 0 &&
    html`<div class="row">
        <label class="inline" for="pair-threshold">${t('pairs.thresholdBefore')}
          <input id="pair-threshold" type="number" min="0" max="100" step="1" value=${threshold}
            onInput=${(e) => setThreshold(Math.min(100, Math.max(0, Number(e.currentTarget.value) || 0)))} />${t('pairs.thresholdAfter')}</label>
        <span class="muted">${t('pairs.shown', { shown: shown.length, total: pairs.length })}</span>
      </div>
      <${Heatmap} pairs=${shown.map(({ pair }) => pair)} titles=${titles} label=${t('pairs.heatmapLabel', { heading })}
        onOpen=${(i) => openPair(shown[i].index)} />
      <${PairTable} pairs=${shown} titles=${titles} selected=${open} onOpen=${openPair} />`}
    ${texts && open !== null &&
    html`<${Compare} left=${texts[0]} right=${texts[1]} passages=${pairs[open].report.passages} passage=${passage}
      onPassage=${setPassage} onClose=${() => setOpen(null)} titles=${[texts[0].title, texts[1].title]} reveal />`}
  </section>`;
}

/** The all-pairs comparison of the library. */
export function Pairs({ state, actions }) {
  const { pairs, references } = state.pairs;
  const titles = Object.fromEntries(references.map((r) => [r.id, r.title]));
  const summary = pairs.length
    ? t('pairs.summary', { count: pairs.length, references: count('count.reference', references.length) })
    : t('pairs.noneOf', { references: count('count.reference', references.length) });
  return html`<${PairsView} heading=${t('app.view.pairs')} summary=${summary} pairs=${pairs} titles=${titles}
    load=${(id) => actions.getReference(id)} reveal />`;
}
