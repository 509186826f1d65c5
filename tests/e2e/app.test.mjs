// End-to-end: the real page, served as `npm start` serves it, driven in headless Chromium (the
// system's; never downloaded). The main paths a user takes: a pasted paper against pasted
// references, reference files (text, HTML, Word, PDF) and a saved library file, the demo set with
// the example paper, pasted HTML staying text, bad input with plain messages, the library's pairs
// side by side, and the app working offline after one visit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { makeDocx, makePdf } from '../fixtures.mjs';
import {
  act, addPastedReference, brown, comparePanes, errorText, joinedMarks, libraryTitles, markTexts, overall, paperText,
  setNumberOption, sourceTitles, squash, useApp, whenControlled, whenReady, words, useTempFolder } from './harness.mjs';

const app = useApp();
const { openApp } = app;
const temp = useTempFolder('plagscope-e2e-');

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const warning = async (page) => squash(await page.locator('.report .summary .warning').textContent());

test('a pasted paper against a pasted reference: the copied passages are highlighted in both', async (t) => {
  const page = await openApp(t);
  const source = brown('cj01');
  const copied = [words(source, 300, 80), words(source, 900, 60)];
  await addPastedReference(page, 'Radio astronomy', source);
  await addPastedReference(page, 'Unrelated', brown('ca01'));
  assert.deepEqual(await libraryTitles(page), ['Radio astronomy', 'Unrelated']);
  assert.match(await page.locator('.library .ref').first().locator('.ref-meta').textContent(), /^[\d,]+ words$/);
  const paper = `My essay 😀 begins here. ${words(brown('cb01'), 0, 150)}\n\n${copied[0]}\n\n${words(brown('cb02'), 0, 100)}\n\n${copied[1]}\n\nThe end.`;
  await page.fill('#paper', paper);
  await act(page, '#check');
  assert.match(await overall(page), /^3\d\.\d% of the paper matches 1 source$/);
  assert.deepEqual(await sourceTitles(page), ['Radio astronomy']);
  assert.equal((await markTexts(page, '.report .paper-text')).join(' '), copied.join(' '));
  // The whole paper is shown, not only the highlights.
  assert.equal(await paperText(page), paper);
  // Clicking a highlight opens the side by side view at its twin, the copies marked in both panes...
  await page.locator('.report .paper-text mark[data-passage="1"]').first().click();
  const [left, right] = await comparePanes(page);
  assert.equal(await joinedMarks(left), copied.join(' '));
  assert.equal(await joinedMarks(right), copied.join(' '));
  const active = (view) => view.locator('mark.active').evaluateAll((marks) => [...new Set(marks.map((m) => m.dataset.passage))]);
  assert.deepEqual([await active(left), await active(right)], [['1'], ['1']]);
  // ...where clicking a highlighted run marks its twin.
  await left.locator('mark[data-passage="0"]').first().click();
  await right.locator('mark.active[data-passage="0"]').first().waitFor();
  assert.deepEqual([await active(left), await active(right)], [['0'], ['0']]);
  // The match list says why the current passage was reported.
  const evidence = page.locator('.match-list li.current .evidence');
  assert.equal(await evidence.isVisible(), true);
  assert.match(squash(await evidence.textContent()), /^\d+ of \d+ words in exact shared runs \([\d.]+%\) · longest exact run: \d+ words\.\s*Leave this passage out$/);
});

test('reference files, an evasive copy, and saving and reopening the library', async (t) => {
  const page = await openApp(t);
  const text = brown('cf01');
  writeFileSync(temp.path('forest.txt'), text);
  writeFileSync(temp.path('page.html'), `<html><body><p>${words(brown('cg01'), 0, 200)}</p><script>window.__pwned = 1</script></body></html>`);
  await act(page, () => page.setInputFiles('#ref-files', [temp.path('forest.txt'), temp.path('page.html')]));
  assert.deepEqual(await libraryTitles(page), ['forest.txt', 'page.html']);
  for (const meta of await page.locator('.library .ref .ref-meta').allTextContents()) assert.match(meta, /^[\d,]+ words$/);
  const copied = words(text, 100, 60);
  const evasive = copied.replace(/ the /g, ' th\u200Be ').replace(/e/g, '\u0435');
  await page.fill('#paper', `${words(brown('cb03'), 0, 100)} ${evasive} ${words(brown('cb03'), 100, 50)}`);
  await act(page, '#check');
  assert.equal((await sourceTitles(page))[0], 'forest.txt');
  assert.match(await warning(page), /invisible characters? inside words, \d+ Cyrillic look-alike letters?/);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);

  const download = page.waitForEvent('download');
  await act(page, '#save-index');
  const saved = temp.path('saved.idx');
  await (await download).saveAs(saved);
  const fresh = await openApp(t);
  await fresh.setInputFiles('#index-file', saved);
  await act(fresh, () => fresh.getByRole('button', { name: 'Add to my library' }).click());
  assert.deepEqual(await libraryTitles(fresh), ['forest.txt', 'page.html']);
  await fresh.fill('#paper', `Intro. ${copied} Outro.`);
  await act(fresh, '#check');
  assert.equal((await sourceTitles(fresh))[0], 'forest.txt');
});

