// End-to-end: the keyboard path and the result in view (issue 28, items 3 to 5). Ctrl+Enter in the
// paper checks it; the library list is one Tab stop with the arrow keys inside, so "Check the
// paper" is a few Tab presses from the paper box even with 30 references; a skip link leads to the
// paper and the results; the focus stays where the user acted (Add files, Include it again) or
// moves to what the action produced (a report, a batch's results, the library's pairs, a pair side
// by side), whose heading is brought to the top of the window; a table shows all its rows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import {
  act, addPastedReference, brown, button, chooseFiles, overall, press, screenshot, sourceTitles, tabTo, useApp, useTempFolder, words,
} from './harness.mjs';

const VIEWPORT = { width: 1366, height: 900 };
const { openApp } = useApp({ viewport: VIEWPORT });
const temp = useTempFolder('plagscope-keyboard-');

/** The focused element's id, or its tag and text when it has none. */
const focused = (page) => page.evaluate(() => {
  const element = document.activeElement;
  return element?.id || `${element?.tagName.toLowerCase()}: ${(element?.getAttribute('aria-label') ?? element?.textContent ?? '').trim().slice(0, 60)}`;
});

/** Whether `locator`'s top lies inside the window (the result was brought into view). */
async function inView(page, locator) {
  const box = await locator.boundingBox();
  return box !== null && box.y >= -1 && box.y < VIEWPORT.height - 40;
}

/** Tab presses from the focused element until `selector` has the focus, or null past `limit`. */
async function tabsTo(page, selector, limit = 200) {
  for (let presses = 1; presses <= limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s), selector)) return presses;
  }
  return null;
}

test('Ctrl+Enter checks the paper; the report comes into view with the focus on its heading', async (t) => {
  const page = await openApp(t);
  const source = brown('cj21');
  await addPastedReference(page, 'Textbook chapter', source);
  await page.fill('#paper', `${words(brown('ca21'), 0, 400)}\n\n${words(source, 300, 80)}\n\n${words(brown('ca21'), 400, 300)}`);
  await page.focus('#paper');
  await act(page, () => page.keyboard.press('Control+Enter'));
  assert.deepEqual(await sourceTitles(page), ['Textbook chapter']);
  assert.equal(await focused(page), 'report-heading');
  assert.ok(await inView(page, page.locator('#report-heading')), 'the report heading is in view');
  // At the top of the window once the report is drawn, not wherever the page's height allowed.
  // (The heading keeps its scroll margin, 0.75rem, above it.)
  await page.waitForFunction(() => Math.abs(document.querySelector('#report-heading').getBoundingClientRect().top) <= 20, null, { timeout: 3000 });
  await screenshot(page, 'keyboard-report-focus', { fullPage: false });

  // Leaving a source out moves the focus to where it went; including it again brings it back to the source.
  await act(page, () => press(page, button(page, 'Leave out Textbook chapter')));
  await page.waitForFunction(() => document.activeElement?.id === 'left-out-heading');
  // It was found, and left out: the report says so, not "no matching sources found".
  assert.equal(await overall(page), '0.0% — no other source matches: the one you left out is listed below');
  await act(page, () => press(page, page.locator('.left-out').getByRole('button', { name: 'Include it again' }).first()));
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Leave out Textbook chapter');
});

test('with 30 references, Check is a few Tab presses from the paper box; the list takes arrow keys', async (t) => {
  const page = await openApp(t);
  await act(page, '#demo');
  await page.fill('#paper', words(brown('ca01'), 0, 300));
  await page.focus('#paper');
  const presses = await tabsTo(page, '#check');
  assert.ok(presses !== null && presses <= 18, `${presses} Tab presses from the paper box to Check`);
  t.diagnostic(`${presses} Tab presses from the paper box to Check, with the demo set's 30 references`);

  // The demo list is one stop: Tab lands on one control; the arrows move between references and controls.
  await page.focus('#paper');
  const list = page.locator('.library section.group[aria-label^="Demo set"] .ref-list');
  const first = await list.locator('.ref').first().getAttribute('data-id');
  const second = await list.locator('.ref').nth(1).getAttribute('data-id');
  assert.ok(await tabsTo(page, '.library .ref-list [data-column]', 20), 'the list is reached by Tab');
  const where = () => page.evaluate(() => [document.activeElement.closest('li')?.dataset.id, document.activeElement.dataset.column]);
  // Tab lands on Rename, never on Remove (issue 43, item 2: one Enter deleted a reference).
  assert.deepEqual(await where(), [first, '1']);
  await page.keyboard.press('ArrowDown');
  assert.deepEqual(await where(), [second, '1']);
  await page.keyboard.press('ArrowLeft');
  assert.deepEqual(await where(), [second, '0']);
  await page.keyboard.press('Home');
  assert.deepEqual(await where(), [first, '0']);
  // Tab leaves the list at once, and Shift+Tab comes back to the same control.
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => Boolean(document.activeElement.closest('.ref-list'))), false);
  await page.keyboard.press('Shift+Tab');
  assert.deepEqual(await where(), [first, '0']);
  await screenshot(page, 'keyboard-library-list', { fullPage: false });
});

