// A batch of papers (a class's essays): each against the library, in a table that sorts by any
// column, and the papers against each other (who copied from whom), with a paper's full report one
// click away.
import { html, useMemo, useRef, useState } from '../../pkg/vendor/ui.js';
import { PairsView } from './pairs.js';
import { useReveal } from './reveal.js';
import { percent } from '../../js/words/percent.js';
import { count, formatNumber, t } from '../../js/words/i18n.js';

/** The table's columns: what each shows and how it sorts (`name` is a catalogue key). */
const COLUMNS = [
  { name: 'batch.paper', value: (row) => row.title.toLocaleLowerCase(), show: (row) => row.title },
  { name: 'batch.matchesLibrary', value: (row) => row.similarity ?? -1, show: (row) => (row.error ? row.error : percent(row.similarity)) },
  { name: 'batch.topSource', value: (row) => row.top?.title ?? '', show: (row) => (row.top ? `${row.top.title} (${percent(row.top.similarity)})` : '—') },
  { name: 'batch.twin', value: (row) => row.twin?.similarity ?? -1, show: (row) => (row.twin ? `${row.twin.title} (${percent(row.twin.similarity)})` : '—') },
  { name: 'batch.words', value: (row) => row.words ?? -1, show: (row) => formatNumber(row.words ?? 0) },
];

/** Each result with the most similar other paper of the batch. */
function rowsOf(batch) {
  const titles = Object.fromEntries(batch.papers.map((p) => [p.id, p.title]));
  return batch.results.map((result) => {
    let twin = null;
    for (const pair of batch.pairs) {
      const other = pair.a === result.id ? pair.b : pair.b === result.id ? pair.a : null;
      if (other && (!twin || pair.similarity > twin.similarity)) twin = { title: titles[other], similarity: pair.similarity };
    }
    return { ...result, twin };
  });
}

function SortButton({ column, index, sort, setSort }) {
  const active = sort.column === index;
  const next = () => setSort({ column: index, descending: active ? !sort.descending : index !== 0 });
  return html`<th scope="col" aria-sort=${active ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
    <button type="button" class="sort" onClick=${next}>${t(column.name)}${active ? (sort.descending ? ' ▼' : ' ▲') : ''}</button>
  </th>`;
}

/** The batch results. */
export function Batch({ state, actions }) {
  const heading = useRef(null);
  useReveal(state.batch, heading);
  const { batch } = state;
  const [sort, setSort] = useState({ column: 1, descending: true });
  const rows = useMemo(() => {
    const all = rowsOf(batch);
    const { value } = COLUMNS[sort.column];
    const order = sort.descending ? -1 : 1;
    return all.sort((a, b) => (value(a) < value(b) ? -order : value(a) > value(b) ? order : 0));
  }, [batch, sort]);
  const titles = Object.fromEntries(batch.papers.map((p) => [p.id, p.title]));
  const texts = Object.fromEntries(batch.papers.map((p) => [p.id, p]));
  const summary = batch.pairs.length
    ? t('batch.pairs', { count: batch.pairs.length, papers: count('count.paper', batch.papers.length) })
    : t('batch.noPairs', { papers: count('count.paper', batch.papers.length) });
  return html`<section class="report batch" aria-labelledby="batch-heading">
    <h2 id="batch-heading" ref=${heading} tabindex="-1">${t('batch.heading', { papers: count('count.paper', batch.papers.length) })}</h2>
    <p class="muted">${t('batch.hint')}</p>
    <div class="table-scroll" tabindex="0" role="region" aria-label=${t('batch.tableLabel')}>
      <table class="batch-table">
        <thead><tr>${COLUMNS.map((column, index) => html`<${SortButton} column=${column} index=${index} sort=${sort} setSort=${setSort} />`)}</tr></thead>
        <tbody>
          ${rows.map((row) => html`<tr key=${row.id}>
            <td><button type="button" class="link" onClick=${() => actions.openBatchPaper(row.id)}
              aria-label=${t('batch.openLabel', { title: row.title })}>${row.title}</button></td>
            ${COLUMNS.slice(1).map((column) => html`<td>${column.show(row)}</td>`)}
          </tr>`)}
        </tbody>
      </table>
    </div>
    <${PairsView} heading=${t('batch.compared')} summary=${summary} pairs=${batch.pairs} titles=${titles}
      load=${async (id) => texts[id]} />
  </section>`;
}
