// The reference library: what the paper is compared with. Grouped (the user's own references, the
// demo set), each reference renamable, removable and markable as a template (base document), with
// add (files, a folder, drag and drop, paste), save/open as a file, clear, and the storage used.
import { html, useEffect, useRef, useState } from '../../pkg/vendor/ui.js';
import { ACCEPT, download } from '../files.js';
import { count, formatNumber, t } from '../../js/words/i18n.js';
import { ArchivePanel } from './archive-panel.js';

const GROUPS = [
  { name: null, title: 'library.own', empty: 'library.ownEmpty' },
  { name: 'demo', title: 'library.demo' },
];

/** A size in words a reader knows: 0.4 MB, 12 MB, 10.7 GB. */
const size = (bytes) => (bytes >= 1e9 ? `${formatNumber(bytes / 1e9, { maximumFractionDigits: 1, minimumFractionDigits: 1 })} GB` : `${(bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0)} MB`);

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
    const neighbour = (item.nextElementSibling ?? item.previousElementSibling)?.querySelector('button[data-column="2"]');
    const label = neighbour?.getAttribute('aria-label');
    await actions.remove([reference.id], t('library.quoted', { title: reference.title }));
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
  return html`<li class="ref" data-id=${reference.id}>
    ${editing
      ? html`<form class="rename" onSubmit=${save}>
          <label class="visually-hidden" for=${`rename-${reference.id}`}>${t('library.newTitle', { title: reference.title })}</label>
          <input id=${`rename-${reference.id}`} ref=${input} defaultValue=${reference.title}
            onKeyDown=${(e) => e.key === 'Escape' && setEditing(false)} />
          <button type="submit">${t('library.save')}</button>
          <button type="button" onClick=${() => setEditing(false)}>${t('library.cancel')}</button>
        </form>`
      : html`<span class="ref-title" title=${reference.title}>${reference.title}</span>
          <span class="ref-meta">${count('count.word', reference.words)}${reference.base ? ` · ${t('library.templateTag')}` : ''}</span>
          <span class="ref-actions">
            <label class="inline small" title=${t('library.templateTitle')}>
              <input type="checkbox" data-column="0" tabindex=${tab(0)} checked=${pendingBase ?? reference.base} disabled=${busy && pendingBase === null}
                onChange=${(e) => toggleBase(e.currentTarget.checked)} />
              ${t('library.templateTag')}
            </label>
            <button type="button" class="small" data-column="1" tabindex=${tab(1)} disabled=${busy} aria-label=${t('library.renameLabel', { title: reference.title })}
              onClick=${() => setEditing(true)}>${t('library.rename')}</button>
            <button type="button" class="small" data-column="2" tabindex=${tab(2)} disabled=${busy} aria-label=${t('library.removeLabel', { title: reference.title })}
              onClick=${removeThis}>${t('library.remove')}</button>
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
  // Tab into the list lands on Rename, never on Remove: one Enter must not delete.
  const [current, setCurrent] = useState({ id: null, column: 1 });
  if (!references.length && group.name) return null;
  const remove = () => actions.remove(references.map((r) => r.id), t('library.theGroup'));
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
  const title = t(group.title);
  return html`<section class="group" aria-label=${title}>
    <h3>${title} <span class="muted">${t('punct.parenthesized', { value: references.length })}</span>
      ${group.name && html` <button type="button" class="small" disabled=${busy} onClick=${remove}>${t('library.removeGroup')}</button>`}
    </h3>
    ${references.length > 20 &&
    html`<label class="visually-hidden" for=${`filter-${group.name ?? 'own'}`}>${t('library.findIn', { group: title })}</label>
      <input id=${`filter-${group.name ?? 'own'}`} type="search" class="filter" placeholder=${t('library.findPlaceholder')} value=${filter}
        onInput=${(e) => setFilter(e.currentTarget.value)} />`}
    ${references.length
      ? html`<ul class="ref-list" aria-label=${t('library.listLabel', { group: title, references: count('count.reference', references.length) })} aria-describedby=${hint}
          onfocusin=${focusIn} onKeyDown=${keyDown}>
          ${listed.map((r) => html`<${Item} key=${r.id} reference=${r} actions=${actions} busy=${busy} column=${r.id === currentId ? current.column : null} />`)}
        </ul>
        <p id=${hint} class="visually-hidden">${t('library.keysHint')}</p>`
      : html`<p class="muted empty">${t(group.empty)}</p>`}
    ${matching.length > listed.length &&
    html`<p class="muted small">${t('library.shown', { shown: listed.length, total: matching.length })}</p>`}
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
    <summary>${t('library.paste')}</summary>
    <label for="ref-title">${t('library.pasteTitle')}</label>
    <input id="ref-title" type="text" autocomplete="off" placeholder=${t('library.pastePlaceholder')} value=${title}
      onInput=${(e) => setTitle(e.currentTarget.value)} />
    <label for="ref-text">${t('library.pasteText')}</label>
    <textarea id="ref-text" rows="5" spellcheck="false" value=${text} onInput=${(e) => setText(e.currentTarget.value)}></textarea>
    <button id="ref-add" type="button" disabled=${busy} onClick=${add}>${t('library.pasteAdd')}</button>
  </details>`;
}

