// End-to-end: a report true to sentences (issue 42), through the page. The library holds one
// article; the paper copies its first sentences, then has two sentences of the writer's own, then
// paraphrases the article's last two (tests/data/interleaved.json, the case tests/sentence_true.rs
// checks in Rust). In the paper view no mark touches the writer's own sentences, the copied ones
// are marked, the overall similarity counts no word of the own sentences, and the downloaded HTML
// report marks the same text. Screenshots (target/screenshots/sentence-true-*.png) at 1366x900 and
// 390x844 are looked at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { SIZES, act, addPastedReference, brown, errorText, rendered, screenshot, squash, useApp, words } from './harness.mjs';
import { referenceList } from '../fixtures.mjs';

const { openApp } = useApp();

const CASE = JSON.parse(readFileSync(new URL('../data/interleaved.json', import.meta.url), 'utf8'));
const SENTENCES = CASE.source.text.split(/(?<=\.) /);
const COPIED = SENTENCES.slice(0, CASE.copied).join(' ');
const PAPER = `${COPIED} ${CASE.own} ${CASE.paraphrase}`;

/** Adds the article, checks the interleaved paper and leaves the report on screen. */
async function checkInterleaved(page) {
  await addPastedReference(page, CASE.source.title, CASE.source.text);
  await page.fill('#paper-title', 'My essay on printing');
  await page.fill('#paper', PAPER);
  await act(page, '#check');
  assert.equal(await errorText(page), '');
}

/** The marked text of the paper view, as one string per mark. */
const paperMarks = async (page) => (await rendered(page, '.report .paper-text')).locator('mark').allTextContents();

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`the writer's own sentences between copies are never marked (${size})`, async (t) => {
    const page = await openApp(t, { viewport });
    await checkInterleaved(page);
    const marks = squash((await paperMarks(page)).join(' '));
    assert.ok(marks.length > 0, 'the copy is marked');
    for (const ownWord of ['Iceland', 'puffins', 'Reykjavik', 'sulphur']) {
      assert.ok(!marks.includes(ownWord), `"${ownWord}" of the writer's own sentences is marked: ${marks}`);
    }
    for (const copied of SENTENCES.slice(0, CASE.copied)) {
      const tail = copied.split(' ').slice(-6).join(' ').replace(/\.$/, '');
      assert.ok(marks.includes(tail), `the copied sentence is marked: ${copied}`);
    }
    // The overall share leaves the own sentences out: at most the copied and paraphrased text.
    const overall = squash(await page.locator('.report .overall').textContent());
    const share = Number(overall.match(/([\d.]+)%/)[1]) / 100;
    const count = (text) => text.split(/\s+/).filter(Boolean).length;
    const explained = count(COPIED) + count(CASE.paraphrase);
    assert.ok(share <= explained / count(PAPER) + 0.005, `${overall}: the own sentences are counted`);
    await screenshot(page, `sentence-true-${size}`);
  });
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`a reference list like a classmate's is left out, and named with the classmate's essay (${size})`, async (t) => {
    const page = await openApp(t, { viewport });
    const pool = brown('cg01');
    await addPastedReference(page, 'Classmate essay', `${words(brown('ca01'), 0, 400)}\n\nReferences\n${referenceList(pool, 4, 24)}`);
    await page.fill('#paper', `${words(brown('cb01'), 0, 400)}\n\nReferences\n${referenceList(pool, 0, 16)}`);
    await act(page, '#check');
    assert.equal(await errorText(page), '');
    assert.equal(await page.locator('.report .sources li').count(), 0, 'the shared list is no evidence');
    const listed = squash(await page.locator('.left-out li.matched-quote').first().textContent());
    assert.match(listed, /^bibliography, [\d,]+ characters, matches “Classmate essay”, which has no other match: [A-Z]/);
    await screenshot(page, `left-out-bibliography-${size}`);
  });
}
