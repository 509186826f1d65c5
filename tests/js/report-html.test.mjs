// The downloadable HTML report (www/report-html/report.js) and the source palette (www/palette.js), built
// from real reports of the real engine: every passage is highlighted in its source's colour at the
// right place (the highlighted document is read back and compared with the paper character by
// character), each comparison shows both sides' text, user text is escaped, nothing is loaded from
// outside, the no-source case, big papers, and the palette's contrast and distinctness.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { Checker, version } from 'plagscope';
import { reportHtml, optionPhrases } from '../../www/report-html/report.js';
import { PALETTE, HIGHLIGHT_TEXT, sourceColour } from '../../www/palette.js';
import { evasionPhrases } from '../../js/words/evasion.js';

const demo = JSON.parse(readFileSync(new URL('../../pkg/demo-refs.json', import.meta.url), 'utf8'));
const france = demo.references.find((r) => r.id === 'factbook-fr');
const corpus = new URL('../../target/corpus/en/', import.meta.url);
const HOSTILE = '<img src=x onerror=alert(1)>';

/** A checker holding `references`, and its report on `text`. */
function check(references, text, options) {
  const checker = new Checker();
  for (const reference of references) checker.addReference(reference);
  return checker.check(text, options);
}

const build = (report, text, references, extra = {}) =>
  reportHtml({ report, paper: { title: 'Essay', text }, sources: references, options: {}, version: version(), date: new Date(0), ...extra });

