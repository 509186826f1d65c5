// End-to-end: translated copies through the page (issue 30). The option is off and disabled until
// the sentence model is loaded; the options say what it costs; "Download the sentence model" shows
// its progress in megabytes, then that it is ready; a Chinese paper translated from an English
// reference is then reported with "translated from English" and opens side by side; after a reload
// with the network gone, the model loads again by itself from the service worker's cache and the
// check still works. Looked at in screenshots (target/screenshots/translated-*.png) at both sizes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SIZES, act, addPastedReference, comparePanes, errorText, joinedMarks, openOptions, screenshot, squash, useApp, whenReady } from './harness.mjs';
import { NORIAS_EN, NORIAS_ZH } from '../translation.mjs';

const app = useApp();

const SOURCE = NORIAS_EN;
const TRANSLATION = NORIAS_ZH;

/** Checks the translated paper and opens its first match; returns the report's text. */
async function checkTranslation(page) {
  await page.fill('#paper', TRANSLATION);
  await act(page, '#check');
  assert.equal(await errorText(page), '');
  await page.locator('.match-list .match').first().click();
  await page.locator('.sentence-pairs').waitFor();
  return squash(await page.locator('.report').textContent());
}

test('the model downloads with progress, finds a translation, and works offline after a reload', async (t) => {
  const context = await app.browser.newContext({ viewport: SIZES.desktop });
  t.after(() => context.close());
  const page = await app.openApp(t, { context });
  await openOptions(page);
  assert.equal(await page.locator('#opt-translated').isDisabled(), true, 'off until the model is there');
  assert.match(await page.locator('#model-about').textContent(), /about 28 MB/);
  await screenshot(page, 'translated-options-desktop');
  // Every progress bar value the page shows while the model loads.
  await page.evaluate(() => {
    window.modelProgress = [];
    new MutationObserver(() => {
      const bar = document.querySelector('.model-state progress');
      if (bar) window.modelProgress.push([Number(bar.value), Number(bar.max)]);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await act(page, '#load-model', 120_000);
  const progress = await page.evaluate(() => window.modelProgress);
  assert.ok(progress.length > 0, 'a progress bar was shown');
  assert.ok(progress.at(-1)[0] > 20e6, `progress reached ${progress.at(-1)[0]} bytes`);
  assert.match(await page.locator('.model-state').textContent(), /sentence model is loaded/);
  assert.equal(await page.locator('#opt-translated').isDisabled(), false);
  await page.check('#opt-translated');
  await addPastedReference(page, 'Norias of Hama', SOURCE);
  const report = await checkTranslation(page);
  assert.match(report, /Norias of Hama/);
  assert.match(report, /translated 哈马水车/, 'the match is tagged as translated');
  assert.match(report, /Translated from English: \d+ sentences match the source's, \d+\.\d% alike on average/);
  // Side by side, each paper sentence beside the source sentence it translates.
  assert.match(report, /Each sentence of the paper beside the source sentence it translates/);
  assert.match(report, /In the paper其中最古老的水车建于中世纪，用来把河水提升到渡槽里。In the sourceThe oldest of them were built in the Middle Ages/);
  // Side by side, the paired sentences are marked in both languages.
  const [paperPane, sourcePane] = await comparePanes(page);
  assert.match(await joinedMarks(paperPane), /哈马水车是叙利亚西部/);
  assert.match(await joinedMarks(sourcePane), /The norias of Hama are a set of wooden water wheels/);
  await screenshot(page, 'translated-report-desktop');
  // Offline after a reload: the model is loaded again from the service worker's cache.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });
  // The model's files are in a cache of their own, which a new build of the app keeps.
  const kept = await page.evaluate(async () => (await (await caches.open('plagscope-model')).keys()).map((r) => new URL(r.url).pathname).sort());
  assert.deepEqual(kept, ['/pkg/model/manifest.json', '/pkg/model/use-m3.safetensors.gz', '/pkg/model/zh-en.lexicon.gz']);
  await context.setOffline(true);
  await page.reload();
  await whenReady(page);
  // The options are closed after a reload: the state is there, not shown.
  await page.locator('.model-state', { hasText: 'sentence model is loaded' }).waitFor({ state: 'attached', timeout: 60_000 });
  assert.match(await checkTranslation(page), /Translated from English/);
});

test('on a phone the model section and a translated report fit', async (t) => {
  const page = await app.openApp(t, { viewport: SIZES.phone });
  await openOptions(page);
  await screenshot(page, 'translated-options-phone');
  await act(page, '#load-model', 120_000);
  await page.check('#opt-translated');
  await addPastedReference(page, 'Norias of Hama', SOURCE);
  assert.match(await checkTranslation(page), /Translated from English/);
  await screenshot(page, 'translated-report-phone');
});
