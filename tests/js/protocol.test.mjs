// The worker's requests are declared once (www/protocol.js): every request the page sends is one
// of them, and the worker has a handler for each and for nothing else (it also refuses to start
// otherwise; the e2e tests start it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { REQUESTS, isCancellable, isRequest, protocolMismatch } from '../../www/protocol.js';

const www = new URL('../../www/', import.meta.url);

/** Every .js file under `dir`, as text. */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => readFileSync(`${entry.parentPath ?? entry.path}/${entry.name}`, 'utf8'));
}

test('every request the page sends is declared', () => {
  const sent = new Set(sources(www).flatMap((text) => [...text.matchAll(/\brequest\('(\w+)'/g)].map((m) => m[1])));
  assert.ok(sent.size >= 10, `found ${sent.size} requests`);
  for (const name of sent) assert.ok(isRequest(name), `www sends '${name}', which www/protocol.js does not declare`);
});

test("the worker's handlers are the declared requests", () => {
  const worker = readFileSync(new URL('worker/worker.js', www), 'utf8');
  const block = worker.slice(worker.indexOf('const handlers = {'), worker.indexOf('\n};\n', worker.indexOf('const handlers = {')));
  const handlers = Object.fromEntries([...block.matchAll(/^ {2}(?:async )?(\w+)(?:\(|:)/gm)].map((m) => [m[1], true]));
  assert.deepEqual(protocolMismatch(handlers), { extra: [], missing: [] });
  assert.deepEqual(protocolMismatch({ ...handlers, stray: true }).extra, ['stray']);
  assert.ok(Object.values(REQUESTS).some((r) => r.changesLibrary) && Object.values(REQUESTS).some((r) => !r.changesLibrary));
});

test('only requests that leave the library alone may be cancelled', () => {
  // Cancelling ends the worker and restores the last saved library: a request that changes the
  // library would lose its change half-made, so it is never cancellable. Encoding the sentences
  // adds only codes that the next check computes again, and its saved library follows it.
  const cancellable = Object.keys(REQUESTS).filter(isCancellable);
  assert.deepEqual(cancellable.sort(), ['batch', 'check', 'encodeSentences', 'pairs']);
  const onlyCodes = ['encodeSentences'];
  for (const name of cancellable) assert.equal(REQUESTS[name].changesLibrary, onlyCodes.includes(name), name);
  assert.equal(isCancellable('addReferences'), false);
  assert.equal(isCancellable('no such request'), false);
});