test('a skip link leads to the paper; after Add files the focus stays on the button', async (t) => {
  const page = await openApp(t);
  await page.keyboard.press('Tab');
  assert.equal(await focused(page), 'a: Skip to the paper');
  await screenshot(page, 'keyboard-skip-link', { fullPage: false });
  await page.keyboard.press('Enter');
  assert.equal(await focused(page), 'paper');
  writeFileSync(temp.path('source.txt'), brown('cj11'));
  await chooseFiles(page, button(page, 'Add files…'), temp.path('source.txt'));
  assert.equal(await focused(page), 'button: Add files…');
});

test('a batch of 11 papers: its results come into view, and every row of its tables shows', async (t) => {
  const page = await openApp(t);
  const source = brown('cj21');
  await addPastedReference(page, 'Textbook chapter', source);
  const shared = words(brown('cg21'), 100, 90);
  const paths = Array.from({ length: 11 }, (_, i) => {
    const path = temp.path(`student-${String(i + 1).padStart(2, '0')}.txt`);
    // Every student has the same passage: more pairs than a screen of rows holds.
    writeFileSync(path, `${words(brown(`cf${String(i + 10)}`), 0, 200)}\n\n${shared}\n\n${words(brown(`cf${String(i + 10)}`), 200, 100)}`);
    return path;
  });
  await page.evaluate(() => {
    const status = document.getElementById('status');
    window.statuses = [];
    new MutationObserver(() => window.statuses.push(status.textContent)).observe(status, { childList: true, subtree: true, characterData: true });
  });
  await chooseFiles(page, button(page, 'Check several papers…'), paths);
  // Progress counts the 11 papers, then says what the last step is: not "11 of 12".
  const statuses = await page.evaluate(() => window.statuses);
  const counted = statuses.map((s) => /^Checking papers: \d+ of (\d+)…$/.exec(s)?.[1]).filter(Boolean);
  assert.ok(counted.length && counted.every((total) => total === '11'), statuses.join(' | '));
  assert.ok(statuses.includes('Comparing the papers with each other…'), statuses.join(' | '));
  assert.equal(await focused(page), 'batch-heading');
  assert.ok(await inView(page, page.locator('#batch-heading')), 'the batch heading is in view');
  // No table hides rows in a box of its own: each shows whole, and the page scrolls.
  const clipped = await page.locator('.table-scroll').evaluateAll((boxes) => boxes.map((box) => box.scrollHeight - box.clientHeight));
  assert.ok(clipped.length >= 2 && clipped.every((hidden) => hidden <= 1), `rows hidden in a table box: ${clipped}`);
  assert.equal(await page.locator('.batch-table tbody tr').count(), 11);
  await screenshot(page, 'keyboard-batch', { fullPage: false });

  // A pair opened from the table: the side by side comes into view with the focus on its heading.
  await press(page, page.getByRole('button', { name: /^Compare student-01\.txt with / }).first());
  await page.locator('.batch .compare h2').waitFor();
  await page.waitForFunction(() => document.activeElement?.closest('.compare') && document.activeElement.tagName === 'H2');
  assert.ok(await inView(page, page.locator('.batch .compare h2')), 'the side by side is in view');
});

test('the library\'s pairs come into view with the focus on their heading', async (t) => {
  const page = await openApp(t);
  const copied = words(brown('cj14'), 200, 70);
  await addPastedReference(page, 'Ann', `${words(brown('cb16'), 0, 150)} ${copied}`);
  await addPastedReference(page, 'Cy', `${copied} ${words(brown('cb18'), 0, 100)}`);
  await act(page, () => press(page, page.locator('#pairs')));
  assert.equal(await focused(page), 'pairs-heading');
  assert.ok(await inView(page, page.locator('#pairs-heading')));
  await tabTo(page, page.getByRole('button', { name: 'Compare Ann with Cy' }));
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.closest('.compare') && document.activeElement.tagName === 'H2');
  assert.ok(await inView(page, page.locator('.compare h2')));
});
