// What the browser end-to-end tests (tests/e2e/*.test.mjs) share, so each of them says only what it
// tests: the system Chromium (CHROMIUM_PATH or /usr/bin/chromium; never downloaded), started with the
// app served as `npm start` serves it (scripts/serve.mjs) by `useApp`, which also opens fresh pages on
// the app and fails a test whose page reported an error; `act`, which does one thing in the page and
// waits until the page has finished the work it started; `addPastedReference`; and the Brown corpus
// texts of target/corpus/en/ (`brown`, `words`) the tests build their papers from; and readers of the
// page's views (the library list, the report, the side-by-side panes, the status and error areas),
// screenshots under target/screenshots/, axe-core, and Tab-and-Enter keyboard driving.
// Not a test file: its name matches none of the patterns by which `node --test tests/e2e/` picks the
// files it runs (*.test.mjs and the like), so it is only imported.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';

/** The Chromium the tests drive: CHROMIUM_PATH, or the system's /usr/bin/chromium. */
export const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The folder of the English corpus texts (brown-*.txt), as fetched by scripts/setup.sh. */
export const corpus = new URL('../../target/corpus/en/', import.meta.url);

/** The text of a Brown corpus file: `brown('cj01')` reads brown-cj01.txt; a name ending in .txt is the file's own name. */
export const brown = (name) => readFileSync(new URL(name.endsWith('.txt') ? name : `brown-${name}.txt`, corpus), 'utf8');

/** `count` words of `text` from the `from`-th on (split at white space), joined by single spaces. */
export const words = (text, from, count) => text.split(/\s+/).filter(Boolean).slice(from, from + count).join(' ');

const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * A temporary folder for a test file's own files, made before its tests and removed after them:
 * `temp.path(name)` is the path of `name` inside it.
 */
export function useTempFolder(prefix) {
  let folder;
  before(() => {
    folder = mkdtempSync(join(tmpdir(), prefix));
  });
  after(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });
  return { path: (name) => join(folder, name) };
}

/**
 * Registers the file's `before` and `after` hooks that serve the app on a free port and launch
 * headless Chromium (failing with a hint to scripts/setup.sh --browser when it is not installed),
 * then close both. Returns the session: `browser` and `baseUrl` once the `before` hook has run, and
 * `openApp(t, options)`, which opens a fresh page on the app (see `openApp`). `defaults` are the
 * options of every `openApp` of the file, which a call's own options override; `served`, options of the
 * server (scripts/serve.mjs startServer: `archives` to publish beside the app).
 */
export function useApp(defaults = {}, served = {}) {
  const app = {
    server: undefined,
    baseUrl: undefined,
    browser: undefined,
    openApp: (t, options) => openApp(app, t, { ...defaults, ...options }),
  };
  before(async () => {
    assert.ok(existsSync(executablePath), `Chromium not found at ${executablePath}; run scripts/setup.sh --browser`);
    ({ server: app.server, url: app.baseUrl } = await startServer({ port: 0, ...served }));
    app.browser = pinnedLocale(await chromium.launch({ executablePath, args: LAUNCH_ARGS }));
  });
  after(async () => {
    await app.browser?.close();
    app.server?.close();
  });
  return app;
}

/**
 * `browser` whose new contexts (and pages) speak US English unless a test asks for another locale:
 * the page picks its language from navigator.languages, and the tests that read its English words
 * must not depend on the machine's locale.
 */
function pinnedLocale(browser) {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options = {}) => newContext({ locale: 'en-US', ...options });
  browser.newPage = (options = {}) => newPage({ locale: 'en-US', ...options });
  return browser;
}

/**
 * A fresh page of `app.browser` on the app with the engine loaded; fails the test `t` on any page
 * error or console error, once the page is closed at the end of `t`. Options: `viewport` for the new
 * page (Playwright's default size when not given); `expectedConsoleErrors`, a pattern for console
 * errors the test causes on purpose, which are not counted.
 */
export async function openApp(app, t, { viewport, expectedConsoleErrors, context: given } = {}) {
  // A context of its own per page: the library the app keeps in IndexedDB never leaks between tests.
  const context = given ?? (await app.browser.newContext(viewport ? { viewport } : {}));
  const page = await context.newPage();
  const problems = watchPage(page, app.baseUrl, expectedConsoleErrors);
  t.after(async () => {
    if (!given) await context.close();
    assert.deepEqual(problems, [], 'the page reported errors or asked another origin');
  });
  await page.goto(app.baseUrl);
  await whenReady(page);
  return page;
}

