// The Checker and the stateless sketch functions through the npm package, as a user calls them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { Checker, analyze, minhash, shingleHashes, shingles, simhash, winnow } from 'plagscope';

const corpus = new URL('../../target/corpus/en/', import.meta.url);
const brown = readdirSync(corpus).filter((f) => f.startsWith('brown')).sort().slice(0, 40)
  .map((f) => readFileSync(new URL(f, corpus), 'utf8'));
const words = (text, from, count) => text.split(/\s+/).filter(Boolean).slice(from, from + count).join(' ');
const squeeze = (s) => s.split(/\s+/).filter(Boolean).join(' ');

function sampleChecker() {
  const checker = new Checker();
  brown.slice(0, 30).forEach((text, i) => checker.addReference({ id: `doc${i}`, title: `Document ${i}`, text }));
  return checker;
}

test('a copied passage is found and its offsets slice back in the paper and in the source', () => {
  const checker = sampleChecker();
  const copied = words(brown[12], 300, 150);
  const paper = `${words(brown[35], 0, 200)} 😀 naïve ${copied} ${words(brown[36], 0, 200)}`;
  const report = checker.check(paper);
  assert.equal(report.sources.length, 1);
  const [source] = report.sources;
  assert.equal(source.id, 'doc12');
  assert.equal(source.title, 'Document 12');
  const [passage] = source.passages;
  assert.equal(paper.slice(passage.start, passage.end), copied);
  const sourceText = checker.getReference('doc12').text;
  assert.equal(squeeze(sourceText.slice(passage.sourceStart, passage.sourceEnd)), copied);
  for (const run of passage.ngrams) {
    assert.equal(squeeze(paper.slice(run.start, run.end)), squeeze(sourceText.slice(run.sourceStart, run.sourceEnd)));
  }
  assert.ok(report.similarity > 0.25 && report.similarity < 0.35, String(report.similarity));
  assert.equal(typeof source.scores.combined.score, 'number');
  assert.equal(typeof source.scores.weibo.similar, 'boolean');
  assert.equal(typeof source.scores.chineseNgram.share, 'number');
  assert.ok(source.containment >= source.jaccard);
});

