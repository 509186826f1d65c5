// The downloadable HTML report (www/report-html/report.js) as a teacher gets it: written to a file and
// opened from disk in the system Chromium, offline. The highlights show in the source colours,
// nothing is requested, nothing is logged as an error (a CSP violation would be), axe-core finds no
// accessibility violation, phones get no sideways scrolling, and printing gives a PDF in which every
// source starts a new page. Screenshots (desktop, phone, print and PDF pages rendered back
// by pdf.js) are saved in target/screenshots/ (git-ignored) for people to look at.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import { Checker, version } from 'plagscope';
import { executablePath } from './harness.mjs';
import { reportHtml } from '../../www/report-html/report.js';
import { sourceColour } from '../../www/palette.js';

const require = createRequire(import.meta.url);
const shots = new URL('../../target/screenshots/', import.meta.url);
const demo = JSON.parse(readFileSync(new URL('../../pkg/demo-refs.json', import.meta.url), 'utf8'));
const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
let browser;

before(async () => {
  mkdirSync(shots, { recursive: true });
  browser = await chromium.launch({ executablePath, args: LAUNCH_ARGS });
});
after(() => browser?.close());

/** `count` words of the demo reference `id` from its `from`-th word. */
const excerpt = (id, from, count) => demo.references.find((r) => r.id === id).text.split(/\s+/).slice(from, from + count).join(' ');

/**
 * A paper as a teacher meets one: the assignment's text (a base document), the demo example (two
 * copied passages in disguise), copies from four more profiles, a quotation and a bibliography.
 */
function richCase() {
  const template = 'Assignment: compare the political institutions of two countries in at least 800 words, and cite every source you use in a bibliography.';
  const copies = [['factbook-gm', 40, 45], ['factbook-it', 120, 40], ['factbook-uk', 60, 50], ['factbook-ca', 10, 35]]
    .map(([id, from, count]) => excerpt(id, from, count));
  const text = `${template}\n\n${demo.example}\n\nOther countries took other paths. ${copies[0]} In the south, ${copies[1]}\n\n` +
    `As one historian put it, “the institutions of a country are the sediment of its history, and no reform washes them away entirely.” ${copies[2]}\n\n` +
    `Across the Atlantic, ${copies[3]}\n\nReferences\nCIA World Factbook (2024). Country profiles. Central Intelligence Agency.`;
  const references = [...demo.references, { id: 'assignment', title: 'Assignment sheet', text: template, base: true }];
  return { title: 'Comparative politics essay <img src=x onerror=alert(1)>', text, references };
}

/** The report of `text` checked against `references`, as an HTML file in target/screenshots/. */
function writeReport(name, { title, text, references }) {
  const checker = new Checker();
  for (const reference of references) checker.addReference(reference);
  const options = { excludeQuotes: true, excludeBibliography: true, align: { minWords: 12 } };
  const report = checker.check(text, options);
  const html = reportHtml({ report, paper: { title, text }, sources: references, options, version: version(), date: new Date(Date.UTC(2025, 4, 12, 9, 30)) });
  const file = new URL(`report-html-${name}.html`, shots);
  writeFileSync(file, html);
  return { report, file };
}

/**
 * A page of a new offline context on `file`; fails `t` if the page makes any request beyond the
 * file itself or logs an error (a CSP violation is one), once `t` ends.
 */
async function openReport(t, file, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport, offline: true });
  const page = await context.newPage();
  const problems = [];
  page.on('request', (request) => { if (request.url() !== file.href) problems.push(`request: ${request.url()}`); });
  page.on('console', (message) => { if (message.type() === 'error' || message.type() === 'warning') problems.push(`console: ${message.text()}`); });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  t.after(async () => {
    await context.close();
    assert.deepEqual(problems, [], 'the report made requests or logged errors');
  });
  await page.goto(file.href);
  return page;
}

/** `#rrggbb` as the rgb() string computed styles use. */
const rgb = (hex) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

test('opened from disk offline: every highlight shows in its source colour, nothing is requested', async (t) => {
  const { report, file } = writeReport('rich', richCase());
  assert.ok(report.sources.length >= 5, `${report.sources.length} sources`);
  const page = await openReport(t, file);
  assert.equal(await page.locator('script').count(), 0);
  const marks = await page.locator('.doc mark').evaluateAll((list) => list.map((m) => {
    const box = m.getBoundingClientRect();
    return { n: Number(m.dataset.source), background: getComputedStyle(m).backgroundColor, color: getComputedStyle(m).color, width: box.width, height: box.height };
  }));
  assert.ok(marks.length >= report.sources.length);
  for (const mark of marks) {
    assert.equal(mark.background, rgb(sourceColour(mark.n - 1)), `source ${mark.n}'s colour`);
    assert.equal(mark.color, rgb('#1a1a1a'));
    assert.ok(mark.width > 0 && mark.height > 0, 'visible');
  }
  assert.deepEqual([...new Set(marks.map((m) => m.n))].sort((a, b) => a - b), report.sources.map((_, i) => i + 1), 'every source is highlighted');
  // The inline style attributes (bar widths) apply under the CSP; the hostile title stays text.
  const bar = await page.locator('.sources .bar > span').first().evaluate((s) => s.getBoundingClientRect().width / s.parentElement.getBoundingClientRect().width);
  assert.ok(Math.abs(bar - report.sources[0].similarity) < 0.02, `bar at ${bar}`);
  assert.equal(await page.locator('img').count(), 0);
  assert.match(await page.locator('h1').textContent(), /<img src=x onerror=alert\(1\)>/);
  assert.equal(await page.locator('.x').first().isVisible(), true, 'excluded text is shown, greyed');
  await page.screenshot({ path: new URL('report-html-desktop.png', shots).pathname, fullPage: true });
});

