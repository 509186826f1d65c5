// The downloadable report: one self-contained HTML document (inline CSS, no script, no external
// resource, a CSP that forbids loading anything) that a teacher can keep, mail or print to PDF. It
// shows the summary, the ranked sources, the paper with every passage highlighted in its source's
// colour and number, and each passage side by side with its source and evidence (a rewritten one:
// its sentence pairs; www/report-html-passage.js). A pure function of its input (no DOM), so the
// page and Node produce the same file; every piece of user text is escaped.
import { disguisedSpans, evasionPhrases } from '../js/evasion.js';
import { nearDuplicateText } from '../js/near-duplicate.js';
import { unitName } from '../js/units.js';
import { REWRITTEN_MARKED, capitalized, isRewritten } from '../js/evidence.js';
import { PALETTE, HIGHLIGHT_TEXT } from './palette.js';
import { EVIDENCE_CSS, esc, passageHtml } from './report-html-passage.js';

const pct = (share) => `${(Math.max(0, Math.min(1, Number(share) || 0)) * 100).toFixed(1)}%`;
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The report's whole style sheet (the palette classes are added per report). */
const REPORT_CSS = `*{box-sizing:border-box}
html{-webkit-print-color-adjust:exact;print-color-adjust:exact}
body{margin:0 auto;max-width:62rem;padding:1.5rem 1.25rem 3rem;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fff}
header{border-bottom:2px solid #1a1a1a;padding-bottom:.75rem}
h1{margin:.15rem 0;font-size:1.7rem;line-height:1.25;overflow-wrap:anywhere}
h2{font-size:1.3rem;margin:2rem 0 .75rem}
h3{font-size:1.05rem;margin:0 0 .2rem;display:flex;flex-wrap:wrap;gap:.25rem 1rem;align-items:baseline}
h4,.kicker{font-size:.8rem;text-transform:uppercase;letter-spacing:.06em;color:#555;margin:0 0 .35rem}
a{color:#0b4f9c}
.meta{margin:.25rem 0;color:#555}
.options{list-style:none;padding:0;margin:.6rem 0 0;display:flex;flex-wrap:wrap;gap:.35rem}
.options li{border:1px solid #bbb;border-radius:1rem;padding:0 .65rem;font-size:.85rem;color:#333}
.figures{display:flex;flex-wrap:wrap;gap:0 2rem;align-items:baseline}
.big{font-size:2.6rem;font-weight:700;line-height:1.1;margin-right:.3rem}
.warning{border:2px solid #b00020;border-left-width:.5rem;background:#fff5f5;padding:.25rem 1rem;border-radius:4px;margin:1rem 0}
.warning p,.figures p{margin:.4rem 0}
.sources{list-style:none;padding:0;margin:0}
.sources li{display:flex;gap:.75rem;align-items:flex-start;padding:.6rem 0;border-bottom:1px solid #ddd;break-inside:avoid}
.sources li>div{flex:1;min-width:0;overflow-wrap:anywhere}
.line{display:flex;flex-wrap:wrap;justify-content:space-between;gap:0 1rem;margin:0}.share{white-space:nowrap}
.num{display:inline-flex;flex:none;justify-content:center;align-items:center;min-width:2rem;height:2rem;padding:0 .3rem;border-radius:4px;background:var(--c);border:1px solid #1a1a1a;font-weight:700;color:#1a1a1a}
.bar{display:block;height:.7rem;border:1px solid #888;border-radius:.35rem;margin:.3rem 0;overflow:hidden;background:#fff}.bar span{display:block;height:100%;min-width:3px;background:var(--c);border-right:1px solid #1a1a1a}
.stats{font-size:.9rem;color:#444;margin:0}.near{font-size:.9rem;color:#8a0016;margin:.2rem 0 0}.key{font-size:.85rem;color:#444;margin:.35rem 0 0}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.legend{font-size:.9rem;color:#333;padding-left:1.2rem;margin:0 0 .75rem}
.doc,.ex{font-family:Georgia,"Times New Roman",serif;white-space:pre-wrap;overflow-wrap:anywhere}
.doc{font-size:1.02rem;line-height:1.75;border:1px solid #bbb;border-radius:6px;padding:1rem 1.25rem}
mark{background:var(--c);border-radius:2px;-webkit-box-decoration-break:clone;box-decoration-break:clone}
mark .n{font:700 .75rem/1 system-ui,sans-serif;color:#1a1a1a;background:#fff;border:1px solid #1a1a1a;border-radius:3px;padding:.1em .3em;margin-right:.25em;vertical-align:.2em;text-decoration:none}
.x{color:#5c5c5c;background:#efefef}
.ev{text-decoration:underline wavy #b00020;text-decoration-skip-ink:none;text-underline-offset:.2em}.hid{border-left:2px solid #b00020;margin:0 1px}
.source{border-top:5px solid var(--c);margin-top:3rem}
.source h2{margin:.75rem 0 .25rem;display:flex;gap:.6rem;align-items:center;overflow-wrap:anywhere}
.passage{margin:1.25rem 0 1.75rem}
.evidence{margin:0 0 .6rem;font-size:.9rem;color:#444}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
.side{border:1px solid #bbb;border-radius:6px;padding:.6rem .8rem;min-width:0}
.ex{margin:0;font-size:.95rem;line-height:1.65}
.ctx,.muted,footer{color:#666}
.gap{text-decoration:underline dotted #1a1a1a;text-underline-offset:.2em}.back{font-size:.85rem;font-weight:400}
footer{margin-top:3rem;border-top:1px solid #bbb;font-size:.85rem}
@media (max-width:40rem){body{padding:1rem .75rem 2rem}.pair{grid-template-columns:1fr}.big{font-size:2rem}h1{font-size:1.4rem}}
@media print{@page{margin:14mm}
body{max-width:none;padding:0;font-size:10.5pt}
.source{break-before:page;margin-top:0}
h2,h3,h4,.evidence{break-after:avoid}
a{color:inherit;text-decoration:none}.back{display:none}
.doc{border:0;padding:0}}
`;

