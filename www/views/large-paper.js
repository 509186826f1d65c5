// A paper too large to edit in the paper box, shown as a loaded document instead: its name, size and
// an estimate of its words, a read-only preview of its beginning (text, never HTML), a note saying
// why it cannot be edited here, and a button to remove it. Writing megabytes into a <textarea> and
// laying it out blocks the page for seconds (3.4 s for 10 MB in Chromium, issue 12); the full text
// stays in the page's state, and that is what is checked, reported and downloaded.
import { html, useMemo } from '../../pkg/vendor/ui.js';
import { unitKey, guessUnit } from '../../js/words/units.js';
import { count, formatNumber, t } from '../../js/words/i18n.js';

/**
 * Above this many characters the paper is shown as a document, not in the textarea. Measured in
 * this Chromium on a shared 2-core machine (target/measure/open.mjs, English text): writing it into
 * the box and laying it out took 32-37 ms for 100,000 characters, 86-109 ms for 300,000, 125-146 ms
 * for 400,000 and 295-390 ms for 1,000,000 (linear, about 0.33 ms per 1,000). At 300,000 the box's
 * own work is half of issue 12's 200 ms bound, leaving room for a slower machine and the page's
 * rendering, while about 50,000 words (a long essay, a thesis chapter) are still edited in place.
 */
export const LARGE_PAPER_CHARS = 300_000;

/** Above this many characters checking the paper and showing its report take a while: say so. */
export const LONG_PAPER_CHARS = 2_000_000;

/** How much of the beginning the preview shows: a few screens, cheap to lay out. */
const PREVIEW_CHARS = 3_000;

/** How much of the text the word estimate counts (then scales to the whole length). */
const ESTIMATE_SAMPLE_CHARS = 200_000;

/** Whether `text` is shown as a document rather than written into the paper box. */
export const isLarge = (text) => text.length > LARGE_PAPER_CHARS;

/** The beginning of `text` for the preview, cut at a space when one is near, with an ellipsis. */
export function previewOf(text) {
  if (text.length <= PREVIEW_CHARS) return text;
  const cut = text.slice(0, PREVIEW_CHARS);
  const space = cut.search(/\s\S*$/);
  return `${space > PREVIEW_CHARS - 200 ? cut.slice(0, space) : cut}…`;
}

/**
 * About how many words (or characters, for Chinese and Japanese) `text` has: counted in its first
 * 200,000 characters and scaled, since counting 10 MB would itself be a long task.
 */
export function estimateCount(text) {
  const unit = guessUnit(text.slice(0, 20_000));
  const sample = text.slice(0, ESTIMATE_SAMPLE_CHARS);
  const pattern = unit === 'words' ? /\S+/g : /\S/gu;
  let count = 0;
  while (pattern.exec(sample)) count += 1;
  return { count: Math.round((count * text.length) / Math.max(1, sample.length)), unit };
}

/** A large number in each language's own grouping: millions in English, 万 (ten thousands) in Chinese. */
const large = (n) => ({ millions: (n / 1e6).toFixed(1), tenThousands: formatNumber(Math.round(n / 1e4)) });

/** A rounded count with its unit: "about 1.7 million words", "about 86,000 words", or exact below 1,000. */
export function aboutCount(n, unit) {
  if (n >= 1e6) return t('paper.aboutMillion', { ...large(n), unit: t(unit === 'characters' ? 'paper.characters' : 'paper.words') });
  if (n >= 1e3) return t('paper.about', { count: count(unitKey(unit), Math.round(n / 1e3) * 1e3) });
  return count(unitKey(unit), n);
}

/** The paper's size: the file's in MB when it came from a file, its characters, its words (about). */
function sizeParts(paper, estimate) {
  const length = paper.text.length;
  const characters = length >= 1e6 ? t('paper.millionCharacters', large(length)) : count('count.character', length);
  return [paper.bytes ? `${(paper.bytes / 1e6).toFixed(1)} MB` : null, characters, aboutCount(estimate.count, estimate.unit)].filter(Boolean);
}

/** Why the paper is not in the box, and that all of it is checked (htm drops line breaks between text and markup: one string). */
function noteText(length) {
  return t('paper.tooLarge', { slow: length > LONG_PAPER_CHARS ? t('paper.slow') : '' });
}

/**
 * The paper panel's view of a large paper. `onRemove` empties the paper box; the panel's own
 * "Open a file…" replaces the paper, and a file dropped here does too (`dropProps`).
 */
export function LargePaper({ paper, busy, onRemove, dropProps: { dragging, ...drop } }) {
  const estimate = useMemo(() => estimateCount(paper.text), [paper.text]);
  const preview = useMemo(() => previewOf(paper.text), [paper.text]);
  const name = paper.origin || paper.title || t('paper.theName');
  return html`<div class=${dragging ? 'document dragging' : 'document'} role="group" aria-labelledby="document-name" ...${drop}>
    <p class="document-head">
      <strong id="document-name" class="document-name">${name}</strong>
      <span class="muted small document-size">${sizeParts(paper, estimate).map((part, i) => html`${i ? ' · ' : ''}<span>${part}</span>`)}</span>
    </p>
    <p class="note document-note">${noteText(paper.text.length)}</p>
    <div class="preview" role="region" tabindex="0" aria-label=${t('paper.preview')}>${preview}</div>
    <div class="row">
      <button type="button" id="remove-paper" disabled=${busy} onClick=${onRemove}>${t('paper.remove')}</button>
    </div>
  </div>`;
}
