// "Who copied from whom" within the library: every pair of references that share passages, most
// similar first, and the side-by-side view of the chosen pair.
import { html, useEffect, useState } from '../../pkg/vendor/ui.js';
import { Compare } from './compare.js';

const percent = (x) => `${(x * 100).toFixed(1)}%`;

function PairTable({ pairs, titles, selected, onOpen }) {
  return html`<div class="table-scroll" tabindex="0" role="region" aria-label="Pairs of references">
    <table class="pairs">
      <thead><tr><th scope="col">Document</th><th scope="col">Document</th><th scope="col">Similarity</th>
        <th scope="col">Passages</th><th scope="col">Share of first in second</th><th scope="col">Share of second in first</th></tr></thead>
      <tbody>
        ${pairs.map((pair, index) => html`<tr key=${`${pair.a}|${pair.b}`} class=${selected === index ? 'current' : ''}>
          <td><button type="button" class="link" onClick=${() => onOpen(index)}>${titles[pair.a] ?? pair.a}</button></td>
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

/** The all-pairs comparison of the library. */
export function Pairs({ state, actions }) {
  const { pairs, references } = state.pairs;
  const titles = Object.fromEntries(references.map((r) => [r.id, r.title]));
  const [open, setOpen] = useState(null);
  const [texts, setTexts] = useState(null);
  const [passage, setPassage] = useState(0);
  useEffect(() => {
    let live = true;
    setTexts(null);
    if (open === null) return;
    Promise.all([actions.getReference(pairs[open].a), actions.getReference(pairs[open].b)]).then((t) => live && setTexts(t), () => {});
    return () => (live = false);
  }, [open, pairs]);
  return html`<section class="report" aria-labelledby="pairs-heading">
    <h2 id="pairs-heading">Pairs in the library</h2>
    <p class="overall">${pairs.length
      ? `${pairs.length} pair${pairs.length === 1 ? '' : 's'} of references share passages (of ${references.length} references).`
      : `No two of the ${references.length} references share a passage.`}</p>
    ${pairs.length > 0 && html`<${PairTable} pairs=${pairs} titles=${titles} selected=${open} onOpen=${(i) => (setOpen(i), setPassage(0))} />`}
    ${texts && html`<${Compare} left=${{ title: texts[0].title, text: texts[0].text }} right=${{ title: texts[1].title, text: texts[1].text }}
      passages=${pairs[open].report.passages} passage=${passage} onPassage=${setPassage} onClose=${() => setOpen(null)} />`}
  </section>`;
}
