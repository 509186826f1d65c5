// End-to-end: checking a paper against an archive from the page (issue 31). The demo archive
// (scripts/demo-archive.mjs: the test corpus cut into about 2,500 documents, built by the core) is
// served beside the app at archive/, as any static host would publish it, and a copy with one
// document group damaged at archive-damaged/. Connecting by keyboard, the sources found in the
// archive with their passages side by side, the library checked with it, a damaged file named with
// the rest reported, bad addresses explained, another tab following, and a check again offline
// from the service worker's cache. Looked at in target/screenshots/archive-*.png at both sizes.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ARCHIVE, DEMO_DOCUMENTS, demoTitle } from '../../scripts/demo-archive.mjs';
import { SIZES, act, addPastedReference, comparePanes, errorText, joinedMarks, press, screenshot, sourceTitles, squash, tabTo, useApp, whenControlled, words } from './harness.mjs';

/** The archive's documents in the order the build numbered them (sorted file names). */
const DOCUMENTS = readdirSync(DEMO_DOCUMENTS).filter((name) => name.endsWith('.txt')).sort();
const text = (name) => readFileSync(join(DEMO_DOCUMENTS, name), 'utf8');
// The titles the archive carries (issue 43, item 9: not the ids, brown-ca36-02).
const title = demoTitle;
// Brown corpus texts (the factbook's country pages share their template sentences with each other).
const [FIRST, SECOND, THIRD] = ['brown-ca36-02.txt', 'brown-cn04-02.txt', 'brown-cr05-01.txt'];

/** A paper of the user's own words with 150 words copied from each of the first two documents. */
const PAPER = [
  'This essay sets out what I found when I read the material for the course, in my own words first.',
  words(text(FIRST), 200, 150),
  'After that passage I add some remarks of my own about the method and what it leaves open for later work.',
  words(text(SECOND), 150, 150),
  'In closing I come back to the question of the opening paragraph and answer it as well as I can.',
].join('\n\n');

/** A copy of the archive whose document group holding FIRST is damaged (its bytes flipped midway). */
const damaged = mkdtempSync(join(tmpdir(), 'plagscope-archive-damaged-'));
cpSync(DEMO_ARCHIVE, damaged, { recursive: true });
const manifest = JSON.parse(readFileSync(join(DEMO_ARCHIVE, 'manifest.json'), 'utf8'));
const GROUP_PATH = `s0000/d/${Math.floor(DOCUMENTS.indexOf(FIRST) / manifest.layout.groupDocuments).toString(16).padStart(5, '0')}.bin`;
const group = readFileSync(join(damaged, GROUP_PATH));
group.fill(0x55, group.length >> 1, (group.length >> 1) + 16);
writeFileSync(join(damaged, GROUP_PATH), group);
after(() => rmSync(damaged, { recursive: true, force: true }));

const app = useApp({}, { archives: { archive: DEMO_ARCHIVE, 'archive-damaged': damaged } });

/** Types `address` in the archive field and presses Enter, as a keyboard user does; waits for it. */
async function connect(page, address) {
  await tabTo(page, page.locator('#archive-url'));
  await page.keyboard.type(address);
  await act(page, () => page.keyboard.press('Enter'));
}

/** Pastes the paper and checks it with the keyboard shortcut; the report's text. */
async function checkPaper(page, paper = PAPER) {
  await page.fill('#paper', paper);
  await act(page, () => page.keyboard.press('Control+Enter'), 60_000);
  assert.equal(await errorText(page), '');
  return squash(await page.locator('.report .summary').textContent());
}

test('connected by keyboard, the archive gives the sources of a paper, shown side by side', async (t) => {
  const page = await app.openApp(t, { viewport: SIZES.desktop });
  await connect(page, 'archive/');
  assert.match(await page.locator('#status').textContent(), /Connected to the archive \(2,\d{3} documents\)/);
  assert.match(squash(await page.locator('.archive-state').textContent()), /archive at http:\/\/localhost:\d+\/archive\/: 2,\d{3} documents, 1,\d{3},\d{3} words/);
  assert.match(await page.locator('.library .muted.small').first().textContent(), /and with the archive below/);
  await screenshot(page, 'archive-connected-desktop');
  const summary = await checkPaper(page);
  assert.deepEqual((await sourceTitles(page)).sort(), [title(FIRST), title(SECOND)].sort());
  assert.equal(await page.locator('.report .sources .archive-badge').count(), 2);
  // In a teacher's words (issue 43, item 9: "42 of its 128 index parts").
  assert.match(summary, /Compared with the archive of 2,\d{3} documents\. \d+ of them share wording with the paper and were compared in full\./);
  assert.match(summary, /To compare, this page fetched [\d.]+ MB of the archive’s index and documents; the paper itself was never sent\./);
  assert.doesNotMatch(summary, /index parts|candidates|brown-c/);
  assert.doesNotMatch(summary, /could not be used/);
  await screenshot(page, 'archive-report-desktop');
  // The source's text comes from the archive: its passage is marked in it.
  await page.locator('.report .sources .source', { hasText: title(FIRST) }).click();
  const [, source] = await comparePanes(page);
  assert.ok((await joinedMarks(source)).includes(words(text(FIRST), 210, 20)));
  await screenshot(page, 'archive-compare-desktop');
  await page.setViewportSize(SIZES.phone);
  await screenshot(page, 'archive-compare-phone');
});

