// End-to-end: a rewritten (paraphrased) copy through the page, issue 27. A paper that rewrites seven
// sentences of the demo set's Norway profile by hand (tests/paraphrase.mjs) is checked against the
// demo set: a sentence of the paper's own after the fourth cuts it in two (issue 42), and its first
// passage is labelled "Rewritten: 4 of 4 sentences match" in the match list (with a
// "rewritten" tag, not a colour alone) and dashed in the paper (with a legend), and opening it side
// by side shows its sentence pairs above the two texts: each paper sentence beside the source
// sentence it was rewritten from, with the shared words marked and the similarity. The pairs are
// reached by keyboard ("Go to the sentence pairs"), pass axe-core, never read pasted markup as
// HTML, and are looked at in screenshots (target/screenshots/rewritten-*.png) at 1366x900 and 390x844.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { REWRITTEN, REWRITTEN_ID, REWRITTEN_PAPER } from '../paraphrase.mjs';
import { SIZES, act, addPastedReference, axeViolations, brown, comparePanes, errorText, markTexts, press, rendered, screenshot, squash, tabTo, useApp, words } from './harness.mjs';

const { openApp } = useApp();

// Pasted markup in a rewritten sentence: it must show as text in the pairs, never as an element.
const PAPER = REWRITTEN_PAPER.replace('adopted Christianity', '<b>adopted</b> Christianity');
const FIRST = REWRITTEN[0].replace('adopted Christianity', '<b>adopted</b> Christianity');

let norway; // the rewritten reference's text, read once pkg/ is built
const reference = () => (norway ??= JSON.parse(readFileSync(new URL('../../pkg/demo-refs.json', import.meta.url), 'utf8')).references.find((r) => r.id === REWRITTEN_ID).text);

/** Loads the demo set and checks the rewritten paper; leaves the report on screen. */
async function checkRewritten(page) {
  await act(page, '#demo');
  await page.fill('#paper-title', 'Essay on Norway');
  await page.fill('#paper', PAPER);
  await act(page, '#check');
  assert.equal(await errorText(page), '');
}

/** The sentence pairs shown: `[{ paper, source, paperMarks, sourceMarks, similarity }]`. */
function shownPairs(page) {
  return page.locator('.compare .sentence-pairs .pair-list li').evaluateAll((items) => items.map((li) => {
    const [paper, source] = li.querySelectorAll('.pair-side p');
    const marks = (side) => [...side.querySelectorAll('mark')].map((m) => m.textContent);
    return { paper: paper.textContent, source: source.textContent, paperMarks: marks(paper), sourceMarks: marks(source), similarity: li.querySelector('.pair-similarity').textContent };
  }));
}

test('a rewritten passage: labelled in the list and the paper, its sentence pairs side by side', async (t) => {
  const page = await openApp(t, { viewport: SIZES.desktop });
  await checkRewritten(page);
  const items = page.locator('.match-list li', { has: page.locator('.tag') });
  assert.equal(await items.count(), 2, 'two matches are tagged: the own sentence between them is not marked');
  assert.equal(squash(await page.locator('.report .matches .row span').textContent()), '2 matches');
  const item = items.first();
  assert.equal(squash(await item.locator('.tag').textContent()), 'rewritten');
  assert.ok(!squash((await markTexts(page, '.report .paper-text')).join(' ')).includes('treaties that nobody'), 'the own sentence is not marked');
  // In the paper the passage is dashed, and a legend says what that means.
  await rendered(page, '.report .paper-text');
  assert.ok((await page.locator('.report .paper-text mark.rewritten').count()) > 0, 'the passage is marked as rewritten');
  assert.match(squash(await page.locator('.report .key').textContent()), /dashed underline marks a rewritten passage/);

  await item.locator('button.match').click();
  await comparePanes(page);
  assert.match(squash(await item.locator('.evidence').textContent()),
    /^Rewritten: 4 of 4 sentences match · \d+ of \d+ words in exact shared runs \([\d.]+%\) · longest exact run: \d+ words\./);
  const section = page.locator('.compare .sentence-pairs');
  assert.equal(squash(await section.locator('h3').textContent()), 'Rewritten: 4 of 4 sentences match');
  // Above the two texts: a rewritten passage's evidence is its pairs.
  assert.ok(await section.evaluate((pairs) => Boolean(pairs.compareDocumentPosition(document.querySelector('.compare .columns')) & Node.DOCUMENT_POSITION_FOLLOWING)));
  const pairs = await shownPairs(page);
  assert.equal(pairs.length, 4);
  assert.deepEqual(pairs.map((p) => p.paper), [FIRST, ...REWRITTEN.slice(1, 4)], 'each rewritten sentence, whole, in paper order');
  const source = reference();
  for (const pair of pairs) {
    assert.ok(source.includes(pair.source), `the source sentence is the reference's: ${pair.source}`);
    assert.ok(pair.paperMarks.length >= 2 && pair.sourceMarks.length >= 2, `shared words marked on both sides: ${pair.paper}`);
    for (const mark of pair.paperMarks) assert.ok(pair.paper.includes(mark));
    assert.match(pair.similarity, /^\d+% similar$/);
  }
  assert.ok(pairs[0].paperMarks.join(' ').includes('TRYGGVASON') && pairs[0].sourceMarks.join(' ').includes('TRYGGVASON'));
  // The pasted markup is text: no <b> element was made of it.
  assert.equal(await section.locator('b').count(), 0);
  // The panes highlight the shared words too, so each opens at the passage.
  const [left, right] = await comparePanes(page);
  assert.ok((await left.locator('mark').count()) > 0 && (await right.locator('mark').count()) > 0);
  assert.deepEqual(await axeViolations(page), []);
});

