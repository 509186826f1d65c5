// End-to-end: the real page, served as `npm start` serves it, driven in headless Chromium.
// Chromium comes from the system (CHROMIUM_PATH or /usr/bin/chromium); it is never downloaded.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeDocx, makePdf } from '../fixtures.mjs';
import { act, addPastedReference, brown, useApp, whenReady, words } from './harness.mjs';

const app = useApp();
const { openApp } = app;
let files;

before(() => {
  files = mkdtempSync(join(tmpdir(), 'plagscope-e2e-'));
});

after(() => {
  rmSync(files, { recursive: true, force: true });
});

const marks = (page, view) => page.locator(`${view} mark`).allTextContents();

test('a pasted paper against a pasted reference: the copied passage is highlighted in both', async (t) => {
  const page = await openApp(t);
  const source = brown('cj01');
  const copied = words(source, 300, 80);
  await addPastedReference(page, 'Radio astronomy', source);
  await addPastedReference(page, 'Unrelated', brown('ca01'));
  assert.match(await page.locator('#ref-list').textContent(), /Radio astronomy — \d+ words/);
  const paper = `My essay 😀 begins here. ${words(brown('cb01'), 0, 150)}\n\n${copied}\n\n${words(brown('cb02'), 0, 100)}`;
  await page.fill('#paper', paper);
  await act(page, '#check');
  assert.match(await page.locator('#overall').textContent(), /^2\d\.\d% of the paper matches 1 source\(s\)/);
  assert.equal(await page.locator('#sources tbody tr').count(), 1);
  assert.match(await page.locator('#sources tbody tr').first().textContent(), /^Radio astronomy/);
  assert.equal((await marks(page, '#view-paper')).join(' '), copied);
  const sourceMarks = (await marks(page, '#view-source')).join(' ').split(/\s+/).join(' ');
  assert.equal(sourceMarks, copied);
  // The whole paper is shown, not only the highlights.
  assert.equal(await page.locator('#view-paper').textContent(), paper);
  // Clicking a highlighted run marks its twin.
  await page.locator('#view-paper mark').first().click();
  assert.ok((await page.locator('#view-source mark.active').count()) > 0);
  // ...and says why the passage was reported.
  assert.match(
    await page.locator('#passage-evidence').textContent(),
    /^Passage 1: \d+ of \d+ words in exact shared runs \(\d+\.\d%\) · Longest exact run: \d+ words$/,
  );
  assert.equal(await page.locator('#passage-evidence').isVisible(), true);
});

test('reference files, an evasive copy, and saving and reopening the index', async (t) => {
  const page = await openApp(t);
  const text = brown('cf01');
  writeFileSync(join(files, 'forest.txt'), text);
  writeFileSync(join(files, 'page.html'), `<html><body><p>${words(brown('cg01'), 0, 200)}</p><script>window.__pwned = 1</script></body></html>`);
  await act(page, () => page.setInputFiles('#ref-files', [join(files, 'forest.txt'), join(files, 'page.html')]));
  assert.match(await page.locator('#ref-list').textContent(), /forest\.txt — \d+ words.*page\.html — \d+ words/);
  const copied = words(text, 100, 60);
  const evasive = copied.replace(/ the /g, ' th\u200Be ').replace(/e/g, '\u0435');
  await page.fill('#paper', `${words(brown('cb03'), 0, 100)} ${evasive} ${words(brown('cb03'), 100, 50)}`);
  await act(page, '#check');
  assert.match(await page.locator('#sources tbody tr').first().textContent(), /^forest\.txt/);
  assert.match(await page.locator('#evasion').textContent(), /invisible characters? inside words, \d+ Cyrillic look-alike letters?/);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);

  const download = page.waitForEvent('download');
  await act(page, '#save-index');
  const saved = join(files, 'saved.idx');
  await (await download).saveAs(saved);
  const fresh = await openApp(t);
  await act(fresh, () => fresh.setInputFiles('#index-file', saved));
  assert.match(await fresh.locator('#ref-list').textContent(), /forest\.txt/);
  await fresh.fill('#paper', `Intro. ${copied} Outro.`);
  await act(fresh, '#check');
  assert.match(await fresh.locator('#sources tbody tr').first().textContent(), /^forest\.txt/);
});

