// End-to-end: the library kept in the browser loses nothing (issue 28, items 1 and 2). Two tabs of
// one browser adding references at once both keep theirs, and each shows the other's changes; a
// browser whose storage is full (the quota emulated through the DevTools protocol) makes the page
// say at once, in words, what is not kept and what to do, and never claim it is kept; a library
// saved by the page before references were kept one by one is moved over on the first visit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Checker } from '../../js/node.js';
import { act, brown, corpus, errorText, libraryTitles, screenshot, squash, storedLibrary, useApp, whenControlled, whenReady } from './harness.mjs';

const app = useApp();
const { openApp } = app;

/** Brown corpus files `from`..`from + count` (paths and names), in name order. */
const BROWN = readdirSync(corpus).filter((name) => name.startsWith('brown-')).sort();
const brownFiles = (from, count) => BROWN.slice(from, from + count).map((name) => fileURLToPath(new URL(name, corpus)));

/** How many references the library heading says the library holds. */
const count = async (page) => Number(/\((\d+) references?\)/.exec(await page.locator('#library-heading').textContent())[1]);
const keptLine = async (page) => squash(await page.locator('.library > p.muted').textContent());
/** Waits until `page` has followed `n` changes made in other tabs in all (<body data-followed>). */
const followed = (page, n) => page.locator(`body[data-followed="${n}"]`).waitFor({ state: 'attached', timeout: 30_000 });

/** Two pages of the app in one fresh browser context (one origin's storage, as two tabs share it). */
async function twoTabs(t) {
  const context = await app.browser.newContext();
  t.after(() => context.close());
  return [await openApp(t, { context }), await openApp(t, { context })];
}

async function reload(page) {
  await page.reload();
  await whenReady(page);
}

for (const first of ['first', 'second']) {
  test(`two tabs adding references at once both keep theirs (the ${first} tab adds 10 first)`, async (t) => {
    const [a, b] = await twoTabs(t);
    const [ten, six] = first === 'first' ? [a, b] : [b, a];
    // Both at once: neither waits for the other's add to finish.
    await Promise.all([
      act(ten, () => ten.setInputFiles('#ref-files', brownFiles(0, 10)), 60_000),
      act(six, () => six.setInputFiles('#ref-files', brownFiles(10, 6)), 60_000),
    ]);
    // Each tab shows the other's references too, without a reload.
    await Promise.all([followed(ten, 1), followed(six, 1)]);
    assert.equal(await count(a), 16);
    assert.equal(await count(b), 16);
    assert.match(await a.locator('#status').textContent(), /^(The library was changed in another tab \(\d+ added\): this tab shows it too\.|Added \d+ files to the library\.)$/);
    assert.equal((await storedLibrary(a)).count, 16);
    await reload(a);
    await reload(b);
    assert.equal(await count(a), 16, 'after a reload, the first tab still has all 16');
    assert.equal(await count(b), 16, 'after a reload, the second tab still has all 16');
    assert.deepEqual((await libraryTitles(a)).sort(), BROWN.slice(0, 16).sort());
    if (first === 'first') await screenshot(b, 'tabs-after-reload');
  });
}

test('a removal, a rename and clearing in one tab show in the other', async (t) => {
  const [a, b] = await twoTabs(t);
  await act(a, () => a.setInputFiles('#ref-files', brownFiles(0, 3)));
  await followed(b, 1);
  await act(b, () => b.getByRole('button', { name: `Remove ${BROWN[1]}`, exact: true }).click());
  await followed(a, 1);
  assert.deepEqual(await libraryTitles(a), [BROWN[0], BROWN[2]]);
  await a.getByRole('button', { name: `Rename ${BROWN[0]}`, exact: true }).click();
  await a.getByLabel(`New title for ${BROWN[0]}`).fill('Press report');
  await act(a, () => a.getByLabel(`New title for ${BROWN[0]}`).press('Enter'));
  await followed(b, 2);
  assert.deepEqual(await libraryTitles(b), ['Press report', BROWN[2]]);
  await a.getByRole('button', { name: 'Clear library…' }).click();
  await act(a, () => a.getByRole('button', { name: 'Remove all', exact: true }).click());
  await followed(b, 3);
  assert.equal(await count(b), 0);
  await reload(b);
  assert.equal(await count(b), 0, 'the cleared library stays cleared');
});

