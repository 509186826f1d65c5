// End-to-end accessibility, as issue 10 asks: every main task is reachable by Tab (in the page's own
// order, with a visible focus ring) and done with Enter or Space: opening a paper and adding files
// through real buttons that open the file chooser, pasting a reference, the demo set, saving and
// opening a library file, the options, checking, the sources, the match list, leaving out and
// including again, downloading the report, the library's pairs and the heatmap. And axe-core finds
// no violation on any main view: the start, the options open, the report, the side by side view,
// the pairs with the heatmap, and an error shown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import {
  act, axeViolations, brown, button, chooseFiles, comparePanes, errorText, libraryTitles, openOptions, press, richReport, sourceTitles, tabTo, useApp,
  words, useTempFolder } from './harness.mjs';

const { openApp } = useApp({ viewport: { width: 1366, height: 900 } });
const temp = useTempFolder('plagscope-a11y-');


test('keyboard: the library tasks by Tab and Enter or Space, file choosers included', async (t) => {
  const page = await openApp(t);
  writeFileSync(temp.path('source.txt'), brown('cj11'));
  await chooseFiles(page, button(page, 'Add files…'), temp.path('source.txt'), ' ');
  assert.deepEqual(await libraryTitles(page), ['source.txt']);
  // Paste a reference: the <details> opens with Enter; the fields take typing.
  await press(page, page.locator('#add-pasted summary'));
  await tabTo(page, page.locator('#ref-title'));
  await page.keyboard.type('Typed reference');
  await tabTo(page, page.locator('#ref-text'));
  await page.keyboard.insertText(words(brown('cj12'), 0, 200));
  await act(page, () => press(page, page.locator('#ref-add')));
  assert.deepEqual(await libraryTitles(page), ['source.txt', 'Typed reference']);
  // Rename: the field opens with the focus in it, Enter saves.
  await press(page, button(page, 'Rename Typed reference'));
  // The field takes the focus (on the next frame at the latest), so typing goes into it.
  const field = await page.getByLabel('New title for Typed reference').elementHandle();
  await page.waitForFunction((field) => document.activeElement === field, field, { timeout: 2000 })
    .catch(() => assert.fail('the rename field did not get the focus'));
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Typed by keyboard');
  await act(page, () => page.keyboard.press('Enter'));
  // Template checkbox with Space.
  const template = page.locator('.library .ref', { hasText: 'source.txt' }).getByRole('checkbox', { name: 'template' });
  await act(page, () => press(page, template, ' '));
  assert.equal(await template.isChecked(), true);
  await act(page, () => press(page, template, ' '));
  // Save the library, then open it again (merge) through the chooser and the choice's buttons.
  const download = page.waitForEvent('download');
  await act(page, () => press(page, page.locator('#save-index')));
  const saved = temp.path('keyboard.idx');
  await (await download).saveAs(saved);
  await act(page, () => press(page, button(page, 'Remove source.txt')));
  await chooseFiles(page, button(page, 'Open a library file…'), saved, 'Enter', { wait: false });
  await act(page, () => press(page, button(page, 'Add to my library')));
  assert.deepEqual((await libraryTitles(page)).sort(), ['Typed by keyboard', 'source.txt']);
  await act(page, () => press(page, page.locator('#demo'), ' '));
  assert.equal(await page.locator('.library .ref').count(), 32);
  // "Add a folder…" opens a chooser too.
  const folder = page.waitForEvent('filechooser');
  await press(page, button(page, 'Add a folder…'));
  assert.equal((await folder).isMultiple(), true);
});

