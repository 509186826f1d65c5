// End-to-end: the real page, served as `npm start` serves it, driven in headless Chromium.
// Chromium comes from the system (CHROMIUM_PATH or /usr/bin/chromium); it is never downloaded.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';

const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
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
});

after(async () => {
  await browser?.close();
  server?.close();
});

/** A fresh page with the engine loaded; fails the test on any page error or console error. */
async function openApp(t) {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`));
  t.after(async () => {
    await page.close();
    assert.deepEqual(problems, [], 'the page reported errors');
  });
  await page.goto(baseUrl);
  await page.locator('#compare:not([disabled])').waitFor();
  return page;
}

async function compare(page, a, b, n) {
  await page.fill('#text-a', a);
  await page.fill('#text-b', b);
  if (n !== undefined) await page.fill('#ngram', String(n));
  const completed = Number(await page.locator('#compare-form').getAttribute('data-completed'));
  await page.click('#compare');
  await page.locator(`#compare-form[data-completed="${completed + 1}"]`).waitFor();
}

const marks = (page, view) => page.locator(`${view} mark`).allTextContents();

test('pasting two texts with a shared sentence highlights it in both', async (t) => {
  const page = await openApp(t);
  const sentence = 'Plagiarism detection 😀 relies on naïve résumé 中文 fingerprints 🎉 of text';
  const a = `🚀 First the paper says something new. ${sentence}. Then it ends.`;
  const b = `Une source différente — ${sentence}! Autre chose.`;
  await compare(page, a, b, 4);
  assert.deepEqual(await marks(page, '#view-a'), [sentence]);
  assert.deepEqual(await marks(page, '#view-b'), [sentence]);
  // The whole text is shown, not just the highlights.
  assert.equal(await page.locator('#view-a').textContent(), a);
  const words = sentence.split(' ').filter((w) => /\p{L}/u.test(w)).length + 1; // 中文 is two words
  assert.match(await page.locator('#summary').textContent(), new RegExp(`\\(${words} of \\d+ words.*shared 4-word sequences`));
});

test('pasted HTML is shown as text, never interpreted', async (t) => {
  const page = await openApp(t);
  const html = '<img src=x onerror="window.__pwned=1"><b>bold words shared by both texts</b><script>window.__pwned=2</script>';
  await compare(page, html, html, 3);
  assert.equal(await page.locator('#view-a img, #view-a b, #view-a script').count(), 0);
  assert.equal(await page.locator('#view-a').textContent(), html);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
});

test('bad input shows a clear error and the app keeps working', async (t) => {
  const page = await openApp(t);
  await compare(page, 'one two three', 'one two three', 0);
  await page.locator('#error:not([hidden])').waitFor();
  assert.match(await page.locator('#error').textContent(), /invalid `n`.*1\.\.=64/);

  await page.fill('#text-b', '');
  await page.click('#compare');
  assert.match(await page.locator('#error').textContent(), /both boxes/);

  await compare(page, 'alpha beta gamma delta', 'x alpha beta gamma delta y', 3);
  assert.equal(await page.locator('#error').isHidden(), true);
  assert.deepEqual(await marks(page, '#view-a'), ['alpha beta gamma delta']);
});

test('an evasive copy is still highlighted and the evasion is reported', async (t) => {
  const page = await openApp(t);
  const clean = 'The experimental results confirm our hypothesis about protein folding.';
  const evasive = 'Th\u0435 exp\u0435rim\u200Bental results c\u043Enfirm our hypothesis about protein folding.';
  await compare(page, clean, evasive, 5);
  assert.deepEqual(await marks(page, '#view-b'), [evasive.slice(0, -1)]);
  assert.match(await page.locator('#evasion').textContent(), /Source: 1 invisible character\(s\) inside words, 3 Cyrillic look-alike letter\(s\)/);
});

test('nothing in common shows no highlights', async (t) => {
  const page = await openApp(t);
  await compare(page, 'completely different words here', 'nothing alike at all in this one', 2);
  assert.equal(await page.locator('#view-a mark').count(), 0);
  assert.match(await page.locator('#summary').textContent(), /No shared 2-word sequences/);
});
