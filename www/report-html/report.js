// The downloadable report: one self-contained HTML document (inline CSS, no script, no external
// resource, a CSP that forbids loading anything) that a teacher can keep, mail or print to PDF. It
// shows the summary, the ranked sources, the paper with every passage highlighted in its source's
// colour and number, and each passage side by side with its source and evidence (a rewritten one:
// its sentence pairs; www/report-html/passage.js). A pure function of its input (no DOM), so the
// page and Node produce the same file; every piece of user text is escaped.
import { disguisedSpans, evasionPhrases } from '../../js/words/evasion.js';
import { nearDuplicateReasons, nearDuplicateText } from '../../js/words/near-duplicate.js';
import { matchedExclusions, exclusionPhrase } from '../../js/words/left-out.js';
import { unitKey } from '../../js/words/units.js';
import { percent } from '../../js/words/percent.js';
import { capitalized, isRewritten, rewrittenMarked } from '../../js/words/evidence.js';
import { count, formatDate as writeDate, language, list, t, withLanguage } from '../../js/words/i18n.js';
import { PALETTE, HIGHLIGHT_TEXT } from '../palette.js';
import { REPORT_CSS } from './style.js';
import { EVIDENCE_CSS, esc, escText, passageHtml } from './passage.js';



/**
 * The report as a complete HTML document string.
 * `report`: a plagscope Report; `paper`: `{ title, text }`, the text the report was made from;
 * `sources`: `[{ id, title, text }]`, the references' texts (those of the report's sources are used,
 * matched by id; a missing one only loses its side of the comparison); `options`: the CheckOptions
 * of the check; `version`: the engine's version string; `date`: a Date (shown in the local time) or
 * an already formatted string, now when absent; `palette`: the colours ('#rrggbb') to use instead of
 * www/palette.js's; `lang`: the language to write it in ('en' or 'zh-Hans'; the current one when absent).
 */
export function reportHtml({ lang, ...given } = {}) {
  return withLanguage(lang ?? language(), () => documentHtml(given));
}