test('exclusions, base documents and removal', () => {
  const checker = sampleChecker();
  const quoted = words(brown[3], 100, 40).replace(/"/g, '');
  const paper = `${words(brown[35], 0, 100)} As written: “${quoted}” indeed.`;
  assert.equal(checker.check(paper).sources.length, 0);
  assert.ok(checker.check(paper).excluded.some((e) => e.kind === 'quote' && paper.slice(e.start, e.end) === `“${quoted}”`));
  assert.equal(checker.check(paper, { excludeQuotes: false }).sources[0].id, 'doc3');

  const template = words(brown[37], 0, 60).replace(/"/g, '');
  checker.addReference({ id: 'template', text: template, base: true });
  checker.addReference({ id: 'classmate', text: `${template} ${words(brown[38], 0, 200)}` });
  const essay = `${template} ${words(brown[39], 0, 200)}`;
  const report = checker.check(essay);
  assert.equal(report.sources.length, 0);
  assert.deepEqual(report.excluded.filter((e) => e.kind === 'base').map((e) => essay.slice(e.start, e.end)), [template]);

  assert.equal(checker.removeReference('doc3'), true);
  assert.equal(checker.removeReference('doc3'), false);
  assert.equal(checker.check(paper, { excludeQuotes: false }).sources.length, 0);
  assert.equal(checker.size, 31);
  assert.ok(checker.references().some((r) => r.id === 'template' && r.base));
});

test('all pairs', () => {
  const checker = new Checker();
  brown.slice(0, 4).forEach((text, i) => checker.addReference({ id: `essay${i}`, text: words(text, 0, 300) }));
  checker.addReference({ id: 'copycat', text: `${words(brown[5], 0, 200)} ${words(brown[2], 50, 100)}` });
  const pairs = checker.pairs();
  assert.equal(pairs.length, 1);
  assert.deepEqual([pairs[0].a, pairs[0].b], ['essay2', 'copycat']);
  assert.ok(pairs[0].similarity > 0.3);
});

test('saved indexes round-trip and every damaged file is a clear error', () => {
  const checker = sampleChecker();
  const bytes = checker.exportIndex();
  assert.ok(bytes instanceof Uint8Array);
  const loaded = Checker.importIndex(bytes);
  const paper = words(brown[7], 10, 120);
  assert.deepEqual(loaded.check(paper), checker.check(paper));
  assert.deepEqual(Checker.importIndex(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)).references(), checker.references());

  const damaged = {
    truncated: bytes.slice(0, bytes.length - 10),
    empty: new Uint8Array(0),
    foreign: new TextEncoder().encode('%PDF-1.7\nnot an index at all, just some bytes'),
    corrupted: (() => { const b = bytes.slice(); b[b.length >> 1] ^= 0xff; return b; })(),
    newer: (() => { const b = bytes.slice(); b[16] = 99; return b; })(),
  };
  const expected = { truncated: /truncated/, empty: /not a plagscope index/, foreign: /not a plagscope index/, corrupted: /checksum/, newer: /newer plagscope/ };
  for (const [kind, file] of Object.entries(damaged)) {
    assert.throws(() => Checker.importIndex(file), (e) => e instanceof Error && /^cannot read the index file: /.test(e.message) && expected[kind].test(e.message), kind);
  }
  assert.throws(() => Checker.importIndex('not bytes'), /expected a Uint8Array or ArrayBuffer, got a string/);
  // The original is unharmed.
  assert.equal(checker.check(paper).sources[0].id, 'doc7');
});

test('bad input is a clear error and never breaks the engine', () => {
  const checker = new Checker();
  assert.throws(() => checker.addReference({ id: 'x' }), /invalid `reference`: missing field `text`/);
  assert.throws(() => checker.addReference('text'), /expected an object/);
  assert.throws(() => checker.addReference({ id: 'x', text: 'y', titel: 'z' }), /unknown option `titel`/);
  checker.addReference({ id: 'x', text: 'some text here' });
  assert.throws(() => checker.addReference({ id: 'x', text: 'again' }), /already exists/);
  assert.throws(() => checker.check(42), /invalid `paper`: expected a string or \{ text, meta \}, got a number/);
  assert.throws(() => checker.check({ txt: 'x' }), /invalid `paper`: unknown option `txt`|missing field `text`/);
  assert.throws(() => checker.check('x', { align: { minWord: 3 } }), /invalid `options.align`: unknown option `minWord`/);
  assert.throws(() => checker.check('x', { scores: { combinedTextWeight: 0.2 } }), /invalid `scores.combinedTextWeight`: must be in \[0.8, 0.9\]/);
  assert.throws(() => new Checker({ shingleWords: 1 }), /invalid `shingleWords`: must be in 2..=16, got 1/);
  assert.throws(() => new Checker({ k: 5 }), /invalid `options`: unknown option `k`/);
  const garbage = String.fromCharCode(...Array.from({ length: 20000 }, (_, i) => (i * 7919) % 65536));
  assert.equal(typeof checker.check(garbage).similarity, 'number');
  assert.equal(checker.check('').similarity, 0);
  assert.equal(checker.check('some text here and more').sources.length, 0);
});

test('stateless functions: shingles, winnow, minhash, simhash, analyze', () => {
  const text = 'The quick brown fox jumps over the lazy dog again and again';
  const grams = shingles(text, { size: 3 });
  assert.equal(grams.length, 10);
  assert.match(grams[0].hash, /^[0-9a-f]{16}$/);
  assert.equal(text.slice(grams[0].start, grams[0].end), 'The quick brown');
  assert.equal(shingles('我们研究蛋白质', { kind: 'char', size: 4 })[0].end, 4);
  const fingerprints = winnow(brown[0], { shingleWords: 5, guaranteeWords: 12 });
  const all = shingles(brown[0]);
  const density = fingerprints.length / all.length;
  assert.ok(Math.abs(density - 2 / 9) < 0.03, String(density));
  const a = minhash(words(brown[0], 0, 500));
  const b = minhash(words(brown[0], 100, 500));
  assert.ok(a instanceof Uint32Array && a.length === 128);
  const same = a.filter((v, i) => v === b[i]).length / 128;
  assert.ok(same > 0.5 && same < 0.85, String(same)); // exact Jaccard is 400/600
  assert.equal(minhash('x y z', { numPerm: 16, scheme: 'classic', shingleWords: 1 }).length, 16);
  assert.match(simhash(brown[0]), /^[0-9a-f]{16}$/);
  const { tokens, evasion } = analyze('p\u0430per\u200B here');
  assert.deepEqual(tokens.map((t) => t.text), ['paper', 'here']);
  assert.equal(evasion.replacedLetters.Cyrillic, 1);
  assert.throws(() => shingles('x', { size: 0 }), /invalid `size`/);
});

test('shingleHashes are the shingles\' hashes as numbers, and minhash of them is the text\'s minhash', () => {
  const text = `${words(brown[3], 0, 400)} 天下大势，分久必合，合久必分。`;
  for (const options of [{}, { size: 3 }, { kind: 'char' }, { kind: 'char', size: 2 }]) {
    const hashes = shingleHashes(text, options);
    assert.ok(hashes instanceof BigUint64Array);
    assert.deepEqual([...hashes], shingles(text, options).map((s) => BigInt(`0x${s.hash}`)));
  }
  const hashes = shingleHashes(text, { size: 4 });
  for (const scheme of ['onePermutation', 'classic']) {
    const expected = minhash(text, { shingleWords: 4, numPerm: 64, scheme });
    assert.deepEqual(minhash(hashes, { numPerm: 64, scheme }), expected);
    // A set: order and repeats do not change it.
    const shuffled = BigUint64Array.from([...hashes].reverse().concat([...hashes].slice(0, 50)));
    assert.deepEqual(minhash(shuffled, { numPerm: 64, scheme }), expected);
  }
  assert.equal(shingleHashes('').length, 0);
  assert.deepEqual(minhash(new BigUint64Array(0)), minhash('')); // the empty set's signature
  assert.throws(() => minhash([1n, 2n]), /invalid `input`: expected a string or a BigUint64Array/);
  assert.throws(() => minhash(new Uint32Array(4)), /invalid `input`/);
  assert.throws(() => minhash(hashes, { numPerm: 0 }), /invalid `numPerm`/);
  assert.throws(() => shingleHashes(42), /invalid `text`: expected a string/);
});

test('a Checker tells its options, every field filled in, and a saved index keeps them', () => {
  const checker = new Checker({ shingleWords: 4, text: { ignoreCase: false } });
  const expected = {
    shingleWords: 4,
    guaranteeWords: 12,
    numPerm: 128,
    minhashScheme: 'onePermutation',
    text: { ignoreCase: false, ignorePunctuation: true, ignoreNumbers: false, removeStopwords: false, maxWordChars: null },
  };
  assert.deepEqual(checker.options, expected);
  assert.deepEqual(Checker.importIndex(checker.exportIndex()).options, expected);
  assert.equal(new Checker().options.text.ignoreCase, true);
});

test('all pairs reports its progress through both stages, and a throwing callback stops it', () => {
  const checker = sampleChecker();
  const seen = [];
  const pairs = checker.pairs({}, (done, total, stage) => seen.push({ done, total, stage }));
  assert.deepEqual(pairs, checker.pairs());
  for (const stage of ['reading', 'comparing']) {
    const steps = seen.filter((s) => s.stage === stage);
    assert.ok(steps.length > 0, stage);
    assert.equal(steps.at(-1).done, steps.at(-1).total, `${stage} ends at its total`);
  }
  assert.equal(seen[0].stage, 'reading');
  assert.throws(() => checker.pairs({}, () => { throw new Error('cancel'); }), /onProgress.*stops/);
  assert.throws(() => checker.pairs({}, 'not a function'), /invalid `onProgress`: expected a function/);
  assert.equal(checker.size, 30); // still usable
});

test('a check reports its progress: preparing the paper, the candidate references, the sources; a throwing callback stops it', () => {
  const checker = sampleChecker();
  const paper = `${words(brown[3], 0, 300)} ${words(brown[7], 100, 300)}`;
  const seen = [];
  const report = checker.check(paper, {}, (done, total, stage) => seen.push({ done, total, stage }));
  assert.deepEqual(report, checker.check(paper));
  const stages = seen.map((s) => s.stage).filter((stage, i, all) => stage !== all[i - 1]);
  assert.deepEqual(stages, ['preparing', 'aligning', 'reporting'], 'each stage once, in order');
  for (const stage of stages) {
    const steps = seen.filter((s) => s.stage === stage);
    assert.equal(steps[0].done, 0, `${stage} starts at 0`);
    assert.equal(steps.at(-1).done, steps.at(-1).total, `${stage} ends at its total`);
  }
  // Preparing is told in hundredths of its 7 steps: every step's start, never going back.
  const preparing = seen.filter((s) => s.stage === 'preparing');
  assert.ok(preparing.every((s) => s.total === 700), 'hundredths of 7 steps');
  for (const step of [0, 100, 200, 300, 400, 500, 600, 700]) assert.ok(preparing.some((s) => s.done === step), `step ${step / 100}`);
  assert.ok(preparing.every((s, i) => i === 0 || s.done >= preparing[i - 1].done), 'never goes back');
  assert.ok(seen.find((s) => s.stage === 'aligning').total >= 2, 'both copied references are candidates');
  assert.equal(seen.at(-1).total, 2, 'two sources are written up');
  assert.throws(() => checker.check(paper, {}, () => { throw new Error('cancel'); }), /onProgress.*stops/);
  assert.equal(checker.check(paper).sources.length, report.sources.length); // still usable
});

test('candidates join the set for one check, are returned when reported, and leave it as it was', () => {
  const checker = sampleChecker();
  const before = checker.exportIndex();
  const copied = words(brown[33], 100, 150);
  const paper = `${words(brown[35], 0, 200)} ${copied} ${words(brown[36], 0, 200)}`;
  const candidates = [
    { id: 'archive-33', title: 'Archive 33', text: brown[33] },
    { id: 'archive-34', text: brown[34] },
    { id: 'doc12', text: 'the set holds doc12: its own reference stays' },
  ];
  const { report, sources } = checker.checkWithCandidates(paper, candidates);
  assert.deepEqual(report.sources.map((s) => s.id), ['archive-33']);
  assert.deepEqual(sources, [{ id: 'archive-33', title: 'Archive 33', text: brown[33], meta: sources[0].meta, base: false }]);
  assert.equal(paper.slice(report.sources[0].passages[0].start, report.sources[0].passages[0].end).length > 0, true);
  assert.deepEqual(checker.exportIndex(), before, 'the set is as it was');
  assert.equal(checker.getReference('doc12').text, brown[12]);
  // Bad candidates are clear errors, and the set is still as it was.
  assert.throws(() => checker.checkWithCandidates(paper, 'no'), { code: 'PLAGSCOPE_INVALID_INPUT', path: 'candidates' });
  assert.throws(() => checker.checkWithCandidates(paper, [{ id: 'x' }]), { code: 'PLAGSCOPE_INVALID_INPUT', message: /candidates.*text/ });
  assert.throws(() => checker.checkWithCandidates(paper, [{ id: '', text: 'a' }]), { code: 'PLAGSCOPE_INVALID_INPUT' });
  assert.throws(() => checker.checkWithCandidates(paper, candidates, {}, () => { throw new Error('stop'); }), /stop/);
  assert.deepEqual(checker.exportIndex(), before);
  assert.equal(checker.check(paper).sources.length, 0);
  checker.free();
});
