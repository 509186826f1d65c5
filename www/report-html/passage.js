// One passage's comparison in the downloadable report (www/report-html/report.js): its evidence line in
// the words of js/words/evidence.js (the page's and the CLI's), the passage beside its twin in the source
// with the exact shared runs marked and the rest underlined, and its sentence pairs: each paper
// sentence beside the source sentence it was rewritten from, the words whose content they share
// marked, and their similarity. Pure functions of their input, every piece of user text escaped.
import { capitalized, evidencePhrases, isRewritten, markedPieces, pairSimilarity, pairsExplained, pairsHeading, sentenceEnd, sentencePairsOf } from '../../js/words/evidence.js';
import { t } from '../../js/words/i18n.js';

/** Characters of context shown around each side of a passage. */
const CONTEXT = 160;

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** `value` as HTML text, safe in element content and in quoted attributes. */
export const esc = (value) => String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** `value` as HTML element content (quotes kept as they are: the catalogue's sentences read better so). */
export const escText = (value) => String(value ?? '').replace(/[&<>]/g, (c) => ESCAPES[c]);

/** The style of the evidence and of the sentence pairs, part of the report's style sheet. */
export const EVIDENCE_CSS = `.evidence strong{color:#1a1a1a}
.pairs-h{font-size:.95rem;text-transform:none;letter-spacing:0;color:#1a1a1a;margin:.9rem 0 .1rem}
.rw{border-bottom:2px dashed #1a1a1a}
.pairs{list-style:none;padding:0;margin:.6rem 0 0}
.pairs li{display:grid;grid-template-columns:1fr 1fr;gap:.2rem 1rem;border:1px solid #bbb;border-radius:6px;padding:.5rem .8rem;margin:0 0 .5rem;break-inside:avoid}
.pairs li>div{min-width:0}.pairs .ex{font-size:.95rem}
.sim{grid-column:1/-1;margin:0;font-size:.85rem;color:#555}
@media (max-width:40rem){.pairs li{grid-template-columns:1fr}.pairs li>div+div{border-top:1px dashed #bbb;padding-top:.3rem}}
`;

/**
 * The evidence line of `passage` (one of its source's `passages`), its counts in `unit`: a
 * rewritten passage's label ("Rewritten: 7 of 9 sentences match") in bold, then the exact-run
 * evidence.
 */
export function evidenceHtml(passage, passages = []) {
  const [first, ...rest] = evidencePhrases(passage, passages);
  const lead = isRewritten(passage) ? `<strong>${esc(capitalized(first))}</strong>` : esc(capitalized(first));
  return [lead, ...rest.map(esc)].join(' · ');
}

/** Said where the source's text is missing from the report. */
const notIncluded = () => `<p class="muted">${escText(t('html.sourceMissing'))}</p>`;

/** The sentence `text[start, end)` with its closing punctuation, as HTML, its `words` in <mark>s. */
const sentenceHtml = (text, start, end, words) =>
  markedPieces(text, start, sentenceEnd(text, end), words).map((piece) => (piece.marked ? `<mark>${esc(piece.text)}</mark>` : esc(piece.text))).join('');

/**
 * The sentence pairs of `passage` between the paper's `text` and the source's `sourceText` (a
 * string, or undefined when the source's text is not part of the report: then only the paper's
 * sentences); '' for a passage without pairs. `id` names the passage's comparison.
 */
export function sentencePairsHtml(passage, text, sourceText, id) {
  const pairs = sentencePairsOf(passage);
  if (!pairs.length) return '';
  const source = (pair) => (typeof sourceText === 'string'
    ? `<p class="ex">${sentenceHtml(sourceText, pair.sourceStart, pair.sourceEnd, pair.sourceSharedWords)}</p>`
    : notIncluded());
  const items = pairs.map((pair) => `<li><div><p class="kicker">${escText(t('pairs.inPaper'))}</p><p class="ex">${sentenceHtml(text, pair.start, pair.end, pair.sharedWords)}</p></div>
<div><p class="kicker">${escText(t('pairs.inSource'))}</p>${source(pair)}</div>
<p class="sim">${esc(pairSimilarity(pair))}</p></li>`);
  return `<h4 class="pairs-h" id="${id}-pairs">${esc(pairsHeading(passage, { labelled: true }))}</h4>
<p class="key">${esc(pairsExplained(undefined, passage))}</p>
<ol class="pairs" aria-labelledby="${id}-pairs">${items.join('\n')}</ol>`;
}

/**
 * One passage's comparison: its evidence, then the passage beside its twin with the exact runs
 * marked, and its sentence pairs; a rewritten passage, whose evidence is its sentence pairs (it has
 * few exact runs), shows them instead of the two excerpts.
 */
export function passageHtml(ctx, passage, n, index, passages, sourceText) {
  const count = passages.length;
  const id = `s${n}-${index + 1}`;
  const pairs = sentencePairsHtml(passage, ctx.text, sourceText, id);
  return `<article class="passage" id="${id}" aria-labelledby="${id}-h">
<h3 id="${id}-h">${escText(t('html.passageOf', { number: index + 1, total: count }))} <a class="back" href="#t${n}-${index + 1}">${escText(t('html.showInPaper'))}</a></h3>
<p class="evidence">${evidenceHtml(passage, passages)}</p>
${isRewritten(passage) && pairs ? pairs : `${excerptsHtml(ctx, passage, sourceText)}\n${pairs}`}</article>`;
}

/** The passage in the paper beside its twin in the source, the exact shared runs marked. */
function excerptsHtml(ctx, passage, sourceText) {
  const runs = passage.ngrams ?? [];
  const paperSide = excerptHtml(ctx.text, passage.start, passage.end, runs.map((r) => [r.start, r.end]));
  const sourceSide = typeof sourceText === 'string'
    ? `<p class="ex">${excerptHtml(sourceText, passage.sourceStart, passage.sourceEnd, runs.map((r) => [r.sourceStart, r.sourceEnd]))}</p>`
    : notIncluded();
  return `<div class="pair">
<div class="side"><h4>${escText(t('pairs.inPaper'))}</h4><p class="ex">${paperSide}</p></div>
<div class="side"><h4>${escText(t('pairs.inSource'))}</h4>${sourceSide}</div>
</div>`;
}

/**
 * `text[start, end)` with some context around it (cut at white space, "…" where cut), its shared
 * `runs` ([start, end] pairs in `text`) highlighted and its other words (edited ones) underlined.
 */
function excerptHtml(text, start, end, runs) {
  const clamp = (x) => Math.max(0, Math.min(text.length, Math.trunc(Number(x)) || 0));
  start = clamp(start); end = Math.max(start, clamp(end));
  let from = Math.max(0, start - CONTEXT), to = Math.min(text.length, end + CONTEXT);
  // Cut at white space when there is some (Chinese has none), never inside a surrogate pair.
  if (from > 0) from += Math.max(0, text.slice(from, start).search(/\s/));
  const last = to < text.length ? text.slice(end, to).search(/\s\S*$/) : -1;
  if (last > 0) to = end + last;
  if (/[\uDC00-\uDFFF]/.test(text[from] ?? '')) from += 1;
  if (/[\uD800-\uDBFF]/.test(text[to - 1] ?? '') && to > end) to -= 1;
  const inside = runs.map(([a, b]) => [Math.max(start, clamp(a)), Math.min(end, clamp(b))])
    .filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  const out = [from > 0 ? '<span class="ctx">…</span>' : '', `<span class="ctx">${esc(text.slice(from, start))}</span>`];
  let at = start;
  const gap = (a, b) => {
    const piece = text.slice(a, b);
    out.push(/[\p{L}\p{N}]/u.test(piece) ? `<span class="gap">${esc(piece)}</span>` : esc(piece));
  };
  for (const [a, b] of inside) {
    if (b <= at) continue;
    if (a > at) gap(at, a);
    out.push(`<mark>${esc(text.slice(Math.max(a, at), b))}</mark>`);
    at = b;
  }
  if (at < end) gap(at, end);
  out.push(`<span class="ctx">${esc(text.slice(end, to))}</span>`, to < text.length ? '<span class="ctx">…</span>' : '');
  return out.join('');
}
