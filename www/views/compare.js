// Side by side: the paper and one source (or two documents of a pair), what they share highlighted
// in both (exact shared runs, and the shared words of rewritten sentences), opened at the chosen
// passage; clicking a highlight brings its twin into view. A passage with sentence pairs shows
// them too (www/views/sentence-pairs.js): above the texts for a rewritten passage, whose evidence
// they are, below them for an exact one.
import { html, useEffect, useMemo, useRef } from '../../pkg/vendor/ui.js';
import { disjoint, renderPieces } from '../highlight.js';
import { sourceColour } from '../palette.js';
import { isRewritten, isTranslated, sentencePairsOf } from '../../js/words/evidence.js';
import { SentencePairs } from './sentence-pairs.js';
import { useReveal } from './reveal.js';
import { t } from '../../js/words/i18n.js';

function wrapWith(colour) {
  return (piece, text) => {
    const mark = document.createElement('mark');
    mark.textContent = text;
    mark.dataset.passage = String(piece.passage);
    mark.style.setProperty('--mark', colour);
    return mark;
  };
}

/**
 * What `passages` share on one side, 'paper' (start/end) or 'source' (sourceStart/sourceEnd): the
 * exact runs, and the shared words of their sentence pairs (a rewritten passage has few runs); a
 * translated passage shares no word, so its paired sentences are marked whole.
 */
function runs(passages, side) {
  const paper = side === 'paper';
  const whole = (pair) => (paper ? { start: pair.start, end: pair.end } : { start: pair.sourceStart, end: pair.sourceEnd });
  const ranges = passages.flatMap((passage, p) => [
    ...passage.ngrams.map((run) => (paper ? { start: run.start, end: run.end } : { start: run.sourceStart, end: run.sourceEnd })),
    ...sentencePairsOf(passage).flatMap((pair) => {
      if (isTranslated(passage)) return [whole(pair)];
      return paper ? pair.sharedWords : pair.sourceSharedWords;
    }),
  ].map(({ start, end }) => ({ start, end, passage: p })));
  return disjoint(ranges);
}

function Pane({ title, text, pieces, colour, passage, onMark, label }) {
  const container = useRef(null);
  useEffect(() => {
    const root = container.current;
    root.dataset.rendered = 'false';
    return renderPieces(root, text, pieces, wrapWith(colour), { onDone: () => (root.dataset.rendered = 'true') });
  }, [text, pieces, colour]);
  useEffect(() => {
    const root = container.current;
    const show = () => {
      root.querySelectorAll('mark.active').forEach((m) => m.classList.remove('active'));
      const marks = root.querySelectorAll(`mark[data-passage="${passage}"]`);
      marks.forEach((m) => m.classList.add('active'));
      // Scroll this pane only, not the page, with three lines of context above the twin: a long
      // twin placed lower would run past the bottom of the window.
      const line = parseFloat(getComputedStyle(root).lineHeight) || 24; // "normal" parses as NaN
      const context = Math.min(root.clientHeight / 3, 3 * line);
      if (!marks[0]) return;
      // Measured on the screen, not by offsetTop: each chunk contains its layout, which makes it
      // the offset parent of its marks.
      const wanted = () => Math.max(0, root.scrollTop + marks[0].getBoundingClientRect().top - root.getBoundingClientRect().top - context);
      root.scrollTop = wanted();
      // Chunks not drawn yet have a guessed height (www/highlight.js): once those the pane
      // scrolled to are drawn, the twin may have moved (or the pane been too short to reach it).
      let frames = 0;
      const settle = () => {
        const target = wanted();
        if (Math.abs(target - root.scrollTop) <= 1 || frames++ >= 5) return;
        root.scrollTop = target;
        requestAnimationFrame(settle);
      };
      requestAnimationFrame(settle);
    };
    if (root.dataset.rendered === 'true') show();
    else {
      const timer = setInterval(() => root.dataset.rendered === 'true' && (clearInterval(timer), show()), 50);
      return () => clearInterval(timer);
    }
  }, [passage, pieces]);
  const click = (event) => {
    const mark = event.target.closest('mark');
    if (mark) onMark(Number(mark.dataset.passage));
  };
  return html`<article class="pane">
    <h3>${title}</h3>
    <div class="view" ref=${container} tabindex="0" role="region" aria-label=${label} onClick=${click}></div>
  </article>`;
}

/**
 * Two texts side by side with what `passages` share highlighted; `passage` is the one to show,
 * `onPassage(index)` is called when a highlight is clicked; `titles`, for two documents of a
 * batch, name the sides of its sentence pairs (by default the paper and the source).
 */
export function Compare({ left, right, passages, colourIndex = 0, passage = 0, onPassage, onClose, closeLabel, titles, reveal = false }) {
  // Opened from a table below (a pair of the library or of a batch), the view is brought up.
  const heading = useRef(null);
  useReveal(reveal ? left : null, heading);
  const leftPieces = useMemo(() => runs(passages, 'paper'), [passages]);
  const rightPieces = useMemo(() => runs(passages, 'source'), [passages]);
  const colour = sourceColour(colourIndex);
  const chosen = passages[passage];
  const pairs = html`<${SentencePairs} passage=${chosen} paper=${left.text} source=${right.text} colour=${colour} titles=${titles} />`;
  return html`<section class="compare" aria-label=${t('compare.heading')}>
    <div class="row compare-head">
      <h2 ref=${heading} tabindex="-1">${t('compare.heading')}</h2>
      <span class="muted">${t('compare.hint')}</span>
      ${onClose && html`<button type="button" onClick=${onClose}>${closeLabel ?? t('compare.close')}</button>`}
    </div>
    ${isRewritten(chosen) && pairs}
    <div class="columns">
      <${Pane} title=${left.title} text=${left.text} pieces=${leftPieces} colour=${colour} passage=${passage}
        onMark=${onPassage} label=${t('compare.paneLabel', { title: left.title })} />
      <${Pane} title=${right.title} text=${right.text} pieces=${rightPieces} colour=${colour} passage=${passage}
        onMark=${onPassage} label=${t('compare.paneLabel', { title: right.title })} />
    </div>
    ${chosen && !isRewritten(chosen) && pairs}
  </section>`;
}