/**
 * Collects, in the returned array, what must never happen in `page`: a page error, a console error
 * not matching `expected`, and a request to any origin but `baseUrl`'s (nothing may leave the page;
 * data: and blob: URLs stay in it).
 */
export function watchPage(page, baseUrl, expected) {
  const problems = [];
  const origin = new URL(baseUrl).origin;
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !expected?.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== origin) problems.push(`request to another origin: ${url.href}`);
  });
  return problems;
}

/**
 * Waits up to `timeout` ms until `selector` matches in `page`, asked with the page's own
 * querySelector every 100 ms. Not a locator: Playwright's CSS engine walks the whole document on
 * every poll (to reach into shadow roots), a long task of its own on a report of half a million
 * elements, which the long-task tests would count against the page.
 */
export const waitForSelector = (page, selector, timeout = 30_000) =>
  page.waitForFunction((css) => document.querySelector(css) !== null, selector, { timeout, polling: 100 });

/** Waits until the app in `page` has loaded its engine (`<body data-ready="true">`). */
export const whenReady = (page) => waitForSelector(page, 'body[data-ready="true"]', 60_000);

/**
 * Clicks the selector `action` (or runs the function `action`) and waits, up to `timeout` ms, until
 * the page has finished the work it started (its `<body data-completed>` count goes up by one).
 */
export async function act(page, action, timeout = 30_000) {
  const done = Number((await page.evaluate(() => document.body.dataset.completed)) ?? 0);
  await (typeof action === 'string' ? page.click(action) : action());
  await waitForSelector(page, `body[data-completed="${done + 1}"]`, timeout);
}

/** Adds a reference through the page's "paste a reference" form (opened if closed) and waits until it is added. */
export async function addPastedReference(page, title, text) {
  if (!(await page.locator('#add-pasted').evaluate((details) => details.open))) await page.click('#add-pasted summary');
  await page.fill('#ref-title', title);
  await page.fill('#ref-text', text);
  await act(page, '#ref-add');
}

// ---- Reading the page's views -------------------------------------------------------------------

/** The text of the error area, or '' when no error is shown (#error exists only while there is one). */
export async function errorText(page) {
  const error = page.locator('#error p');
  return (await error.count()) ? (await error.textContent()).trim() : '';
}

/** Text with every run of white space made one space, trimmed (htm keeps template line breaks). */
export const squash = (text) => text.replace(/\s+/g, ' ').trim();

/** The titles of the references in the library list, in the order shown (every group). */
export const libraryTitles = (page) => page.locator('.library .ref .ref-title').allTextContents();

/** The titles of the report's sources, most similar first. */
export const sourceTitles = (page) => page.locator('.report .sources .source-title').allTextContents();

/** The overall line of the report (or of the pairs view), white space squashed. */
export const overall = async (page) => squash(await page.locator('.report .overall').textContent());

/** The report's line saying how many words were checked and left out, white space squashed. */
export const checkedLine = async (page) =>
  squash(await page.locator('.report .summary p', { hasText: /\b(words?|characters?) checked\b/ }).textContent());

/** Waits until the chunked view `selector` has rendered all its text (`data-rendered="true"`). */
export async function rendered(page, selector) {
  await waitForSelector(page, `${selector}[data-rendered="true"]`);
  return page.locator(selector).first();
}

/** The whole text of the highlighted paper of the report, once rendered. */
export const paperText = async (page) => (await rendered(page, '.report .paper-text')).textContent();

/** The texts of the marks of the rendered view `selector`. */
export async function markTexts(page, selector) {
  await rendered(page, selector);
  return page.locator(`${selector} mark`).allTextContents();
}

/** The side-by-side view's panes, `[paper, source]` as locators of their `.view`, once both are rendered. */
export async function comparePanes(page) {
  await page.locator('.compare .pane .view').nth(1).waitFor();
  const views = page.locator('.compare .pane .view');
  await page.waitForFunction(() => [...document.querySelectorAll('.compare .pane .view')].every((v) => v.dataset.rendered === 'true'));
  return [views.nth(0), views.nth(1)];
}