test('keyboard: from the match list to the sentence pairs', async (t) => {
  const page = await openApp(t, { viewport: SIZES.desktop });
  await checkRewritten(page);
  await press(page, page.locator('.match-list li', { has: page.locator('.tag') }).first().locator('button.match'));
  await comparePanes(page);
  await press(page, page.getByRole('button', { name: 'Go to the sentence pairs' }));
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'sentence-pairs');
  const ring = await page.locator('#sentence-pairs').evaluate((section) => getComputedStyle(section).outlineStyle);
  assert.notEqual(ring, 'none', 'the focused pairs show the focus');
  await screenshot(page, 'rewritten-keyboard-pairs-desktop', { fullPage: false });
  // The focused section is named by its heading for a screen reader.
  assert.equal(await page.locator('#sentence-pairs').getAttribute('aria-labelledby'), 'sentence-pairs-heading');
  await tabTo(page, page.locator('.compare .pane .view').first());
});

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`screenshots of the report and the sentence pairs at ${size} size`, async (t) => {
    const page = await openApp(t, { viewport });
    await checkRewritten(page);
    await rendered(page, '.report .paper-text');
    await page.locator('#report-heading').evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
    await screenshot(page, `rewritten-report-${size}`, { fullPage: false });
    await page.locator('.match-list li', { has: page.locator('.tag') }).first().locator('button.match').click();
    await comparePanes(page);
    await page.locator('.compare').evaluate((compare) => compare.scrollIntoView({ block: 'start' }));
    await screenshot(page, `rewritten-side-by-side-${size}`, { fullPage: false });
    await screenshot(page, `rewritten-side-by-side-${size}-whole`);
    const [width, window] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
    assert.ok(width <= window + 1, `the page is ${width} px wide in a ${window} px window`);
    assert.deepEqual(await axeViolations(page), []);
  });
}

test('comparing the references finds a classmate who rewrote another essay, opened by keyboard with its sentence pairs', async (t) => {
  for (const [size, viewport] of Object.entries(SIZES)) {
    const page = await openApp(t, { viewport });
    await addPastedReference(page, 'Essay by Ann', reference());
    await addPastedReference(page, 'Essay by Bob', REWRITTEN_PAPER);
    await addPastedReference(page, 'Essay by Cy', words(brown('cb05'), 0, 250));
    await act(page, '#pairs');
    assert.equal(await errorText(page), '');
    const rows = page.locator('.report table.pairs tbody tr');
    assert.equal(await rows.count(), 1, 'one pair: Ann and Bob');
    assert.deepEqual((await rows.first().locator('td').allTextContents()).slice(0, 2).sort(), ['Essay by Ann', 'Essay by Bob']);
    // By keyboard: Tab to the pair's button, Enter opens it side by side with its sentence pairs.
    await press(page, rows.first().getByRole('button'));
    await comparePanes(page);
    const section = page.locator('.compare .sentence-pairs');
    assert.match(squash(await section.locator('h3').textContent()), /^Rewritten: \d+ of \d+ sentences match$/);
    const pairs = await section.locator('.pair-list li').count();
    assert.ok(pairs >= 3, `${pairs} sentence pairs`);
    // Whose copy is whose a batch does not know: the sides are named by the essays' titles.
    assert.match(squash(await section.locator('p.muted').textContent()), /^Each sentence of “Essay by (Ann|Bob)” beside the sentence of “Essay by (Ann|Bob)” it matches;/);
    assert.deepEqual([...new Set(await section.locator('.pair-label').allTextContents())].sort(), ['In Essay by Ann', 'In Essay by Bob']);
    await page.locator('.compare').evaluate((compare) => compare.scrollIntoView({ block: 'start' }));
    await screenshot(page, `rewritten-pairs-${size}`, { fullPage: false });
    const [width, window] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
    assert.ok(width <= window + 1, `the page is ${width} px wide in a ${window} px window`);
    assert.deepEqual(await axeViolations(page), []);
  }
});