test('a full browser storage is said at once, in words, and the page never claims the library is kept', async (t) => {
  const context = await app.browser.newContext({ viewport: { width: 1366, height: 900 } });
  t.after(() => context.close());
  const page = await openApp(t, { context });
  // 2 MB beyond what the origin already stores once the offline copy of the app is kept (it counts too).
  await whenControlled(page);
  const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(app.baseUrl).origin, quotaSize: usage + 2 * 1024 * 1024 });
  let added = 0;
  let error = '';
  for (let from = 0; !error && from < 400; from += 10) {
    await act(page, () => page.setInputFiles('#ref-files', brownFiles(from, 10)), 60_000);
    added += 10;
    error = await errorText(page);
  }
  assert.ok(error, `the quota was never reached in ${added} references`);
  const told = /^(?:(\d+) references \(.+\) are|“.+” is) in the library but not kept in this browser: the storage this browser gives the page is full\. (They|It) will be gone when this page is closed or reloaded\. To keep (them|it), save the library as a file/.exec(error);
  assert.ok(told, error);
  const notKept = told[1] ? Number(told[1]) : 1;
  assert.equal(await count(page), added, 'every reference is in the library for now');
  const said = notKept === added ? 'None of these references is kept in this browser'
    : `${notKept} of these ${added} references ${notKept === 1 ? 'is' : 'are'} not kept in this browser`;
  assert.ok((await keptLine(page)).includes(said), await keptLine(page));
  assert.doesNotMatch(await keptLine(page), /Kept in this browser/);
  await screenshot(page, 'quota-full', { fullPage: false });
  // What the page said is kept is what comes back.
  const stored = (await storedLibrary(page)).count;
  assert.equal(stored, added - notKept);
  await reload(page);
  assert.equal(await count(page), stored);
  assert.equal(await page.locator('#status').textContent(), `Your library is back: ${stored} references, kept in this browser.`);
});

test('a library kept by an earlier version (one saved index) is moved over to records on the first visit', async (t) => {
  const checker = new Checker();
  checker.addReference({ id: 'a', title: 'Old essay', text: brown('ca01') });
  checker.addReference({ id: 'b', title: 'Old report', text: brown('ca02') });
  const bytes = [...checker.exportIndex()];
  checker.free();
  const context = await app.browser.newContext();
  t.after(() => context.close());
  // The database as the earlier page left it, written from a page of the same origin without the app.
  const setup = await context.newPage();
  await setup.goto(new URL('www/style.css', app.baseUrl).href);
  await setup.evaluate((bytes) => new Promise((resolve, reject) => {
    const open = indexedDB.open('plagscope', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('library');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction('library', 'readwrite');
      tx.objectStore('library').put({ bytes: new Uint8Array(bytes), groups: { b: 'demo' }, order: ['b', 'a'], savedAt: 1 }, 'current');
      tx.oncomplete = () => (open.result.close(), resolve());
    };
  }), bytes);
  await setup.close();
  const page = await openApp(t, { context });
  assert.equal(await page.locator('#status').textContent(), 'Your library is back: 2 references, kept in this browser.');
  assert.deepEqual((await storedLibrary(page)).titles, ['Old report', 'Old essay']);
  assert.deepEqual((await storedLibrary(page)).groups, { b: 'demo' });
  await reload(page);
  assert.deepEqual((await libraryTitles(page)).sort(), ['Old essay', 'Old report']);
  assert.equal(await page.locator('#status').textContent(), 'Your library is back: 2 references, kept in this browser.');
});
