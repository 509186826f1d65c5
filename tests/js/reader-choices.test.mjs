// The reader's choices through the npm API (what the page's "exclude this source", "exclude this
// passage" and "include it again" send): the recomputed report equals the report of the input the
// choice stands for, and malformed choices get errors naming the field.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Checker } from 'plagscope';

const { references } = JSON.parse(readFileSync(new URL('../../pkg/demo-refs.json', import.meta.url)));
const words = (text, from, count) => text.split(/\s+/).slice(from, from + count).join(' ');
const [a, b, own] = [references[0].text, references[1].text, references[10].text]; // own: not in any set below
const copyA = words(a, 50, 80);
const copyB = words(b, 50, 60);
const paper = `${words(own, 0, 120)} ${copyA} ${words(own, 120, 120)} “${copyB}” ${words(own, 240, 120)}`;

function set(refs) {
  const checker = new Checker();
  for (const r of refs) checker.addReference(r);
  return checker;
}

test('leaving a source out gives the report of a set without it', () => {
  const all = set(references.slice(0, 3));
  const withoutA = set(references.slice(1, 3));
  const options = { excludeQuotes: false };
  assert.deepEqual(all.check(paper, options).sources.map((s) => s.id), [references[0].id, references[1].id]);
  const left = all.check(paper, { ...options, ignoreReferences: [references[0].id] });
  const alone = withoutA.check(paper, options);
  // The passages and the similarity are the ones of a set without it (the tf-idf statistics behind
  // the secondary scores still count it, as they count every reference).
  const essentials = (report) => ({ similarity: report.similarity, words: report.words, sources: report.sources.map((s) => [s.id, s.similarity, s.passages]) });
  assert.deepEqual(essentials(left), essentials(alone));
  assert.ok(left.similarity > 0 && left.similarity < all.check(paper, options).similarity);
});

test('leaving a passage out and including a quote again', () => {
  const checker = set(references.slice(0, 3));
  const report = checker.check(paper);
  assert.deepEqual(report.sources.map((s) => s.id), [references[0].id], 'the quoted copy is excluded by default');
  const quote = report.excluded.find((e) => e.kind === 'quote');
  assert.equal(paper.slice(quote.start, quote.end), `“${copyB}”`);
  const included = checker.check(paper, { includeSpans: [{ start: quote.start, end: quote.end }] });
  assert.deepEqual(included.sources.map((s) => s.id).sort(), [references[0].id, references[1].id].sort());
  assert.ok(included.similarity > report.similarity);

  const passage = report.sources[0].passages[0];
  const without = checker.check(paper, { excludeSpans: [{ start: passage.start, end: passage.end }] });
  assert.equal(without.sources.length, 0);
  assert.equal(without.similarity, 0);
  assert.deepEqual(without.excluded.filter((e) => e.kind === 'reader'), [{ kind: 'reader', start: passage.start, end: passage.end }]);
});

test('malformed choices are refused, naming the field', () => {
  const checker = set(references.slice(0, 1));
  assert.throws(() => checker.check(paper, { excludeSpans: [{ start: 9, end: 3 }] }), { message: 'invalid `excludeSpans`: a span starts after it ends (9..3)' });
  assert.throws(() => checker.check(paper, { includeSpans: [{ start: 1 }] }), { message: /^invalid `options.includeSpans\[0\]`.*end/ });
  assert.throws(() => checker.check(paper, { excludeSpans: [{ start: 1, end: 2, kind: 'x' }] }), { message: /kind/ });
  assert.throws(() => checker.check(paper, { ignoreReferences: 'abc' }), { message: /^invalid `options.ignoreReferences`/ });
});
