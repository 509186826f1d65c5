// The paper with every matched passage in its source's colour and every excluded part in grey,
// rendered a chunk at a time (www/highlight.js) so that a long paper never freezes the page; and
// the list of matches in paper order, with previous/next by button and keyboard.
import { html, useEffect, useLayoutEffect, useMemo, useRef } from '../../pkg/vendor/ui.js';
import { disjointInOrder, flatten, overlaid, renderPieces } from '../highlight.js';
import { sourceColour } from '../palette.js';
import { capitalized, evidenceLine, isRewritten, isTranslated, rewrittenMarked, sentencePairsOf } from '../../js/words/evidence.js';
import { count, language, t } from '../../js/words/i18n.js';
import { PAIRS_ID } from './sentence-pairs.js';
import { disguisedSpansInOrder } from '../../js/words/evasion.js';
import { matchedExclusions, exclusionPhrase } from '../../js/words/left-out.js';

/** Most matches listed at once. */
const LISTED = 200;

/** The catalogue's name of each kind of exclusion. */
export const KIND_NAMES = {
  quote: 'kind.quote',
  bibliography: 'kind.bibliography',
  table: 'kind.table',
  base: 'kind.base',
  reader: 'kind.reader',
};

/** Every reported passage in paper order: { source, passage, start, end, key }. */
export function matchesOf(report) {
  const matches = report.sources.flatMap((source, s) =>
    source.passages.map((passage, p) => ({ source: s, passage: p, start: passage.start, end: passage.end, key: `${s}:${p}` })),
  );
  return matches.sort((a, b) => a.start - b.start || a.source - b.source);
}

/** Why a passage was reported, in one line: its evidence (js/words/evidence.js, shared with the CLI and the HTML report). */
export const evidence = (passage, passages) => capitalized(evidenceLine(passage, ' · ', passages));

/** `items` with `change` applied to each, lazily. */
function* mapped(items, change) {
  for (const item of items) yield change(item);
}

/**
 * The paper's pieces to draw (passages in their sources' colours, left-out parts, disguises), as a
 * function that makes a fresh lazy sequence of them for `renderPieces`.
 */
function pieces(report, text, numbers, titles = {}) {
  const ranges = [];
  report.sources.forEach((source, s) =>
    source.passages.forEach((passage, p) =>
      ranges.push({ start: passage.start, end: passage.end, layer: s, source: s, number: numbers[source.id] ?? s, passage: p, rewritten: isRewritten(passage), title: `${t('report.sourceNumbered', { number: (numbers[source.id] ?? s) + 1, title: source.title })}\n${evidence(passage, source.passages)}` }),
    ),
  );
  const matching = new Map(matchedExclusions(report, text, { numberOf: (id) => numbers[id] + 1, titles }).map((m) => [`${m.kind}:${m.start}`, m]));
  for (const exclusion of report.excluded) {
    const matched = matching.get(`${exclusion.kind}:${exclusion.start}`);
    const what = matched ? exclusionPhrase(matched) : t(KIND_NAMES[exclusion.kind]);
    ranges.push({ start: exclusion.start, end: exclusion.end, layer: 1e6, excluded: exclusion.kind, title: t('report.leftOutOfCheck', { what }) });
  }
  // Disguised letters are underlined, invisible characters shown as a bar, inside a highlight or not.
  const flat = flatten(ranges);
  // Laid over the highlights as they are drawn (a paper may hold a disguise in every word).
  return function* labelled() {
    const seen = new Set();
    const disguises = disjointInOrder(mapped(disguisedSpansInOrder(report.evasion), ({ start, end, hidden }) => ({ start, end, disguise: hidden ? 'invisible' : 'letters' })));
    for (const piece of overlaid(flat, disguises)) {
      const key = `${piece.source}:${piece.passage}`;
      piece.first = piece.source !== undefined && !seen.has(key);
      seen.add(key);
      yield piece;
    }
  };
}

const DISGUISE_TITLES = {
  letters: 'report.disguisedLetters',
  invisible: 'report.invisibleCharacters',
};

/** The title of a disguise mark, looked up once per language: a paper may hold hundreds of thousands. */
const disguiseTitles = new Map();
function disguiseTitle(kind) {
  const key = `${language()}:${kind}`;
  if (!disguiseTitles.has(key)) disguiseTitles.set(key, t(DISGUISE_TITLES[kind]));
  return disguiseTitles.get(key);
}

function wrap(piece, text) {
  const element = document.createElement(piece.source === undefined ? 'span' : 'mark');
  element.textContent = text;
  if (piece.disguise) {
    element.classList.add('disguised', piece.disguise);
    const disguise = disguiseTitle(piece.disguise);
    element.title = piece.title ? `${piece.title}\n${disguise}` : disguise;
    if (piece.source === undefined && !piece.excluded) return element;
  } else {
    element.title = piece.title;
  }
  if (piece.excluded) {
    element.classList.add('excluded');
    element.dataset.kind = piece.excluded;
  } else {
    element.dataset.source = String(piece.source);
    element.dataset.passage = String(piece.passage);
    element.style.setProperty('--mark', sourceColour(piece.number));
    // Not by colour alone: a rewritten passage is underlined with dashes (the legend says so).
    if (piece.rewritten) element.classList.add('rewritten');
    if (piece.first) element.dataset.label = String(piece.number + 1);
  }
  return element;
}

