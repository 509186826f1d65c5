// The page stays responsive with big inputs: indexing 20 MB of reference files and showing the
// report of a 2 MB paper never block the main thread for more than 200 ms in one task (the Long
// Tasks API, measured in the page). The engine works in its worker; these tests hold the page's own
// share (reading files, rendering the library, the report and the paper in chunks) to the bound.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { act, brown, rendered, useApp, words, useTempFolder } from './harness.mjs';

const LIMIT_MS = 200;
const app = useApp({ viewport: { width: 1366, height: 900 } });
const temp = useTempFolder('plagscope-long-');

/** Starts recording the page's long tasks; `take()` returns their durations so far (ms) and clears them. */
async function watchLongTasks(page) {
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => Math.round(e.duration)))).observe({ type: 'longtask' });
  });
  return { take: () => page.evaluate(() => window.longTasks.splice(0)) };
}

/** The Brown corpus as one text, to cut files and papers from. */
const corpusText = () => ['ca01', 'cb01', 'cf01', 'cg01', 'cj01', 'cn01', 'cp01', 'cr01'].map(brown).join('\n\n');

test('indexing 20 MB of reference files: no task over 200 ms', async (t) => {
  const page = await app.openApp(t);
  const text = corpusText();
  const paths = [];
  for (let i = 0, total = 0; total < 20e6; i++) {
    let file = '';
    while (file.length < 100_000) file += `${text.slice((i * 7919) % 50_000)}\n\nFile ${i}, part ${file.length}.\n\n`;
    const path = temp.path(`reference-${String(i).padStart(3, '0')}.txt`);
    writeFileSync(path, file);
    paths.push(path);
    total += file.length;
  }
  const tasks = await watchLongTasks(page);
  await act(page, () => page.setInputFiles('#ref-files', paths), 300_000);
  assert.match(await page.locator('#status').textContent(), new RegExp(`^Added ${paths.length} files`));
  await page.waitForTimeout(1000); // the library's copy is written a moment later
  const longest = Math.max(0, ...(await tasks.take()));
  assert.ok(longest <= LIMIT_MS, `a task of ${longest} ms while indexing ${paths.length} files`);
});

test('the report of a 2 MB paper: no task over 200 ms', async (t) => {
  const page = await app.openApp(t);
  const { references } = JSON.parse(readFileSync(new URL('../../pkg/demo-refs.json', import.meta.url)));
  await act(page, '#demo');
  const text = corpusText();
  let paper = '';
  for (let i = 0; paper.length < 2e6; i++) paper += `${text.slice(i * 3000, i * 3000 + 6000)}\n\n${words(references[i % 30].text, 60, 80)}\n\n`;
  await page.evaluate((value) => {
    const box = document.querySelector('#paper');
    box.value = value;
    box.dispatchEvent(new Event('input', { bubbles: true }));
  }, paper);
  const tasks = await watchLongTasks(page);
  await act(page, '#check', 300_000);
  await rendered(page, '.report .paper-text');
  await page.locator('.match-list li').nth(3).locator('button.match').click();
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(1000);
  const longest = Math.max(0, ...(await tasks.take()));
  assert.ok(longest <= LIMIT_MS, `a task of ${longest} ms while showing the report of a ${(paper.length / 1e6).toFixed(1)} MB paper`);
  assert.equal((await page.locator('.report .paper-text').textContent()).length, paper.length, 'the whole paper is shown');
});