test('keyboard: open a paper, options, check, sources, matches, exclusions and downloads', async (t) => {
  const page = await openApp(t);
  const source = brown('cj13');
  await act(page, () => page.locator('#ref-files').setInputFiles({ name: 'source.txt', mimeType: 'text/plain', buffer: Buffer.from(source) }));
  writeFileSync(temp.path('paper.txt'), `${words(brown('cb15'), 0, 100)}\n\n${words(source, 100, 60)}\n\n${words(brown('cb15'), 100, 80)}\n\n${words(source, 900, 50)}`);
  await chooseFiles(page, button(page, 'Open a file…'), temp.path('paper.txt'));
  assert.match(await page.locator('#paper').inputValue(), /^\S/);
  await press(page, page.locator('details.options summary'));
  await press(page, page.locator('#opt-excludeQuotes'), ' ');
  assert.equal(await page.locator('#opt-excludeQuotes').isChecked(), false);
  await press(page, page.locator('#opt-excludeQuotes'), ' ');
  await act(page, () => press(page, page.locator('#check')));
  assert.deepEqual(await sourceTitles(page), ['source.txt']);

  await press(page, page.locator('.report .sources .source').first());
  await comparePanes(page);
  await press(page, page.locator('.match-list li').first().locator('button.match'));
  assert.equal(await page.locator('.match-list li.current').count(), 1);
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.locator('.report .matches .row span').textContent(), 'Match 2 of 2');
  await act(page, () => press(page, button(page, 'Leave this passage out')));
  const mine = page.locator('.report .left-out li', { hasText: 'left out by you' });
  await act(page, () => press(page, mine.getByRole('button', { name: 'Include it again' })));
  assert.equal(await page.locator('.match-list li').count(), 2);
  await act(page, () => press(page, button(page, 'Leave out source.txt'), ' '));
  assert.deepEqual(await sourceTitles(page), []);
  const download = page.waitForEvent('download');
  await press(page, button(page, 'Download report (HTML)'));
  assert.match((await download).suggestedFilename(), /^plagscope-report-.*\.html$/);
});

test('keyboard: the library pairs, their table and the heatmap (arrow keys between cells)', async (t) => {
  const page = await openApp(t);
  const copied = words(brown('cj14'), 200, 70);
  for (const [name, text] of [['ann.txt', `${words(brown('cb16'), 0, 150)} ${copied}`], ['bob.txt', words(brown('cb17'), 0, 200)], ['cy.txt', `${copied} ${words(brown('cb18'), 0, 100)}`]]) {
    await act(page, () => page.locator('#ref-files').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) }));
  }
  await act(page, () => press(page, page.locator('#pairs')));
  await press(page, page.getByRole('button', { name: 'Compare ann.txt with cy.txt' }));
  await comparePanes(page);
  await press(page, page.locator('.compare').getByRole('button', { name: 'Close' }));
  // The grid is one Tab stop; the arrow keys move inside it; Enter opens the focused pair.
  const cell = page.locator('.heatmap-grid button[tabindex="0"]');
  await tabTo(page, cell);
  const first = await cell.getAttribute('data-cell');
  await page.keyboard.press('ArrowDown');
  const moved = await page.evaluate(() => document.activeElement?.dataset.cell);
  assert.notEqual(moved, first);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await comparePanes(page);
  assert.equal(await page.locator('.compare .pane h3').count(), 2);
});

test('axe-core finds no violation on any main view', async (t) => {
  const page = await openApp(t);
  const found = {};
  const audit = async (view) => (found[view] = await axeViolations(page));
  await audit('start');
  await openOptions(page);
  await audit('options open');
  await act(page, '#check');
  assert.notEqual(await errorText(page), '');
  await audit('error shown');
  await richReport(page);
  await audit('report');
  await page.locator('.match-list li').nth(1).locator('button.match').click();
  await comparePanes(page);
  await audit('side by side');
  await act(page, () => page.getByRole('button', { name: /^Leave out (?!this passage)/ }).first().click());
  await audit('report with a source left out');
  await act(page, '#pairs');
  await page.locator('.heatmap-grid button:not(.empty)').first().click();
  await comparePanes(page);
  await audit('pairs with the heatmap, side by side');
  assert.deepEqual(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length)), {});
});
