// The page: paper and references in, the report out. The engine lives in a Web Worker
// (www/worker.js); this file only reads inputs and renders results.
import { startEngine } from './engine.js';
import { disjoint, renderHighlighted } from './highlight.js';
import { download, readTextFile } from './files.js';
import { unitName } from '../js/units.js';
import { evasionPhrases } from '../js/evasion.js';

const $ = (id) => document.getElementById(id);
const percent = (x) => `${(x * 100).toFixed(1)}%`;
let engine;
let report = null;
let checkedText = '';
let pastedCount = 0;

function setStatus(message) {
  $('status').textContent = message;
}

function showError(message) {
  $('error').textContent = message;
  $('error').hidden = !message;
}

/** Runs `work` with the buttons disabled and errors shown, then counts it as done (for tests). */
async function busy(label, work) {
  showError('');
  setStatus(label);
  document.querySelectorAll('button').forEach((b) => (b.disabled = true));
  try {
    await work();
  } catch (error) {
    showError(error.message);
    // After a crash the status area is where the restart is explained (engineRestarted).
    if (!error.restarted) setStatus('');
  } finally {
    document.querySelectorAll('button').forEach((b) => (b.disabled = false));
    document.body.dataset.completed = String(Number(document.body.dataset.completed ?? 0) + 1);
  }
}

function renderReferences(references) {
  const list = $('ref-list');
  list.replaceChildren(
    ...references.map((reference) => {
      const item = document.createElement('li');
      const label = document.createElement('span');
      label.textContent = `${reference.base ? '[base] ' : ''}${reference.title} — ${reference.words} words`;
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.textContent = '×';
      remove.title = `Remove ${reference.title}`;
      remove.addEventListener('click', () =>
        busy('Removing…', async () => {
          renderReferences(await engine.request('removeReference', { id: reference.id }));
          setStatus('Removed.');
        }),
      );
      item.append(label, remove);
      return item;
    }),
  );
  $('ref-count').textContent = references.length ? `(${references.length})` : '';
}

async function addReferences(references) {
  const { references: all, errors } = await engine.request('addReferences', { references }, (done, total) =>
    setStatus(`Indexing references: ${done} of ${total}…`),
  );
  renderReferences(all);
  if (errors.length) showError(errors.join('; '));
  return all;
}

function describeEvasion(evasion) {
  const parts = evasionPhrases(evasion);
  return parts.length ? `The paper contains ${parts.join(', ')}: ignored for matching, so the copies are still found.` : '';
}

async function renderReport() {
  $('results').hidden = false;
  $('overall').textContent = report.sources.length
    ? `${percent(report.similarity)} of the paper matches ${report.sources.length} source(s) (${report.words} words checked)`
    : `No matching sources found (${report.words} words checked).`;
  const evasion = describeEvasion(report.evasion);
  $('evasion').textContent = evasion;
  $('evasion').hidden = !evasion;
  const kinds = {};
  for (const e of report.excluded) kinds[e.kind] = (kinds[e.kind] ?? 0) + 1;
  $('excluded').textContent = Object.keys(kinds).length
    ? `Excluded from the check: ${Object.entries(kinds).map(([k, n]) => `${n} ${k === 'base' ? 'base-document passage' : k}${n > 1 ? 's' : ''}`).join(', ')}.`
    : '';
  const body = $('sources').tBodies[0];
  body.replaceChildren(
    ...report.sources.map((source, index) =>
      tableRow(
        [
          source.title,
          percent(source.similarity),
          String(source.passages.length),
          percent(source.sourceCoverage),
          source.jaccard.toFixed(2),
          String(source.simhashDistance),
        ],
        index,
        showSource,
      ),
    ),
  );
  $('sources').hidden = report.sources.length === 0;
  $('pairs-table').hidden = true;
  $('heatmap-figure').hidden = true;
  $('compare').hidden = true;
  $('passage-evidence').hidden = true;
  if (report.sources.length) await showSource(0);
}