test('the CSP is in force: an image or a script put into the page is refused', async () => {
  const { file } = writeReport('rich', richCase());
  const context = await browser.newContext({ offline: true });
  const page = await context.newPage();
  await page.goto(file.href);
  const refused = await page.evaluate(() => new Promise((resolve) => {
    const directives = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      directives.push(event.effectiveDirective);
      if (directives.length === 2) resolve(directives.sort());
    });
    document.body.append(Object.assign(document.createElement('img'), { src: 'https://example.invalid/x.png' }));
    document.body.append(Object.assign(document.createElement('script'), { textContent: 'window.ran = true' }));
  }));
  assert.deepEqual(refused, ['img-src', 'script-src-elem']);
  assert.equal(await page.evaluate(() => window.ran), undefined);
  await context.close();
});

test('on a phone: one column, nothing wider than the screen', async (t) => {
  const { file } = writeReport('rich', richCase());
  const page = await openReport(t, file, PHONE);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');
  const [left, right] = await page.locator('.pair').first().locator('.side').evaluateAll((sides) => sides.map((s) => s.getBoundingClientRect()));
  assert.ok(right.top >= left.bottom, 'the two sides are stacked');
  await page.screenshot({ path: new URL('report-html-phone.png', shots).pathname, fullPage: true });
});

test('axe-core finds no accessibility violation, with and without sources', async (t) => {
  const axe = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  const quiet = { title: 'Gardening notes', text: 'Tomatoes need sun, water and patience, and a little compost in spring.', references: demo.references };
  for (const [name, input] of [['rich', richCase()], ['none', quiet]]) {
    const { file } = writeReport(name, input);
    const page = await openReport(t, file);
    await page.evaluate(axe); // a static page: the script is evaluated by the test, not loaded by the page
    const { violations, passes } = await page.evaluate(() => window.axe.run(document));
    assert.ok(passes.length > 10, 'axe ran its rules');
    const found = violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join('; ')})`);
    assert.deepEqual(found, [], name);
    if (name === 'none') {
      assert.match(await page.locator('main').textContent(), /No matching sources found/);
      await page.screenshot({ path: new URL('report-html-none.png', shots).pathname, fullPage: true });
    }
  }
});

/** The text of each page of the PDF `bytes`, white space removed, read with pdf.js. */
async function pdfPages(bytes) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  const pages = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => item.str ?? '').join('').replace(/\s+/g, ''));
  }
  await document.destroy();
  return pages;
}

test('printed to PDF: several pages, each source starting on a page of its own, nothing cut off', async (t) => {
  const input = richCase();
  const { report, file } = writeReport('rich', input);
  const page = await openReport(t, file);
  await page.emulateMedia({ media: 'print' });
  const scrolling = await page.evaluate(() => [...document.querySelectorAll('*')].filter((e) => /auto|scroll/.test(getComputedStyle(e).overflow)).length);
  assert.equal(scrolling, 0, 'no scrolling pane that print would cut');
  await page.screenshot({ path: new URL('report-html-print.png', shots).pathname, fullPage: true });
  const pdf = await page.pdf({ format: 'A4' });
  writeFileSync(new URL('report-html.pdf', shots), pdf);
  const pages = await pdfPages(pdf);
  assert.ok(pages.length > report.sources.length, `${pages.length} pages`);
  report.sources.forEach((source, rank) => {
    const heading = `${rank + 1}${source.title}`.replace(/\s+/g, '');
    assert.ok(pages.some((text) => text.startsWith(heading)), `source ${rank + 1} starts a page`);
  });
  await renderPdf(pdf, [1, 2, pages.findIndex((text) => text.startsWith(`1${report.sources[0].title}`.replace(/\s+/g, ''))) + 1]);
});

/** Renders pages `numbers` of `pdf` with pdf.js in Chromium and saves each as report-html-pdf-<n>.png. */
async function renderPdf(pdf, numbers) {
  const context = await browser.newContext({ viewport: { width: 900, height: 1200 } });
  const build = require.resolve('pdfjs-dist/build/pdf.mjs').replace(/pdf\.mjs$/, '');
  // The pages are served from memory under a made-up origin, so pdf.js can start its worker.
  await context.route('http://render.test/**', (route) => {
    const name = new URL(route.request().url()).pathname.slice(1);
    if (name === 'report.pdf') return route.fulfill({ body: pdf, contentType: 'application/pdf' });
    if (name.endsWith('.mjs')) return route.fulfill({ path: build + name, contentType: 'text/javascript' });
    return route.fulfill({ body: '<!DOCTYPE html><body style="margin:0;background:#777"></body>', contentType: 'text/html' });
  });
  const page = await context.newPage();
  await page.goto('http://render.test/');
  for (const n of numbers) {
    await page.evaluate(async (number) => {
      const pdfjs = await import('/pdf.mjs');
      pdfjs.GlobalWorkerOptions.workerSrc = '/pdf.worker.mjs';
      const document = await pdfjs.getDocument('/report.pdf').promise;
      const pdfPage = await document.getPage(number);
      const viewport = pdfPage.getViewport({ scale: 1.4 });
      const canvas = Object.assign(window.document.createElement('canvas'), { width: viewport.width, height: viewport.height });
      window.document.body.replaceChildren(canvas);
      await pdfPage.render({ canvasContext: canvas.getContext('2d'), viewport }).promise;
    }, n);
    await page.locator('canvas').screenshot({ path: new URL(`report-html-pdf-${n}.png`, shots).pathname });
  }
  await context.close();
}