/**
 * The report as a complete HTML document string.
 * `report`: a plagscope Report; `paper`: `{ title, text }`, the text the report was made from;
 * `sources`: `[{ id, title, text }]`, the references' texts (those of the report's sources are used,
 * matched by id; a missing one only loses its side of the comparison); `options`: the CheckOptions
 * of the check; `version`: the engine's version string; `date`: a Date (shown in the local time) or
 * an already formatted string, now when absent; `palette`: the colours ('#rrggbb') to use instead of
 * www/palette.js's.
 */
export function reportHtml({ report, paper, sources = [], options = {}, version = '', date, palette } = {}) {
  const colours = Array.isArray(palette) && palette.length && palette.every(isColour) ? palette : PALETTE;
  const texts = new Map(sources.map((source) => [source.id, source]));
  const ctx = { report, text: String(paper?.text ?? ''), colours, texts };
  const title = String(paper?.title ?? '').trim() || 'Untitled paper';
  return [
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta name="color-scheme" content="light">',
    `<meta name="generator" content="plagscope ${esc(version)}">`,
    `<title>Similarity report: ${esc(title)}</title>`,
    `<style>\n${REPORT_CSS}${EVIDENCE_CSS}${paletteCss(colours)}</style>\n</head>\n<body>`,
    headerHtml(title, options, version, date),
    '<main>',
    summaryHtml(ctx),
    sourcesListHtml(ctx),
    paperHtml(ctx),
    report.sources.map((source, rank) => sourceHtml(ctx, source, rank)).join(''),
    '</main>',
    `<footer><p>Made by plagscope ${esc(version)} on this computer: no document was uploaded to check it.</p></footer>`,
    '</body>\n</html>\n',
  ].join('\n');
}

const isColour = (c) => typeof c === 'string' && /^#[0-9a-f]{6}$/i.test(c);

/** One class per palette entry (`.c0` ...) setting the highlight colour `--c`. */
const paletteCss = (colours) =>
  colours.map((colour, i) => `.c${i}{--c:${colour}}`).join('') + `\nmark{color:${HIGHLIGHT_TEXT}}\n`;

/** The palette class of the source ranked `rank`: the colour palette.js's `sourceColour(rank)` gives. */
const colourClass = (ctx, rank) => `c${rank % ctx.colours.length}`;

function formatDate(date) {
  if (typeof date === 'string') return date;
  const when = date instanceof Date && !Number.isNaN(date.getTime()) ? date : new Date();
  return when.toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short' });
}

function headerHtml(title, options, version, date) {
  const items = optionPhrases(options).map((phrase) => `<li>${esc(phrase)}</li>`).join('');
  return `<header>
<p class="kicker">plagscope similarity report</p>
<h1><bdi>${esc(title)}</bdi></h1>
<p class="meta">Checked ${esc(formatDate(date))} · plagscope ${esc(version || 'unknown version')}</p>
<ul class="options" aria-label="Options used">${items}</ul>
</header>`;
}