test('indexing a batch of files reports progress', async (t) => {
  const page = await openApp(t);
  const paths = [];
  for (let i = 1; i <= 25; i++) {
    const name = `ca${String(i).padStart(2, '0')}`;
    paths.push(temp.path(`${name}.txt`));
    writeFileSync(paths.at(-1), brown(name));
  }
  await page.evaluate(() => {
    window.__statuses = [];
    new MutationObserver(() => window.__statuses.push(document.getElementById('status').textContent))
      .observe(document.getElementById('status'), { childList: true, characterData: true, subtree: true });
  });
  await act(page, () => page.setInputFiles('#ref-files', paths));
  const statuses = await page.evaluate(() => window.__statuses);
  assert.ok(statuses.some((s) => /^Indexing references: \d+ of 25…$/.test(s)), statuses.join(' | '));
  assert.equal(await page.locator('.library .ref').count(), 25);
  assert.equal(await page.locator('#status').textContent(), 'Added 25 files to the library.');
});

test('Word and PDF files are read in the page', async (t) => {
  const page = await openApp(t);
  const copied = words(brown('cj03'), 200, 100);
  writeFileSync(temp.path('source.pdf'), await makePdf([words(brown('cj03'), 0, 400)]));
  await act(page, () => page.setInputFiles('#ref-files', temp.path('source.pdf')));
  assert.deepEqual(await libraryTitles(page), ['source.pdf']);
  assert.match(await page.locator('.library .ref-meta').textContent(), /^[\d,]+ words$/);
  writeFileSync(temp.path('essay.docx'), await makeDocx([words(brown('cb07'), 0, 120), copied, words(brown('cb07'), 120, 80)]));
  await act(page, () => page.setInputFiles('#paper-file', temp.path('essay.docx')));
  assert.match(await page.locator('#paper').inputValue(), new RegExp(escape(copied.slice(0, 40))));
  await act(page, '#check');
  assert.equal((await sourceTitles(page))[0], 'source.pdf');
  assert.equal((await markTexts(page, '.report .paper-text')).join(' '), copied);

  writeFileSync(temp.path('broken.pdf'), '%PDF-1.7 not really');
  await act(page, () => page.setInputFiles('#paper-file', temp.path('broken.pdf')));
  assert.equal(await errorText(page),
    'broken.pdf is damaged or is not really a PDF, so plagscope cannot read it. Open it in a PDF reader and save or print a new copy as PDF, or paste the text instead.');
});

test('the demo set and the example paper', async (t) => {
  const page = await openApp(t);
  await act(page, '#example');
  assert.equal(await page.locator('.library .ref').count(), 30);
  assert.equal(await page.locator('.library section.group[aria-label^="Demo set"] .ref').count(), 30);
  await act(page, '#check');
  const sources = await sourceTitles(page);
  assert.equal(sources.length, 2, sources.join('\n'));
  assert.ok(sources.some((r) => r.startsWith('France')) && sources.some((r) => r.startsWith('Japan')), sources.join('\n'));
  assert.match(await warning(page), /Cyrillic look-alike/);
});

test('pasted HTML is shown as text, never interpreted', async (t) => {
  const page = await openApp(t);
  const html = `<img src=x onerror="window.__pwned=1"><b>${words(brown('ck01'), 0, 40)}</b><script>window.__pwned=2</script>`;
  await addPastedReference(page, '<i>title</i>', html);
  await page.fill('#paper', html);
  await act(page, '#check');
  assert.equal(await errorText(page), '');
  assert.equal(await paperText(page), html);
  assert.equal(await page.locator('.paper-text img, .paper-text b, .paper-text script, .library i, .report i').count(), 0);
  assert.deepEqual(await libraryTitles(page), ['<i>title</i>']);
  assert.deepEqual(await sourceTitles(page), ['<i>title</i>']);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
});

