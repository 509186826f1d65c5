// Checking a batch of papers (a class's essays) by keyboard: "Check several papers…" opens the file
// chooser, every paper is checked against the library and against the others, the table sorts by
// a column heading, the papers' pairs open side by side, and a paper's own report is one Enter away.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { act, addPastedReference, axeViolations, brown, button, chooseFiles, overall, press, sourceTitles, squash, useApp, words, useTempFolder } from './harness.mjs';

const { openApp } = useApp({ viewport: { width: 1366, height: 900 } });
const temp = useTempFolder('plagscope-batch-');

/** The batch table's rows as arrays of cell texts. */
const rows = (page) => page.locator('.batch-table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent.trim())));

test('a batch of papers by keyboard: checked against the library and each other, sorted, opened', async (t) => {
  const page = await openApp(t);
  const source = brown('cj21');
  await addPastedReference(page, 'Textbook chapter', source);
  const shared = words(brown('cg21'), 100, 90); // two students share this passage, which is in no reference
  const papers = {
    'alice.txt': `${words(brown('ca21'), 0, 150)}\n\n${words(source, 300, 80)}\n\n${shared}\n\n${words(brown('ca21'), 150, 100)}`,
    'bob.txt': `${words(brown('cb21'), 0, 200)}\n\n${shared}\n\n${words(brown('cb21'), 200, 80)}`,
    'carol.txt': words(brown('cf21'), 0, 400),
  };
  const paths = Object.entries(papers).map(([name, text]) => {
    const path = temp.path(name);
    writeFileSync(path, text);
    return path;
  });
  await chooseFiles(page, button(page, 'Check several papers…'), paths);
  assert.equal(squash(await page.locator('#batch-heading').textContent()), '3 papers checked against the library');
  // Sorted by similarity to the library, most first: Alice copied from the textbook.
  let table = await rows(page);
  assert.deepEqual(table.map((r) => r[0]), ['alice.txt', 'bob.txt', 'carol.txt']);
  assert.match(table[0][1], /^[1-9]\d?\.\d%$/);
  assert.equal(table[0][2].startsWith('Textbook chapter'), true);
  assert.deepEqual([table[1][1], table[2][1]], ['0.0%', '0.0%']);
  // Alice and Bob share a passage no reference has: each is the other's most similar paper.
  assert.match(table[0][3], /^bob\.txt \(\d+\.\d%\)$/);
  assert.match(table[1][3], /^alice\.txt \(\d+\.\d%\)$/);
  assert.equal(table[2][3], '—');
  assert.match(squash(await page.locator('.batch .report .overall').textContent()), /^1 pair of the 3 papers shares passages\.$/);

  // Sorting by a heading, with the keyboard; the heading says how it sorts.
  await press(page, page.getByRole('button', { name: 'Paper', exact: true }));
  table = await rows(page);
  assert.deepEqual(table.map((r) => r[0]), ['alice.txt', 'bob.txt', 'carol.txt']);
  assert.equal(await page.locator('.batch-table th[aria-sort="ascending"]').textContent(), 'Paper ▲');
  await page.keyboard.press('Enter');
  assert.deepEqual((await rows(page)).map((r) => r[0]), ['carol.txt', 'bob.txt', 'alice.txt']);
  assert.deepEqual(await axeViolations(page), []);

  // The pair of papers opens side by side from the table of pairs.
  await press(page, page.getByRole('button', { name: 'Compare alice.txt with bob.txt' }));
  const panes = page.locator('.batch .compare .pane .view');
  await panes.first().locator('mark').first().waitFor();
  assert.equal(squash((await panes.nth(1).locator('mark').allTextContents()).join(' ')), shared);

  // A paper's own report.
  await act(page, () => press(page, page.getByRole('button', { name: 'Open the report of alice.txt' })));
  assert.deepEqual(await sourceTitles(page), ['Textbook chapter']);
  assert.match(await overall(page), /^\d+\.\d% of the paper matches 1 source$/);
  // The batch is still one click away.
  await page.getByRole('button', { name: 'Batch of papers' }).click();
  assert.equal((await rows(page)).length, 3);
});
