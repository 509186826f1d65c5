// End-to-end: a sentence copied verbatim from another place of the source, inside a copied
// paragraph, is shown as shared text (highlighted, with its twin), in the side by side view and in
// the downloaded HTML report, not underlined as words that differ (issue 28, item 6).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { act, addPastedReference, brown, comparePanes, squash, useApp, words } from './harness.mjs';

const { openApp } = useApp({ viewport: { width: 1366, height: 900 } });

test('a sentence copied from elsewhere in the source is highlighted, side by side and in the HTML report', async (t) => {
  const page = await openApp(t);
  const source = brown('cj21');
  await addPastedReference(page, 'Textbook chapter', source);
  const elsewhere = words(source, 900, 16);
  const paper = `${words(brown('ca21'), 0, 200)}\n\n${words(source, 100, 60)} ${elsewhere} ${words(source, 160, 60)}\n\n${words(brown('ca21'), 200, 200)}`;
  await page.fill('#paper', paper);
  await act(page, '#check');
  await page.locator('.match-list li').first().locator('button.match').click();
  const [left, right] = await comparePanes(page);
  await left.locator('mark').first().waitFor();
  const shared = squash((await left.locator('mark').allTextContents()).join(' '));
  assert.ok(shared.includes(elsewhere), `the side by side marks it: ${shared}`);
  assert.ok(squash((await right.locator('mark').allTextContents()).join(' ')).includes(elsewhere), 'its twin is marked in the source');
  assert.doesNotMatch(squash((await left.locator('.gap, [class*="differ"]').allTextContents()).join(' ')), new RegExp(elsewhere.slice(0, 30)));

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download report (HTML)' }).click();
  const html = readFileSync(await (await download).path(), 'utf8');
  const gaps = [...html.matchAll(/<span class="gap">([^<]*)<\/span>/g)].map((m) => m[1]).join(' ');
  assert.ok(!squash(gaps).includes(elsewhere.split(' ').slice(0, 4).join(' ')), `not underlined in the HTML report: ${gaps}`);
});
