// The paper to check: pasted, opened or dropped; the example paper on request (never over the
// user's own text without asking); a warning when it is long enough to take a while.
import { html, useEffect, useRef, useState } from '../../pkg/vendor/ui.js';
import { ACCEPT } from '../files.js';
import { describeAcceptedTypes } from '../../js/formats.js';

/** Above this many characters the page warns that checking and showing the paper take a while. */
export const LONG_PAPER = 2_000_000;

function ExampleChoice({ onReplace, onCancel }) {
  return html`<div class="choice" role="group" aria-label="Replace the paper with the example">
    <p>The paper box has your text in it. Replace it with the example paper?</p>
    <button type="button" onClick=${onReplace}>Replace it</button>
    <button type="button" onClick=${onCancel}>Keep my text</button>
  </div>`;
}

/** The paper panel. */
export function PaperPanel({ state, actions }) {
  const onExample = actions.useExample;
  const input = useRef(null);
  const many = useRef(null);
  const [dragging, setDragging] = useState(false);
  const [asking, setAsking] = useState(false);
  const { text, title, revision } = state.paper;
  const box = useRef(null);
  // The box is written only when a paper comes from outside (see actions.replacePaper).
  useEffect(() => {
    if (box.current && box.current.value !== state.paper.text) box.current.value = state.paper.text;
  }, [revision]);
  const busy = Boolean(state.busy);
  const open = (event) => {
    const [file] = event.currentTarget.files;
    event.currentTarget.value = '';
    if (file) actions.openPaper(file);
  };
  const drop = (event) => {
    event.preventDefault();
    setDragging(false);
    const [file] = event.dataTransfer?.files ?? [];
    if (file) actions.openPaper(file);
  };
  const example = () => {
    if (text.trim() && text !== state.example) setAsking(true);
    else onExample();
  };
  const size = text.length;
  return html`<section class="panel paper" aria-labelledby="paper-heading">
    <h2 id="paper-heading">Paper</h2>
    <label class="visually-hidden" for="paper-title">Title of the paper (for the report)</label>
    <input id="paper-title" type="text" autocomplete="off" placeholder="Title (optional, for the report)" value=${title}
      onInput=${(e) => actions.setPaper({ title: e.currentTarget.value })} />
    <label class="visually-hidden" for="paper">Text of the paper</label>
    <textarea id="paper" ref=${box} class=${dragging ? 'dragging' : ''} rows="12" spellcheck="false"
      placeholder=${`Paste the paper to check here, or drop a file on this box: ${describeAcceptedTypes()}.`}
      onInput=${(e) => actions.setPaper({ text: e.currentTarget.value })}
      onDragOver=${(e) => (e.preventDefault(), setDragging(true))} onDragLeave=${() => setDragging(false)} onDrop=${drop}></textarea>
    ${size > LONG_PAPER &&
    html`<p class="note">This paper is long (${(size / 1e6).toFixed(1)} million characters): checking it and showing the
      report can take a minute. Up to 64 MB can be checked at once.</p>`}
    <div class="row">
      <button type="button" disabled=${busy} onClick=${() => input.current.click()}>Open a file…</button>
      <input id="paper-file" ref=${input} type="file" hidden tabindex="-1" aria-hidden="true" accept=${ACCEPT} onChange=${open} />
      <button id="batch" type="button" disabled=${busy} onClick=${() => many.current.click()}
        title="Check a set of papers (a class's essays) against the library and against each other">Check several papers…</button>
      <input id="batch-files" ref=${many} type="file" hidden tabindex="-1" aria-hidden="true" accept=${ACCEPT} multiple
        onChange=${(e) => { const files = [...e.currentTarget.files]; e.currentTarget.value = ''; if (files.length) actions.checkBatch(files); }} />
      <button id="example" type="button" disabled=${busy} onClick=${example}>Try the example</button>
      ${text && html`<button type="button" disabled=${busy} onClick=${() => actions.replacePaper({ text: '', title: '' })}>Clear</button>`}
    </div>
    ${asking && html`<${ExampleChoice} onReplace=${() => (setAsking(false), onExample())} onCancel=${() => setAsking(false)} />`}
  </section>`;
}
