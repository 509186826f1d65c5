// What the browser end-to-end tests (tests/e2e/*.test.mjs) share, so each of them says only what it
// tests: the system Chromium (CHROMIUM_PATH or /usr/bin/chromium; never downloaded), started with the
// app served as `npm start` serves it (scripts/serve.mjs) by `useApp`, which also opens fresh pages on
// the app and fails a test whose page reported an error; `act`, which does one thing in the page and
// waits until the page has finished the work it started; `addPastedReference`; and the Brown corpus
// texts of target/corpus/en/ (`brown`, `words`) the tests build their papers from.
// Not a test file: its name matches none of the patterns by which `node --test tests/e2e/` picks the
// files it runs (*.test.mjs and the like), so it is only imported.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
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
 * Registers the file's `before` and `after` hooks that serve the app on a free port and launch
 * headless Chromium (failing with a hint to scripts/setup.sh --browser when it is not installed),
 * then close both. Returns the session: `browser` and `baseUrl` once the `before` hook has run, and
 * `openApp(t, options)`, which opens a fresh page on the app (see `openApp`). `defaults` are the
 * options of every `openApp` of the file, which a call's own options override.
 */
export function useApp(defaults = {}) {
  const app = {
    server: undefined,
    baseUrl: undefined,
    browser: undefined,
    openApp: (t, options) => openApp(app, t, { ...defaults, ...options }),
  };
  before(async () => {
    assert.ok(existsSync(executablePath), `Chromium not found at ${executablePath}; run scripts/setup.sh --browser`);
    ({ server: app.server, url: app.baseUrl } = await startServer({ port: 0 }));
    app.browser = await chromium.launch({ executablePath, args: LAUNCH_ARGS });
  });
  after(async () => {
    await app.browser?.close();
    app.server?.close();
  });
  return app;
}

/**
 * A fresh page of `app.browser` on the app with the engine loaded; fails the test `t` on any page
 * error or console error, once the page is closed at the end of `t`. Options: `viewport` for the new
 * page (Playwright's default size when not given); `expectedConsoleErrors`, a pattern for console
 * errors the test causes on purpose, which are not counted.
 */
export async function openApp(app, t, { viewport, expectedConsoleErrors } = {}) {
  // A context of its own per page: the library the app keeps in IndexedDB never leaks between tests.
  const context = await app.browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !expectedConsoleErrors?.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  t.after(async () => {
    await context.close();
    assert.deepEqual(problems, [], 'the page reported errors');
  });
  await page.goto(app.baseUrl);
  await whenReady(page);
  return page;
}

/** Waits until the app in `page` has loaded its engine (`<body data-ready="true">`). */
export const whenReady = (page) => page.locator('body[data-ready="true"]').waitFor();

/**
 * Clicks the selector `action` (or runs the function `action`) and waits, up to `timeout` ms, until
 * the page has finished the work it started (its `<body data-completed>` count goes up by one).
 */
export async function act(page, action, timeout = 30_000) {
  const done = Number((await page.locator('body').getAttribute('data-completed')) ?? 0);
  await (typeof action === 'string' ? page.click(action) : action());
  await page.locator(`body[data-completed="${done + 1}"]`).waitFor({ timeout });
}

/** Adds a reference through the page's "paste a reference" form (opened if closed) and waits until it is added. */
export async function addPastedReference(page, title, text) {
  if (!(await page.locator('#add-pasted').evaluate((details) => details.open))) await page.click('#add-pasted summary');
  await page.fill('#ref-title', title);
  await page.fill('#ref-text', text);
  await act(page, '#ref-add');
}
