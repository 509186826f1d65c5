// End-to-end: the reference library as issue 10 asks for it. It survives a reload (kept in
// IndexedDB, groups, titles and templates included) and works offline after one visit; the demo set
// loads into its own removable group; "Try the example" asks before replacing a typed paper; an empty
// library cannot be saved; a library file opens with merge or replace, as the user chooses; clearing
// asks first and is kept; a reference can be renamed and marked as a template, whose text is then
// left out of papers (kind "base") and never reported as a source.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { makeDocx } from '../fixtures.mjs';
import {
  act, addPastedReference, brown, errorText, groupItems, libraryTitles, overall, paperText, screenshot, sourceTitles, squash, useApp,
  whenControlled, whenReady, whenSaved, words, useTempFolder } from './harness.mjs';

const app = useApp();
const { openApp } = app;
const temp = useTempFolder('plagscope-library-');

const status = (page) => page.locator('#status').textContent();
const metaOf = (page, title) => page.locator('.library .ref', { has: page.locator('.ref-title', { hasText: title }) }).locator('.ref-meta');

/** Renames the reference `from` to `to` through its "Rename" button and the form it opens. */
async function rename(page, from, to) {
  await page.getByRole('button', { name: `Rename ${from}`, exact: true }).click();
  const field = page.getByLabel(`New title for ${from}`);
  await field.fill(to);
  await act(page, () => field.press('Enter'));
}

/** Marks (or unmarks) the reference `title` as a template with its checkbox. */
async function setTemplate(page, title, on) {
  const box = page.locator('.library .ref', { has: page.locator('.ref-title', { hasText: title }) }).getByRole('checkbox', { name: 'template' });
  await act(page, () => (on ? box.check() : box.uncheck()));
}

test('the library survives a reload: titles, groups, templates and the demo set, and it still checks', async (t) => {
  const page = await openApp(t);
  await addPastedReference(page, 'Notes', brown('cj01'));
  await addPastedReference(page, 'Assignment', words(brown('cf01'), 0, 120));
  await act(page, '#demo');
  await rename(page, 'Notes', 'Lecture notes on radio astronomy');
  await setTemplate(page, 'Assignment', true);
  const titles = await libraryTitles(page);
  await whenSaved(page);
  assert.match(squash(await page.locator('.library > p.muted').textContent()), /Kept in this browser \([\d.]+ [MG]B used of [\d.]+ [MG]B available\)\./);

  await page.reload();
  await whenReady(page);
  assert.equal(await status(page), 'Your library is back: 32 references, kept in this browser.');
  assert.deepEqual(await libraryTitles(page), titles);
  assert.equal(await groupItems(page, 'Your references').count(), 2);
  assert.equal(await groupItems(page, 'Demo set').count(), 30);
  assert.match(await metaOf(page, 'Assignment').textContent(), /^[\d,]+ words · template$/);
  assert.equal(await page.locator('#library-heading .muted').textContent(), '(32 references)');
  await page.fill('#paper', `${words(brown('cb01'), 0, 80)} ${words(brown('cj01'), 500, 60)} ${words(brown('cb01'), 80, 40)}`);
  await act(page, '#check');
  assert.deepEqual(await sourceTitles(page), ['Lecture notes on radio astronomy']);
});

test('after one visit the library and the app work offline, Word files included', async (t) => {
  const context = await app.browser.newContext();
  t.after(() => context.close());
  const page = await openApp(t, { context });
  await whenControlled(page);
  const source = brown('cg02');
  await addPastedReference(page, 'Art history', source);
  await whenSaved(page);
  await context.setOffline(true);
  await page.reload();
  await whenReady(page);
  assert.deepEqual(await libraryTitles(page), ['Art history']);
  // The Word reader is loaded only when a Word file is opened: it must come from the offline cache too.
  const copied = words(source, 200, 70);
  writeFileSync(temp.path('offline.docx'), await makeDocx([words(brown('cb08'), 0, 100), copied]));
  await act(page, () => page.setInputFiles('#paper-file', temp.path('offline.docx')));
  assert.equal(await errorText(page), '');
  await act(page, '#check');
  assert.deepEqual(await sourceTitles(page), ['Art history']);
  await act(page, '#demo');
  assert.equal(await groupItems(page, 'Demo set').count(), 30);
});

