// Stopping a long check (issue 43, item 5): while a check, a batch or the library's pairs run, a
// Cancel button stands beside the status and Esc does the same wherever the focus is; the check
// stops, the status says so, no error is shown, the report and the library are as they were, and
// the next check works (the engine's worker was ended and a new one holds the same library).
// Screenshots of the running check with its Cancel button at a laptop and a phone size.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { act, brown, errorText, libraryTitles, openOptions, overall, screenshot, SIZES, squash, useApp, waitForSelector, words } from './harness.mjs';
import { longText, paste } from './paste.mjs';

const { openApp } = useApp({ viewport: SIZES.desktop });

const status = async (page) => squash(await page.locator('#status').textContent());

/** Starts a check of the paper shown, waits until it offers Cancel, then runs `stop` and waits for the end. */
async function stopCheck(page, stop) {
  const done = Number(await page.evaluate(() => document.body.dataset.completed));
  await page.click('#check');
  await waitForSelector(page, '#cancel');
  await stop();
  await waitForSelector(page, `body[data-completed="${done + 1}"]`);
}

test('a long check stopped by Esc and by the Cancel button leaves the report and the library as they were', async (t) => {
  const page = await openApp(t);
  await act(page, '#demo');
  const { references } = await page.evaluate(() => fetch('pkg/demo-refs.json').then((r) => r.json()));
  const small = `${words(brown('cb07'), 0, 120)}\n\n${words(references[2].text, 40, 90)}\n\n${words(brown('cb07'), 120, 80)}`;
  await page.fill('#paper', small);
  await act(page, '#check');
  const before = { overall: await overall(page), library: await libraryTitles(page) };
  assert.match(before.overall, /matches 1 source$/);
  assert.equal(await page.locator('#cancel').count(), 0, 'nothing to cancel once the check is done');

  await page.fill('#paper', '');
  await paste(page, longText(4_000_000));
  await page.locator('.document').waitFor();
  await stopCheck(page, async () => {
    await screenshot(page, 'cancel-desktop', { fullPage: false });
    await page.keyboard.press('Escape');
  });
  assert.equal(await status(page), 'Stopped. The library and the report are as they were.');
  assert.equal(await errorText(page), '');
  assert.equal(await overall(page), before.overall, 'the report before the stopped check is shown');
  assert.deepEqual(await libraryTitles(page), before.library);
  assert.equal(await page.locator('#cancel').count(), 0);

  // The Cancel button, at a phone's size, clicked as soon as it is there: a screenshot first gave
  // a loaded machine's check the time to end before the click.
  await page.setViewportSize(SIZES.phone);
  await stopCheck(page, () => page.click('#cancel'));
  assert.equal(await status(page), 'Stopped. The library and the report are as they were.');
  assert.equal(await overall(page), before.overall);
  // The phone's check bar with Cancel in it, measured and pictured while another check runs.
  await stopCheck(page, async () => {
    const bar = await page.locator('.checkbar').boundingBox();
    assert.ok(bar.height <= 72, `the phone's check bar is ${bar.height} pixels high with Cancel in it`);
    await screenshot(page, 'cancel-phone', { fullPage: false });
    await page.keyboard.press('Escape');
  });
  await page.setViewportSize(SIZES.desktop);

  // The engine behind the page holds the whole library again: the small paper finds its source.
  await page.click('#remove-paper');
  await page.fill('#paper', small);
  await act(page, '#check');
  assert.equal(await status(page), 'Done.');
  assert.equal(await overall(page), before.overall);
  assert.deepEqual(await libraryTitles(page), before.library);
});

test('an update after an option change, stopped, leaves the report marked out of date with a button to update it', async (t) => {
  const page = await openApp(t);
  await act(page, '#demo');
  // Long enough that the update is still running after the checks and the screenshot below (at
  // 1.5 MB a quiet machine finished it first, once).
  await paste(page, longText(4_000_000));
  await page.locator('.document').waitFor();
  await act(page, '#check', 120_000);
  const before = await overall(page);
  await openOptions(page);
  // The change marks the report at once and makes it again; Esc stops that.
  const done = Number(await page.evaluate(() => document.body.dataset.completed));
  await page.uncheck('#opt-excludeQuotes');
  await waitForSelector(page, '#cancel');
  const stale = () => page.locator('.report .stale').evaluate((mark) => mark.firstChild.textContent.trim());
  assert.equal(await stale(), 'The options changed since this report was made: it is out of date, and is being made again.');
  await page.evaluate(() => document.querySelector('.report .stale')?.scrollIntoView({ block: 'center' }));
  await screenshot(page, 'stale-updating-desktop', { fullPage: false });
  await page.keyboard.press('Escape');
  await waitForSelector(page, `body[data-completed="${done + 1}"]`);
  assert.equal(await status(page), 'Stopped. The library and the report are as they were.');
  assert.equal(await stale(), 'The options changed since this report was made: it is out of date.');
  assert.equal(await overall(page), before);
  await page.evaluate(() => document.querySelector('.report .stale')?.scrollIntoView({ block: 'center' }));
  await screenshot(page, 'stale-stopped-desktop', { fullPage: false });
  await act(page, () => page.getByRole('button', { name: 'Update the report' }).click(), 120_000);
  assert.equal(await page.locator('.report .stale').count(), 0, 'up to date again');
});
