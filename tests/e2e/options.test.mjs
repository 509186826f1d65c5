// End-to-end: the options of issue 10. Each has a one-line explanation; they are remembered between
// visits (a reload) and really apply after it; the text options (case, punctuation, numbers) index
// the library again; a bad "Smallest match" (-5, 2.5, 0, 10001) gets a plain message and changes
// nothing, so the report on screen and the next check stay correct; for a Chinese paper the lengths
// are also given in characters.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  act, addPastedReference, brown as brownText, errorText, markTexts, openOptions, overall, setNumberOption, sourceTitles,
  useApp, whenReady, whenSaved, words,
} from './harness.mjs';

const brown = (name) => brownText(name).replace(/["“”«»]/g, '');
const { openApp } = useApp();

const checked = (page, name) => page.locator(`#opt-${name}`).isChecked();
const number = (page, name) => page.locator(`#opt-${name}`).inputValue();

test('every option explains itself; options are remembered between visits and apply after a reload', async (t) => {
  const page = await openApp(t);
  const source = brown('cj08');
  await addPastedReference(page, 'Source', source);
  await openOptions(page);
  for (const field of await page.locator('details.options input').all()) {
    const help = await field.getAttribute('aria-describedby');
    assert.ok(help && (await page.locator(`#${help}`).textContent()).length > 20, `${await field.getAttribute('id')} has no help`);
  }
  await page.uncheck('#opt-excludeQuotes');
  await setNumberOption(page, 'minWords', 20);
  await setNumberOption(page, 'maxGap', 10);
  await act(page, () => page.check('#opt-ignoreNumbers'));
  assert.equal(await page.locator('#status').textContent(), 'The library follows the new option. Check again to see its effect.');
  await whenSaved(page);

  await page.reload();
  await whenReady(page);
  await openOptions(page);
  assert.deepEqual(
    [await checked(page, 'excludeQuotes'), await number(page, 'minWords'), await number(page, 'maxGap'), await checked(page, 'ignoreNumbers')],
    [false, '20', '10', true],
  );
  // They apply: a quoted copy is found (quotations are no longer left out), a 15-word copy is not.
  const quoted = words(source, 300, 40);
  const short = words(source, 900, 15);
  const filler = brown('cb12');
  await page.fill('#paper', `${words(filler, 0, 80)} “${quoted}” ${words(filler, 80, 80)} ${short} ${words(filler, 160, 80)}`);
  await act(page, '#check');
  assert.deepEqual(await sourceTitles(page), ['Source']);
  assert.deepEqual(await markTexts(page, '.report .paper-text'), [quoted]);
});

test('a bad "Smallest match" gets a plain message; the report and the next check stay as they were', async (t) => {
  const page = await openApp(t);
  const source = brown('cj09');
  await addPastedReference(page, 'Source', source);
  const copied = words(source, 200, 60);
  await page.fill('#paper', `${words(brown('cb13'), 0, 100)} ${copied} ${words(brown('cb13'), 100, 60)}`);
  await act(page, '#check');
  const before = [await overall(page), await markTexts(page, '.report .paper-text')];
  assert.match(before[0], /matches 1 source$/);
  for (const bad of ['-5', '2.5', '0', '10001']) {
    await setNumberOption(page, 'minWords', bad);
    assert.equal(await errorText(page), `Smallest match must be a whole number from 1 to 10000 (it is “${bad}”).`);
    assert.deepEqual([await overall(page), await markTexts(page, '.report .paper-text')], before, `after ${bad}`);
    await act(page, '#check');
    assert.deepEqual([await overall(page), await markTexts(page, '.report .paper-text')], before, `checked after ${bad}`);
  }
  // A good value is taken, clears the message, and applies at once to the report on screen (issue
  // 43, item 4): 100 words is longer than the copy.
  await act(page, () => setNumberOption(page, 'minWords', 100));
  assert.equal(await errorText(page), '');
  assert.match(await overall(page), /no matching sources/);
  await act(page, '#check');
  assert.match(await overall(page), /no matching sources/);
});

test('a report is marked out of date the moment an option changes, and made again with it', async (t) => {
  const page = await openApp(t);
  const source = brown('cj11');
  await addPastedReference(page, 'Source', source);
  const quoted = words(source, 300, 40);
  const filler = brown('cb16');
  await page.fill('#paper', `${words(filler, 0, 80)} “${quoted}” ${words(filler, 80, 80)}`);
  await act(page, '#check');
  assert.match(await overall(page), /no matching sources/, 'the quotation is left out');
  // Everything the page shows from the change on: the out-of-date mark must come before the update.
  await page.evaluate(() => {
    window.seen = [];
    new MutationObserver(() => {
      const stale = document.querySelector('.report .stale');
      window.seen.push(stale ? `stale: ${stale.textContent.trim()}` : 'fresh');
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await openOptions(page);
  await act(page, () => page.uncheck('#opt-excludeQuotes'));
  const seen = await page.evaluate(() => window.seen);
  assert.ok(seen.some((s) => s.startsWith('stale: The options changed since this report was made')), JSON.stringify(seen.slice(0, 5)));
  assert.equal(await page.locator('.report .stale').count(), 0, 'up to date again');
  assert.deepEqual(await markTexts(page, '.report .paper-text'), [quoted.replace(/[,.;:]$/, '')]);
  assert.equal(await page.locator('#status').textContent(), 'Report updated.');
});

test('the text options index the library again: with case not ignored, a copy in capitals is not found', async (t) => {
  const page = await openApp(t);
  const source = brown('cj10');
  await addPastedReference(page, 'Source', source);
  await page.fill('#paper', `${words(brown('cb14'), 0, 80)} ${words(source, 100, 50).toUpperCase()} ${words(brown('cb14'), 80, 40)}`);
  await act(page, '#check');
  assert.deepEqual(await sourceTitles(page), ['Source']);
  await openOptions(page);
  await act(page, () => page.uncheck('#opt-ignoreCase'));
  assert.deepEqual(await sourceTitles(page), [], 'the report on screen is made again');
  await act(page, '#check');
  assert.deepEqual(await sourceTitles(page), []);
  await act(page, () => page.check('#opt-ignoreCase'));
  await act(page, '#check');
  assert.deepEqual(await sourceTitles(page), ['Source']);
});

test('for a Chinese paper, the lengths are also given in characters', async (t) => {
  const page = await openApp(t);
  await openOptions(page);
  const label = page.locator('label[for="opt-minWords"]');
  assert.doesNotMatch(await label.textContent(), /characters/);
  await page.fill('#paper', '天下大势，分久必合，合久必分。周末七国分争，并入于秦。及秦灭之后，楚、汉分争，又并入于汉。');
  // 12 words, a Chinese character counting 0.6 of a word.
  await page.locator('label[for="opt-minWords"]', { hasText: '(20 Chinese or Japanese characters)' }).waitFor();
});