/** Why passage number `index` of `text` was reported: the tooltip of its highlights. */
function passageEvidence(passage, index, text) {
  const unit = unitName(text.slice(passage.start, passage.end));
  const lines = [
    `Passage ${index + 1}: ${passage.matchedWords} of ${passage.words} ${unit} in exact shared runs (${percent(passage.matchedShare)})`,
    `Longest exact run: ${passage.longestRun} ${unit}`,
  ];
  if (passage.convertedScript) lines.push('Copied across Traditional and Simplified Chinese characters');
  return lines.join('\n');
}

/** Shows two texts side by side with the passages' shared runs highlighted in both. */
function showComparison(leftTitle, leftText, rightTitle, rightText, passages) {
  const leftRanges = [];
  const rightRanges = [];
  passages.forEach((passage, p) => {
    const title = passageEvidence(passage, p, leftText);
    for (const run of passage.ngrams) {
      leftRanges.push({ start: run.start, end: run.end, passage: p, title });
      rightRanges.push({ start: run.sourceStart, end: run.sourceEnd, passage: p, title });
    }
  });
  renderHighlighted($('view-paper'), leftText, disjoint(leftRanges));
  renderHighlighted($('view-source'), rightText, disjoint(rightRanges));
  $('passage-evidence').hidden = true;
  $('view-paper-title').textContent = leftTitle;
  $('view-source-title').textContent = rightTitle;
  $('compare').hidden = false;
  // Start both panes at their first shared passage (without scrolling the page itself).
  for (const view of [$('view-paper'), $('view-source')]) {
    const first = view.querySelector('mark');
    view.scrollTop = first ? Math.max(0, first.offsetTop - view.offsetTop - 24) : 0;
  }
}

function selectRow(table, index) {
  document.querySelectorAll(`#${table} tbody tr`).forEach((row) => row.classList.toggle('selected', row.dataset.index === String(index)));
}

async function showSource(index) {
  const source = report.sources[index];
  selectRow('sources', index);
  const reference = await engine.request('getReference', { id: source.id });
  showComparison('Paper', checkedText, `Source: ${source.title}`, reference.text, source.passages);
}

let pairs = [];

async function showPair(index) {
  const pair = pairs[index];
  selectRow('pairs-table', index);
  const [a, b] = await Promise.all([
    engine.request('getReference', { id: pair.a }),
    engine.request('getReference', { id: pair.b }),
  ]);
  showComparison(a.title, a.text, b.title, b.text, pair.report.passages);
}

function tableRow(values, index, onClick) {
  const row = document.createElement('tr');
  row.dataset.index = String(index);
  for (const value of values) {
    const cell = document.createElement('td');
    cell.textContent = value;
    row.append(cell);
  }
  row.addEventListener('click', () => busy('Opening…', async () => { await onClick(index); setStatus(''); }));
  return row;
}

/**
 * Draws the pairs as a heatmap over the documents that appear in any pair: cell (i, j) is darker the
 * more similar documents i and j are. Clicking a cell opens that pair.
 */
function renderHeatmap(titles) {
  const ids = [...new Set(pairs.flatMap((p) => [p.a, p.b]))];
  const position = new Map(ids.map((id, i) => [id, i]));
  const cell = Math.max(4, Math.min(24, Math.floor(480 / Math.max(ids.length, 1))));
  const canvas = $('heatmap');
  canvas.width = canvas.height = ids.length * cell;
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  const byCell = new Map();
  pairs.forEach((pair, index) => {
    const [i, j] = [position.get(pair.a), position.get(pair.b)];
    const alpha = 0.15 + 0.85 * Math.min(1, pair.similarity);
    context.fillStyle = `rgba(200, 60, 0, ${alpha})`;
    for (const [x, y] of [[i, j], [j, i]]) {
      context.fillRect(x * cell, y * cell, cell, cell);
      byCell.set(`${x},${y}`, index);
    }
  });
  const at = (event) => {
    const box = canvas.getBoundingClientRect();
    const x = Math.floor(((event.clientX - box.left) * canvas.width) / box.width / cell);
    const y = Math.floor(((event.clientY - box.top) * canvas.height) / box.height / cell);
    return byCell.get(`${x},${y}`);
  };
  canvas.onmousemove = (event) => {
    const index = at(event);
    const pair = pairs[index];
    canvas.title = pair ? `${titles[pair.a] ?? pair.a} / ${titles[pair.b] ?? pair.b}: ${percent(pair.similarity)}` : '';
  };
  canvas.onclick = (event) => {
    const index = at(event);
    if (index !== undefined) busy('Opening…', async () => { await showPair(index); setStatus(''); });
  };
  $('heatmap-figure').hidden = ids.length === 0;
}

