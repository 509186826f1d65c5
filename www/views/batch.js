// A batch of papers (a class's essays): each against the library, in a table that sorts by any
// column, and the papers against each other (who copied from whom), with a paper's full report one
// click away.
import { html, useMemo, useRef, useState } from '../../pkg/vendor/ui.js';
import { PairsView } from './pairs.js';
import { useReveal } from './reveal.js';
import { percent } from '../../js/words.js';


/** The table's columns: what each shows and how it sorts. */
const COLUMNS = [
  { name: 'Paper', value: (row) => row.title.toLocaleLowerCase(), show: (row) => row.title },
  { name: 'Matches the library', value: (row) => row.similarity ?? -1, show: (row) => (row.error ? row.error : percent(row.similarity)) },
  { name: 'Most similar source', value: (row) => row.top?.title ?? '', show: (row) => (row.top ? `${row.top.title} (${percent(row.top.similarity)})` : '—') },
  { name: 'Most similar other paper', value: (row) => row.twin?.similarity ?? -1, show: (row) => (row.twin ? `${row.twin.title} (${percent(row.twin.similarity)})` : '—') },
  { name: 'Words checked', value: (row) => row.words ?? -1, show: (row) => (row.words ?? 0).toLocaleString() },
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
    <button type="button" class="sort" onClick=${next}>${column.name}${active ? (sort.descending ? ' ▼' : ' ▲') : ''}</button>
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
    ? `${batch.pairs.length === 1 ? '1 pair' : `${batch.pairs.length} pairs`} of the ${batch.papers.length} papers ${batch.pairs.length === 1 ? 'shares' : 'share'} passages.`
    : `No two of the ${batch.papers.length} papers share a passage.`;
  return html`<section class="report batch" aria-labelledby="batch-heading">
    <h2 id="batch-heading" ref=${heading} tabindex="-1">${batch.papers.length} papers checked against the library</h2>
    <p class="muted">Choose a paper to open its full report. Column headings sort the table.</p>
    <div class="table-scroll" tabindex="0" role="region" aria-label="Papers and their similarity">
      <table class="batch-table">
        <thead><tr>${COLUMNS.map((column, index) => html`<${SortButton} column=${column} index=${index} sort=${sort} setSort=${setSort} />`)}</tr></thead>
        <tbody>
          ${rows.map((row) => html`<tr key=${row.id}>
            <td><button type="button" class="link" onClick=${() => actions.openBatchPaper(row.id)}
              aria-label=${`Open the report of ${row.title}`}>${row.title}</button></td>
            ${COLUMNS.slice(1).map((column) => html`<td>${column.show(row)}</td>`)}
          </tr>`)}
        </tbody>
      </table>
    </div>
    <${PairsView} heading="Papers compared with each other" summary=${summary} pairs=${batch.pairs} titles=${titles}
      load=${async (id) => texts[id]} />
  </section>`;
}