const unescape = (s) => s.replace(/&(lt|gt|quot|#39|amp);/g, (_, e) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e]);
const plainText = (html) => unescape(html.replace(/<[^>]*>/g, ''));

/**
 * Reads the paper back from the report's document view: its text (source-number badges left out)
 * and, per UTF-16 unit, the number of the source whose highlight holds it (0: none) and whether it
 * is greyed as excluded.
 */
function readPaper(html) {
  const from = html.indexOf('<div class="doc">') + '<div class="doc">'.length;
  const doc = html.slice(from, html.indexOf('</div>', from));
  const owner = [], excluded = [], stack = [];
  let text = '';
  for (const [token] of doc.matchAll(/<[^>]*>|[^<]+/g)) {
    if (token.startsWith('</')) stack.pop();
    else if (token.startsWith('<')) {
      stack.push({ source: Number(/data-source="(\d+)"/.exec(token)?.[1] ?? 0), badge: /class="n"/.test(token), excluded: /class="x"/.test(token) });
    } else if (!stack.some((t) => t.badge)) {
      const piece = unescape(token);
      const source = [...stack].reverse().find((t) => t.source)?.source ?? 0;
      const grey = stack.some((t) => t.excluded);
      for (let i = 0; i < piece.length; i++) { owner.push(source); excluded.push(grey); }
      text += piece;
    }
  }
  return { text, owner, excluded };
}

/** Per UTF-16 unit of `text`, the number of the most similar source whose passage covers it (0: none). */
function expectedOwners(report, length) {
  const owner = new Array(length).fill(0);
  report.sources.forEach((source, rank) => {
    for (const p of source.passages) for (let i = p.start; i < p.end; i++) if (!owner[i]) owner[i] = rank + 1;
  });
  return owner;
}

/** The HTML of the comparison of passage `index` (0-based) of source number `n`, split into its two sides. */
function comparison(html, n, index) {
  const from = html.indexOf(`<article class="passage" id="s${n}-${index + 1}"`);
  assert.ok(from >= 0, `passage ${n}-${index + 1} has a comparison`);
  const article = html.slice(from, html.indexOf('</article>', from));
  const [head, paperSide, sourceSide] = article.split('<div class="side">');
  return { head, paperSide, sourceSide };
}

/** Checks every passage of `report` in `html`: highlighted where it is, compared with its source. */
function assertPassages(html, report, text, references) {
  const read = readPaper(html);
  assert.equal(read.text, text, 'the document view holds the paper, unchanged');
  assert.deepEqual(read.owner, expectedOwners(report, text.length), 'each passage is highlighted for the most similar source covering it');
  const classColour = new Map([...html.matchAll(/\.(c\d+)\{--c:(#[0-9a-f]{6})\}/g)].map((m) => [m[1], m[2]]));
  for (const [, cls, n] of html.matchAll(/<mark class="(c\d+)" data-source="(\d+)"/g)) {
    assert.equal(classColour.get(cls), sourceColour(Number(n) - 1), `source ${n} has its palette colour`);
  }
  report.sources.forEach((source, rank) => {
    const sourceText = references.find((r) => r.id === source.id).text;
    source.passages.forEach((p, index) => {
      const { head, paperSide, sourceSide } = comparison(html, rank + 1, index);
      assert.ok(plainText(paperSide).includes(text.slice(p.start, p.end)), 'the paper side shows the passage');
      assert.ok(plainText(sourceSide).includes(sourceText.slice(p.sourceStart, p.sourceEnd)), 'the source side shows its twin');
      const marked = [...paperSide.matchAll(/<mark>([^<]*)<\/mark>/g)].map((m) => unescape(m[1])).join('');
      const runs = [...p.ngrams].sort((a, b) => a.start - b.start).map((r) => text.slice(r.start, r.end)).join('');
      assert.equal(marked, runs, 'the shared runs are highlighted on the paper side');
      assert.match(plainText(head), new RegExp(`${p.matchedWords} of ${p.words} \\w+ in exact shared runs`));
      assert.match(plainText(head), new RegExp(`longest exact run: ${p.longestRun} \\w+`));
    });
  });
}

test('the demo example: every passage highlighted in its source colour, compared side by side, evasion named', () => {
  const report = check(demo.references, demo.example);
  assert.ok(report.sources.length >= 2 && report.evasion.replacedLetters.Cyrillic > 0);
  const html = build(report, demo.example, demo.references);
  assertPassages(html, report, demo.example, demo.references);
  const text = plainText(html);
  assert.ok(text.includes(`${(report.similarity * 100).toFixed(1)}%`), 'overall similarity');
  assert.ok(text.includes(`${report.words} words checked`));
  for (const phrase of evasionPhrases(report.evasion)) assert.ok(text.includes(phrase), phrase);
  assert.ok(text.includes('Warning: this paper contains disguised text'));
  assert.match(html, /<span class="ev hid" title="Invisible characters">\u200B<\/span>/, 'the invisible character is shown');
  assert.ok(text.includes('Nothing was left out of the count.'));
  assert.doesNotMatch(html, /most similar of them/, 'the overlap rule is stated only when sources overlap');
  // The sources are listed most similar first, each with a bar as wide as its similarity.
  const bars = [...html.matchAll(/<span class="bar" aria-hidden="true"><span style="width:([\d.]+)%"><\/span>/g)].map((m) => Number(m[1]));
  assert.deepEqual(bars, report.sources.map((s) => Number((s.similarity * 100).toFixed(1))));
});

test('overlapping sources: the most similar one colours the text, the other is named', () => {
  const copy = { id: 'copy', title: 'A copy of the France profile', text: france.text };
  const references = [france, copy, ...demo.references.filter((r) => r.id !== france.id)];
  const report = check(references, demo.example);
  const ranks = report.sources.map((s) => s.id);
  assert.ok(ranks.includes('copy') && ranks.includes(france.id), 'both copies are sources');
  const html = build(report, demo.example, references);
  assertPassages(html, report, demo.example, references);
  const second = Math.max(ranks.indexOf('copy'), ranks.indexOf(france.id)) + 1;
  assert.match(html, new RegExp(`title="Source \\d+: [^"]+; also found in source ${second}"`));
  assert.match(html, /the colour and number of the most similar of them/, 'the legend states the rule');
});

test('quotations, the bibliography and base-document text are greyed and counted', () => {
  const template = 'Answer the following question in at least five hundred words, citing the sources you used and explaining how the institutions of the country you chose have changed over the last century.';
  const quote = '“It plays an influential global role as a permanent member of the United Nations Security Council, NATO, the G-8, the G-20, the EU and other multilateral organizations.”';
  const copied = france.text.split(/\s+/).slice(0, 60).join(' ');
  const text = `${template}\n\nMy essay. As the Factbook says, ${quote} I agree with it.\n\n${copied}\n\nReferences\nCIA World Factbook, France profile. ${HOSTILE}`;
  const references = [...demo.references, { id: 'template', title: 'Assignment', text: template, base: true }];
  const report = check(references, text);
  assert.deepEqual([...new Set(report.excluded.map((e) => e.kind))].sort(), ['base', 'bibliography', 'quote']);
  const html = build(report, text, references);
  assertPassages(html, report, text, references);
  const read = readPaper(html);
  const passages = expectedOwners(report, text.length);
  for (let i = 0; i < text.length; i++) {
    const inExclusion = report.excluded.some((e) => i >= e.start && i < e.end);
    assert.equal(read.excluded[i], inExclusion && !passages[i], `unit ${i} greyed only when excluded and not matched`);
  }
  assert.match(plainText(html), /Left out of the count \(shown in grey below\): 1 quotation, the bibliography and 1 passage of the base document \(\d+ words\)\./);
});

test('parts left out by hand and references set aside are shown as such', () => {
  const introduction = demo.example.indexOf('France');
  const options = { excludeSpans: [{ start: 0, end: introduction }], ignoreReferences: ['factbook-ja'], includeSpans: [] };
  const report = check(demo.references, demo.example, options);
  assert.deepEqual(report.excluded.map((e) => e.kind), ['reader']);
  const japan = demo.references.find((r) => r.id === 'factbook-ja');
  const html = build(report, demo.example, demo.references, { options, setAside: [{ id: japan.id, title: japan.title }] });
  assertPassages(html, report, demo.example, demo.references);
  assert.deepEqual(readPaper(html).excluded.slice(0, introduction + 1), [...new Array(introduction).fill(true), false]);
  // The reference set aside is named, not only counted (issue 43, item 3).
  assert.ok(plainText(html).includes(`Set aside by hand, so not compared with the paper: “${japan.title}”.`), plainText(html).slice(0, 2000));
  assert.match(html, /<span class="x" title="Left out by hand">/);
  const text = plainText(html);
  assert.match(text, /Left out of the count \(shown in grey below\): 1 part left out by hand \(\d+ words\)\./);
  assert.ok(text.includes('1 reference set aside by hand') && text.includes('1 part of the paper left out by hand'));
  assert.ok(!text.includes('exclusion undone'), 'empty choices are not mentioned');
});

test('a Traditional/Simplified Chinese copy is named, counted in characters', () => {
  const traditional = '第一條　為了保護個人資訊權益，規範個人資訊處理活動，促進個人資訊合理利用，根據憲法，制定本法。';
  const text = '引言。为了保护个人资讯权益，规范个人资讯处理活动，促进个人资讯合理利用，根据宪法，制定本法。';
  const references = [{ id: 'tw', title: '個人資訊保護法', text: traditional }];
  const report = check(references, text);
  assert.equal(report.sources[0].passages[0].convertedScript, true);
  const html = build(report, text, references);
  assertPassages(html, report, text, references);
  assert.match(plainText(html), /longest exact run: \d+ characters · copied across Traditional\/Simplified Chinese characters/);
});

test('user text is escaped everywhere: titles, paper, sources, options, date, version, palette, set-aside titles', () => {
  const paper = `</style><script>alert(1)</script> ${HOSTILE} & "quotes" 'too'\n\n${france.text.slice(0, 700)}\n</div></section></body>`;
  const references = [{ id: `"><script>alert(2)</script>`, title: HOSTILE, text: `<script>alert(3)</script> ${france.text}` }];
  const report = check(references, paper);
  assert.equal(report.sources.length, 1);
  const html = reportHtml({
    report, paper: { title: `${HOSTILE}</title><script>`, text: paper }, sources: references,
    options: { align: { minWords: 12 }, '<script>': '</style>' }, version: '<script>', date: '</title><script>',
    palette: ['red}</style><script>alert(4)</script>'], setAside: [{ id: '<script>', title: `${HOSTILE}<script>alert(5)</script>` }, { id: '<script>x' }],
  });
  assert.doesNotMatch(html, /<script/i);
  assert.doesNotMatch(html, /<img/i);
  assert.equal(html.match(/<style/g).length, 1);
  assert.equal(html.match(/<\/style/g).length, 1);
  assert.equal(html.match(/<\/title/g).length, 1);
  assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;'), 'the hostile title is text');
  assert.deepEqual(PALETTE.map((c, i) => html.includes(`.c${i}{--c:${c}}`)), PALETTE.map(() => true), 'a bad palette is ignored');
  assertPassages(html, report, paper, references);
});

test('self-contained: no script, nothing loaded, a CSP that forbids loading, every link inside the page', () => {
  const report = check(demo.references, demo.example);
  const html = build(report, demo.example, demo.references);
  assert.ok(html.startsWith('<!DOCTYPE html>'));
  assert.ok(html.includes(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`));
  for (const pattern of [/<script/i, /<link/i, /<img/i, /<iframe/i, /<object/i, /<embed/i, /\ssrc=/i, /url\(/i, /@import/i, /https?:/i, /\son\w+=/i]) {
    assert.doesNotMatch(html, pattern);
  }
  const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
  const hrefs = [...html.matchAll(/\shref="([^"]*)"/g)].map((m) => m[1]);
  assert.ok(hrefs.length > 0);
  for (const href of hrefs) assert.ok(href.startsWith('#') && ids.has(href.slice(1)), `${href} leads somewhere in the page`);
  assert.equal(ids.size, [...html.matchAll(/\sid="/g)].length, 'ids are unique');
});

test('no matching source: said plainly, the paper shown without highlights', () => {
  const text = 'A short note about gardening: tomatoes need sun, water and patience, and a little compost in spring.';
  const report = check(demo.references, text);
  assert.equal(report.sources.length, 0);
  const html = build(report, text, demo.references);
  assert.ok(plainText(html).includes('No matching sources found'));
  assert.doesNotMatch(html, /<mark/);
  assert.doesNotMatch(html, /class="source /);
  assert.equal(readPaper(html).text, text);
  assert.ok(plainText(html).includes('0.0% of the paper is similar'));
});

test('the options are put in words, with the defaults of the page', () => {
  assert.deepEqual(optionPhrases({}), ['Quotations left out', 'Bibliography left out', 'Tables of numbers left out', 'Smallest match: 12 words']);
  // Translated copies are named when they were looked for, and only then.
  assert.deepEqual(optionPhrases({ align: { translated: false } }), optionPhrases({}));
  assert.deepEqual(optionPhrases({ align: { translated: true } }).at(-1), 'Translated (English ↔ Chinese) and reworded copies looked for with the sentence model');
  assert.deepEqual(optionPhrases({ align: { translated: false, meaningSearch: true } }), optionPhrases({}), 'the search by meaning only with translated copies');
  assert.deepEqual(optionPhrases({ align: { translated: true, meaningSearch: true } }).at(-1), "Copies translated from the sentence model's other languages searched for by meaning");
  assert.deepEqual(optionPhrases({ excludeQuotes: false, excludeBibliography: false, excludeTables: false, align: { minWords: 20 }, maxSources: 5 }),
    ['Quotations counted', 'Bibliography counted', 'Tables of numbers counted', 'At most 5 sources reported', 'Smallest match: 20 words']);
  // What the page passes: its options and the reader's (empty) choices; no raw names or JSON.
  const page = { excludeQuotes: true, excludeBibliography: true, excludeTables: true, align: { minWords: 12, maxGap: 30 }, ignoreReferences: [], excludeSpans: [], includeSpans: [] };
  assert.deepEqual(optionPhrases(page), ['Quotations left out', 'Bibliography left out', 'Tables of numbers left out', 'Smallest match: 12 words', 'Largest gap inside a passage: 30 words']);
  const html = build(check(demo.references, demo.example), demo.example, demo.references, { options: { align: { minWords: 15 } }, version: '9.9.9', date: '1 May 2025' });
  assert.match(plainText(html), /Checked 1 May 2025 · plagscope 9\.9\.9/);
  assert.ok(plainText(html).includes('Smallest match: 15 words'));
});

// WCAG relative luminance and contrast, and the CIEDE2000 colour difference (CIE Lab, D65).
const channels = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
const luminance = (hex) => { const [r, g, b] = channels(hex); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
const contrast = (a, b) => { const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x); return (hi + 0.05) / (lo + 0.05); };
function lab(hex) {
  const [r, g, b] = channels(hex);
  const f = (t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  const [x, y, z] = [(0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b, (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883].map(f);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}
function deltaE2000(hex1, hex2) {
  const [L1, a1, b1] = lab(hex1), [L2, a2, b2] = lab(hex2), rad = Math.PI / 180;
  const Cm = (Math.hypot(a1, b1) + Math.hypot(a2, b2)) / 2, G = 0.5 * (1 - Math.sqrt(Cm ** 7 / (Cm ** 7 + 25 ** 7)));
  const [A1, A2] = [a1 * (1 + G), a2 * (1 + G)], [C1, C2] = [Math.hypot(A1, b1), Math.hypot(A2, b2)];
  const hue = (a, b) => (a === 0 && b === 0 ? 0 : (Math.atan2(b, a) / rad + 360) % 360);
  const [h1, h2] = [hue(A1, b1), hue(A2, b2)];
  let dh = C1 * C2 === 0 ? 0 : h2 - h1;
  if (dh > 180) dh -= 360; else if (dh < -180) dh += 360;
  const dH = 2 * Math.sqrt(C1 * C2) * Math.sin((dh / 2) * rad);
  const Lm = (L1 + L2) / 2, Cp = (C1 + C2) / 2;
  let hm = h1 + h2;
  if (C1 * C2 !== 0) hm = (Math.abs(h1 - h2) > 180 ? hm + (hm < 360 ? 360 : -360) : hm) / 2;
  const T = 1 - 0.17 * Math.cos((hm - 30) * rad) + 0.24 * Math.cos(2 * hm * rad) + 0.32 * Math.cos((3 * hm + 6) * rad) - 0.2 * Math.cos((4 * hm - 63) * rad);
  const SL = 1 + (0.015 * (Lm - 50) ** 2) / Math.sqrt(20 + (Lm - 50) ** 2), SC = 1 + 0.045 * Cp, SH = 1 + 0.015 * Cp * T;
  const RT = -2 * Math.sqrt(Cp ** 7 / (Cp ** 7 + 25 ** 7)) * Math.sin(60 * Math.exp(-(((hm - 275) / 25) ** 2)) * rad);
  const [dl, dc, dhh] = [(L2 - L1) / SL, (C2 - C1) / SC, dH / SH];
  return Math.sqrt(dl ** 2 + dc ** 2 + dhh ** 2 + RT * dc * dhh);
}

test('the palette: at least 12 colours, each readable under dark text, all clearly distinct', () => {
  // Known values, so that the formulas themselves are right (WCAG's and Sharma et al.'s test data).
  assert.equal(contrast('#000000', '#ffffff'), 21);
  assert.ok(Math.abs(deltaE2000('#ff0000', '#00ff00') - 86.6) < 0.2);
  assert.ok(PALETTE.length >= 12);
  assert.equal(new Set(PALETTE.map((c) => c.toLowerCase())).size, PALETTE.length);
  for (const colour of PALETTE) {
    assert.match(colour, /^#[0-9a-f]{6}$/);
    assert.ok(contrast(colour, HIGHLIGHT_TEXT) >= 4.5, `${colour}: contrast ${contrast(colour, HIGHLIGHT_TEXT).toFixed(2)} with ${HIGHLIGHT_TEXT}`);
    assert.ok(deltaE2000(colour, '#ffffff') >= 15, `${colour} stands out from the white page`);
  }
  for (let i = 0; i < PALETTE.length; i++) {
    for (let j = i + 1; j < PALETTE.length; j++) {
      assert.ok(deltaE2000(PALETTE[i], PALETTE[j]) >= 12, `${PALETTE[i]} and ${PALETTE[j]} are too alike`);
    }
  }
  assert.equal(HIGHLIGHT_TEXT, '#1a1a1a');
  assert.equal(sourceColour(0), PALETTE[0]);
  assert.equal(sourceColour(PALETTE.length + 2), PALETTE[2], 'the palette repeats past its end');
});

test('a 2 MB paper with many sources is written whole (its time printed, not asserted)', () => {
  const files = readdirSync(corpus).filter((f) => f.startsWith('brown-')).sort();
  let text = '';
  for (const file of files) {
    if (text.length >= 2_000_000) break;
    text += `${readFileSync(new URL(file, corpus), 'utf8')}\n\n`;
  }
  const references = files.slice(0, 40).filter((_, i) => i % 2 === 0).map((f) => ({ id: f, title: f, text: readFileSync(new URL(f, corpus), 'utf8') }));
  const report = check(references, text, { excludeBibliography: false });
  assert.equal(report.sources.length, references.length);
  const started = performance.now();
  const html = build(report, text, references);
  const elapsed = performance.now() - started;
  assert.equal(readPaper(html).text, text);
  console.log(`# report of a ${(text.length / 1e6).toFixed(1)} MB paper, ${report.sources.length} sources: ${elapsed.toFixed(0)} ms, ${(html.length / 1e6).toFixed(1)} MB of HTML`);
});