const ALIGN_WORDS = {
  minWords: (v) => `smallest match: ${v} words`,
  seedWords: (v) => `shortest exact run used: ${v} words`,
  anchorWords: (v) => `an exact run of ${v} words is a passage by itself`,
  editedWords: (v) => `an edited copy needs ${v} words in shared runs`,
  maxGap: (v) => `largest gap inside a passage: ${v} words`,
  mergeGap: (v) => `pieces within ${v} words merge into one passage`,
  minDensity: (v) => `each side of a passage at least ${v}% in exact runs`,
  maxDocFrequency: (v) => `phrases in more than ${v} references are common phrasing`,
};
const OPTION_WORDS = {
  excludeQuotes: (v) => (v ? 'quotations left out' : 'quotations counted'),
  excludeBibliography: (v) => (v ? 'bibliography left out' : 'bibliography counted'),
  maxSources: (v) => `at most ${v} sources reported`,
  ignoreReferences: (v) => `${plural(v.length, 'reference')} set aside by hand`,
  excludeSpans: (v) => `${plural(v.length, 'part')} of the paper left out by hand`,
  includeSpans: (v) => `${plural(v.length, 'exclusion')} undone by hand`,
};

/** The check options in words, defaults included for the three the page offers. */
export function optionPhrases(options = {}) {
  const { align = {}, ...rest } = options ?? {};
  const all = { excludeQuotes: true, excludeBibliography: true, ...rest };
  const aligned = { minWords: 12, ...align };
  const describe = (words, key, value) => (words[key] ? words[key](value) : `${key}: ${JSON.stringify(value)}`);
  const given = ([key, value]) => value !== undefined && !(Array.isArray(value) && !value.length);
  const phrases = [
    ...Object.entries(all).filter(given).map(([k, v]) => describe(OPTION_WORDS, k, v)),
    ...Object.entries(aligned).filter(given).map(([k, v]) => describe(ALIGN_WORDS, k, v)),
  ];
  return phrases.map((p) => p[0].toUpperCase() + p.slice(1));
}

function summaryHtml({ report, text }) {
  const left = Math.max(0, report.totalWords - report.words);
  const one = unitName(text.slice(0, 20_000)).replace(/s$/, '');
  return `<section class="summary" aria-labelledby="summary-h">
<h2 id="summary-h">Summary</h2>
<div class="figures">
<p class="overall"><span class="big">${pct(report.similarity)}</span> of the paper is similar to the sources</p>
<p>${plural(report.words, one)} checked${left ? ` of ${report.totalWords} in the paper` : ''}</p>
</div>
<p>${excludedPhrase(report.excluded, left, one)}</p>
${evasionHtml(report.evasion)}
</section>`;
}

/** What was left out of the count, e.g. "Left out of the count: 2 quotations and the bibliography (57 words)." */
export function excludedPhrase(excluded = [], words = 0, unit = 'word') {
  const count = (kind) => excluded.filter((span) => span.kind === kind).length;
  const [quotes, bib, base, reader] = [count('quote'), count('bibliography'), count('base'), count('reader')];
  const parts = [];
  if (quotes) parts.push(plural(quotes, 'quotation'));
  if (bib) parts.push('the bibliography');
  if (base) parts.push(`${plural(base, 'passage')} of the base document`);
  if (reader) parts.push(`${plural(reader, 'part')} left out by hand`);
  if (!parts.length) return 'Nothing was left out of the count.';
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  return `Left out of the count (shown in grey below): ${list}${words ? ` (${plural(words, unit)})` : ''}.`;
}

function evasionHtml(evasion) {
  const phrases = evasion ? evasionPhrases(evasion) : [];
  if (!phrases.length) return '';
  return `<div class="warning" role="note"><p><strong>Warning: this paper contains disguised text.</strong>
It was read as the text it imitates, so the matches below are still found. Found:</p>
<ul>${phrases.map((p) => `<li>${esc(p)}</li>`).join('')}</ul>
<p>In the paper below, disguised letters are underlined with a red wavy line and invisible characters are shown as a red bar.</p></div>`;
}

