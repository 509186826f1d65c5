// A paper too large to edit in the paper box (issue 12, www/views/large-paper.js): opened or pasted,
// it is shown as a document (name, size, a word estimate, a read-only preview of its beginning, a
// note) and the whole text is what is checked; "Remove the paper" brings back the empty box with
// the focus in it; the example still asks before replacing it; a small paper is unchanged (in the
// box, editable). Screenshots at a laptop and a phone size, and axe-core on the document view.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { act, axeViolations, brown, overall, screenshot, squash, useApp, useTempFolder, words } from './harness.mjs';
import { longText, paste } from './paste.mjs';

const { openApp } = useApp({ viewport: { width: 1280, height: 800 } });
const temp = useTempFolder('plagscope-large-');


test('a large paper opened as a file: a document with a preview, checked whole; screenshots and axe', async (t) => {
  const page = await openApp(t);
  await act(page, '#demo');
  const { references } = await page.evaluate(() => fetch('pkg/demo-refs.json').then((r) => r.json()));
  const copied = words(references[3].text, 50, 120);
  const paper = longText(600_000, copied);
  writeFileSync(temp.path('dissertation.txt'), paper);
  await act(page, () => page.setInputFiles('#paper-file', temp.path('dissertation.txt')));
  assert.equal(await page.locator('#paper').count(), 0);
  assert.equal(await page.locator('#paper-title').inputValue(), 'dissertation.txt');
  assert.equal(squash(await page.locator('.document-note').textContent()), 'Too large to edit here: the whole paper is checked, not only the ' +
    'beginning shown below. To change it, edit it elsewhere (in your word processor) and open or paste it again.');
  assert.match(squash(await page.locator('.document-size').textContent()), /^0\.6 MB · 6\d\d,\d{3} characters · about 1\d\d,000 words$/);
  assert.ok(paper.startsWith((await page.locator('.document .preview').textContent()).slice(0, -1)));
  assert.equal(await page.getByRole('button', { name: 'Open another file…' }).count(), 1);
  assert.deepEqual(await axeViolations(page), []);
  await screenshot(page, 'paper-large-desktop', { fullPage: false });
  // The phone's first screen (a full-page shot would draw the check bar, sticky at the bottom, over the panel).
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'paper-large-phone', { fullPage: false });
  await page.locator('#paper-file').evaluate((input) => input.previousElementSibling.scrollIntoView({ block: 'center' }));
  await screenshot(page, 'paper-large-phone-buttons', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  await act(page, '#check');
  assert.match(await overall(page), /^\d+\.\d% of the paper matches 1 source$/);
  assert.equal(await page.locator('.report .sources .source-title').first().textContent(), references[3].title);
});

test('a large paste becomes a document; Remove brings back the empty box with the focus', async (t) => {
  const page = await openApp(t);
  await page.fill('#paper-title', 'Pasted thesis');
  await page.fill('#paper', 'Typed first. ');
  await page.locator('#paper').evaluate((box) => box.setSelectionRange(box.value.length, box.value.length));
  const pasted = longText(500_000);
  await paste(page, pasted);
  await page.locator('.document').waitFor();
  assert.equal(squash(await page.locator('.document-name').textContent()), 'Pasted text');
  assert.equal(await page.locator('#paper-title').inputValue(), 'Pasted thesis', 'the title is kept');
  assert.ok((await page.locator('.document .preview').textContent()).startsWith(`Typed first. ${pasted.slice(0, 100)}`), 'pasted where the caret was');
  await page.click('#remove-paper');
  await page.locator('#paper').waitFor();
  assert.equal(await page.locator('#paper').inputValue(), '');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'paper');
  // A small paste is left to the box.
  await paste(page, 'a few words');
  assert.equal(await page.locator('.document').count(), 0);
});

test('the example asks before replacing a large paper, then the box is back with the example', async (t) => {
  const page = await openApp(t);
  await page.fill('#paper', 'x');
  await paste(page, longText(450_000));
  await page.locator('.document').waitFor();
  await page.click('#example');
  await act(page, () => page.getByRole('button', { name: 'Replace it' }).click());
  assert.equal(await page.locator('.document').count(), 0);
  assert.match(await page.locator('#paper').inputValue(), /^\S/);
});

test('a small paper opened as a file stays in the box, editable, as before', async (t) => {
  const page = await openApp(t);
  const source = brown('cj07');
  await act(page, () => page.locator('#ref-files').setInputFiles({ name: 'source.txt', mimeType: 'text/plain', buffer: Buffer.from(source) }));
  const paper = `${words(brown('cb07'), 0, 150)}\n\n${words(source, 100, 80)}\n\n${words(brown('cb07'), 150, 100)}`;
  writeFileSync(temp.path('essay.txt'), paper);
  await act(page, () => page.setInputFiles('#paper-file', temp.path('essay.txt')));
  assert.equal(await page.locator('.document').count(), 0);
  assert.equal(await page.locator('#paper').inputValue(), paper);
  await page.locator('#paper').press('Control+End');
  await page.locator('#paper').pressSequentially(' The end.');
  await act(page, '#check');
  assert.match(await overall(page), /^\d+\.\d% of the paper matches 1 source$/);
  assert.ok((await page.locator('.report .paper-text').textContent()).endsWith('The end.'));
  assert.equal(await page.getByRole('button', { name: 'Clear', exact: true }).count(), 1);
});