test('the demo set loads into its own group, once, and is removed in one click', async (t) => {
  const page = await openApp(t);
  assert.match(squash(await page.locator('.library section.group').first().textContent()),
    /^Your references \(0\) ?None yet: add files or a folder, drop files here, or paste a text\.$/);
  await addPastedReference(page, 'My own', brown('ck03'));
  await act(page, '#demo');
  await act(page, '#demo');
  assert.equal(await groupItems(page, 'Demo set').count(), 30, 'loaded twice, kept once');
  assert.deepEqual(await groupItems(page, 'Your references').locator('.ref-title').allTextContents(), ['My own']);
  const demo = page.locator('.library section.group[aria-label^="Demo set"]');
  assert.match(await demo.locator('h3').textContent(), /^Demo set .*\(30\)/);
  await act(page, () => demo.getByRole('button', { name: 'Remove this group' }).click());
  assert.equal(await status(page), 'Removed the demo set.');
  assert.equal(await demo.count(), 0);
  assert.deepEqual(await libraryTitles(page), ['My own']);
  // Undo puts the whole group back (issue 43, item 2: no confirmation and no way back).
  await act(page, () => page.getByRole('button', { name: 'Undo', exact: true }).click());
  assert.equal(await status(page), 'Put back the demo set.');
  assert.equal(await groupItems(page, 'Demo set').count(), 30);
  assert.equal(await page.locator('#undo').count(), 0, 'one undo per removal');
});

test('a removed reference comes back with Undo, its title and text whole, and stays after a reload', async (t) => {
  const page = await openApp(t);
  const text = brown('ck04');
  await addPastedReference(page, 'Kept essay', brown('ck05'));
  await addPastedReference(page, 'Removed by mistake', text);
  await act(page, () => page.getByRole('button', { name: 'Remove Removed by mistake', exact: true }).click());
  assert.equal(await status(page), 'Removed “Removed by mistake”.');
  assert.deepEqual(await libraryTitles(page), ['Kept essay']);
  await screenshot(page, 'undo-desktop', { fullPage: false });
  await act(page, () => page.getByRole('button', { name: 'Undo', exact: true }).click());
  assert.deepEqual((await libraryTitles(page)).sort(), ['Kept essay', 'Removed by mistake']);
  await whenSaved(page);
  await page.reload();
  await whenReady(page);
  assert.deepEqual((await libraryTitles(page)).sort(), ['Kept essay', 'Removed by mistake']);
  // The text came back whole: a copy of it is found.
  await page.fill('#paper', `${words(brown('cb17'), 0, 60)} ${words(text, 200, 60)}`);
  await act(page, '#check');
  assert.deepEqual(await sourceTitles(page), ['Removed by mistake']);
  // Another action ends the offer.
  await act(page, () => page.getByRole('button', { name: 'Remove Kept essay', exact: true }).click());
  await act(page, '#check');
  assert.equal(await page.locator('#undo').count(), 0);
});

test('"Try the example" asks before replacing a typed paper', async (t) => {
  const page = await openApp(t);
  const mine = 'My own essay, typed by hand, which must not be lost.';
  await page.fill('#paper', mine);
  await page.click('#example');
  const question = page.getByRole('group', { name: 'Replace the paper with the example' });
  await question.waitFor();
  await question.getByRole('button', { name: 'Keep my text' }).click();
  assert.equal(await question.count(), 0);
  assert.equal(await page.locator('#paper').inputValue(), mine);
  assert.equal(await page.locator('.library .ref').count(), 0, 'nothing was loaded');

  await page.click('#example');
  await act(page, () => question.getByRole('button', { name: 'Replace it' }).click());
  const example = await page.locator('#paper').inputValue();
  assert.notEqual(example, mine);
  assert.ok(example.length > 500, example);
  assert.equal(await page.locator('#paper-title').inputValue(), 'Example paper');
  // The example over itself, or over an empty box, needs no question.
  await act(page, '#example');
  assert.equal(await question.count(), 0);
  await page.fill('#paper', '');
  await act(page, '#example');
  assert.equal(await page.locator('#paper').inputValue(), example);
});

test('saving an empty library is refused with a message, and no file is downloaded', async (t) => {
  const page = await openApp(t);
  const downloads = [];
  page.on('download', (download) => downloads.push(download.suggestedFilename()));
  await act(page, '#save-index');
  assert.equal(await errorText(page), 'The library is empty: there is nothing to save yet.');
  assert.deepEqual(downloads, []);
});

/** A library file holding forest.txt and "Pasted X", saved from a page of its own. */
async function savedLibrary(t) {
  const page = await openApp(t);
  await act(page, () => page.setInputFiles('#ref-files', temp.path('forest.txt')));
  await addPastedReference(page, 'Pasted X', brown('ch01'));
  const download = page.waitForEvent('download');
  await act(page, '#save-index');
  assert.match(await status(page), /^Library saved as plagscope-library\.idx \([\d.]+ MB\)\.$/);
  const path = temp.path('saved.idx');
  await (await download).saveAs(path);
  return path;
}

