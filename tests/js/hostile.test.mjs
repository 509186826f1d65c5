// Hostile JS values at the boundary: getters that throw, revoked Proxies, Maps and Dates, explicit
// `undefined`, NaN. Each is a clear Error naming the field, and none leaks the wasm shadow stack
// (a JS exception unwinding through Rust frames did: after ~1,300 calls every export failed with
// "memory access out of bounds").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Checker, analyze, minhash, shingles, simhash, winnow } from 'plagscope';

const SOURCE =
  'Winnowing selects fingerprints from the hashes of k-grams so that every match of sufficient length between two documents is detected by the algorithm.';
const PAPER = `As shown before, ${SOURCE.toLowerCase()} This is our own conclusion.`;

function revokedProxy() {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

const throwingGetter = () => ({
  get excludeQuotes() {
    throw new Error('boom from a getter');
  },
});

const throwingTraps = () =>
  new Proxy({}, { ownKeys() { throw new Error('boom from ownKeys'); } });

test('throwing getters and revoked Proxies are errors, thousands of times, and the engine keeps working', () => {
  const checker = new Checker();
  checker.addReference({ id: 'src', text: SOURCE });
  const hostile = [throwingGetter, revokedProxy, throwingTraps];
  for (let round = 0; round < 3000; round++) {
    const value = hostile[round % hostile.length]();
    assert.throws(() => checker.check(PAPER, value), /could not read `options`|invalid `options`/);
    assert.throws(() => checker.addReference(value), /reference/);
    assert.throws(() => Checker.importIndex(value), /bytes/);
    assert.throws(() => analyze('text', value), /options/);
  }
  assert.throws(() => checker.check(PAPER, throwingGetter()), /could not read `options`: boom from a getter/);
  assert.throws(() => checker.check(PAPER, { align: revokedProxy() }), /could not read `options.align`/);
  // Every export still works, and the reference set is intact.
  const report = checker.check(PAPER);
  assert.equal(report.sources[0].id, 'src');
  checker.addReference({ id: 'second', text: 'another text entirely about rivers and their deltas' });
  assert.equal(checker.size, 2);
  assert.equal(minhash('some words here').length, 128);
  assert.equal(typeof simhash('some words here'), 'string');
  assert.ok(shingles(SOURCE).length > 0 && winnow(SOURCE).length > 0);
});

test('undefined and null mean "the default"', () => {
  const checker = new Checker({ text: undefined, k: undefined });
  checker.addReference({ id: 'src', title: undefined, text: SOURCE, meta: undefined, base: undefined });
  assert.equal(checker.references()[0].title, 'src');
  const report = checker.check({ text: PAPER, meta: undefined }, { maxSources: undefined, align: { minWords: undefined }, scores: null });
  assert.equal(report.sources.length, 1);
});

test('type errors name the field and say what is expected', () => {
  const checker = new Checker();
  checker.addReference({ id: 'src', text: SOURCE });
  assert.throws(() => checker.check(PAPER, { align: { minWords: NaN } }), /invalid `options.align.minWords`: expected a finite number, got NaN/);
  assert.throws(() => checker.check(PAPER, { align: { minWords: 2.5 } }), /invalid `options.align.minWords`: .*expected a whole number/);
  assert.throws(() => checker.check(PAPER, { maxSources: 'ten' }), /invalid `options.maxSources`: invalid type: string "ten", expected a whole number/);
  assert.throws(() => checker.check({ text: PAPER, meta: { keywords: 'a' } }), /invalid `paper.meta.keywords`: invalid type: string "a", expected an array/);
  assert.throws(() => checker.check(PAPER, { meta: {} }), /invalid `options`: unknown option `meta`/);
  assert.throws(() => checker.check({ text: PAPER, meta: { keywords: ['a', 3] } }), /invalid `paper.meta.keywords\[1\]`|paper.meta.keywords/);
  assert.throws(() => checker.check(PAPER, { excludeQuotes: 'yes' }), /invalid `options.excludeQuotes`: .*expected a boolean/);
  assert.throws(() => checker.addReference({ id: 'x', text: 7 }), /invalid `reference.text`/);
  assert.throws(() => new Checker({ text: { maxWordChars: -3 } }), /invalid `options.text.maxWordChars`/);
});

test('a Map, a Date, a class instance or a function is not an options object', () => {
  const checker = new Checker();
  class Options { constructor() { this.maxSources = 3; } }
  assert.throws(() => checker.check(PAPER, new Map([['maxSources', 3]])), /invalid `options`: expected a plain object or array, got a Map/);
  assert.throws(() => checker.check(PAPER, new Date()), /got a Date/);
  assert.throws(() => checker.check(PAPER, new Options()), /got an Options/);
  assert.throws(() => checker.check(PAPER, () => 1), /a function is not accepted/);
  assert.throws(() => checker.check(PAPER, [1, 2]), /invalid `options`: expected an object, got an array/);
  // Plain objects without a prototype are fine.
  const bare = Object.assign(Object.create(null), { maxSources: 3 });
  assert.doesNotThrow(() => checker.check(PAPER, bare));
});

test('a Node Buffer and an ArrayBuffer are both saved-index bytes', () => {
  const checker = new Checker();
  checker.addReference({ id: 'src', text: SOURCE });
  const bytes = checker.exportIndex();
  assert.equal(Checker.importIndex(Buffer.from(bytes)).size, 1);
  assert.equal(Checker.importIndex(bytes.buffer.slice(0)).size, 1);
  assert.throws(() => Checker.importIndex(new Uint16Array(4)), /expected a Uint8Array or ArrayBuffer, got a Uint16Array/);
});

test("a file's bytes as the paper or a reference are refused with what is expected: a string", () => {
  const checker = new Checker();
  checker.addReference({ id: 'src', text: SOURCE });
  const bytes = new TextEncoder().encode(PAPER);
  for (const paper of [bytes, Buffer.from(bytes), bytes.buffer, new DataView(bytes.buffer), new Float32Array(2)]) {
    const name = paper.constructor.name;
    assert.throws(() => checker.check(paper), (error) => {
      assert.match(error.message, new RegExp(`^invalid \`paper\`: expected a string or \\{ text, meta \\}, got an? ${name}; `));
      assert.match(error.message, /decode/);
      assert.doesNotMatch(error.message, /plain object or array/);
      return true;
    });
  }
  assert.throws(() => checker.check({ text: bytes }), /^Error: invalid `paper.text`: got a Uint8Array, .*a string: decode/);
  assert.throws(() => checker.addReference({ id: 'b', text: bytes }), /^Error: invalid `reference.text`: got a Uint8Array, .*a string: decode/);
  assert.throws(() => checker.addReference(bytes), /^Error: invalid `reference`: expected an object \{ id, text \}, got a Uint8Array/);
  // Other objects keep their message.
  assert.throws(() => checker.check({ text: PAPER, meta: new Map() }), /invalid `paper.meta`: expected a plain object or array, got a Map/);
});

test('a call on a Checker from inside another of its calls is refused with a code, and both go on working', () => {
  // Issue 43, item 20: a progress callback adding a reference got "recursive use of an object
  // detected which would lead to unsafe aliasing in rust", without a code.
  const checker = new Checker();
  checker.addReference({ id: 'src', text: SOURCE });
  const refused = [];
  const report = checker.check(PAPER, {}, () => {
    try {
      checker.addReference({ id: `late-${refused.length}`, text: SOURCE });
    } catch (error) {
      refused.push(error);
    }
  });
  assert.ok(refused.length > 0);
  for (const error of refused) {
    assert.equal(error.code, 'PLAGSCOPE_BUSY');
    assert.match(error.message, /^this Checker was called while another call on it is running/);
  }
  assert.deepEqual(report.sources.map((s) => s.id), ['src']);
  assert.deepEqual(checker.references().map((r) => r.id), ['src']);
});

test('an id with a lone surrogate is refused, never stored as U+FFFD under another id', () => {
  // Issue 43, item 20: "a\uD800" and "a\uDC00" both became "a\uFFFD", one reference for two ids.
  const checker = new Checker();
  for (const id of ['a\uD800', 'b\uDC00c']) {
    assert.throws(() => checker.addReference({ id, text: SOURCE }), (error) => {
      assert.equal(error.code, 'PLAGSCOPE_INVALID_INPUT');
      assert.equal(error.path, 'reference.id');
      assert.match(error.message, /lone surrogate/);
      return true;
    });
  }
  checker.addReference({ id: 'a\uFFFD', text: SOURCE }); // U+FFFD written as such is an ordinary character
  assert.equal(checker.getReference('a\uFFFD').id, 'a\uFFFD');
  assert.throws(() => checker.getReference('a\uD800'), { path: 'id', message: /lone surrogate/ });
  assert.throws(() => checker.removeReference('a\uD800'), { path: 'id', message: /lone surrogate/ });
  assert.throws(() => checker.check(PAPER, { ignoreReferences: ['a\uD800'] }), /lone surrogate/);
  assert.equal(checker.references().length, 1);
  // A text may hold one: it is matched as U+FFFD.
  checker.addReference({ id: 'text', text: `${SOURCE} \uD800` });
  assert.equal(checker.references().length, 2);
});