function sourcesListHtml(ctx) {
  const { report } = ctx;
  if (!report.sources.length) {
    return `<section aria-labelledby="sources-h"><h2 id="sources-h">Sources</h2>
<p><strong>No matching sources found</strong>: no passage of the paper was found in the references.</p></section>`;
  }
  const items = report.sources.map((source, rank) => {
    const n = rank + 1;
    const count = passagesPhrase(source);
    return `<li class="${colourClass(ctx, rank)}"><span class="num" aria-hidden="true">${n}</span>
<div><p class="line"><a href="#s${n}"><span class="sr">Source ${n}: </span><bdi>${esc(sourceTitle(ctx, source))}</bdi></a>
<span class="share"><strong>${pct(source.similarity)}</strong> of the paper</span></p>
<span class="bar" aria-hidden="true"><span style="width:${pct(source.similarity)}"></span></span>
<span class="stats">${count} · ${pct(source.sourceCoverage)} of the source used</span>${near(source)}</div></li>`;
  });
  return `<section aria-labelledby="sources-h"><h2 id="sources-h">Sources, most similar first</h2>
<ol class="sources">${items.join('\n')}</ol></section>`;
}

/** "3 passages", or "3 passages (1 rewritten)". */
function passagesPhrase(source) {
  const rewritten = source.passages.filter(isRewritten).length;
  return `${plural(source.passages.length, 'passage')}${rewritten ? ` (${rewritten} rewritten)` : ''}`;
}

const sourceTitle = (ctx, source) => ctx.texts.get(source.id)?.title || source.title || source.id;

function paperHtml(ctx) {
  const { html, overlaps } = markPaper(ctx);
  const legend = [
    ctx.report.sources.length && '<mark class="c0"><span class="n">1</span>Highlighted</mark> text was found in the source with that number and colour; the number leads to the comparison of the passage.',
    // The rule for text that several sources share, stated only when it was used.
    overlaps && 'Where the paper matches several sources, its text takes the colour and number of the most similar of them (the lowest number); the others are named when you point at it, and each source\'s section lists all its passages.',
    ctx.report.sources.some((source) => source.passages.some(isRewritten)) &&
      `${esc(capitalized(REWRITTEN_MARKED))} (<mark class="c0 rw">like this</mark>).`,
    ctx.report.excluded?.length && '<span class="x">Grey text</span> was left out of the count (see the summary; point at it to see why).',
    evasionPhrases(ctx.report.evasion ?? {}).length && '<span class="ev">Red wavy underline</span>: disguised letters; <span class="ev hid"></span> red bar: invisible characters.',
  ].filter(Boolean);
  return `<section class="paper" aria-labelledby="paper-h">
<h2 id="paper-h">The paper</h2>
${legend.length ? `<ul class="legend">${legend.map((item) => `<li>${item}</li>`).join('')}</ul>` : ''}
<div class="doc">${html}</div>
</section>`;
}

/** The near-duplicate verdict of a source as a line of the source list, or ''. */
function near(source) {
  const text = nearDuplicateText(source);
  return text ? `<p class="near"><strong>${esc(text.slice(0, 15))}</strong>${esc(text.slice(15))}</p>` : '';
}

/** Every span of the paper to mark: passages (by rank and index), exclusions and disguised characters. */
function paperSpans(ctx) {
  const { report, text } = ctx;
  const clamp = (x) => Math.max(0, Math.min(text.length, Math.trunc(Number(x)) || 0));
  const spans = [];
  const add = (span, extra) => {
    const start = clamp(span.start), end = clamp(span.end);
    if (end > start) spans.push({ start, end, ...extra });
  };
  report.sources.forEach((source, rank) => source.passages.forEach((p, index) => add(p, { rank, index })));
  for (const span of report.excluded ?? []) add(span, { kind: span.kind });
  // Invisible characters get a visible bar (an underline of nothing shows nothing).
  for (const span of disguisedSpans(report.evasion ?? {})) add(span, { disguise: span.hidden ? 'hidden' : 'shown' });
  return spans;
}

/**
 * The paper's text as HTML, and whether sources overlap in it. The text is cut at every span
 * boundary; each piece takes the passage of the best-ranked source covering it (lowest rank, then
 * first passage: a fixed rule, stated in the legend), else the exclusion covering it; disguised
 * characters are wrapped inside either.
 */
