// End-to-end: the search by meaning through the page (issue 46). Its option is off and disabled
// until the sentence model is loaded and translated copies are on; the loaded model names the
// languages it reads and those its parts add; a check of a Russian paper loads the Cyrillic part
// by itself (kept by the service worker beside the model), and finds the Russian translation of an
// English reference with the search by meaning on, not with it off; the library's sentences are
// read when a reference is added, kept with the library, and not read again after a reload. Looked
// at in screenshots (target/screenshots/meaning-*.png) at desktop and phone sizes, and driven from
// the keyboard.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { act, addPastedReference, errorText, openOptions, overall, screenshot, sourceTitles, squash, tabTo, useApp, whenControlled, whenReady, whenSaved } from './harness.mjs';
import { NORIAS_EN, NORIAS_RU } from '../translation.mjs';

const MANIFEST = JSON.parse(readFileSync(new URL('../../pkg/model/manifest.json', import.meta.url), 'utf8'));
const partBytes = (scripts) => MANIFEST.parts.filter((p) => scripts.includes(p.script)).reduce((sum, p) => sum + p.bytes, 0);
const MAIN_LANGUAGES = 'English, German, French, Spanish, Italian, Dutch, Portuguese, Polish, Turkish';

const app = useApp();

/** What the model section says of its languages: those it reads, and those its parts would add. */
const modelLanguages = async (page) =>
  Promise.all(['#model-languages', '#model-more-languages'].map(async (id) => squash(await page.locator(id).textContent())));

/** The report's text once its first match is opened side by side (where its evidence is worded). */
async function openedMatch(page) {
  await page.locator('.match-list .match').first().click();
  await page.locator('.sentence-pairs').waitFor();
  return squash(await page.locator('.report').textContent());
}

/** Loads the model from the options and turns translated copies on. */
async function modelAndTranslated(page) {
  await openOptions(page);
  await act(page, '#load-model', 120_000);
  assert.equal(await errorText(page), '');
  await page.check('#opt-translated');
}

