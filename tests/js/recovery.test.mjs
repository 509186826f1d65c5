// Recovery from a real trap (issue 9). The engine built with `--features crash-test` (target/pkg-crash,
// made by `scripts/test.sh js` before this layer runs) has `Checker.crashForTests`, which panics or
// overflows the shadow stack while the checker is borrowed, as a bug would. Through the guard
// (js/guard.js, the same code js/api.js applies to pkg/) a trap restarts the engine and throws an
// ordinary Error, every Checker keeps its references, and ordinary errors change nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { ENGINE_RESTARTED, guardEngine } from '../../js/guard.js';

const crashPkg = new URL('../../target/pkg-crash/', import.meta.url);
assert.ok(existsSync(new URL('plagscope.js', crashPkg)), 'target/pkg-crash is missing: `bash scripts/test.sh js` builds it');
const wasm = readFileSync(new URL('plagscope_bg.wasm', crashPkg));

/** A separate module instance (and wasm instance) of the crash build per tag. */
async function loadEngine(tag) {
  const bindings = await import(new URL(`plagscope.js?${tag}`, crashPkg));
  bindings.initSync({ module: wasm });
  return bindings;
}

const bindings = await loadEngine('guarded');
let resets = 0;
const counted = { ...bindings, __wbg_reset_state: () => (resets++, bindings.__wbg_reset_state()) };
const { Checker, analyze, minhash, sharedNgrams, shingles, simhash, version, winnow } = guardEngine(counted, {
  checkerMethods: ['crashForTests'],
});

const corpus = new URL('../../target/corpus/en/', import.meta.url);
const brown = readdirSync(corpus).filter((f) => f.startsWith('brown')).sort().slice(0, 12)
  .map((f) => readFileSync(new URL(f, corpus), 'utf8'));
const words = (text, from, count) => text.split(/\s+/).filter(Boolean).slice(from, from + count).join(' ');

/** Runs `work` with console.error (where the panic hook writes) captured; returns what it wrote. */
function quietly(work) {
  const original = console.error;
  const written = [];
  console.error = (...args) => written.push(args.join(' '));
  try {
    work();
  } finally {
    console.error = original;
  }
  return written.join('\n');
}

