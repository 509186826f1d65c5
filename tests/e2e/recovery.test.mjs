// End-to-end: the page survives the death of its engine worker (issue 9). The worker is killed for
// real from the test, through the browser's debugging protocol (no hook in the page): closed while a
// check is running (the check never answers), and crashed by an uncaught error while idle. A new
// worker restores the library, the user is told in the status area, and the page keeps working.
// Screenshots of the message go to target/screenshots/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';

const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const corpus = new URL('../../target/corpus/en/', import.meta.url);
const brown = (name) => readFileSync(new URL(`brown-${name}.txt`, corpus), 'utf8');
const words = (text, from, count) => text.split(/\s+/).filter(Boolean).slice(from, from + count).join(' ');
const screenshots = new URL('../../target/screenshots/', import.meta.url);
const RESTARTED = /^The checker stopped unexpectedly and was restarted\. Your 2 references are still loaded, so you can carry on\.$/;
let server;
let baseUrl;
let browser;

before(async () => {
  assert.ok(existsSync(executablePath), `Chromium not found at ${executablePath}; run scripts/setup.sh --browser`);
  ({ server, url: baseUrl } = await startServer({ port: 0 }));
  browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  mkdirSync(screenshots, { recursive: true });
});

after(async () => {
  await browser?.close();
  server?.close();
});

/** A fresh page with the engine loaded; fails the test on any error the page did not expect. */
async function openApp(t, viewport = { width: 1366, height: 900 }) {
  const page = await browser.newPage({ viewport });
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/simulated crash/.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  t.after(async () => {
    await page.close();
    assert.deepEqual(problems, [], 'the page reported errors');
  });
  await page.goto(baseUrl);
  await page.locator('body[data-ready="true"]').waitFor();
  return page;
}

/** Clicks `selector` (or runs `action`) and waits until the page has finished the work it started. */
async function act(page, action) {
  const done = Number((await page.locator('body').getAttribute('data-completed')) ?? 0);
  await (typeof action === 'string' ? page.click(action) : action());
  await page.locator(`body[data-completed="${done + 1}"]`).waitFor();
}

async function addPastedReference(page, title, text) {
  if (!(await page.locator('#add-pasted').evaluate((details) => details.open))) await page.click('#add-pasted summary');
  await page.fill('#ref-title', title);
  await page.fill('#ref-text', text);
  await act(page, '#ref-add');
}

/** The engine worker of the page (the only module worker the page starts before a PDF is read). */
function engineWorker(page) {
  const workers = page.workers().filter((w) => w.url().endsWith('/www/worker.js'));
  assert.equal(workers.length, 1, workers.map((w) => w.url()).join(', '));
  return workers[0];
}

/** Two references, a third removed, and a paper copying from the first: the library to survive. */
async function setUp(page) {
  await addPastedReference(page, 'Radio astronomy', brown('cj01'));
  await addPastedReference(page, 'Removed later', brown('cj02'));
  await addPastedReference(page, 'Forests', brown('cf01'));
  await act(page, () => page.click('#ref-list button[title="Remove Removed later"]'));
  const paper = `${words(brown('cb01'), 0, 120)}\n\n${words(brown('cj01'), 300, 80)}\n\n${words(brown('cj02'), 300, 80)}`;
  await page.fill('#paper', paper);
  return paper;
}

async function assertStillWorks(page, oldWorker) {
  const titles = (await page.locator('#ref-list li span').allTextContents()).map((s) => s.replace(/ — \d+ words$/, ''));
  assert.deepEqual(titles, ['Radio astronomy', 'Forests']);
  assert.notEqual(engineWorker(page), oldWorker, 'a new worker runs the engine');
  await act(page, '#check');
  assert.equal(await page.locator('#error').isHidden(), true, await page.locator('#error').textContent());
  const sources = await page.locator('#sources tbody tr td:first-child').allTextContents();
  assert.deepEqual(sources, ['Radio astronomy'], 'the removed reference stays removed');
  assert.equal(await page.locator('#ref-count').textContent(), '(2)');
}

test('the worker closed during a check: the check fails plainly, the library is restored, the user is told', async (t) => {
  const page = await openApp(t);
  await setUp(page);
  const worker = engineWorker(page);
  // From now on the worker ends itself when asked to check: the request never gets an answer.
  await worker.evaluate(() => {
    const handle = self.onmessage;
    self.onmessage = (event) => (event.data.type === 'check' ? self.close() : handle(event));
  });
  await act(page, '#check');
  assert.equal(await page.locator('#error').textContent(), 'This was not finished because the checker stopped unexpectedly. Please try again.');
  await page.locator('#status', { hasText: RESTARTED }).waitFor();
  await page.screenshot({ path: new URL('recovery-1366.png', screenshots).pathname });
  await assertStillWorks(page, worker);
});

test('the worker crashed while idle (an uncaught error): restarted with the library, on a phone-sized page too', async (t) => {
  const page = await openApp(t, { width: 390, height: 844 });
  await setUp(page);
  const worker = engineWorker(page);
  await worker.evaluate(() => setTimeout(() => { throw new Error('simulated crash'); }));
  await page.locator('#status', { hasText: RESTARTED }).waitFor();
  assert.equal(await page.locator('#error').isHidden(), true);
  await page.locator('#status').scrollIntoViewIfNeeded();
  await page.screenshot({ path: new URL('recovery-390.png', screenshots).pathname });
  await assertStillWorks(page, worker);
  // And again: every restart restores the latest library.
  const second = engineWorker(page);
  await second.evaluate(() => self.close()).catch(() => {}); // the worker may be gone before it answers
  await page.locator('#status', { hasText: RESTARTED }).waitFor();
  await assertStillWorks(page, second);
});