/** The report's document in the current language (the parameters of `reportHtml`). */
function documentHtml({ report, paper, sources = [], options = {}, version = '', date, palette, setAside = [] }) {
  const colours = Array.isArray(palette) && palette.length && palette.every(isColour) ? palette : PALETTE;
  const texts = new Map(sources.map((source) => [source.id, source]));
  const ctx = { report, text: String(paper?.text ?? ''), colours, texts, setAside: Array.isArray(setAside) ? setAside : [] };
  const title = String(paper?.title ?? '').trim() || t('html.untitled');
  return [
    `<!DOCTYPE html>\n<html lang="${language()}">\n<head>\n<meta charset="utf-8">`,
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta name="color-scheme" content="light">',
    `<meta name="generator" content="plagscope ${esc(version)}">`,
    `<title>${escText(t('html.title', { title }))}</title>`,
    `<style>\n${REPORT_CSS}${EVIDENCE_CSS}${paletteCss(colours)}</style>\n</head>\n<body>`,
    headerHtml(title, options, version, date),
    '<main>',
    summaryHtml(ctx),
    sourcesListHtml(ctx),
    paperHtml(ctx),
    report.sources.map((source, rank) => sourceHtml(ctx, source, rank)).join(''),
    '</main>',
    `<footer><p>${escText(t('html.footer', { version }))}</p></footer>`,
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
  return writeDate(when);
}

function headerHtml(title, options, version, date) {
  const items = optionPhrases(options).map((phrase) => `<li>${esc(phrase)}</li>`).join('');
  return `<header>
<p class="kicker">${escText(t('html.kicker'))}</p>
<h1><bdi>${esc(title)}</bdi></h1>
<p class="meta">${escText(t('html.meta', { date: formatDate(date), version: version || t('html.unknownVersion') }))}</p>
<ul class="options" aria-label="${esc(t('html.optionsUsed'))}">${items}</ul>
</header>`;
}

/** The alignment options in words, each a catalogue key taking the option's value. */
const ALIGN_WORDS = {
  minWords: 'html.option.minWords',
  seedWords: 'html.option.seedWords',
  anchorWords: 'html.option.anchorWords',
  editedWords: 'html.option.editedWords',
  maxGap: 'html.option.maxGap',
  mergeGap: 'html.option.mergeGap',
  minDensity: 'html.option.minDensity',
  maxDocFrequency: 'html.option.maxDocFrequency',
};
const OPTION_WORDS = {
  excludeQuotes: (v) => t(v ? 'html.option.quotesOut' : 'html.option.quotesIn'),
  excludeBibliography: (v) => t(v ? 'html.option.bibliographyOut' : 'html.option.bibliographyIn'),
  excludeTables: (v) => t(v ? 'html.option.tablesOut' : 'html.option.tablesIn'),
  maxSources: (v) => t('html.option.maxSources', { value: v }),
  ignoreReferences: (v) => t('html.option.ignoreReferences', { references: count('count.reference', v.length) }),
  excludeSpans: (v) => t('html.option.excludeSpans', { parts: count('count.part', v.length) }),
  includeSpans: (v) => t('html.option.includeSpans', { exclusions: count('count.exclusion', v.length) }),
};

/** The check options in words, defaults included for the three the page offers. */
export function optionPhrases(options = {}) {
  const { align = {}, ...rest } = options ?? {};
  const all = { excludeQuotes: true, excludeBibliography: true, excludeTables: true, ...rest };
  // Translated copies, and the search by meaning, are named only when they were looked for.
  const { translated, meaningSearch, ...restAlign } = align;
  const aligned = { minWords: 12, ...restAlign };
  const other = (key, value) => `${key}: ${JSON.stringify(value)}`;
  const given = ([key, value]) => value !== undefined && !(Array.isArray(value) && !value.length);
  const phrases = [
    ...Object.entries(all).filter(given).map(([k, v]) => (OPTION_WORDS[k] ? OPTION_WORDS[k](v) : other(k, v))),
    ...Object.entries(aligned).filter(given).map(([k, v]) => (ALIGN_WORDS[k] ? t(ALIGN_WORDS[k], { value: v }) : other(k, v))),
    ...(translated ? [t('html.option.translated')] : []),
    ...(translated && meaningSearch ? [t('html.option.meaningSearch')] : []),
  ];
  return phrases.map((p) => p[0].toUpperCase() + p.slice(1));
}

function summaryHtml(ctx) {
  const { report } = ctx;
  const left = Math.max(0, report.totalWords - report.words);
  const unit = unitKey(report.unit);
  const checked = count(unit, report.words);
  return `<section class="summary" aria-labelledby="summary-h">
<h2 id="summary-h">${escText(t('html.summary'))}</h2>
<div class="figures">
<p class="overall">${escText(t('html.overall', { share: '\u0000' })).replace('\u0000', `<span class="big">${percent(report.similarity)}</span>`)}</p>
<p>${esc(left ? t('html.checkedOf', { checked, total: report.totalWords }) : t('html.checked', { checked }))}</p>
</div>
<p>${esc(excludedPhrase(report.excluded, left, unit))}</p>
${setAsideHtml(ctx)}
${quotationsHtml(ctx)}
${evasionHtml(report.evasion)}
</section>`;
}

/**
 * What was left out of the count, e.g. "Left out of the count: 2 quotations and the bibliography
 * (57 words)."; `unit` is the catalogue's plural message of the paper's unit.
 */
export function excludedPhrase(excluded = [], words = 0, unit = 'count.word') {
  const kinds = (kind) => excluded.filter((span) => span.kind === kind).length;
  const [quotes, bib, base, reader] = [kinds('quote'), kinds('bibliography'), kinds('base'), kinds('reader')];
  const tables = kinds('table');
  const parts = [];
  if (quotes) parts.push(count('count.quotation', quotes));
  if (bib) parts.push(t('html.excluded.bibliography'));
  if (tables) parts.push(count('count.table', tables));
  if (base) parts.push(t('html.excluded.base', { passages: count('count.passage', base) }));
  if (reader) parts.push(t('html.excluded.reader', { parts: count('count.part', reader) }));
  if (!parts.length) return t('html.excluded.nothing');
  const size = words ? t('html.excluded.size', { size: count(unit, words) }) : '';
  return t('html.excluded.list', { list: list(parts), size });
}

/** The references set aside by hand, by title (the id when there is none): a reader sees which. */
function setAsideHtml(ctx) {
  if (!ctx.setAside.length) return '';
  const titles = ctx.setAside.map((r) => t('html.quotedTitle', { title: String(r?.title || r?.id || '') }));
  return `<p class="set-aside">${esc(t('html.setAside', { list: list(titles) }))}</p>`;
}

/**
 * The spans left out that match a source (quotations, reference lists, tables), each with its
 * source: a copy in quote marks is still seen.
 */
function quotationsHtml(ctx) {
  const quotations = matchedExclusions(ctx.report, ctx.text, { titles: titlesOf(ctx) });
  if (!quotations.length) return '';
  const items = quotations.map((q) => {
    const excerpt = ctx.text.slice(q.start, Math.min(q.end, q.start + 100)) + (q.end - q.start > 100 ? '…' : '');
    const phrase = exclusionPhrase(q);
    return `<li>${esc(phrase[0].toUpperCase() + phrase.slice(1))}${escText(t('punct.colon'))}<span class="ex">${esc(excerpt)}</span></li>`;
  });
  return `<p>${escText(t('html.quotations'))}</p>
<ul class="quotes">${items.join('\n')}</ul>`;
}

/** The references' titles by id, from the texts given with the report. */
const titlesOf = (ctx) => Object.fromEntries([...ctx.texts.values()].map((source) => [source.id, source.title]));

function evasionHtml(evasion) {
  const phrases = evasion ? evasionPhrases(evasion) : [];
  if (!phrases.length) return '';
  return `<div class="warning" role="note"><p><strong>${escText(t('html.evasion.warning'))}</strong>
${escText(t('html.evasion.read'))}</p>
<ul>${phrases.map((p) => `<li>${esc(p)}</li>`).join('')}</ul>
<p>${escText(t('html.evasion.marked'))}</p></div>`;
}

function sourcesListHtml(ctx) {
  const { report } = ctx;
  if (!report.sources.length) {
    return `<section aria-labelledby="sources-h"><h2 id="sources-h">${escText(t('html.sources'))}</h2>
<p><strong>${escText(t('html.noSources'))}</strong>${escText(t('html.noSourcesWhy'))}</p></section>`;
  }
  const items = report.sources.map((source, rank) => {
    const n = rank + 1;
    const count = passagesPhrase(source);
    return `<li class="${colourClass(ctx, rank)}"><span class="num" aria-hidden="true">${n}</span>
<div><p class="line"><a href="#s${n}"><span class="sr">${escText(t('html.sourceNumber', { number: n }))}</span><bdi>${esc(sourceTitle(ctx, source))}</bdi></a>
<span class="share">${ofPaper(source)}</span></p>
<span class="bar" aria-hidden="true"><span style="width:${(Math.max(0, Math.min(1, Number(source.similarity) || 0)) * 100).toFixed(1)}%"></span></span>
<span class="stats">${esc(count)} · ${escText(t('html.sourceUsed', { share: percent(source.sourceCoverage) }))}</span>${near(source)}</div></li>`;
  });
  return `<section aria-labelledby="sources-h"><h2 id="sources-h">${escText(t('html.sourcesRanked'))}</h2>
<ol class="sources">${items.join('\n')}</ol></section>`;
}

/** "3 passages", or "3 passages (1 rewritten)". */
function passagesPhrase(source) {
  const rewritten = source.passages.filter(isRewritten).length;
  const passages = count('count.passage', source.passages.length);
  return rewritten ? t('html.passagesRewritten', { passages, rewritten }) : passages;
}

/** "<strong>12.5%</strong> of the paper": a source's share, the figure in bold. */
const ofPaper = (source) =>
  escText(t('html.ofPaper', { share: '\u0000' })).replace('\u0000', `<strong>${percent(source.similarity)}</strong>`);

const sourceTitle = (ctx, source) => ctx.texts.get(source.id)?.title || source.title || source.id;

function paperHtml(ctx) {
  const { html, overlaps } = markPaper(ctx);
  const legend = [
    ctx.report.sources.length && marked('html.legend.highlighted', [['<mark class="c0"><span class="n">1</span>', '</mark>']]),
    // The rule for text that several sources share, stated only when it was used.
    overlaps && escText(t('html.legend.overlaps')),
    ctx.report.sources.some((source) => source.passages.some(isRewritten)) &&
      marked('html.legend.rewritten', [['<mark class="c0 rw">', '</mark>']], { marked: capitalized(rewrittenMarked()) }),
    ctx.report.excluded?.length && marked('html.legend.grey', [['<span class="x">', '</span>']]),
    evasionPhrases(ctx.report.evasion ?? {}).length &&
      marked('html.legend.evasion', [['<span class="ev">', '</span>'], ['<span class="ev hid">', '</span>']]),
  ].filter(Boolean);
  return `<section class="paper" aria-labelledby="paper-h">
<h2 id="paper-h">${escText(t('html.paper'))}</h2>
${legend.length ? `<ul class="legend">${legend.map((item) => `<li>${item}</li>`).join('')}</ul>` : ''}
<div class="doc">${html}</div>
</section>`;
}

/**
 * The message `key` escaped, the words between its n-th `[` and `]` wrapped in `wrappers[n]`'s
 * opening and closing tags (a highlight, a grey span in the legend): the markup stays out of the
 * catalogue, and each language puts the marked words where its sentence has them.
 */
function marked(key, wrappers, params = {}) {
  let n = 0;
  return escText(t(key, params)).replace(/\[(.*?)\]/g, (whole, inside) => {
    const [open, close] = wrappers[n++] ?? ['', ''];
    return `${open}${inside}${close}`;
  });
}

/** The near-duplicate verdict of a source as a line of the source list, its label in bold, or ''. */
function near(source) {
  const text = nearDuplicateText(source);
  if (!text) return '';
  const label = text.slice(0, text.indexOf(nearDuplicateReasons(source)[0])).trimEnd();
  return `<p class="near"><strong>${esc(label)}</strong>${esc(text.slice(label.length))}</p>`;
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
  const quoting = new Map(matchedExclusions(report, text, { titles: titlesOf(ctx) }).map((q) => [`${q.kind}:${q.start}`, q]));
  for (const span of report.excluded ?? []) {
    const matched = quoting.get(`${span.kind}:${span.start}`);
    add(span, { kind: span.kind, note: matched ? t('html.leftOutQuote', { quotation: exclusionPhrase(matched) }) : undefined });
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
  hidden: (html) => `<span class="ev hid" title="${esc(t('html.invisible'))}">${html}</span>`,
  shown: (html) => `<span class="ev" title="${esc(t('html.disguised'))}">${html}</span>`,
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

const EXCLUSION_TITLES = { quote: 'html.leftOut.quote', bibliography: 'html.leftOut.bibliography', table: 'html.leftOut.table', base: 'html.leftOut.base', reader: 'html.leftOut.reader' };

function closeGroup(ctx, group, labelled) {
  const body = group.parts.join('');
  if (group.kind) return `<span class="x" title="${esc(group.note ?? t(EXCLUSION_TITLES[group.kind] ?? 'html.leftOut.other'))}">${body}</span>`;
  if (!group.owner) return body;
  const { rank, index } = group.owner;
  const n = rank + 1, source = ctx.report.sources[rank];
  const others = [...group.ranks].filter((r) => r !== rank).sort((a, b) => a - b).map((r) => r + 1);
  const title = t('html.markTitle', { number: n, title: sourceTitle(ctx, source), passage: index + 1 }) +
    (others.length ? t('html.alsoIn', { count: others.length, numbers: others.join(t('list.comma')) }) : '');
  // The first piece of each passage is the target of its comparison's "show in the paper" link.
  const key = `${n}-${index + 1}`;
  const id = labelled.has(key) ? '' : ` id="t${key}"`;
  labelled.add(key);
  const rewritten = isRewritten(source.passages[index]) ? ' rw' : '';
  return `<mark class="${colourClass(ctx, rank)}${rewritten}" data-source="${n}"${id} title="${esc(title)}"><a class="n" href="#s${key}" aria-label="${esc(t('html.markLabel', { number: n, passage: index + 1 }))}">${n}</a>${body}</mark>`;
}

function sourceHtml(ctx, source, rank) {
  const n = rank + 1;
  const text = ctx.texts.get(source.id)?.text;
  const passages = source.passages.map((passage, index) => passageHtml(ctx, passage, n, index, source.passages, text));
  return `<section class="source ${colourClass(ctx, rank)}" id="s${n}" aria-labelledby="s${n}-h">
<h2 id="s${n}-h"><span class="num">${n}</span> <bdi>${esc(sourceTitle(ctx, source))}</bdi></h2>
<p class="stats">${ofPaper(source)} · ${esc(passagesPhrase(source))} · ${escText(t('html.sourceUsed', { share: percent(source.sourceCoverage) }))}</p>
<p class="key">${marked('html.key', [['<mark>', '</mark>'], ['<span class="gap">', '</span>']])}${source.passages.some(isRewritten) ? esc(t('html.keyRewritten')) : ''}</p>
${passages.join('\n')}
</section>`;
}
