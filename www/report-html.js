// The downloadable report: one self-contained HTML document (inline CSS, no script, no external
// resource, a CSP that forbids loading anything) that a teacher can keep, mail or print to PDF. It
// shows the summary, the ranked sources, the paper with every passage highlighted in its source's
// colour and number, and each passage side by side with its source and evidence (a rewritten one:
// its sentence pairs; www/report-html-passage.js). A pure function of its input (no DOM), so the
// page and Node produce the same file; every piece of user text is escaped.
import { disguisedSpans, evasionPhrases } from '../js/evasion.js';
import { nearDuplicateText } from '../js/near-duplicate.js';
import { matchedQuotations, quotationPhrase } from '../js/quotations.js';
import { unitName } from '../js/units.js';
import { percent, plural } from '../js/words.js';
import { REWRITTEN_MARKED, capitalized, isRewritten } from '../js/evidence.js';
import { PALETTE, HIGHLIGHT_TEXT } from './palette.js';
import { REPORT_CSS } from './report-style.js';
import { EVIDENCE_CSS, esc, passageHtml } from './report-html-passage.js';



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

function summaryHtml(ctx) {
  const { report, text } = ctx;
  const left = Math.max(0, report.totalWords - report.words);
  const one = unitName(text.slice(0, 20_000)).replace(/s$/, '');
  return `<section class="summary" aria-labelledby="summary-h">
<h2 id="summary-h">Summary</h2>
<div class="figures">
<p class="overall"><span class="big">${percent(report.similarity)}</span> of the paper is similar to the sources</p>
<p>${plural(report.words, one)} checked${left ? ` of ${report.totalWords} in the paper` : ''}</p>
</div>
<p>${excludedPhrase(report.excluded, left, one)}</p>
${quotationsHtml(ctx)}
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

/** The quotations left out that match a source, each with its source: a copy in quote marks is still seen. */
function quotationsHtml(ctx) {
  const quotations = matchedQuotations(ctx.report, ctx.text, { titles: titlesOf(ctx) });
  if (!quotations.length) return '';
  const items = quotations.map((q) => {
    const excerpt = ctx.text.slice(q.start, Math.min(q.end, q.start + 100)) + (q.end - q.start > 100 ? '…' : '');
    const phrase = quotationPhrase(q);
    return `<li>${esc(phrase[0].toUpperCase() + phrase.slice(1))}: <span class="ex">${esc(excerpt)}</span></li>`;
  });
  return `<p>Quotations that match a source (left out of the count like every quotation, shown in grey in the paper):</p>
<ul class="quotes">${items.join('\n')}</ul>`;
}

/** The references' titles by id, from the texts given with the report. */
const titlesOf = (ctx) => Object.fromEntries([...ctx.texts.values()].map((source) => [source.id, source.title]));

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
<span class="share"><strong>${percent(source.similarity)}</strong> of the paper</span></p>
<span class="bar" aria-hidden="true"><span style="width:${percent(source.similarity)}"></span></span>
<span class="stats">${count} · ${percent(source.sourceCoverage)} of the source used</span>${near(source)}</div></li>`;
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
  const quoting = new Map(matchedQuotations(report, text, { titles: titlesOf(ctx) }).map((q) => [q.start, q]));
  for (const span of report.excluded ?? []) {
    const quotation = span.kind === 'quote' && quoting.get(span.start);
    add(span, { kind: span.kind, note: quotation ? `Left out: a ${quotationPhrase(quotation)}` : undefined });
  }
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
  let owner = null, kind = null, note, disguise = false;
  const ranks = new Set();
  for (const span of active) {
    if (span.disguise) disguise = disguise === 'hidden' ? disguise : span.disguise;
    else if (span.kind) {
      note = kind ? note : span.note;
      kind ??= span.kind;
    }
    else {
      ranks.add(span.rank);
      if (!owner || span.rank < owner.rank || (span.rank === owner.rank && span.index < owner.index)) owner = span;
    }
  }
  if (owner) return { key: `p${owner.rank}.${owner.index}.${[...ranks].sort((a, b) => a - b).join()}`, owner, ranks, disguise };
  return { key: kind ? `x${kind}${note ?? ''}` : '', kind, note, disguise };
}

const EXCLUSION_TITLES = { quote: 'Left out: a quotation', bibliography: 'Left out: the bibliography', base: 'Left out: text of the base document', reader: 'Left out by hand' };

function closeGroup(ctx, group, labelled) {
  const body = group.parts.join('');
  if (group.kind) return `<span class="x" title="${esc(group.note ?? EXCLUSION_TITLES[group.kind] ?? 'Left out')}">${body}</span>`;
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
<p class="stats"><strong>${percent(source.similarity)}</strong> of the paper · ${passagesPhrase(source)} · ${percent(source.sourceCoverage)} of the source used</p>
<p class="key">In each passage: <mark>highlighted</mark> words are in exact runs shared by both texts, <span class="gap">underlined</span> words differ, grey text is the context around the passage.${source.passages.some(isRewritten) ? ' A rewritten passage shows its sentence pairs instead.' : ''}</p>
${passages.join('\n')}
</section>`;
}