test('bad input shows a clear error and the app keeps working', async (t) => {
  const page = await openApp(t);
  await act(page, '#check');
  assert.equal(await errorText(page), 'Paste or open a paper first.');
  await page.fill('#paper', 'some words');
  await act(page, '#check');
  assert.equal(await errorText(page), 'Add at least one reference first (files, a pasted text, or the demo set), or connect an archive.');

  writeFileSync(temp.path('broken.idx'), 'PLAGSCOPE-INDEX\nthis is not really an index');
  await page.setInputFiles('#index-file', temp.path('broken.idx'));
  await act(page, () => page.getByRole('button', { name: 'Add to my library' }).click());
  assert.match(await errorText(page), /^This library file cannot be opened: /);
  writeFileSync(temp.path('photo.txt'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]));
  await act(page, () => page.setInputFiles('#ref-files', temp.path('photo.txt')));
  assert.equal(await errorText(page),
    'photo.txt does not contain text, although its name ends in .txt: it is probably a picture, a program or another kind of file. Open the document that holds the text, or paste the text instead.');
  assert.equal(await page.locator('.library .ref').count(), 0, 'the unreadable file was not added');
  // A smallest match of 0 is refused in plain words, before it reaches the engine.
  await setNumberOption(page, 'minWords', 0);
  assert.equal(await errorText(page), 'Smallest match must be a whole number from 1 to 10000 (it is “0”).');
  await addPastedReference(page, 'Source', brown('ca05'));
  await page.fill('#paper', words(brown('ca05'), 0, 80));
  await act(page, '#check');
  // Still working after all that, with the smallest match it had.
  assert.equal(await errorText(page), '');
  assert.match(await overall(page), /matches 1 source$/);
  assert.equal(await page.locator('#opt-minWords').inputValue(), '12');
});

test('comparing all references shows who copied from whom: the heatmap and the table open a pair side by side', async (t) => {
  const page = await openApp(t);
  const copied = words(brown('cj02'), 200, 70);
  await addPastedReference(page, 'Essay by Ann', `${words(brown('cb04'), 0, 150)} ${copied} ${words(brown('cb04'), 150, 50)}`);
  await addPastedReference(page, 'Essay by Bob', words(brown('cb05'), 0, 250));
  await addPastedReference(page, 'Essay by Cy', `${words(brown('cb06'), 0, 100)}\n\n${copied}`);
  await act(page, '#pairs');
  // The summary's wording may change; its facts may not: one pair, of three references.
  const summary = await overall(page);
  assert.match(summary, /^1 pair\b/);
  assert.match(summary, /\b3 references\b/);
  const rows = page.locator('.report table.pairs tbody tr');
  assert.equal(await rows.count(), 1);
  assert.deepEqual((await rows.first().locator('td').allTextContents()).slice(0, 2), ['Essay by Ann', 'Essay by Cy']);
  await rows.first().getByRole('button').click();
  let [left, right] = await comparePanes(page);
  assert.deepEqual(await page.locator('.compare .pane h3').allTextContents(), ['Essay by Ann', 'Essay by Cy']);
  assert.equal(await joinedMarks(left), copied);
  assert.equal(await joinedMarks(right), copied);

  // The heatmap: numbered rows and columns with a key of titles, one coloured cell per pair; choosing
  // the Cy x Ann cell (from the other side) opens that pair.
  await page.getByRole('button', { name: 'Close' }).click();
  await page.locator('.compare').waitFor({ state: 'detached' });
  const heatmap = page.locator('.report figure.heatmap');
  assert.equal(await heatmap.isVisible(), true);
  assert.deepEqual(await heatmap.locator('.heatmap-key li').allTextContents(), ['Essay by Ann', 'Essay by Cy']);
  assert.deepEqual(await heatmap.locator('thead th').allTextContents(), ['1', '2']);
  await heatmap.getByRole('button', { name: /^Essay by Cy and Essay by Ann: \d+% similar$/ }).click();
  [left, right] = await comparePanes(page);
  assert.deepEqual(await page.locator('.compare .pane h3').allTextContents(), ['Essay by Ann', 'Essay by Cy']);
  assert.equal(await joinedMarks(left), copied);
});

test('after one visit the app works offline', async (t) => {
  const context = await app.browser.newContext();
  t.after(() => context.close());
  const page = await openApp(t, { context });
  await whenControlled(page);
  await context.setOffline(true);
  await page.reload();
  await whenReady(page);
  await act(page, '#example');
  await act(page, '#check');
  assert.match(await overall(page), /matches 2 sources$/);
});
