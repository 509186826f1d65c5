// Merging saved sets (`mergeIndex`) and indexing on every core (js/cli/parallel-index.js, the CLI's
// indexing): the result is the set one thread builds from the same documents, byte for byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { Checker } from 'plagscope';
import { indexInParallel } from '../../js/cli/parallel-index.js';

const corpus = new URL('../../target/corpus/en/', import.meta.url);
const documents = readdirSync(corpus).filter((f) => f.startsWith('brown')).sort().slice(0, 120)
  .map((f) => ({ id: f, title: f, text: readFileSync(new URL(f, corpus), 'utf8') }));

function built(list) {
  const checker = new Checker();
  for (const document of list) if (!checker.getReference(document.id)) checker.addReference(document);
  return checker;
}

test('a set merged from saved parts equals the set built at once, and keeps its own ids', () => {
  const whole = built(documents.slice(0, 60));
  const merged = built(documents.slice(0, 25));
  // The second part repeats doc 20-24 with other text: the merged set keeps its own.
  const second = documents.slice(20, 60).map((d, i) => (i < 5 ? { ...d, text: documents[100 + i].text } : d));
  const outcome = merged.mergeIndex(built(second).exportIndex());
  assert.deepEqual(outcome, { added: 35, skipped: 5 });
  assert.deepEqual(Buffer.from(merged.exportIndex()), Buffer.from(whole.exportIndex()));
  const paper = documents[40].text.slice(2000, 5000);
  assert.deepEqual(merged.check(paper), whole.check(paper));
});

test('a bad file or other options are refused and leave the set as it was', () => {
  const checker = built(documents.slice(0, 5));
  const before = Buffer.from(checker.exportIndex());
  assert.throws(() => checker.mergeIndex(new Uint8Array([1, 2, 3])), /index/);
  const other = new Checker({ shingleWords: 4 });
  other.addReference(documents[50]);
  assert.throws(() => checker.mergeIndex(other.exportIndex()), /other indexing options/);
  // The refusal names the option that differs and both values.
  assert.throws(() => checker.mergeIndex(other.exportIndex()), /^Error: invalid `shingleWords`: .*other indexing options: 4 in the index to merge, 5 in this set/);
  const caseSensitive = new Checker({ text: { ignoreCase: false } });
  caseSensitive.addReference(documents[51]);
  assert.throws(() => checker.mergeIndex(caseSensitive.exportIndex()), /^Error: invalid `text.ignoreCase`: .*false in the index to merge, true in this set/);
  assert.deepEqual(Buffer.from(checker.exportIndex()), before);
});

test('indexing on several threads gives the set one thread builds, duplicates and order included', async () => {
  const list = [...documents, { ...documents[3], text: 'a later document with a taken id' }];
  const parallel = await indexInParallel(list, {}, { threads: 3, minBytes: 0 });
  assert.deepEqual(Buffer.from(parallel.exportIndex()), Buffer.from(built(list).exportIndex()));
  assert.equal(parallel.size, documents.length);
});

test('a document refused on a thread fails the whole build with its message', async () => {
  const list = [...documents.slice(0, 40), { id: '', title: 'no id', text: 'text' }];
  await assert.rejects(indexInParallel(list, {}, { threads: 2, minBytes: 0 }), /id/);
});
