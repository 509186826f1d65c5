// The sentence model's wasm module in Node, held to the reference implementation's vectors (the same
// file as model/tests/reference.rs: target/model/reference.json, from `node scripts/model.mjs
// --reference`), and its errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { loadSentenceModel } from '../../js/node.js';

const dir = new URL('../../target/model/', import.meta.url);
const modelPath = new URL('use-m3.safetensors.gz', dir).pathname;
const model = await loadSentenceModel(modelPath);

test('the wasm model gives the reference vectors within 1e-5', () => {
  const reference = JSON.parse(readFileSync(new URL('reference.json', dir), 'utf8'));
  const vectors = model.encode(reference.sentences);
  assert.equal(vectors.length, reference.sentences.length * model.dimensions);
  let worst = 0;
  reference.vectors.forEach((expected, i) => {
    let dot = 0;
    for (let j = 0; j < expected.length; j += 1) {
      const actual = vectors[i * 512 + j];
      worst = Math.max(worst, Math.abs(actual - expected[j]));
      dot += actual * expected[j];
    }
    assert.ok(dot > 1 - 1e-5, `${JSON.stringify(reference.sentences[i])}: cosine ${dot}`);
  });
  assert.ok(worst < 1e-5, `a value is off by ${worst}`);
});

test('a translation lands nearer its sentence than another sentence does', () => {
  const [zh, en, other] = [0, 1, 2].map((i) => model.encode([['我们明天去图书馆学习。', 'We will go to the library to study tomorrow.', 'The stock market fell sharply on Monday.'][i]]));
  const cosine = (a, b) => a.reduce((sum, x, i) => sum + x * b[i], 0);
  assert.ok(cosine(zh, en) > cosine(zh, other) + 0.2, `${cosine(zh, en)} vs ${cosine(zh, other)}`);
  assert.equal(model.about().licence.startsWith('Apache-2.0'), true);
});

test('bad files and bad input are clear errors, and the model keeps working', async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'plagscope-model-'));
  const bad = join(tmp, 'bad.safetensors.gz');
  writeFileSync(bad, 'not gzip at all');
  await assert.rejects(loadSentenceModel(bad), { code: 'PLAGSCOPE_INVALID_MODEL', message: /not a gzipped model file/ });
  // A copy beside a manifest of another digest: refused before it is inflated.
  const copy = join(tmp, 'use-m3.safetensors.gz');
  copyFileSync(modelPath, copy);
  writeFileSync(join(tmp, 'use-m3.json'), JSON.stringify({ sha256: '0'.repeat(64) }));
  await assert.rejects(loadSentenceModel(copy), { code: 'PLAGSCOPE_INVALID_MODEL', message: /sha256/ });
  await assert.rejects(loadSentenceModel(join(tmp, 'missing.gz')), { code: 'ENOENT' });
  assert.throws(() => model.encode('one string'), { code: 'PLAGSCOPE_INVALID_INPUT' });
  assert.throws(() => model.encode(['fine', 42]), { code: 'PLAGSCOPE_INVALID_INPUT', message: /sentences\[1\]/ });
  assert.equal(model.encode(['still works']).length, 512);
});
