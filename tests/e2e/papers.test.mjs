// The paper is never lost (issue 43, item 1): this tab's paper and its last report come back after a
// reload; a paper another takes the place of (a batch paper's report, Clear, the example) is kept
// under "Recent papers" with the papers checked, to open again or forget; two tabs keep a paper each;
// a browser that refuses to store says so once. Screenshots of the list at a laptop and a phone size.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { act, axeViolations, brown, errorText, overall, screenshot, SIZES, squash, useApp, whenReady, words } from './harness.mjs';

const app = useApp({ viewport: SIZES.desktop });

const status = async (page) => squash(await page.locator('#status').textContent());

/** Waits until the page has written its paper and report to the browser (www/actions/papers.js). */
const whenPaperSaved = (page) => page.locator('body[data-paper-saving="false"]').waitFor({ state: 'attached', timeout: 10_000 });

async function reload(page) {
  await page.reload();
  await whenReady(page);
}

/** A paper copying 90 words of a demo reference between words of its own. */
async function essay(page) {
  const { references } = await page.evaluate(() => fetch('pkg/demo-refs.json').then((r) => r.json()));
  return `${words(brown('cb07'), 0, 120)}\n\n${words(references[2].text, 40, 90)}\n\n${words(brown('cb07'), 120, 80)}`;
}

const recentTitles = (page) => page.locator('#recent-papers .recent-title').allTextContents();

test('a reload brings back the paper and its report; typing after the check is kept too', async (t) => {
  const page = await app.openApp(t);
  await act(page, '#demo');
  const text = await essay(page);
  await page.fill('#paper-title', 'Essay on trade');
  await page.fill('#paper', text);
  await act(page, '#check');
  const checked = await overall(page);
  await whenPaperSaved(page);
  await reload(page);
  assert.equal(await page.locator('#paper').inputValue(), text);
  assert.equal(await page.locator('#paper-title').inputValue(), 'Essay on trade');
  assert.equal(await overall(page), checked, 'the report is back');
  assert.match(await status(page), /Your paper and its report are back as you left them\.$/);
  assert.deepEqual(await recentTitles(page), ['Essay on trade']);

  await page.locator('#paper').press('Control+End');
  await page.locator('#paper').pressSequentially(' A last line.');
  await whenPaperSaved(page);
  await reload(page);
  assert.equal(await page.locator('#paper').inputValue(), `${text} A last line.`);
  // The report is of the paper as checked: changing the text after is not a new check.
  assert.equal(await overall(page), checked);
});

test('a paper replaced by a batch paper, by Clear or by the example is kept under Recent papers', async (t) => {
  const page = await app.openApp(t);
  await act(page, '#demo');
  const own = `${words(brown('cg11'), 0, 200)}`;
  await page.fill('#paper-title', 'My draft');
  await page.fill('#paper', own);
  const batch = [1, 2].map((n) => ({ name: `essay${n}.txt`, mimeType: 'text/plain', buffer: Buffer.from(words(brown(`cf0${n}`), 0, 150)) }));
  await act(page, () => page.setInputFiles('#batch-files', batch));
  await act(page, () => page.getByRole('button', { name: 'Open the report of essay1.txt' }).click());
  assert.notEqual(await page.locator('#paper').inputValue(), own, 'the batch paper is in the box');
  await page.locator('#recent-papers summary').click();
  assert.ok((await recentTitles(page)).includes('My draft'), 'the typed paper is kept');
  const entry = page.locator('#recent-papers .recent-paper', { hasText: 'My draft' });
  assert.match(squash(await entry.textContent()), /put aside, not checked/);
  assert.deepEqual(await axeViolations(page), []);
  await entry.scrollIntoViewIfNeeded();
  await screenshot(page, 'recent-papers-desktop', { fullPage: false });
  await page.setViewportSize(SIZES.phone);
  await entry.scrollIntoViewIfNeeded();
  await screenshot(page, 'recent-papers-phone', { fullPage: false });
  await page.setViewportSize(SIZES.desktop);

  await act(page, () => page.getByRole('button', { name: 'Open “My draft”' }).click());
  assert.equal(await page.locator('#paper').inputValue(), own);
  assert.equal(await page.locator('#paper-title').inputValue(), 'My draft');
  assert.match(await status(page), /^Opened “My draft”/);
  // The batch paper it replaced was checked: kept with its report.
  const checkedTitles = await recentTitles(page);
  assert.ok(checkedTitles.includes('essay1.txt'), `recent papers: ${checkedTitles}`);

  // Clear puts the paper aside too; Forget removes it from the list, after a reload as well.
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  // The box is written from the state after the page draws again (an effect), not within the click.
  await page.waitForFunction(() => document.querySelector('#paper').value === '', null, { timeout: 10_000 }).catch(() => {});
  assert.equal(await page.locator('#paper').inputValue(), '');
  await act(page, () => page.getByRole('button', { name: 'Forget “My draft”' }).click());
  assert.ok(!(await recentTitles(page)).includes('My draft'));
  await whenPaperSaved(page);
  await reload(page);
  assert.ok(!(await recentTitles(page)).includes('My draft'));
  assert.equal(await page.locator('#paper').inputValue(), '', 'the cleared box stays cleared');
});

test('two tabs keep a paper each across reloads', async (t) => {
  const context = await app.browser.newContext({ viewport: SIZES.desktop });
  t.after(() => context.close());
  const [first, second] = [await app.openApp(t, { context }), await app.openApp(t, { context })];
  await first.fill('#paper', 'The first tab’s paper.');
  await second.fill('#paper', 'The second tab’s paper.');
  await whenPaperSaved(first);
  await whenPaperSaved(second);
  await reload(first);
  await reload(second);
  assert.equal(await first.locator('#paper').inputValue(), 'The first tab’s paper.');
  assert.equal(await second.locator('#paper').inputValue(), 'The second tab’s paper.');
});

test('a browser that refuses to store the paper says so once, and the page keeps working', async (t) => {
  const context = await app.browser.newContext({ viewport: SIZES.desktop });
  t.after(() => context.close());
  // The browser's storage for this site is full for the papers' store (as a quota error says it).
  await context.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function full(...args) {
      if (this.name === 'papers') throw new DOMException('', 'QuotaExceededError');
      return put.apply(this, args);
    };
  });
  const page = await app.openApp(t, { context });
  await page.fill('#paper', 'A paper the browser will not keep.');
  await whenPaperSaved(page);
  assert.equal(await errorText(page), 'Your paper is not kept in this browser: the storage this browser gives the page is full. '
    + 'It will be lost if this page is closed or reloaded: save it elsewhere, or free space for this site in the browser’s settings.');
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await page.locator('#paper').pressSequentially(' More.');
  await whenPaperSaved(page);
  assert.equal(await errorText(page), '', 'said once, not at every keystroke');
  await act(page, '#demo');
  assert.equal(await errorText(page), '');
});
