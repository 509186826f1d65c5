// Nothing panics across the wasm boundary: random and hostile input to every export either works or
// throws an ordinary Error with a message, and the engine keeps working afterwards. (A Rust panic
// would surface as `RuntimeError: unreachable` and leave the instance broken.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Checker, analyze, minhash, sharedNgrams, shingles, simhash, winnow } from 'plagscope';

let seed = 0x2545f491;
const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
const pick = (items) => items[Math.floor(random() * items.length)];

function randomString() {
  const length = Math.floor(random() * 300);
  let text = '';
  for (let i = 0; i < length; i++) {
    text += pick([
      () => String.fromCharCode(Math.floor(random() * 0x10000)), // includes lone surrogates
      () => String.fromCodePoint(0x10000 + Math.floor(random() * 0xfffff)),
      () => pick([' ', '\n', '\r\n', '\u200B', '\u2800', '“', '”', '"', 'References\n', '参考文献\n', 'é', '😀', '中文', 'а']),
      () => pick(['the', 'quick', 'brown', 'fox', 'jumps']) + ' ',
    ])();
  }
  return text;
}

function randomValue(depth = 0) {
  return pick([
    () => randomString(),
    () => random() * 1e6 - 5e5,
    () => pick([0, -1, 1, 2.5, NaN, Infinity, -Infinity, 2 ** 53, 65, 1e9]),
    () => pick([true, false, null, undefined]),
    () => (depth < 2 ? Array.from({ length: Math.floor(random() * 3) }, () => randomValue(depth + 1)) : []),
    () =>
      depth < 2
        ? Object.fromEntries(
            Array.from({ length: Math.floor(random() * 4) }, () => [
              pick(['align', 'minWords', 'shingleWords', 'guaranteeWords', 'size', 'text', 'scores', 'combinedTextWeight', 'meta', 'kind', 'numPerm', 'scheme', 'id', 'title', 'base', 'minSimilarity', 'maxGap', 'ignoreCase', 'bogus']),
              randomValue(depth + 1),
            ]),
          )
        : {},
  ])();
}

function expectNoPanic(label, call) {
  try {
    call();
  } catch (error) {
    assert.ok(error instanceof Error, `${label}: threw a non-Error ${String(error)}`);
    assert.doesNotMatch(`${error.name} ${error.message}`, /RuntimeError|unreachable|panicked/i, label);
    assert.ok(error.message.length > 0, label);
  }
}

test('random and hostile input never panics and the engine keeps working', () => {
  const checker = new Checker();
  checker.addReference({ id: 'seed', text: 'the quick brown fox jumps over the lazy dog again and again and again today' });
  for (let round = 0; round < 400; round++) {
    const text = pick([randomString(), randomValue()]);
    const options = pick([undefined, randomValue(), { align: randomValue() }, { text: randomValue() }]);
    expectNoPanic(`check #${round}`, () => checker.check(text, options));
    expectNoPanic(`addReference #${round}`, () => checker.addReference(pick([{ id: `r${round}`, text: randomString() }, randomValue()])));
    expectNoPanic(`analyze #${round}`, () => analyze(text, options));
    expectNoPanic(`shingles #${round}`, () => shingles(text, options));
    expectNoPanic(`winnow #${round}`, () => winnow(text, options));
    expectNoPanic(`minhash #${round}`, () => minhash(text, options));
    expectNoPanic(`simhash #${round}`, () => simhash(text, options));
    expectNoPanic(`sharedNgrams #${round}`, () => sharedNgrams(text, randomString(), pick([undefined, randomValue()])));
    expectNoPanic(`importIndex #${round}`, () => Checker.importIndex(pick([new Uint8Array(Math.floor(random() * 100)).map(() => random() * 256), randomValue()])));
  }
  expectNoPanic('pairs', () => checker.pairs());
  // Still working.
  const report = checker.check('as we said the quick brown fox jumps over the lazy dog again and again and again');
  assert.equal(report.sources[0].id, 'seed');
});