test('indexing a batch of files reports progress', async (t) => {
  const page = await openApp(t);
  const paths = [];
  for (const name of ['ca01', 'ca02', 'ca03', 'ca04', 'ca05', 'ca06', 'ca07', 'ca08', 'ca09', 'ca10', 'ca11', 'ca12', 'ca13', 'ca14', 'ca15', 'ca16', 'ca17', 'ca18', 'ca19', 'ca20', 'ca21', 'ca22', 'ca23', 'ca24', 'ca25']) {
    const path = join(files, `${name}.txt`);
    writeFileSync(path, brown(name));
    paths.push(path);
  }
  await page.evaluate(() => {
    window.__statuses = [];
    new MutationObserver(() => window.__statuses.push(document.getElementById('status').textContent))
      .observe(document.getElementById('status'), { childList: true, characterData: true, subtree: true });
  });
  await act(page, () => page.setInputFiles('#ref-files', paths));
  const statuses = await page.evaluate(() => window.__statuses);
  assert.ok(statuses.some((s) => /^Indexing references: \d+ of 25…$/.test(s)), statuses.join(' | '));
  assert.equal(await page.locator('#ref-list li').count(), 25);
  assert.match(await page.locator('#status').textContent(), /Added 25 file\(s\)/);
});

test('Word and PDF files are read in the page', async (t) => {
  const page = await openApp(t);
  const copied = words(brown('cj03'), 200, 100);
  writeFileSync(join(files, 'source.pdf'), await makePdf([words(brown('cj03'), 0, 400)]));
  await act(page, () => page.setInputFiles('#ref-files', join(files, 'source.pdf')));
  assert.match(await page.locator('#ref-list').textContent(), /source\.pdf — \d+ words/);
  writeFileSync(join(files, 'essay.docx'), await makeDocx([words(brown('cb07'), 0, 120), copied, words(brown('cb07'), 120, 80)]));
  await act(page, () => page.setInputFiles('#paper-file', join(files, 'essay.docx')));
  assert.match(await page.locator('#paper').inputValue(), new RegExp(copied.slice(0, 40).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await act(page, '#check');
  assert.match(await page.locator('#sources tbody tr').first().textContent(), /^source\.pdf/);
  assert.equal((await marks(page, '#view-paper')).join(' '), copied);

  writeFileSync(join(files, 'broken.pdf'), '%PDF-1.7 not really');
  await act(page, () => page.setInputFiles('#paper-file', join(files, 'broken.pdf')));
  assert.match(await page.locator('#error').textContent(), /broken\.pdf could not be read as a PDF/);
});

test('the demo set and the example paper', async (t) => {
  const page = await openApp(t);
  await act(page, '#example');
  assert.equal(await page.locator('#ref-list li').count(), 30);
  await act(page, '#check');
  const rows = await page.locator('#sources tbody tr').allTextContents();
  assert.equal(rows.length, 2, rows.join('\n'));
  assert.ok(rows.some((r) => r.startsWith('France')) && rows.some((r) => r.startsWith('Japan')), rows.join('\n'));
  assert.match(await page.locator('#evasion').textContent(), /Cyrillic look-alike/);
});

test('pasted HTML is shown as text, never interpreted', async (t) => {
  const page = await openApp(t);
  const html = `<img src=x onerror="window.__pwned=1"><b>${words(brown('ck01'), 0, 40)}</b><script>window.__pwned=2</script>`;
  await addPastedReference(page, '<i>title</i>', html);
  await page.fill('#paper', html);
  await act(page, '#check');
  assert.equal(await page.locator('#error').isHidden(), true, await page.locator('#error').textContent());
  assert.equal(await page.locator('#view-paper img, #view-paper b, #view-paper script, #ref-list i').count(), 0);
  assert.equal(await page.locator('#view-paper').textContent(), html);
  assert.match(await page.locator('#ref-list').textContent(), /<i>title<\/i>/);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
});

test('bad input shows a clear error and the app keeps working', async (t) => {
  const page = await openApp(t);
  await act(page, '#check');
  assert.match(await page.locator('#error').textContent(), /Paste or open a paper first/);
  await page.fill('#paper', 'some words');
  await act(page, '#check');
  assert.match(await page.locator('#error').textContent(), /Add at least one reference/);

  writeFileSync(join(files, 'broken.idx'), 'PLAGSCOPE-INDEX\nthis is not really an index');
  await act(page, () => page.setInputFiles('#index-file', join(files, 'broken.idx')));
  assert.match(await page.locator('#error').textContent(), /cannot read the index file/);
  writeFileSync(join(files, 'photo.txt'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]));
  await act(page, () => page.setInputFiles('#ref-files', join(files, 'photo.txt')));
  assert.match(await page.locator('#error').textContent(), /photo\.txt looks like a binary file/);
  await page.fill('#opt-min', '0');
  await addPastedReference(page, 'Source', brown('ca05'));
  await page.fill('#paper', words(brown('ca05'), 0, 80));
  await act(page, '#check');
  assert.match(await page.locator('#error').textContent(), /invalid `minWords`: must be in 1..=10000, got 0/);

  // Still working after all that.
  await page.fill('#opt-min', '12');
  await act(page, '#check');
  assert.equal(await page.locator('#error').isHidden(), true);
  assert.match(await page.locator('#overall').textContent(), /matches 1 source/);
});

test('comparing all references shows who copied from whom, side by side', async (t) => {
  const page = await openApp(t);
  const copied = words(brown('cj02'), 200, 70);
  await addPastedReference(page, 'Essay by Ann', `${words(brown('cb04'), 0, 150)} ${copied} ${words(brown('cb04'), 150, 50)}`);
  await addPastedReference(page, 'Essay by Bob', words(brown('cb05'), 0, 250));
  await addPastedReference(page, 'Essay by Cy', `${words(brown('cb06'), 0, 100)}\n\n${copied}`);
  await act(page, '#pairs');
  assert.match(await page.locator('#overall').textContent(), /^1 pair\(s\) of references share passages \(of 3 references\)/);
  const rows = await page.locator('#pairs-table tbody tr').allTextContents();
  assert.equal(rows.length, 1);
  assert.match(rows[0], /^Essay by AnnEssay by Cy/);
  assert.equal((await marks(page, '#view-paper')).join(' '), copied);
  assert.equal((await marks(page, '#view-source')).join(' '), copied);
  assert.equal(await page.locator('#view-source-title').textContent(), 'Essay by Cy');

  // The heatmap has one cell per pair of documents involved; clicking Ann x Cy opens that pair.
  assert.equal(await page.locator('#heatmap-figure').isVisible(), true);
  const box = await page.locator('#heatmap').boundingBox();
  assert.ok(box.width > 0 && Math.abs(box.width - box.height) < 1);
  await act(page, () => page.locator('#heatmap').click({ position: { x: box.width * 0.75, y: box.height * 0.25 } }));
  assert.equal(await page.locator('#view-paper-title').textContent(), 'Essay by Ann');
});

test('after one visit the app works offline', async (t) => {
  const context = await app.browser.newContext();
  t.after(() => context.close());
  const page = await context.newPage();
  await page.goto(app.baseUrl);
  await whenReady(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });
  await context.setOffline(true);
  await page.reload();
  await whenReady(page);
  await act(page, '#example');
  await act(page, '#check');
  assert.match(await page.locator('#overall').textContent(), /matches 2 source\(s\)/);
});