test('the library and the archive are checked together, and the address is kept for the next visit', async (t) => {
  const page = await app.openApp(t, { viewport: SIZES.phone });
  await addPastedReference(page, 'My own notes', `Notes kept by the teacher. ${words(text(THIRD), 0, 140)} End of the notes.`);
  await connect(page, 'archive');
  await screenshot(page, 'archive-connected-phone');
  await checkPaper(page, `${PAPER}\n\n${words(text(THIRD), 20, 110)}`);
  // The notes copy an archive document: both are sources, only the archive's with the badge.
  assert.deepEqual((await sourceTitles(page)).sort(), [title(FIRST), title(SECOND), title(THIRD), 'My own notes'].sort());
  assert.equal(await page.locator('.report .sources .archive-badge').count(), 3, 'the library source has no archive badge');
  await screenshot(page, 'archive-report-phone');
  await page.reload();
  await page.locator('.archive-state').waitFor();
  assert.equal(await page.locator('#archive-disconnect').isVisible(), true);
  await press(page, page.locator('#archive-disconnect'));
  assert.equal(await page.locator('#archive-url').isVisible(), true);
});

test('a damaged archive file is named, and the rest of the report stands', async (t) => {
  const page = await app.openApp(t, { viewport: SIZES.desktop });
  await connect(page, 'archive-damaged/');
  const summary = await checkPaper(page);
  assert.deepEqual(await sourceTitles(page), [title(SECOND)]);
  assert.match(summary, new RegExp(`One of the archive's files could not be used, so documents it points to may be missing from this report: ${GROUP_PATH}`));
  await screenshot(page, 'archive-damaged-desktop');
});

test('an address that is not an archive, or on another site, is explained at the field', async (t) => {
  const page = await app.openApp(t, { viewport: SIZES.desktop, expectedConsoleErrors: /404 \(Not Found\)/ });
  await connect(page, 'https://example.org/archive/');
  assert.match(await page.locator('#archive-error').textContent(), /only from its own site, and https:\/\/example\.org is another/);
  assert.ok(await page.locator('#archive-url').evaluate((box) => box === document.activeElement), 'the focus is back in the field');
  await page.fill('#archive-url', 'no-such-archive/');
  await act(page, () => page.keyboard.press('Enter'));
  assert.match(await page.locator('#archive-error').textContent(), /There is no archive at http:\/\/localhost:\d+\/no-such-archive\/: its manifest\.json answered 404/);
  assert.equal(await errorText(page), '', 'said once, at the field');
  assert.match(await page.locator('#status').textContent(), /could not be connected: see why under its address/);
  await page.fill('#archive-url', 'pkg/demo-refs.json');
  await act(page, () => page.keyboard.press('Enter'));
  assert.match(await page.locator('#archive-error').textContent(), /There is no archive/);
  await page.fill('#archive-url', 'pkg/model/');
  await act(page, () => page.keyboard.press('Enter'));
  assert.match(await page.locator('#archive-error').textContent(), /holds no plagscope archive: its manifest\.json is not one/);
  await screenshot(page, 'archive-bad-address-desktop');
  // Nothing to check against: the check says what to add.
  await page.fill('#paper', PAPER);
  await act(page, '#check');
  assert.match(await errorText(page), /or connect an archive/);
});

test('another tab connects too, and a check works again offline from the cache', async (t) => {
  const context = await app.browser.newContext({ viewport: SIZES.desktop });
  t.after(() => context.close());
  const [one, two] = [await app.openApp(t, { context }), await app.openApp(t, { context })];
  await connect(one, 'archive/');
  await two.locator('.archive-state').waitFor();
  // The service worker keeps what it fetches once it controls the page and its engine worker: a
  // worker started before the service worker took over stays outside it until the next load.
  await whenControlled(two);
  await two.reload();
  await two.locator('.archive-state').waitFor();
  await checkPaper(two);
  assert.deepEqual((await sourceTitles(two)).sort(), [title(FIRST), title(SECOND)].sort());
  // The copies are written after the responses are served: wait for them.
  const cached = await two.evaluate(async () => {
    let count = 0;
    for (let tries = 0; tries < 50 && count <= 10; tries += 1) {
      count = (await (await caches.open('plagscope-archive')).keys()).length;
      if (count <= 10) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return count;
  });
  assert.ok(cached > 10, `${cached} archive files cached`);
  await context.setOffline(true);
  await two.reload();
  await two.locator('.archive-state').waitFor();
  await checkPaper(two);
  assert.deepEqual((await sourceTitles(two)).sort(), [title(FIRST), title(SECOND)].sort());
});