function ImportChoice({ file, actions, onDone }) {
  const choose = (mode) => {
    onDone();
    actions.importLibrary(file, mode);
  };
  const [before, after] = t('library.importAsk', { name: '\u0000' }).split('\u0000');
  return html`<div class="choice" role="group" aria-label=${t('library.importChoice')}>
    <p>${before}<strong>${file.name}</strong>${after}</p>
    <button type="button" onClick=${() => choose('merge')}>${t('library.importMerge')}</button>
    <button type="button" onClick=${() => choose('replace')}>${t('library.importReplace')}</button>
    <button type="button" onClick=${onDone}>${t('library.cancel')}</button>
  </div>`;
}

function ConfirmClear({ total, actions, onDone }) {
  return html`<div class="choice" role="group" aria-label=${t('library.clearChoice')}>
    <p>${t('library.clearAsk', { references: count('count.reference', total) })}</p>
    <button type="button" class="danger" onClick=${() => (onDone(), actions.clear())}>${t('library.removeAll')}</button>
    <button type="button" onClick=${onDone}>${t('library.cancel')}</button>
  </div>`;
}

/** What the panel says of the library's copy in this browser: never "kept" when it is not. */
function keptWords({ references, unsaved, persistence, storage }) {
  if (persistence === 'unavailable' || !storage) return t('library.notKeptHere');
  if (unsaved.length) {
    const what = unsaved.length === references.length ? t('library.noneKept')
      : t('library.someNotKept', { count: unsaved.length, total: references.length });
    // The browser refused: how much it says it may store is not what it allows this page now.
    return html`<strong class="not-kept">${t('library.notKeptAdvice', { what, stored: size(storage.usage) })}</strong>`;
  }
  const sizes = { used: size(storage.usage), available: size(storage.quota) };
  return references.length ? t('library.kept', sizes) : t('library.keptOnceAdded', sizes);
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
    <h2 id="library-heading" tabindex="-1">${t('library.heading')} <span class="muted">${t('punct.parenthesized', { value: count('count.reference', state.references.length) })}</span></h2>
    <p class="muted small">${t(state.archive?.state === 'ready' ? 'library.andArchive' : 'library.onlyHere')} ${storage}</p>
    ${GROUPS.map((group) => html`<${Group} key=${group.name ?? 'own'} group=${group} references=${byGroup(group.name)} actions=${actions} busy=${busy} />`)}
    <div class="row">
      <${FileButton} id="ref-files" label=${t('library.addFiles')} disabled=${busy} onFiles=${(files) => actions.addFiles(files)} />
      <${FileButton} id="ref-folder" label=${t('library.addFolder')} folder disabled=${busy} onFiles=${(files) => actions.addFiles(files)} />
      <button id="demo" type="button" disabled=${busy} onClick=${actions.loadDemo}>${t('library.loadDemo')}</button>
    </div>
    <div class="row">
      <button id="pairs" type="button" disabled=${busy || state.references.length < 2} onClick=${actions.comparePairs}
        title=${t('library.pairsTitle')}>${t('library.pairs')}</button>
    </div>
    <${PasteReference} actions=${actions} busy=${busy} />
    <div class="row">
      <button id="save-index" type="button" disabled=${busy} onClick=${() => actions.exportLibrary(download)}>${t('library.saveFile')}</button>
      <${FileButton} id="index-file" label=${t('library.openFile')} multiple=${false} accept=".idx,application/octet-stream" disabled=${busy}
        onFiles=${([file]) => setImporting(file)} />
      <button type="button" disabled=${busy || !state.references.length} onClick=${() => setClearing(true)}>${t('library.clear')}</button>
    </div>
    ${importing && html`<${ImportChoice} file=${importing} actions=${actions} onDone=${() => setImporting(null)} />`}
    ${clearing && html`<${ConfirmClear} total=${state.references.length} actions=${actions} onDone=${() => setClearing(false)} />`}
    <${ArchivePanel} state=${state} actions=${actions} />
  </section>`;
}