test('a Russian translation is found with the search by meaning on, not off; the Cyrillic part loads by itself', async (t) => {
  const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
  t.after(() => context.close());
  const page = await app.openApp(t, { context });
  await openOptions(page);
  assert.equal(await page.locator('#opt-meaningSearch').isDisabled(), true, 'off until the model is there');
  assert.match(squash(await page.locator('#opt-meaningSearch-help').textContent()), /400 to 500 sentences a second/);
  await act(page, '#load-model', 120_000);
  assert.equal(await page.locator('#opt-meaningSearch').isDisabled(), true, 'off while translated copies are');
  await page.check('#opt-translated');
  assert.equal(await page.locator('#opt-meaningSearch').isDisabled(), false);
  assert.deepEqual(await modelLanguages(page), [
    `Languages it reads: ${MAIN_LANGUAGES} and Chinese.`,
    `Russian, Japanese, Korean, Arabic and Thai are added by themselves (${(partBytes(['cyrillic', 'japanese', 'korean', 'arabic', 'thai']) / 1e6).toFixed(1)} MB in all) when a paper or a reference written in them is checked with translated copies on.`,
  ]);
  await screenshot(page, 'meaning-options-desktop');

  await addPastedReference(page, 'Norias of Hama', NORIAS_EN);
  await page.fill('#paper', NORIAS_RU);
  await act(page, '#check', 120_000);
  assert.equal(await errorText(page), '');
  assert.match(await overall(page), /no matching sources/, 'the dictionary knows English and Chinese only');
  // The paper is Russian: the check loaded the Cyrillic part, and the model says so.
  assert.deepEqual(await modelLanguages(page), [
    `Languages it reads: ${MAIN_LANGUAGES}, Chinese and Russian.`,
    `Japanese, Korean, Arabic and Thai are added by themselves (${(partBytes(['japanese', 'korean', 'arabic', 'thai']) / 1e6).toFixed(1)} MB in all) when a paper or a reference written in them is checked with translated copies on.`,
  ]);
  await act(page, () => page.check('#opt-meaningSearch'), 120_000);
  assert.equal(await errorText(page), '');
  assert.deepEqual(await sourceTitles(page), ['Norias of Hama']);
  assert.match(await openedMatch(page), /Translated from English: \d+ sentences match the source's/);
  await screenshot(page, 'meaning-report-desktop');
  // Off again: the report is made again without it, and the translation is not found.
  await act(page, () => page.uncheck('#opt-meaningSearch'), 120_000);
  assert.match(await overall(page), /no matching sources/);
  // The part is kept for offline use beside the model's other files.
  await whenControlled(page);
  const kept = await page.evaluate(async () => (await (await caches.open('plagscope-model')).keys()).map((r) => new URL(r.url).pathname));
  assert.ok(kept.includes('/pkg/model/use-m3.cyrillic.safetensors.gz'), kept.join(', '));
});

test('a reference in Russian loads its part too, for a paper in English', async (t) => {
  const page = await app.openApp(t, { viewport: { width: 1280, height: 800 } });
  await modelAndTranslated(page);
  await page.check('#opt-meaningSearch');
  await addPastedReference(page, 'Нории Хамы', NORIAS_RU);
  await page.fill('#paper', NORIAS_EN);
  await act(page, '#check', 120_000);
  assert.equal(await errorText(page), '');
  assert.deepEqual(await sourceTitles(page), ['Нории Хамы']);
  assert.match(await openedMatch(page), /Translated from Russian: \d+ sentences match the source's/);
});

test('on a phone the option and the languages fit, and the option works from the keyboard', async (t) => {
  const page = await app.openApp(t, { viewport: { width: 390, height: 844 } });
  await modelAndTranslated(page);
  await page.locator('#model-languages').scrollIntoViewIfNeeded();
  await screenshot(page, 'meaning-options-phone');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide`);
  await tabTo(page, page.locator('#opt-meaningSearch'));
  await page.keyboard.press('Space');
  assert.equal(await page.locator('#opt-meaningSearch').isChecked(), true);
  // Translated copies off: the search by meaning cannot be changed, and is not asked for.
  await page.uncheck('#opt-translated');
  assert.equal(await page.locator('#opt-meaningSearch').isDisabled(), true);
});

/** The bytes of the library's saved index kept in this browser (0: none yet). */
const snapshotBytes = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        const open = indexedDB.open('plagscope');
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('snapshot')) return (db.close(), resolve(0));
          const all = db.transaction('snapshot').objectStore('snapshot').getAll();
          all.onsuccess = () => (db.close(), resolve(all.result[0]?.bytes?.length ?? 0));
          all.onerror = () => (db.close(), resolve(0));
        };
      }),
  );

/** Keeps every text the status line shows from now on, in `window.statuses`. */
const recordStatuses = (page) =>
  page.evaluate(() => {
    window.statuses = [];
    const status = document.querySelector('#status');
    new MutationObserver(() => window.statuses.push(status.textContent)).observe(status, { childList: true, characterData: true, subtree: true });
  });

test('the sentences are read when a reference is added, kept with the library, and not read again after a reload', async (t) => {
  const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
  t.after(() => context.close());
  const page = await app.openApp(t, { context });
  await modelAndTranslated(page);
  await addPastedReference(page, 'Pumps', 'Modern pumps lift water with electric motors. They replaced the wooden wheels on many rivers of the region.');
  await whenSaved(page);
  for (let tries = 0; tries < 50 && (await snapshotBytes(page)) === 0; tries++) await page.waitForTimeout(100);
  const before = await snapshotBytes(page);
  assert.ok(before > 0, 'the library is kept with its index');
  await page.check('#opt-meaningSearch');
  await recordStatuses(page);
  await addPastedReference(page, 'Norias of Hama', NORIAS_EN);
  assert.equal(await errorText(page), '');
  const read = await page.evaluate(() => window.statuses);
  assert.ok(read.some((s) => /Reading the library's sentences for the search by meaning/.test(s)), read.join(' | '));
  // Both references' codes (about 516 bytes a sentence) join the index kept in the browser.
  for (let tries = 0; tries < 50 && (await snapshotBytes(page)) < before + 4_000; tries++) await page.waitForTimeout(100);
  assert.ok((await snapshotBytes(page)) >= before + 4_000, `${before} -> ${await snapshotBytes(page)} bytes`);

  await page.reload();
  await whenReady(page);
  await openOptions(page);
  // The page loads the model again by itself: it was loaded before.
  await page.locator('#model-languages').waitFor({ timeout: 120_000 });
  assert.equal(await page.locator('#opt-meaningSearch').isChecked(), true, 'the options are remembered');
  await recordStatuses(page);
  await page.fill('#paper', NORIAS_RU);
  await act(page, '#check', 120_000);
  assert.equal(await errorText(page), '');
  assert.deepEqual(await sourceTitles(page), ['Norias of Hama']);
  // The Cyrillic part joined the model for the paper; the English references read as before.
  const statuses = await page.evaluate(() => window.statuses);
  assert.ok(!statuses.some((s) => /Reading the library's sentences/.test(s)), statuses.join(' | '));
});