/** Asserts that `call` traps inside the engine and comes out as the guard's restart Error. */
function assertRestart(call) {
  const before = resets;
  quietly(() =>
    assert.throws(call, (error) => {
      assert.equal(error.constructor, Error);
      assert.equal(error.code, ENGINE_RESTARTED);
      assert.ok(error.cause instanceof WebAssembly.RuntimeError, String(error.cause));
      assert.match(error.message, /^plagscope's engine stopped on an internal error \(RuntimeError: .+\) and was restarted: every Checker keeps its references/);
      return true;
    }),
  );
  assert.equal(resets, before + 1, 'one trap, one reset');
}

const stateless = () => [
  version(),
  analyze(brown[0]).tokens.length,
  shingles(brown[1]).length,
  winnow(brown[1]).map((f) => f.hash),
  Array.from(minhash(brown[2])),
  simhash(brown[2]),
  sharedNgrams(brown[0], `${words(brown[0], 10, 30)} and more`).shared,
];

test('without the guard a trap leaves the engine broken (the failure the guard exists for)', async () => {
  const raw = await loadEngine('unguarded');
  const checker = new raw.Checker();
  checker.addReference({ id: 'a', text: brown[0] });
  const panic = quietly(() => assert.throws(() => checker.crashForTests('panic'), /unreachable/));
  assert.match(panic, /crash test: a deliberate panic with 1 references/);
  assert.throws(() => checker.addReference({ id: 'b', text: brown[1] }), /recursive use of an object detected/);
  raw.__wbg_reset_state();
  const other = new raw.Checker();
  assert.throws(() => other.crashForTests('stack'), /memory access out of bounds/);
  assert.throws(() => raw.analyze('any text at all'), /memory access out of bounds/);
  // A fresh instance again, or the finalizers of these checkers would trap in the broken one.
  raw.__wbg_reset_state();
});

test('after a trap the same Checker has every reference, from its snapshot and its journal, and removals hold', () => {
  // The imported references are the snapshot; the smaller changes after it are journaled.
  const seed = new Checker();
  brown.slice(0, 5).forEach((text, i) => seed.addReference({ id: `s${i}`, title: `Snapshot ${i}`, text }));
  const saved = seed.exportIndex();
  const checker = Checker.importIndex(saved);
  assert.ok(checker instanceof Checker);
  // The loaded file is the snapshot, copied: the caller may overwrite its bytes.
  saved.fill(0);
  const fromBuffer = seed.exportIndex();
  const loadedFromBuffer = Checker.importIndex(fromBuffer.buffer);
  new Uint8Array(fromBuffer.buffer).fill(0);
  const journaled = (i) => words(brown[6 + i], 0, 300);
  checker.addReference({ id: 'j0', title: 'Journal 0', text: journaled(0), meta: { keywords: ['rivers'] } });
  checker.addReference({ id: 'j1', title: 'Journal 1', text: journaled(1), base: false });
  checker.removeReference('s1'); // from the snapshot
  checker.removeReference('j0'); // from the journal
  checker.addReference({ id: 's1', title: 'Same id, new text', text: journaled(2) });
  const paper = [0, 1, 2, 3].map((i) => words(brown[i], 100, 150)).concat([0, 1, 2].map((i) => words(journaled(i), 50, 150))).join('\n\n');
  const references = checker.references();
  const report = checker.check(paper);
  const found = report.sources.map((s) => s.id).sort();
  assert.deepEqual(found, ['j1', 's0', 's1', 's2', 's3']);
  assert.equal(report.sources.find((s) => s.id === 's1').title, 'Same id, new text');
  const before = stateless();

  assertRestart(() => checker.crashForTests());

  assert.deepEqual(checker.references(), references);
  assert.deepEqual(checker.check(paper), report);
  assert.deepEqual(checker.getReference('j1'), { id: 'j1', title: 'Journal 1', text: journaled(1), meta: { keywords: [], tags: [], references: [] }, base: false });
  assert.equal(checker.getReference('j0'), undefined);
  assert.deepEqual(stateless(), before);
  // The seed checker, untouched since the trap, is rebuilt too, and a saved index reloads.
  assert.deepEqual(seed.references().map((r) => r.id), ['s0', 's1', 's2', 's3', 's4']);
  assert.deepEqual(loadedFromBuffer.references(), seed.references());
  assert.deepEqual(Checker.importIndex(checker.exportIndex()).check(paper), report);
});

test('references added one by one (several snapshots taken on the way), an export, removals: all survive a stack overflow', () => {
  const checker = new Checker();
  const texts = brown.flatMap((text) => [words(text, 0, 400), words(text, 400, 400), words(text, 800, 400)]);
  texts.forEach((text, i) => checker.addReference({ id: `r${i}`, text }));
  // An export becomes the snapshot; the caller owns (and may overwrite) the bytes it got.
  checker.exportIndex().fill(0);
  for (let i = 0; i < texts.length; i += 4) checker.removeReference(`r${i}`);
  const references = checker.references();
  const paper = texts.map((text) => words(text, 100, 80)).join('\n\n');
  const report = checker.check(paper);
  assert.equal(report.sources.length, texts.length - Math.ceil(texts.length / 4));
  assertRestart(() => checker.crashForTests('stack'));
  assert.deepEqual(checker.references(), references);
  assert.deepEqual(checker.check(paper), report);
  assert.equal(checker.size, references.length);
});

test('1,000 traps in a row leave every checker and function working', () => {
  const checker = new Checker();
  brown.slice(0, 3).forEach((text, i) => checker.addReference({ id: `doc${i}`, text }));
  const other = new Checker({ shingleWords: 4, guaranteeWords: 10 });
  other.addReference({ id: 'other', text: brown[4] });
  const paper = `${words(brown[1], 200, 80)}\n\n${words(brown[4], 200, 80)}`;
  const [report, otherReport, before] = [checker.check(paper), other.check(paper), stateless()];
  const written = quietly(() => {
    for (let i = 0; i < 1000; i++) assertRestart(() => checker.crashForTests(i % 2 ? 'stack' : 'panic'));
  });
  assert.equal(written, '', 'assertRestart captured the panic messages itself');
  assert.deepEqual(checker.check(paper), report);
  assert.deepEqual(other.check(paper), otherReport);
  assert.deepEqual(stateless(), before);
  checker.addReference({ id: 'after', text: brown[5] });
  assert.equal(checker.size, 4);
});

test('ordinary errors pass through unchanged and restart nothing', async () => {
  const checker = new Checker();
  checker.addReference({ id: 'a', text: brown[0] });
  // An unguarded checker of the same engine instance would turn stale if anything reset it.
  const witness = new bindings.Checker();
  const before = resets;
  const cases = [
    [() => checker.check('paper', { maxSources: 'ten' }), /invalid `options.maxSources`/],
    [() => checker.addReference({ id: 'a', text: 'again' }), /already/],
    [() => checker.addReference(null), /invalid `reference`/],
    [() => checker.removeReference(7), /invalid `id`/],
    [() => Checker.importIndex(new Uint8Array([1, 2, 3])), /cannot read the index file/],
    [() => new Checker({ shingleWords: 99 }), /invalid `shingleWords`/],
    [() => analyze('text', { bogus: true }), /bogus/],
    [() => sharedNgrams('a', 'b', 0), /invalid `n`/],
  ];
  for (const [call, message] of cases) {
    assert.throws(call, (error) => error.constructor === Error && /^PLAGSCOPE_(?!ENGINE_RESTARTED)/.test(error.code) && error.cause === undefined && message.test(error.message));
  }
  // The same message the engine gives without the guard.
  const raw = new bindings.Checker();
  assert.throws(() => raw.check('paper', { maxSources: 'ten' }), { message: /invalid `options.maxSources`/ });
  assert.equal(resets, before);
  assert.equal(witness.size, 0);
  assert.equal(checker.size, 1);
  raw.free();
  witness.free();
});

test('free() and Symbol.dispose work, also on a checker a reset left stale', () => {
  const stale = new Checker();
  stale.addReference({ id: 'a', text: brown[0] });
  const crasher = new Checker();
  assertRestart(() => crasher.crashForTests());
  // `stale` holds a pointer into the old instance: freeing it must not touch the new one.
  stale.free();
  stale.free();
  assert.throws(() => stale.check('text'), /this Checker has been freed/);
  if (Symbol.dispose) {
    const disposed = new Checker();
    disposed[Symbol.dispose]();
    assert.throws(() => disposed.references(), /freed/);
  }
  // The new instance's memory is intact: a fresh checker works, and so does the crasher.
  const fresh = new Checker();
  fresh.addReference({ id: 'b', text: brown[1] });
  assert.equal(fresh.check(words(brown[1], 0, 200)).sources[0].id, 'b');
  assert.equal(crasher.size, 0);
});

test('a trap in a call made from inside another (an options getter) restarts the engine once the outer call is done', () => {
  const checker = new Checker();
  checker.addReference({ id: 'a', text: brown[0] });
  const other = new Checker();
  other.addReference({ id: 'b', text: brown[1] });
  const paper = words(brown[0], 100, 150);
  const report = checker.check(paper);
  const before = resets;
  let inner;
  const options = {
    get maxSources() {
      // The outer check is still running in the engine: the reset must wait for it to return.
      quietly(() => assert.throws(() => other.crashForTests(), (error) => (inner = error).code === ENGINE_RESTARTED));
      assert.equal(resets, before, 'no reset while the outer call runs');
      return 5;
    },
  };
  assert.deepEqual(checker.check(paper, options), report);
  assert.ok(inner);
  assert.equal(resets, before + 1);
  assert.deepEqual(checker.check(paper), report);
  assert.deepEqual(other.references().map((r) => r.id), ['b']);
});