function markPaper(ctx) {
  const { text } = ctx;
  const spans = paperSpans(ctx);
  const opening = new Map(), closing = new Map();
  const at = (map, pos, span) => (map.get(pos) ?? map.set(pos, []).get(pos)).push(span);
  for (const span of spans) { at(opening, span.start, span); at(closing, span.end, span); }
  const cuts = [...new Set([0, text.length, ...opening.keys(), ...closing.keys()])].sort((a, b) => a - b);
  const active = new Set();
  const labelled = new Set(); // passages whose first piece has been written
  const out = [];
  let overlaps = false;
  let group = null;
  for (let i = 0; i + 1 < cuts.length; i++) {
    for (const span of closing.get(cuts[i]) ?? []) active.delete(span);
    for (const span of opening.get(cuts[i]) ?? []) active.add(span);
    const piece = pieceOf(active);
    overlaps ||= piece.ranks?.size > 1;
    if (!group || group.key !== piece.key) {
      if (group) out.push(closeGroup(ctx, group, labelled));
      group = { ...piece, parts: [] };
    }
    const slice = esc(text.slice(cuts[i], cuts[i + 1]));
    group.parts.push(piece.disguise ? DISGUISES[piece.disguise](slice) : slice);
  }
  if (group) out.push(closeGroup(ctx, group, labelled));
  return { html: out.join(''), overlaps };
}

const DISGUISES = {
  hidden: (html) => `<span class="ev hid" title="Invisible characters">${html}</span>`,
  shown: (html) => `<span class="ev" title="Disguised characters">${html}</span>`,
};

/** What covers a piece of the paper: its owner passage (and the other sources), exclusion, disguise. */
function pieceOf(active) {
  let owner = null, kind = null, disguise = false;
  const ranks = new Set();
  for (const span of active) {
    if (span.disguise) disguise = disguise === 'hidden' ? disguise : span.disguise;
    else if (span.kind) kind ??= span.kind;
    else {
      ranks.add(span.rank);
      if (!owner || span.rank < owner.rank || (span.rank === owner.rank && span.index < owner.index)) owner = span;
    }
  }
  if (owner) return { key: `p${owner.rank}.${owner.index}.${[...ranks].sort((a, b) => a - b).join()}`, owner, ranks, disguise };
  return { key: kind ? `x${kind}` : '', kind, disguise };
}

const EXCLUSION_TITLES = { quote: 'Left out: a quotation', bibliography: 'Left out: the bibliography', base: 'Left out: text of the base document', reader: 'Left out by hand' };

function closeGroup(ctx, group, labelled) {
  const body = group.parts.join('');
  if (group.kind) return `<span class="x" title="${esc(EXCLUSION_TITLES[group.kind] ?? 'Left out')}">${body}</span>`;
  if (!group.owner) return body;
  const { rank, index } = group.owner;
  const n = rank + 1, source = ctx.report.sources[rank];
  const others = [...group.ranks].filter((r) => r !== rank).sort((a, b) => a - b).map((r) => r + 1);
  const title = `Source ${n}: ${sourceTitle(ctx, source)}, passage ${index + 1}` +
    (others.length ? `; also found in source${others.length > 1 ? 's' : ''} ${others.join(', ')}` : '');
  // The first piece of each passage is the target of its comparison's "show in the paper" link.
  const key = `${n}-${index + 1}`;
  const id = labelled.has(key) ? '' : ` id="t${key}"`;
  labelled.add(key);
  const rewritten = isRewritten(source.passages[index]) ? ' rw' : '';
  return `<mark class="${colourClass(ctx, rank)}${rewritten}" data-source="${n}"${id} title="${esc(title)}"><a class="n" href="#s${key}" aria-label="Source ${n}, passage ${index + 1}">${n}</a>${body}</mark>`;
}

function sourceHtml(ctx, source, rank) {
  const n = rank + 1;
  const text = ctx.texts.get(source.id)?.text;
  const passages = source.passages.map((passage, index) => passageHtml(ctx, passage, n, index, source.passages.length, text));
  return `<section class="source ${colourClass(ctx, rank)}" id="s${n}" aria-labelledby="s${n}-h">
<h2 id="s${n}-h"><span class="num">${n}</span> <bdi>${esc(sourceTitle(ctx, source))}</bdi></h2>
<p class="stats"><strong>${pct(source.similarity)}</strong> of the paper · ${passagesPhrase(source)} · ${pct(source.sourceCoverage)} of the source used</p>
<p class="key">In each passage: <mark>highlighted</mark> words are in exact runs shared by both texts, <span class="gap">underlined</span> words differ, grey text is the context around the passage.${source.passages.some(isRewritten) ? ' A rewritten passage shows its sentence pairs instead.' : ''}</p>
${passages.join('\n')}
</section>`;
}