/** The texts of the marks of a pane, joined by single spaces with white space squashed. */
export const joinedMarks = async (view) => squash((await view.locator('mark').allTextContents()).join(' '));

// ---- Options -------------------------------------------------------------------------------------

/** Opens the options (a <details>) if they are closed. */
export async function openOptions(page) {
  if (!(await page.locator('details.options').evaluate((details) => details.open))) await page.click('details.options summary');
}

/**
 * Types `value` in the number option `name` (e.g. 'minWords') and applies it as a user does, by
 * pressing Enter. Number options change no library, so no action runs: nothing to wait for.
 */
export async function setNumberOption(page, name, value) {
  await openOptions(page);
  await page.fill(`#opt-${name}`, String(value));
  await page.press(`#opt-${name}`, 'Enter');
}

// ---- Screenshots, accessibility, keyboard ----------------------------------------------------------

/** Where the tests save screenshots (target/ is git-ignored). */
export const screenshots = new URL('../../target/screenshots/', import.meta.url);

/** The two sizes every main view is looked at: a laptop and a phone. */
export const SIZES = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } };

/** Saves a screenshot of `page` (the whole page unless `fullPage` is false) as target/screenshots/<name>.png. */
export async function screenshot(page, name, { fullPage = true } = {}) {
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: new URL(`${name}.png`, screenshots).pathname, fullPage });
}

const axeSource = readFileSync(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');

/**
 * axe-core's violations on `page`, as "rule: help (targets)" lines. The page's CSP refuses injected
 * script elements, so axe is evaluated through the debugging protocol, which CSP does not govern.
 */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => (await window.axe.run(document)).violations);
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')})`);
}

/**
 * Presses Tab until `locator` has the focus, from wherever the focus is; fails after `limit` presses.
 * Proves the element is reachable by keyboard, in the page's own tab order.
 */
export async function tabTo(page, locator, limit = 150) {
  // A control of a list of references is reached as a keyboard user does: Tab into the list (one
  // stop), then the arrow keys.
  const inList = (element) => element.closest('.ref-list');
  const listed = await locator.evaluate(inList).catch(() => false);
  for (let i = 0; i < limit; i++) {
    if (await locator.evaluate((element) => element === document.activeElement)) return;
    if (listed && (await locator.evaluate((element) => element.closest('.ref-list')?.contains(document.activeElement)))) {
      return arrowTo(page, locator);
    }
    await page.keyboard.press('Tab');
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
  assert.fail(`not reached by Tab in ${limit} presses: ${locator}; the focus is on ${focused}`);
}

/** From a control of a list of references, the arrow keys to the control `locator` of the same list. */
async function arrowTo(page, locator) {
  const place = (element) => [[...element.closest('.ref-list').children].indexOf(element.closest('li')), Number(element.dataset.column)];
  const [row, column] = await locator.evaluate(place);
  const [fromRow, fromColumn] = await page.evaluate(`(${place})(document.activeElement)`);
  const steps = [[row - fromRow, 'ArrowDown', 'ArrowUp'], [column - fromColumn, 'ArrowRight', 'ArrowLeft']];
  for (const [delta, forward, back] of steps) {
    for (let i = 0; i < Math.abs(delta); i++) await page.keyboard.press(delta > 0 ? forward : back);
  }
  assert.ok(await locator.evaluate((element) => element === document.activeElement), `the arrow keys did not reach ${locator}`);
}

/** Tabs to `locator`, checks that its focus is visible, and presses `key` on it. */
export async function press(page, locator, key = 'Enter') {
  await tabTo(page, locator);
  const ring = await locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 ? 'outline' : style.boxShadow !== 'none' ? 'shadow' : '';
  });
  assert.ok(ring, `no visible focus on ${locator}`);
  await page.keyboard.press(key);
}

/** Presses `key` on the button `locator` and hands the file chooser it opens `paths`; waits for the work. */
export async function chooseFiles(page, locator, paths, key = 'Enter', { wait = true } = {}) {
  const chooser = page.waitForEvent('filechooser');
  await press(page, locator, key);
  const work = (await chooser).setFiles(paths);
  await (wait ? act(page, () => work) : work);
}