async function renderPairs(references) {
  const titles = Object.fromEntries(references.map((r) => [r.id, r.title]));
  $('results').hidden = false;
  $('evasion').hidden = true;
  $('excluded').textContent = '';
  $('sources').hidden = true;
  $('compare').hidden = true;
  $('passage-evidence').hidden = true;
  $('overall').textContent = pairs.length
    ? `${pairs.length} pair(s) of references share passages (of ${references.length} references).`
    : `No two of the ${references.length} references share a passage.`;
  $('pairs-table').tBodies[0].replaceChildren(
    ...pairs.map((pair, index) =>
      tableRow(
        [
          titles[pair.a] ?? pair.a,
          titles[pair.b] ?? pair.b,
          percent(pair.similarity),
          String(pair.report.passages.length),
          percent(pair.report.similarity),
          percent(pair.report.sourceCoverage),
        ],
        index,
        showPair,
      ),
    ),
  );
  $('pairs-table').hidden = pairs.length === 0;
  renderHeatmap(titles);
  if (pairs.length) await showPair(0);
}

/** Clicking a highlighted run shows its twin in the other text. */
function linkTwins(from, to) {
  $(from).addEventListener('click', (event) => {
    const mark = event.target.closest('mark');
    if (!mark) return;
    document.querySelectorAll('mark.active').forEach((m) => m.classList.remove('active'));
    const twins = $(to).querySelectorAll(`mark[data-passage="${mark.dataset.passage}"]`);
    $(from).querySelectorAll(`mark[data-passage="${mark.dataset.passage}"]`).forEach((m) => m.classList.add('active'));
    twins.forEach((m) => m.classList.add('active'));
    twins[0]?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    // The evidence is the marks' tooltip too; shown here for keyboards and touch screens.
    $('passage-evidence').textContent = mark.title.replaceAll('\n', ' · ');
    $('passage-evidence').hidden = !mark.title;
  });
}

function checkOptions() {
  const minWords = Number($('opt-min').value);
  return {
    excludeQuotes: $('opt-quotes').checked,
    excludeBibliography: $('opt-bib').checked,
    align: { minWords },
  };
}

async function readFiles(files) {
  const references = [];
  const errors = [];
  for (const file of files) {
    try {
      references.push({ id: `file:${file.name}:${file.size}:${file.lastModified}`, title: file.name, text: await readTextFile(file) });
    } catch (error) {
      errors.push(error.message);
    }
  }
  return { references, errors };
}

