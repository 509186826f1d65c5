// The paper to check: pasted, opened or dropped; the example paper on request (never over the
// user's own text without asking). A paper too large to edit (www/views/large-paper.js) is shown
// as a document with a preview instead of being written into the box, whether it was opened,
// dropped or pasted: the box would block the page for seconds laying it out.
import { html, useEffect, useLayoutEffect, useRef, useState } from '../../pkg/vendor/ui.js';
import { ACCEPT } from '../files.js';
import { describeAcceptedTypes } from '../../js/read/formats.js';
import { t } from '../../js/words/i18n.js';
import { LARGE_PAPER_CHARS, LargePaper, isLarge } from './large-paper.js';
import { RecentPapers } from './recent-papers.js';

function ExampleChoice({ onReplace, onCancel }) {
  return html`<div class="choice" role="group" aria-label=${t('paper.exampleChoice')}>
    <p>${t('paper.exampleAsk')}</p>
    <button type="button" onClick=${onReplace}>${t('paper.replaceIt')}</button>
    <button type="button" onClick=${onCancel}>${t('paper.keepMine')}</button>
  </div>`;
}

/**
 * A paste that would make the paper large goes to the state (shown as a document) instead of into
 * the box: the clipboard's text read once, with what the box already holds around the selection.
 */
function pasteHandler(actions, title) {
  return (event) => {
    const pasted = event.clipboardData?.getData('text/plain') ?? '';
    const box = event.currentTarget;
    if (pasted.length + box.value.length <= LARGE_PAPER_CHARS) return;
    const text = box.value.slice(0, box.selectionStart) + pasted + box.value.slice(box.selectionEnd);
    if (!isLarge(text)) return;
    event.preventDefault();
    actions.replacePaper({ title, text, origin: t('paper.pasted') });
  };
}

/** The editable paper box: written only when a paper comes from outside (see actions.replacePaper). */
function PaperBox({ paper, actions, dropProps, focusNext }) {
  const box = useRef(null);
  useEffect(() => {
    if (box.current && box.current.value !== paper.text) box.current.value = paper.text;
  }, [paper.revision]);
  // After "Remove the paper" the button is gone: the focus goes to the empty box, not the page's top,
  // in the same frame as the box appears (a layout effect), so no keystroke lands elsewhere.
  useLayoutEffect(() => {
    if (focusNext.current && box.current) box.current.focus();
    focusNext.current = false;
  });
  return html`<label class="visually-hidden" for="paper">${t('paper.textLabel')}</label>
    <textarea id="paper" ref=${box} class=${dropProps.dragging ? 'dragging' : ''} rows="12" spellcheck="false"
      placeholder=${t('paper.placeholder', { types: describeAcceptedTypes() })}
      onInput=${(e) => actions.setPaper({ text: e.currentTarget.value })} onPaste=${pasteHandler(actions, paper.title)}
      onDragOver=${dropProps.onDragOver} onDragLeave=${dropProps.onDragLeave} onDrop=${dropProps.onDrop}></textarea>`;
}

/** Handlers for dropping a file on the box or the document; `dragging` while one is over it. */
function useDrop(openPaper) {
  const [dragging, setDragging] = useState(false);
  return {
    dragging,
    onDragOver: (e) => (e.preventDefault(), setDragging(true)),
    onDragLeave: () => setDragging(false),
    onDrop: (event) => {
      event.preventDefault();
      setDragging(false);
      const [file] = event.dataTransfer?.files ?? [];
      if (file) openPaper(file);
    },
  };
}

/** Open a file, several papers, the example, and (for a paper in the box) Clear. */
function PaperButtons({ state, actions, onExample, large }) {
  const input = useRef(null);
  const many = useRef(null);
  const busy = Boolean(state.busy);
  const open = (event) => {
    const [file] = event.currentTarget.files;
    event.currentTarget.value = '';
    if (file) actions.openPaper(file);
  };
  const batch = (event) => {
    const files = [...event.currentTarget.files];
    event.currentTarget.value = '';
    if (files.length) actions.checkBatch(files);
  };
  return html`<div class="row">
    <button type="button" disabled=${busy} onClick=${() => input.current.click()}>${large ? t('paper.openAnother') : t('paper.open')}</button>
    <input id="paper-file" ref=${input} type="file" hidden tabindex="-1" aria-hidden="true" accept=${ACCEPT} onChange=${open} />
    <button id="batch" type="button" disabled=${busy} onClick=${() => many.current.click()}
      title=${t('paper.batchTitle')}>${t('paper.batch')}</button>
    <input id="batch-files" ref=${many} type="file" hidden tabindex="-1" aria-hidden="true" accept=${ACCEPT} multiple onChange=${batch} />
    <button id="example" type="button" disabled=${busy} onClick=${onExample}>${t('paper.example')}</button>
    ${state.paper.text && !large && html`<button type="button" disabled=${busy} onClick=${() => actions.replacePaper({ text: '', title: '' })}>${t('paper.clear')}</button>`}
  </div>`;
}

/** The paper panel. */
export function PaperPanel({ state, actions }) {
  const [asking, setAsking] = useState(false);
  const focusNext = useRef(false);
  const drop = useDrop(actions.openPaper);
  const { paper } = state;
  const large = isLarge(paper.text);
  const example = () => {
    if (paper.text.trim() && paper.text !== state.example) setAsking(true);
    else actions.useExample();
  };
  const remove = () => {
    focusNext.current = true;
    actions.replacePaper({ text: '', title: '' });
  };
  // Ctrl+Enter (⌘+Enter) anywhere in the panel checks the paper, as in most editors' "send".
  const shortcut = (event) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || state.busy || !state.ready) return;
    event.preventDefault();
    actions.check();
  };
  return html`<section class="panel paper" aria-labelledby="paper-heading" onKeyDown=${shortcut}>
    <h2 id="paper-heading" tabindex="-1">${t('paper.heading')}</h2>
    <label class="visually-hidden" for="paper-title">${t('paper.titleLabel')}</label>
    <input id="paper-title" type="text" autocomplete="off" placeholder=${t('paper.titlePlaceholder')} value=${paper.title}
      onInput=${(e) => actions.setPaper({ title: e.currentTarget.value })} />
    ${large
      ? html`<${LargePaper} paper=${paper} busy=${Boolean(state.busy)} onRemove=${remove} dropProps=${drop} />`
      : html`<${PaperBox} paper=${paper} actions=${actions} dropProps=${drop} focusNext=${focusNext} />`}
    <${PaperButtons} state=${state} actions=${actions} onExample=${example} large=${large} />
    ${asking && html`<${ExampleChoice} onReplace=${() => (setAsking(false), actions.useExample())} onCancel=${() => setAsking(false)} />`}
    <${RecentPapers} state=${state} actions=${actions} />
  </section>`;
}