/** The button named exactly `name`. */
export const button = (page, name) => page.getByRole('button', { name, exact: true });

/**
 * Waits until the service worker controls `page`, so what the page fetches from then on is kept for
 * offline use. A service worker whose install failed (a shell file's fetch lost on a loaded machine)
 * never takes over, and the page registers it again only when loaded: after `wait` ms without
 * control the page is loaded again, as a user's next visit does, up to `loads` times; then the test
 * fails saying so, instead of holding the whole run.
 */
export async function whenControlled(page, { wait = 15_000, loads = 3 } = {}) {
  for (let load = 0; ; load += 1) {
    const controlled = await page.evaluate(async (limit) => {
      const control = (async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) {
          await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
        }
        return true;
      })();
      return Promise.race([control, new Promise((resolve) => setTimeout(() => resolve(false), limit))]);
    }, wait);
    if (controlled) return;
    assert.ok(load < loads, `the service worker did not control the page in ${loads + 1} loads`);
    await page.reload();
    await whenReady(page);
  }
}

// ---- The library kept in the browser -------------------------------------------------------------

/**
 * Waits until the page has written every change of its library to IndexedDB (each change writes
 * the records of the references it touched, www/persist.js), so a reload finds it.
 */
export async function whenSaved(page, timeout = 10_000) {
  // The page marks <body data-library-saving="true"> while it writes.
  await page.locator('body[data-library-saving="false"]').waitFor({ state: 'attached', timeout });
  assert.ok((await storedLibrary(page))?.count, 'the library was saved, but nothing is stored');
}

/**
 * What the page keeps in IndexedDB: `{ count, titles, groups }` of its reference records (titles in
 * list order; groups: id -> group), or null. Never creates the database: the page's own first open
 * must create it, with its stores.
 */
export function storedLibrary(page) {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((db) => db.name === 'plagscope')) return null;
    return new Promise((resolve) => {
      const open = indexedDB.open('plagscope');
      open.onerror = () => resolve(null);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('references')) return (db.close(), resolve(null));
        const all = db.transaction('references').objectStore('references').getAll();
        const done = (value) => (db.close(), resolve(value));
        all.onsuccess = () => {
          const records = all.result.sort((a, b) => a.seq - b.seq);
          const groups = Object.fromEntries(records.filter((r) => r.group).map((r) => [r.id, r.group]));
          done({ count: records.length, titles: records.map((r) => r.title), groups });
        };
        all.onerror = () => done(null);
      };
    });
  });
}

/** The references of the group titled `title` (a prefix: "Your references", "Demo set"). */
export const groupItems = (page, title) => page.locator(`.library section.group[aria-label^="${title}"] .ref`);

// ---- A report as a teacher meets one -------------------------------------------------------------

let demo; // pkg/demo-refs.json, read when first needed (pkg/ may not be built when this file is imported)
const demoSet = () => (demo ??= JSON.parse(readFileSync(new URL('../../pkg/demo-refs.json', import.meta.url), 'utf8')));

/** `count` words of the demo reference `id` from its `from`-th word. */
export const demoExcerpt = (id, from, count) => words(demoSet().references.find((r) => r.id === id).text, from, count);

/**
 * Loads the demo set and checks a paper that has all a report can show: the demo example (two
 * disguised copies), copies from three more profiles, a quotation, a quotation of a profile and a
 * bibliography. Leaves the
 * report on screen; resolves with the paper's text.
 */
export async function richReport(page) {
  await act(page, '#demo');
  const text = `${demoSet().example}\n\nOther countries took other paths. ${demoExcerpt('factbook-gm', 40, 45)} In the south, ` +
    `${demoExcerpt('factbook-it', 120, 40)}\n\nAs one historian put it, “the institutions of a country are the sediment of its ` +
    `history, and no reform washes them away entirely.” ${demoExcerpt('factbook-uk', 60, 50)} Of Germany the Factbook ` +
    `says: “${demoExcerpt('factbook-gm', 200, 25)}”\n\n` +
    'References\nCIA World Factbook (2024). Country profiles. Central Intelligence Agency.';
  await page.fill('#paper-title', 'Comparative politics essay');
  await page.fill('#paper', text);
  await act(page, '#check');
  return text;
}