/** The paper, highlighted; clicking a highlight selects its passage. */
export function PaperText({ report, text, numbers, references = [], selected, onSelect }) {
  const container = useRef(null);
  // The titles of the sources left-out spans match, as a string: a change elsewhere in the library
  // must not render a long paper again.
  const quoted = new Set(report.excluded.map((e) => e.source).filter(Boolean));
  const titles = JSON.stringify(Object.fromEntries(references.filter((r) => quoted.has(r.id)).map((r) => [r.id, r.title])));
  // The language is a dependency too: the highlights' titles are in it.
  const flat = useMemo(() => pieces(report, text, numbers, JSON.parse(titles)), [report, text, numbers, titles, language()]);
  useEffect(() => {
    const root = container.current;
    root.dataset.rendered = 'false';
    return renderPieces(root, text, flat, wrap, { onDone: () => (root.dataset.rendered = 'true') });
  }, [flat, text]);
  useEffect(() => {
    const root = container.current;
    root.querySelectorAll('mark.active').forEach((m) => m.classList.remove('active'));
    if (!selected) return;
    const marks = root.querySelectorAll(`mark[data-source="${selected.source}"][data-passage="${selected.passage}"]`);
    marks.forEach((m) => m.classList.add('active'));
    marks[0]?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [selected, flat]);
  const click = (event) => {
    const mark = event.target.closest('mark');
    if (mark) onSelect({ source: Number(mark.dataset.source), passage: Number(mark.dataset.passage) });
  };
  const rewritten = useMemo(() => report.sources.some((source) => source.passages.some(isRewritten)), [report]);
  return html`${rewritten && html`<p class="muted small key">${t('report.rewrittenKey', { marked: rewrittenMarked() })}</p>`}
    <div class="view paper-text" ref=${container} onClick=${click} tabindex="0" role="region"
      aria-label=${t('report.paperLabel')}></div>`;
}

/** Previous/next and the list of matches, in paper order. */
export function MatchList({ report, text, numbers, selected, onSelect, onLeaveOut }) {
  const matches = useMemo(() => matchesOf(report), [report]);
  const list = useRef(null);
  const moved = useRef(false);
  const at = selected ? matches.findIndex((m) => m.source === selected.source && m.passage === selected.passage) : -1;
  const go = (index, byKey = false) => {
    const match = matches[(index + matches.length) % matches.length];
    moved.current = byKey;
    if (match) onSelect({ source: match.source, passage: match.passage });
  };
  // The focus follows the arrow keys (in the same task as the render, before the next key), so
  // Enter opens what is shown as current.
  useLayoutEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    list.current?.querySelector('li.current button.match')?.focus();
  }, [at]);
  const keys = (event) => {
    if (event.key === 'ArrowDown' || event.key === 'j') (event.preventDefault(), go(at + 1, true));
    if (event.key === 'ArrowUp' || event.key === 'k') (event.preventDefault(), go(at - 1, true));
  };
  if (!matches.length) return null;
  // A long paper may have thousands of matches: the list shows a window around the current one.
  const first = Math.max(0, Math.min(at - LISTED / 2, matches.length - LISTED));
  const listed = matches.slice(first, first + LISTED);
  return html`<nav class="matches" aria-label=${t('report.matchesLabel')} onKeyDown=${keys}>
    <div class="row">
      <button type="button" onClick=${() => go(at - 1)} aria-label=${t('report.previousLabel')}>‹ ${t('report.previous')}</button>
      <span aria-live="polite">${at >= 0 ? t('report.matchOf', { number: at + 1, total: matches.length }) : count('count.match', matches.length)}</span>
      <button type="button" onClick=${() => go(at + 1)} aria-label=${t('report.nextLabel')}>${t('report.next')} ›</button>
    </div>
    <ol class="match-list" start=${first + 1} ref=${list}>
      ${listed.map((match, offset) => {
        const index = first + offset;
        const source = report.sources[match.source];
        const passage = source.passages[match.passage];
        const current = index === at;
        return html`<li key=${match.key} class=${current ? 'current' : ''}>
          <button type="button" class="match" aria-current=${current ? 'true' : undefined}
            onClick=${() => onSelect({ source: match.source, passage: match.passage })}>
            <span class="swatch" data-label=${numbers[source.id] + 1} ref=${(el) => el?.style.setProperty('--mark', sourceColour(numbers[source.id]))}></span>
            <span class="match-text">${isRewritten(passage) && html`<span class="tag">${t('report.rewrittenTag')}</span> `}${isTranslated(passage) && html`<span class="tag">${t('report.translatedTag')}</span> `}${text.slice(passage.start, Math.min(passage.end, passage.start + 90))}${passage.end - passage.start > 90 ? '…' : ''}</span>
          </button>
          ${current &&
          html`<p class="evidence">${t('report.evidence', { evidence: evidence(passage, source.passages) })}
            ${sentencePairsOf(passage).length > 0 &&
            html`<button type="button" class="small" onClick=${() => document.getElementById(PAIRS_ID)?.focus()}>${t('report.toPairs')}</button> `}
            <button type="button" class="small" onClick=${() => onLeaveOut(passage)}>${t('report.leavePassageOut')}</button></p>`}
        </li>`;
      })}
    </ol>
  </nav>`;
}
