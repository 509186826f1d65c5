// Tests of the built npm package through its public entry, imported by name as a user would
// (Node resolves `plagscope` to this package via its `exports` map).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { analyze, sharedNgrams, version } from 'plagscope';

const sliceAll = (text, spans) => spans.map(({ start, end }) => text.slice(start, end));

test('imports with no init step and reports the package version', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url)));
  assert.equal(version(), pkg.version);
});

test('offsets slice back exactly around emoji, accented Latin and Chinese', () => {
  const shared = 'Les élèves 😀 ont copié 中文 passages 👩‍👩‍👧 verbatim';
  const a = `🎉🎉 Première partie. ${shared}. Fin 🚀`;
  const b = `Ça — ${shared}, and more!`;
  const result = sharedNgrams(a, b, 3);
  assert.deepEqual(sliceAll(a, result.a), [shared]);
  assert.deepEqual(sliceAll(b, result.b), [shared]);
});

test('each Chinese character is a word', () => {
  const a = '我们今天学习中文和英文。';
  const b = '他说我们今天学习中文。';
  const result = sharedNgrams(a, b, 4);
  assert.deepEqual(sliceAll(a, result.a), ['我们今天学习中文']);
  assert.deepEqual(sliceAll(b, result.b), ['我们今天学习中文']);
  assert.deepEqual([result.wordsA, result.sharedWordsA, result.wordsB, result.sharedWordsB], [11, 8, 10, 8]);
});

test('combining marks stay with their letter; lone surrogates do not shift offsets', () => {
  const decomposed = 'cafe\u0301 au lait tous les matins';
  const a = `\uD800 x ${decomposed}`;
  const b = `${decomposed} \uDC00`;
  const result = sharedNgrams(a, b, 3);
  assert.deepEqual(sliceAll(a, result.a), [decomposed]);
  assert.deepEqual(sliceAll(b, result.b), [decomposed]);
});

test('matching ignores case but highlights the original text', () => {
  const a = 'THE QUICK BROWN FOX';
  const b = 'the quick brown fox';
  assert.deepEqual(sliceAll(a, sharedNgrams(a, b, 4).a), ['THE QUICK BROWN FOX']);
});

test('n defaults to 5', () => {
  const text = 'one two three four five';
  assert.equal(sharedNgrams(text, text).n, 5);
  assert.equal(sharedNgrams(text, text).shared, 1);
});

test('bad input is a clear Error and the engine keeps working', () => {
  assert.throws(() => sharedNgrams(undefined, 'b'), /invalid `a`: expected a string, got undefined/);
  assert.throws(() => sharedNgrams('a', 42), /invalid `b`: expected a string, got a number/);
  for (const n of [0, -1, 65, 2.5, NaN, '3', {}]) {
    assert.throws(() => sharedNgrams('a b', 'a b', n), /invalid `n`: expected an integer in 1\.\.=64/, String(n));
  }
  assert.equal(sharedNgrams('a b c', 'a b c', 3).shared, 1);
});

test('binary garbage and empty strings give empty results, not errors', () => {
  const garbage = String.fromCharCode(...Array.from({ length: 4096 }, (_, i) => (i * 7919) % 65536));
  const empty = sharedNgrams('', '', 1);
  assert.deepEqual([empty.shared, empty.a, empty.b, empty.wordsA], [0, [], [], 0]);
  const result = sharedNgrams(garbage, garbage, 2);
  for (const { start, end } of result.a) {
    assert.ok(start < end && end <= garbage.length);
  }
});

test('a large input (5 MB) is handled', () => {
  const words = Array.from({ length: 800_000 }, (_, i) => `w${i % 5000}`).join(' ');
  const result = sharedNgrams(words, 'w10 w11 w12 w13 w14', 5);
  assert.ok(result.a.length > 0);
  assert.equal(words.slice(result.a[0].start, result.a[0].end), 'w10 w11 w12 w13 w14');
});

test('evasive copies match and the evasion is reported with spans', () => {
  const clean = 'The experimental results confirm our hypothesis about protein folding.';
  // Cyrillic а/е/о inside Latin words, a zero-width space and a soft hyphen inside words.
  const evasive = 'Th\u0435 exp\u0435rim\u200Bental results c\u043Enfirm our hyp\u043Eth\u00ADesis \u0430bout protein folding.';
  const result = sharedNgrams(clean, evasive, 5);
  assert.deepEqual(sliceAll(evasive, result.b), [evasive.slice(0, -1)]);
  assert.equal(result.evasionA.invisibleCharacters, 0);
  assert.deepEqual(result.evasionA.replacedLetters, {});
  const report = result.evasionB;
  assert.equal(report.invisibleCharacters, 2);
  assert.deepEqual(sliceAll(evasive, report.invisibleSpans), ['\u200B', '\u00AD']);
  assert.deepEqual(report.replacedLetters, { Cyrillic: 5 });
  assert.deepEqual(sliceAll(evasive, report.mixedScriptWords),
    ['Th\u0435', 'exp\u0435rim\u200Bental', 'c\u043Enfirm', 'hyp\u043Eth\u00ADesis', '\u0430bout']);
});

test('full-width text matches its ASCII twin', () => {
  const a = 'ＴＨＥ ＲＥＳＵＬＴＳ ＡＲＥ ＦＩＮＡＬ';
  const result = sharedNgrams(a, 'the results are final', 4);
  assert.deepEqual(sliceAll(a, result.a), [a]);
});

test('texts reach the engine whole: ASCII, any script, astral characters, lone surrogates, long texts', () => {
  const words = (text) => analyze(text).tokens.map(({ start, end }) => text.slice(start, end));
  assert.deepEqual(words(''), []);
  assert.deepEqual(words('plain ASCII words'), ['plain', 'ASCII', 'words']);
  assert.deepEqual(words('Élan 中文 𠀀 \uD800 π'), ['Élan', '中', '文', '𠀀', 'π']);
  // Over 4 Mi UTF-16 units the engine first makes room for ASCII only: a character beyond it at
  // the very end, and one at the start, still arrive (another way).
  const long = 'word '.repeat(900_000);
  assert.deepEqual(words(`${long}é`).slice(-2), ['word', 'é']);
  assert.deepEqual(words(`é ${long}`).slice(0, 2), ['é', 'word']);
  assert.equal(analyze(long).tokens.length, 900_000);
});

test('the package exports exactly the engine (every function of the bindings and Checker), the sentence model and checkArchive', async () => {
  const { engineFunctions } = await import('../../js/guard.js');
  const bindings = await import('../../pkg/plagscope.js');
  const engine = engineFunctions(bindings);
  assert.ok(engine.includes('analyze') && engine.includes('winnow') && !engine.includes('initSync'));
  const api = await import('plagscope');
  // The sentence model and the archive engine are loaded on demand, by each entry point its own
  // way (js/model.js, js/archive.js).
  const model = ['SentenceModel', 'loadSentenceModel', 'checkArchive'];
  assert.deepEqual(Object.keys(api).filter((name) => name !== 'Checker' && !model.includes(name)).sort(), engine);
  for (const name of model) assert.equal(typeof api[name], 'function', name);
  assert.equal(typeof api.Checker, 'function');
  // The TypeScript entry re-exports the same names.
  const types = readFileSync(new URL('../../js/index.d.ts', import.meta.url), 'utf8');
  const listed = types.match(/export \{([^}]*)\} from '\.\.\/pkg\/plagscope\.js'/)[1].split(',').map((s) => s.trim()).filter(Boolean);
  assert.deepEqual(listed.filter((name) => name !== 'Checker').sort(), engine);
});