function wire() {
  $('check').addEventListener('click', () =>
    busy('Checking…', async () => {
      const text = $('paper').value;
      if (!text.trim()) throw new Error('Paste or open a paper first.');
      const references = await engine.request('references');
      if (!references.length) throw new Error('Add at least one reference (files, a pasted text, or the demo set).');
      report = await engine.request('check', { text, options: checkOptions() });
      checkedText = text;
      await renderReport();
      setStatus('Done.');
    }),
  );
  $('ref-add').addEventListener('click', () =>
    busy('Adding…', async () => {
      const text = $('ref-text').value;
      if (!text.trim()) throw new Error('Paste the text of the reference first.');
      pastedCount += 1;
      const title = $('ref-title').value.trim() || `Pasted reference ${pastedCount}`;
      await addReferences([{ id: `pasted:${Date.now()}:${pastedCount}`, title, text }]);
      $('ref-text').value = '';
      $('ref-title').value = '';
      setStatus(`Added ${title}.`);
    }),
  );
  $('ref-files').addEventListener('change', (event) =>
    busy('Reading files…', async () => {
      const { references, errors } = await readFiles([...event.target.files]);
      event.target.value = '';
      if (references.length) await addReferences(references);
      if (errors.length) throw new Error(errors.join('; '));
      setStatus(`Added ${references.length} file(s).`);
    }),
  );
  $('paper-file').addEventListener('change', (event) =>
    busy('Reading…', async () => {
      const [file] = event.target.files;
      event.target.value = '';
      if (file) $('paper').value = await readTextFile(file);
      setStatus('');
    }),
  );
  const paper = $('paper');
  paper.addEventListener('dragover', (event) => {
    event.preventDefault();
    paper.classList.add('dragging');
  });
  paper.addEventListener('dragleave', () => paper.classList.remove('dragging'));
  paper.addEventListener('drop', (event) => {
    event.preventDefault();
    paper.classList.remove('dragging');
    const [file] = event.dataTransfer.files;
    if (file) busy('Reading…', async () => { paper.value = await readTextFile(file); setStatus(''); });
  });
  $('demo').addEventListener('click', () =>
    busy('Loading the demo set…', async () => {
      const { references, errors, example } = await engine.request('loadDemo');
      renderReferences(references);
      $('example').dataset.text = example;
      if (errors.length) showError(errors.join('; '));
      setStatus(`Demo set loaded: ${references.length} references.`);
    }),
  );
  $('example').addEventListener('click', () =>
    busy('Loading the example…', async () => {
      if (!$('example').dataset.text) {
        const { references, example } = await engine.request('loadDemo');
        renderReferences(references);
        $('example').dataset.text = example;
      }
      $('paper').value = $('example').dataset.text;
      setStatus('Example paper and demo references loaded: press Check.');
    }),
  );
  $('pairs').addEventListener('click', () =>
    busy('Comparing all references…', async () => {
      const references = await engine.request('references');
      if (references.length < 2) throw new Error('Add at least two references to compare them with each other.');
      pairs = await engine.request('pairs', { options: checkOptions() });
      await renderPairs(references);
      setStatus('Done.');
    }),
  );
  $('save-index').addEventListener('click', () =>
    busy('Saving…', async () => {
      const bytes = await engine.request('exportIndex');
      download(bytes, 'references.idx');
      setStatus(`Index saved (${bytes.length} bytes).`);
    }),
  );
  $('index-file').addEventListener('change', (event) =>
    busy('Opening the index…', async () => {
      const [file] = event.target.files;
      event.target.value = '';
      if (!file) return;
      const bytes = new Uint8Array(await file.arrayBuffer());
      renderReferences(await engine.request('importIndex', { bytes }));
      setStatus(`Index ${file.name} loaded.`);
    }),
  );
  linkTwins('view-paper', 'view-source');
  linkTwins('view-source', 'view-paper');
}

/** The engine stopped and was restarted (www/engine.js): its message goes where the user looks. */
function engineRestarted({ references, message, gaveUp }) {
  if (references) renderReferences(references);
  if (gaveUp) showError(message);
  setStatus(gaveUp ? '' : message);
}

/** Caches the app for offline use (the service worker only ever talks to this origin). */
function registerOffline() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register(new URL('../sw.js', import.meta.url), { scope: new URL('../', import.meta.url).pathname })
    .catch((error) => console.warn(`offline mode unavailable: ${error.message}`));
}

async function main() {
  registerOffline();
  try {
    engine = await startEngine({ onRestart: engineRestarted });
  } catch (error) {
    setStatus('');
    showError(error.message);
    return;
  }
  wire();
  renderReferences(await engine.request('references'));
  setStatus(`Engine ready (plagscope ${engine.version}).`);
  $('check').disabled = false;
  document.body.dataset.ready = 'true';
}

main();