test('opening a library file: cancel, add to the library (merge), or replace it', async (t) => {
  writeFileSync(temp.path('forest.txt'), brown('cf02'));
  writeFileSync(temp.path('mine.txt'), brown('cg03'));
  const saved = await savedLibrary(t);
  const page = await openApp(t);
  await act(page, () => page.setInputFiles('#ref-files', [temp.path('forest.txt'), temp.path('mine.txt')]));
  const choice = page.getByRole('group', { name: 'How to open the library file' });

  await page.setInputFiles('#index-file', saved);
  assert.match(squash(await choice.textContent()), /^Open saved\.idx: add its references to your library, or replace your library with it\?/);
  await choice.getByRole('button', { name: 'Cancel' }).click();
  assert.deepEqual(await libraryTitles(page), ['forest.txt', 'mine.txt']);

  await page.setInputFiles('#index-file', saved);
  await act(page, () => choice.getByRole('button', { name: 'Add to my library' }).click());
  assert.match(await status(page), /^Added 1 references? from saved\.idx \(1 already in the library\)\.$/);
  assert.deepEqual(await libraryTitles(page), ['forest.txt', 'mine.txt', 'Pasted X']);

  await page.setInputFiles('#index-file', saved);
  await act(page, () => choice.getByRole('button', { name: 'Replace my library' }).click());
  assert.equal(await status(page), 'Library replaced by saved.idx: 2 references.');
  assert.deepEqual(await libraryTitles(page), ['forest.txt', 'Pasted X']);
  // Replaced for real: a copy of mine.txt is no longer found.
  await page.fill('#paper', `Intro. ${words(brown('cg03'), 100, 60)} Outro.`);
  await act(page, '#check');
  assert.deepEqual(await sourceTitles(page), []);
  assert.match(await overall(page), /no matching sources/);
});

test('clearing the library asks first, and stays cleared after a reload', async (t) => {
  const page = await openApp(t);
  await addPastedReference(page, 'One', brown('ca10'));
  await addPastedReference(page, 'Two', brown('ca11'));
  await page.getByRole('button', { name: 'Clear library…' }).click();
  const confirm = page.getByRole('group', { name: 'Clear the library' });
  assert.match(squash(await confirm.textContent()), /^Remove all 2 references from the library in this browser\?/);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  assert.deepEqual(await libraryTitles(page), ['One', 'Two']);
  await page.getByRole('button', { name: 'Clear library…' }).click();
  await act(page, () => confirm.getByRole('button', { name: 'Remove all' }).click());
  assert.equal(await status(page), 'The library is empty.');
  assert.deepEqual(await libraryTitles(page), []);
  await page.reload();
  await whenReady(page);
  assert.deepEqual(await libraryTitles(page), []);
  assert.equal(await status(page), 'Ready. Add references, or load the demo set, then paste a paper.');
});

test('rename a reference (Escape cancels) and mark one as a template: its text is left out of papers', async (t) => {
  const page = await openApp(t);
  const template = words(brown('cd01'), 0, 90);
  const source = brown('ce01');
  await addPastedReference(page, 'Sheet', template);
  await addPastedReference(page, 'Source', source);
  await page.getByRole('button', { name: 'Rename Source', exact: true }).click();
  await page.getByLabel('New title for Source').fill('Thrown away');
  await page.getByLabel('New title for Source').press('Escape');
  assert.deepEqual(await libraryTitles(page), ['Sheet', 'Source']);
  await rename(page, 'Source', 'Smith 2019, chapter 2');
  await rename(page, 'Sheet', 'Assignment sheet');
  assert.equal(await status(page), 'Renamed to “Assignment sheet”.');
  const titles = await libraryTitles(page);
  assert.deepEqual([...titles].sort(), ['Assignment sheet', 'Smith 2019, chapter 2']);

  const paper = `${template}\n\nMy answer. ${words(brown('cb09'), 0, 120)}\n\n${words(source, 300, 70)}\n\nThe end.`;
  await page.fill('#paper', paper);
  await act(page, '#check');
  assert.deepEqual((await sourceTitles(page)).sort(), ['Assignment sheet', 'Smith 2019, chapter 2'], 'not a template yet');
  await setTemplate(page, 'Assignment sheet', true);
  assert.match(await metaOf(page, 'Assignment sheet').textContent(), / · template$/);
  await act(page, '#check');
  assert.deepEqual(await sourceTitles(page), ['Smith 2019, chapter 2']);
  assert.equal(await paperText(page), paper);
  const base = await page.locator('.report .paper-text .excluded[data-kind="base"]').allTextContents();
  assert.ok(base.length > 0, 'the template text is shown greyed');
  assert.ok(template.includes(squash(base.join(' ')).slice(0, 200)), base.join(' | '));
  assert.match(squash(await page.locator('.report .left-out').textContent()), /text from a template: \S/);
  // Renaming or marking a reference keeps its place in the list (it must not jump to the end).
  assert.deepEqual(titles, ['Assignment sheet', 'Smith 2019, chapter 2'], 'renaming moved references in the list');
  assert.deepEqual(await libraryTitles(page), ['Assignment sheet', 'Smith 2019, chapter 2'], 'marking a template moved it in the list');
});
