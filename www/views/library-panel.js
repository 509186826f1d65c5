// The reference library: what the paper is compared with. Grouped (the user's own references, the
// demo set), each reference renamable, removable and markable as a template (base document), with
// add (files, a folder, drag and drop, paste), save/open as a file, clear, and the storage used.
import { html, useEffect, useRef, useState } from '../../pkg/vendor/ui.js';
import { ACCEPT, download } from '../files.js';

const GROUPS = [
  { name: null, title: 'Your references', empty: 'None yet: add files or a folder, drop files here, or paste a text.' },
  { name: 'demo', title: 'Demo set (CIA World Factbook, public domain)' },
];

/** A size in words a reader knows: 0.4 MB, 12 MB, 10.7 GB. */
const size = (bytes) => (bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${(bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0)} MB`);

/**
 * One reference of the list. The list is one Tab stop (a roving tab index): `column` is the place
 * of the control that Tab reaches (0 template, 1 Rename, 2 Remove) when this reference is the
 * list's current one, else null; the arrow keys move between references and controls (`Group`).
 */
function Item({ reference, actions, busy, column }) {
  const tab = (k) => (column === k ? 0 : -1);
  const [editing, setEditing] = useState(false);
  // The box shows the user's choice at once, while the reference is indexed again with it.
  const [pendingBase, setPendingBase] = useState(null);
  const input = useRef(null);
  useEffect(() => {
    if (!editing) return;
    input.current?.focus();
    input.current?.select();
  }, [editing]);
  // A keyboard user removing a reference stays in the list: the focus goes to the neighbour's
  // Remove button (or the panel's heading when the list is gone), not back to the top of the page.
  const removeThis = async (event) => {
    const item = event.currentTarget.closest('li');
    const neighbour = (item.nextElementSibling ?? item.previousElementSibling)?.querySelector('button[aria-label^="Remove "]');
    const label = neighbour?.getAttribute('aria-label');
    await actions.remove([reference.id], `“${reference.title}”`);
    const target = label && document.querySelector(`.library button[aria-label="${CSS.escape(label)}"]`);
    (target || document.getElementById('library-heading'))?.focus();
  };
  const toggleBase = async (base) => {
    setPendingBase(base);
    await actions.setBase(reference.id, base);
    setPendingBase(null);
  };
  const save = (event) => {
    event.preventDefault();
    setEditing(false);
    const title = input.current.value;
    if (title.trim() && title.trim() !== reference.title) actions.rename(reference.id, title);
  };
  const units = reference.words === 1 ? 'word' : 'words';
  return html`<li class="ref" data-id=${reference.id}>
    ${editing
      ? html`<form class="rename" onSubmit=${save}>
          <label class="visually-hidden" for=${`rename-${reference.id}`}>New title for ${reference.title}</label>
          <input id=${`rename-${reference.id}`} ref=${input} defaultValue=${reference.title}
            onKeyDown=${(e) => e.key === 'Escape' && setEditing(false)} />
          <button type="submit">Save</button>
          <button type="button" onClick=${() => setEditing(false)}>Cancel</button>
        </form>`
      : html`<span class="ref-title" title=${reference.title}>${reference.title}</span>
          <span class="ref-meta">${reference.words.toLocaleString()} ${units}${reference.base ? ' · template' : ''}</span>
          <span class="ref-actions">
            <label class="inline small" title="A template (e.g. the assignment text) is left out of papers and never reported">
              <input type="checkbox" data-column="0" tabindex=${tab(0)} checked=${pendingBase ?? reference.base} disabled=${busy && pendingBase === null}
                onChange=${(e) => toggleBase(e.currentTarget.checked)} />
              template
            </label>
            <button type="button" class="small" data-column="1" tabindex=${tab(1)} disabled=${busy} aria-label=${`Rename ${reference.title}`}
              onClick=${() => setEditing(true)}>Rename</button>
            <button type="button" class="small" data-column="2" tabindex=${tab(2)} disabled=${busy} aria-label=${`Remove ${reference.title}`}
              onClick=${removeThis}>Remove</button>
          </span>`}
  </li>`;
}

/** Most references listed at once: a long library is filtered by title instead of drawn whole. */
export const LISTED = 200;

/** Controls per reference that the arrow keys move between. */
const COLUMNS = 3;

/**
 * Where the arrow keys, Home and End move from `at` (`{ row, column }`) in a list of `rows`
 * references, or null for another key.
 */
export function arrowMove(key, { row, column }, rows) {
  const moves = {
    ArrowDown: { row: Math.min(rows - 1, row + 1), column },
    ArrowUp: { row: Math.max(0, row - 1), column },
    ArrowRight: { row, column: Math.min(COLUMNS - 1, column + 1) },
    ArrowLeft: { row, column: Math.max(0, column - 1) },
    Home: { row: 0, column },
    End: { row: rows - 1, column },
  };
  return moves[key] ?? null;
}

function Group({ group, references, actions, busy }) {
  const [filter, setFilter] = useState('');
  const [current, setCurrent] = useState({ id: null, column: 2 });
  if (!references.length && group.name) return null;
  const remove = () => actions.remove(references.map((r) => r.id), `the ${group.name} set`);
  const needle = filter.trim().toLocaleLowerCase();
  const matching = needle ? references.filter((r) => r.title.toLocaleLowerCase().includes(needle)) : references;
  const listed = matching.slice(0, LISTED);
  const currentId = listed.some((r) => r.id === current.id) ? current.id : listed[0]?.id;
  const focusIn = (event) => {
    const id = event.target.closest('li[data-id]')?.dataset.id;
    const column = Number(event.target.dataset.column);
    if (id !== undefined && Number.isInteger(column)) setCurrent({ id, column });
  };
  const keyDown = (event) => {
    if (event.target.dataset.column === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    const row = listed.findIndex((r) => r.id === currentId);
    const next = arrowMove(event.key, { row, column: Number(event.target.dataset.column) }, listed.length);
    if (!next) return;
    event.preventDefault();
    const id = listed[next.row].id;
    setCurrent({ id, column: next.column });
    event.currentTarget.querySelector(`li[data-id="${CSS.escape(id)}"] [data-column="${next.column}"]`)?.focus();
  };
  const hint = `keys-${group.name ?? 'own'}`;
  return html`<section class="group" aria-label=${group.title}>
    <h3>${group.title} <span class="muted">(${references.length})</span>
      ${group.name && html` <button type="button" class="small" disabled=${busy} onClick=${remove}>Remove this group</button>`}
    </h3>
    ${references.length > 20 &&
    html`<label class="visually-hidden" for=${`filter-${group.name ?? 'own'}`}>Find in ${group.title}</label>
      <input id=${`filter-${group.name ?? 'own'}`} type="search" class="filter" placeholder="Find by title…" value=${filter}
        onInput=${(e) => setFilter(e.currentTarget.value)} />`}
    ${references.length
      ? html`<ul class="ref-list" aria-label=${`${group.title}: ${references.length} references`} aria-describedby=${hint}
          onfocusin=${focusIn} onKeyDown=${keyDown}>
          ${listed.map((r) => html`<${Item} key=${r.id} reference=${r} actions=${actions} busy=${busy} column=${r.id === currentId ? current.column : null} />`)}
        </ul>
        <p id=${hint} class="visually-hidden">One Tab stop: the arrow keys move between the references and their buttons.</p>`
      : html`<p class="muted empty">${group.empty}</p>`}
    ${matching.length > listed.length &&
    html`<p class="muted small">${listed.length} of ${matching.length.toLocaleString()} shown: type part of a title to find the others.</p>`}
  </section>`;
}

function FileButton({ id, label, onFiles, multiple = true, folder = false, accept = ACCEPT, disabled }) {
  const input = useRef(null);
  const change = (event) => {
    const files = [...event.currentTarget.files];
    event.currentTarget.value = '';
    if (files.length) onFiles(files);
  };
  return html`<button type="button" disabled=${disabled} onClick=${() => input.current.click()}>${label}</button>
    <input id=${id} ref=${input} type="file" hidden tabindex="-1" aria-hidden="true" accept=${accept} multiple=${multiple}
      webkitdirectory=${folder || undefined} onChange=${change} />`;
}

function PasteReference({ actions, busy }) {
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const add = async () => {
    await actions.addPasted(title, text);
    setTitle('');
    setText('');
  };
  return html`<details class="paste" id="add-pasted">
    <summary>Paste a reference</summary>
    <label for="ref-title">Title</label>
    <input id="ref-title" type="text" autocomplete="off" placeholder="e.g. Smith 2019, chapter 2" value=${title}
      onInput=${(e) => setTitle(e.currentTarget.value)} />
    <label for="ref-text">Text</label>
    <textarea id="ref-text" rows="5" spellcheck="false" value=${text} onInput=${(e) => setText(e.currentTarget.value)}></textarea>
    <button id="ref-add" type="button" disabled=${busy} onClick=${add}>Add to the library</button>
  </details>`;
}

function ImportChoice({ file, actions, onDone }) {
  const choose = (mode) => {
    onDone();
    actions.importLibrary(file, mode);
  };
  return html`<div class="choice" role="group" aria-label="How to open the library file">
    <p>Open <strong>${file.name}</strong>: add its references to your library, or replace your library with it?</p>
    <button type="button" onClick=${() => choose('merge')}>Add to my library</button>
    <button type="button" onClick=${() => choose('replace')}>Replace my library</button>
    <button type="button" onClick=${onDone}>Cancel</button>
  </div>`;
}

function ConfirmClear({ count, actions, onDone }) {
  return html`<div class="choice" role="group" aria-label="Clear the library">
    <p>Remove all ${count} references from the library in this browser? Save the library first if you may need it again.</p>
    <button type="button" class="danger" onClick=${() => (onDone(), actions.clear())}>Remove all</button>
    <button type="button" onClick=${onDone}>Cancel</button>
  </div>`;
}

/** What the panel says of the library's copy in this browser: never "kept" when it is not. */
function keptWords({ references, unsaved, persistence, storage }) {
  if (persistence === 'unavailable' || !storage) return 'This browser does not keep the library between visits here: save it as a file.';
  const sizes = ` (${size(storage.usage)} used of ${size(storage.quota)} available)`;
  if (unsaved.length) {
    const what = unsaved.length === references.length ? 'None of these references is kept in this browser'
      : `${unsaved.length} of these ${references.length} references ${unsaved.length === 1 ? 'is' : 'are'} not kept in this browser`;
    // The browser refused: how much it says it may store is not what it allows this page now.
    return html`<strong class="not-kept">${what} (${size(storage.usage)} stored): save the library as a file to keep them.</strong>`;
  }
  return `${references.length ? 'Kept in this browser' : 'Kept in this browser once you add references'}${sizes}.`;
}

/** The library panel. */
export function LibraryPanel({ state, actions }) {
  const [importing, setImporting] = useState(null);
  const [clearing, setClearing] = useState(false);
  const [dragging, setDragging] = useState(false);
  const busy = Boolean(state.busy);
  const byGroup = (name) => state.references.filter((r) => (state.groups[r.id] ?? null) === name);
  const drop = (event) => {
    event.preventDefault();
    setDragging(false);
    const files = [...(event.dataTransfer?.files ?? [])];
    if (files.length) actions.addFiles(files);
  };
  const storage = keptWords(state);
  return html`<section class="panel library ${dragging ? 'dragging' : ''}" aria-labelledby="library-heading"
      onDragOver=${(e) => (e.preventDefault(), setDragging(true))} onDragLeave=${() => setDragging(false)} onDrop=${drop}>
    <h2 id="library-heading" tabindex="-1">Library <span class="muted">(${state.references.length} reference${state.references.length === 1 ? '' : 's'})</span></h2>
    <p class="muted small">The paper is compared only with the references here. ${storage}</p>
    ${GROUPS.map((group) => html`<${Group} key=${group.name ?? 'own'} group=${group} references=${byGroup(group.name)} actions=${actions} busy=${busy} />`)}
    <div class="row">
      <${FileButton} id="ref-files" label="Add files…" disabled=${busy} onFiles=${(files) => actions.addFiles(files)} />
      <${FileButton} id="ref-folder" label="Add a folder…" folder disabled=${busy} onFiles=${(files) => actions.addFiles(files)} />
      <button id="demo" type="button" disabled=${busy} onClick=${actions.loadDemo}>Load the demo set</button>
    </div>
    <div class="row">
      <button id="pairs" type="button" disabled=${busy || state.references.length < 2} onClick=${actions.comparePairs}
        title="Compare every reference with every other: who copied from whom">Compare the references with each other</button>
    </div>
    <${PasteReference} actions=${actions} busy=${busy} />
    <div class="row">
      <button id="save-index" type="button" disabled=${busy} onClick=${() => actions.exportLibrary(download)}>Save library as a file</button>
      <${FileButton} id="index-file" label="Open a library file…" multiple=${false} accept=".idx,application/octet-stream" disabled=${busy}
        onFiles=${([file]) => setImporting(file)} />
      <button type="button" disabled=${busy || !state.references.length} onClick=${() => setClearing(true)}>Clear library…</button>
    </div>
    ${importing && html`<${ImportChoice} file=${importing} actions=${actions} onDone=${() => setImporting(null)} />`}
    ${clearing && html`<${ConfirmClear} count=${state.references.length} actions=${actions} onDone=${() => setClearing(false)} />`}
  </section>`;
}
