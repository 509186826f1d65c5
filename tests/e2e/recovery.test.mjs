// End-to-end: the page survives the death of its engine worker (issue 9). The worker is killed for
// real from the test, through the browser's debugging protocol (no hook in the page): closed while a
// check is running (the check never answers), and crashed by an uncaught error while idle. A new
// worker restores the library, the user is told in the status area, and the page keeps working.
// Screenshots of the message go to target/screenshots/.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { act, addPastedReference, brown, errorText, libraryTitles, sourceTitles, useApp, words } from './harness.mjs';

const screenshots = new URL('../../target/screenshots/', import.meta.url);
const RESTARTED = /^The checker stopped unexpectedly and was restarted\. Your 2 references are still loaded, so you can carry on\.$/;
// Fails a test on any error the page did not expect: the crash it causes itself is expected.
const { openApp } = useApp({ viewport: { width: 1366, height: 900 }, expectedConsoleErrors: /simulated crash/ });

before(() => mkdirSync(screenshots, { recursive: true }));

/** The engine worker of the page (the only module worker the page starts before a PDF is read). */
function engineWorker(page) {
  const workers = page.workers().filter((w) => w.url().endsWith('/www/worker/worker.js'));
  assert.equal(workers.length, 1, workers.map((w) => w.url()).join(', '));
  return workers[0];
}

/** Two references, a third removed, and a paper copying from the first: the library to survive. */
async function setUp(page) {
  await addPastedReference(page, 'Radio astronomy', brown('cj01'));
  await addPastedReference(page, 'Removed later', brown('cj02'));
  await addPastedReference(page, 'Forests', brown('cf01'));
  await act(page, () => page.getByRole('button', { name: 'Remove Removed later', exact: true }).click());
  const paper = `${words(brown('cb01'), 0, 120)}\n\n${words(brown('cj01'), 300, 80)}\n\n${words(brown('cj02'), 300, 80)}`;
  await page.fill('#paper', paper);
  return paper;
}

async function assertStillWorks(page, oldWorker) {
  assert.deepEqual(await libraryTitles(page), ['Radio astronomy', 'Forests']);
  assert.notEqual(engineWorker(page), oldWorker, 'a new worker runs the engine');
  await act(page, '#check');
  assert.equal(await errorText(page), '');
  assert.deepEqual(await sourceTitles(page), ['Radio astronomy'], 'the removed reference stays removed');
  assert.equal(await page.locator('#library-heading .muted').textContent(), '(2 references)');
}

test('the worker closed during a check: the check fails plainly, the library is restored, the user is told', async (t) => {
  const page = await openApp(t);
  await setUp(page);
  const worker = engineWorker(page);
  // From now on the worker ends itself when asked to check: the request never gets an answer.
  await worker.evaluate(() => {
    const handle = self.onmessage;
    self.onmessage = (event) => (event.data.type === 'check' ? self.close() : handle(event));
  });
  await act(page, '#check');
  assert.equal(await errorText(page), 'This was not finished because the checker stopped unexpectedly. Please try again.');
  await page.locator('#status', { hasText: RESTARTED }).waitFor();
  await page.screenshot({ path: new URL('recovery-1366.png', screenshots).pathname });
  await assertStillWorks(page, worker);
});

test('the worker crashed while idle (an uncaught error): restarted with the library, on a phone-sized page too', async (t) => {
  const page = await openApp(t, { viewport: { width: 390, height: 844 } });
  await setUp(page);
  const worker = engineWorker(page);
  await worker.evaluate(() => setTimeout(() => { throw new Error('simulated crash'); }));
  await page.locator('#status', { hasText: RESTARTED }).waitFor();
  assert.equal(await errorText(page), '');
  await page.locator('#status').scrollIntoViewIfNeeded();
  await page.screenshot({ path: new URL('recovery-390.png', screenshots).pathname });
  await assertStillWorks(page, worker);
  // And again: every restart restores the latest library.
  const second = engineWorker(page);
  await second.evaluate(() => self.close()).catch(() => {}); // the worker may be gone before it answers
  await page.locator('#status', { hasText: RESTARTED }).waitFor();
  await assertStillWorks(page, second);
});
