// The sentence model in Node: the translated engine's encoder held to the reference implementation's
// vectors (the same file as model/tests/reference.rs: target/model/reference.json, from
// `node scripts/model.mjs --reference`), its Checker finding a translated copy, and its errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { createHash } from 'node:crypto';
import { Checker, loadSentenceModel } from '../../js/node.js';
import { NORIAS_EN, NORIAS_RU, NORIAS_ZH } from '../translation.mjs';

const folder = new URL('../../target/model/', import.meta.url).pathname;
const model = await loadSentenceModel(folder);

// The tolerance is model/tests/reference.rs's: the port's dense layers multiply 12-bit integers.
test('the wasm model gives the reference vectors within a cosine of 0.9999', () => {
  const reference = JSON.parse(readFileSync(join(folder, 'reference.json'), 'utf8'));
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
    assert.ok(dot > 0.9999, `${JSON.stringify(reference.sentences[i])}: cosine ${dot}`);
  });
  assert.ok(worst < 4e-3, `a value is off by ${worst}`);
  assert.ok(model.about().licence.startsWith('Apache-2.0'));
  assert.equal(model.manifest.lexicon.licence, 'CC BY-SA 4.0');
});

const SOURCE = NORIAS_EN;
const TRANSLATION = NORIAS_ZH;

test("the model's Checker finds a translated copy; the plain one refuses the option", () => {
  const checker = new model.Checker();
  assert.equal(checker.size, 0);
  checker.addReference({ id: 'norias', text: SOURCE });
  const report = checker.check(TRANSLATION, { align: { translated: true } });
  assert.deepEqual(report.sources.map((s) => s.id), ['norias']);
  const [passage] = report.sources[0].passages;
  assert.equal(passage.evidence, 'translated');
  assert.ok(passage.sentencePairs.length >= 4, JSON.stringify(passage));
  assert.equal(checker.check(TRANSLATION).sources.length, 0, 'off unless asked');
  const plain = new Checker();
  plain.addReference({ id: 'norias', text: SOURCE });
  assert.throws(() => plain.check(TRANSLATION, { align: { translated: true } }), { code: 'PLAGSCOPE_INVALID_OPTION', path: 'align.translated' });
  // A library moves over through its saved index.
  const moved = model.Checker.importIndex(plain.exportIndex());
  assert.equal(moved.check(TRANSLATION, { align: { translated: true } }).sources[0].id, 'norias');
});

test('with the part of its script, a Russian translation is found by meaning', async () => {
  const withCyrillic = await loadSentenceModel(folder, { scripts: ['cyrillic'] });
  assert.equal(withCyrillic.about().parts, 'cyrillic');
  const checker = new withCyrillic.Checker();
  checker.addReference({ id: 'norias', text: NORIAS_EN });
  const options = { align: { translated: true, meaningSearch: true } };
  const report = checker.check(NORIAS_RU, options);
  assert.deepEqual(report.sources.map((s) => s.id), ['norias']);
  assert.deepEqual(report.sources[0].passages[0].languages, { paper: 'ru', source: 'en' });
  // Without the part, Cyrillic pieces are unknown to the model: nothing to find.
  const plain = new model.Checker();
  plain.addReference({ id: 'norias', text: NORIAS_EN });
  assert.equal(plain.check(NORIAS_RU, options).sources.length, 0);
  await assert.rejects(loadSentenceModel(folder, { scripts: ['klingon'] }), (error) => {
    assert.equal(error.code, 'PLAGSCOPE_INVALID_MODEL');
    assert.match(error.message, /klingon.*cyrillic/);
    return true;
  });
});

test('a model gains a part: the checkers made after it read its script', async () => {
  const { modelParts } = await import('../../js/model.js');
  const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'));
  const grown = await loadSentenceModel(folder);
  assert.deepEqual(grown.scripts, []);
  const before = new grown.Checker();
  before.addReference({ id: 'norias', text: NORIAS_EN });
  const options = { align: { translated: true, meaningSearch: true } };
  assert.equal(before.check(NORIAS_RU, options).sources.length, 0);
  const [entry] = modelParts(manifest, ['cyrillic']);
  // A damaged part is refused and leaves the model as it was.
  await assert.rejects(grown.addParts([{ entry, bytes: new Uint8Array([0x1f, 0x8b, 1, 2]) }]), { code: 'PLAGSCOPE_INVALID_MODEL' });
  assert.deepEqual(grown.scripts, []);
  await grown.addParts([{ entry, bytes: readFileSync(join(folder, entry.file)) }]);
  assert.deepEqual(grown.scripts, ['cyrillic']);
  assert.equal(grown.about().parts, 'cyrillic');
  // A part already there is not added twice.
  await grown.addParts([{ entry, bytes: readFileSync(join(folder, entry.file)) }]);
  assert.deepEqual(grown.scripts, ['cyrillic']);
  const moved = grown.Checker.importIndex(before.exportIndex());
  assert.deepEqual(moved.check(NORIAS_RU, options).sources.map((s) => s.id), ['norias']);
  before.free();
  moved.free();
});

test('the sentences are encoded once, saved with the index, and kept by a plain engine', async () => {
  const withCyrillic = await loadSentenceModel(folder, { scripts: ['cyrillic'] });
  const checker = new withCyrillic.Checker();
  checker.addReference({ id: 'norias', text: NORIAS_EN });
  checker.addReference({ id: 'norias-ru', text: NORIAS_RU });
  const told = [];
  assert.equal(checker.encodeSentences((done, total, stage) => told.push([done, total, stage])), 2);
  assert.deepEqual(told.at(-1), [2, 2, 'encoding']);
  assert.equal(checker.encodeSentences(), 0);
  // Through the engine without the model (the page's, before the model loads) and back.
  const plain = Checker.importIndex(checker.exportIndex());
  const back = withCyrillic.Checker.importIndex(plain.exportIndex());
  assert.equal(back.encodeSentences(), 0);
  const options = { align: { translated: true, meaningSearch: true } };
  assert.deepEqual(back.check(NORIAS_RU, options), checker.check(NORIAS_RU, options));
  // Without the Cyrillic part, the model reads the Russian reference otherwise and encodes it
  // again; the English one it reads as before.
  const other = model.Checker.importIndex(plain.exportIndex());
  assert.throws(() => other.encodeSentences('not a function'), { code: 'PLAGSCOPE_INVALID_OPTION' });
  // A progress callback that throws stops the work, and the checker keeps working.
  assert.throws(
    () => other.encodeSentences(() => {
      throw new Error('stop');
    }),
    { code: 'PLAGSCOPE_STOPPED' },
  );
  assert.equal(other.encodeSentences(), 1);
  for (const c of [checker, plain, back, other]) c.free();
});

test('bad files and bad input are clear errors, and the model keeps working', async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'plagscope-model-'));
  const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'));
  copyFileSync(join(folder, manifest.lexicon.file), join(tmp, manifest.lexicon.file));
  writeFileSync(join(tmp, manifest.encoder.file), 'not gzip at all');
  // Without digests, nothing is loaded (issue 43, item 19: the check was skipped without a word).
  writeFileSync(join(tmp, 'manifest.json'), JSON.stringify({ ...manifest, encoder: { file: manifest.encoder.file } }));
  await assert.rejects(loadSentenceModel(tmp), { code: 'PLAGSCOPE_INVALID_MODEL', message: /gives no inflated\.sha256 \(64 hex digits\) for use-m3/ });
  copyFileSync(join(folder, manifest.encoder.file), join(tmp, 'gzipped.gz'));
  writeFileSync(join(tmp, 'manifest.json'), JSON.stringify({ ...manifest, encoder: { ...manifest.encoder, file: 'gzipped.gz', sha256: 'not a digest' } }));
  await assert.rejects(loadSentenceModel(tmp), { code: 'PLAGSCOPE_INVALID_MODEL', message: /gives no sha256 \(64 hex digits\) for gzipped\.gz/ });
  // Bytes that match their digest but are no model file are refused by the engine.
  const digest = createHash('sha256').update('not gzip at all').digest('hex');
  writeFileSync(join(tmp, 'manifest.json'), JSON.stringify({ ...manifest, encoder: { file: manifest.encoder.file, inflated: { sha256: digest } } }));
  await assert.rejects(loadSentenceModel(tmp), { code: 'PLAGSCOPE_INVALID_MODEL', message: /not a model file/ });
  // A manifest that is not JSON is named, with a code.
  writeFileSync(join(tmp, 'manifest.json'), '{"encoder": ');
  await assert.rejects(loadSentenceModel(tmp), { code: 'PLAGSCOPE_INVALID_MODEL', message: /manifest\.json is not JSON/ });
  // The inflated form is held to its own digest.
  writeFileSync(join(tmp, 'manifest.json'), JSON.stringify(manifest));
  await assert.rejects(loadSentenceModel(tmp), { code: 'PLAGSCOPE_INVALID_MODEL', message: new RegExp(manifest.encoder.inflated.sha256) });
  copyFileSync(join(folder, manifest.encoder.file), join(tmp, manifest.encoder.file));
  const truncated = readFileSync(join(tmp, manifest.encoder.file)).subarray(0, 1000);
  writeFileSync(join(tmp, manifest.encoder.file), truncated);
  writeFileSync(join(tmp, 'manifest.json'), JSON.stringify(manifest));
  await assert.rejects(loadSentenceModel(tmp), { code: 'PLAGSCOPE_INVALID_MODEL', message: /sha256/ });
  await assert.rejects(loadSentenceModel(join(tmp, 'missing')), { code: 'PLAGSCOPE_INVALID_MODEL', message: /no sentence model in .*missing.*ENOENT/ });
  assert.throws(() => model.encode('one string'), { code: 'PLAGSCOPE_INVALID_INPUT' });
  assert.throws(() => model.encode(['fine', 42]), { code: 'PLAGSCOPE_INVALID_INPUT', message: /sentences\[1\]/ });
  assert.equal(model.encode(['still works']).length, 512);
});

test('download progress counts the quoted size whether the host sends the files gzipped or inflated', async () => {
  // Issue 43, item 7: the button quoted 25.5 MB and the progress ended at "57.3 of 57.3 MB" from a
  // host that sends .gz files with Content-Encoding: gzip (the browser inflates them).
  const { createServer } = await import('node:http');
  const { fetchModelFiles, modelBytes } = await import('../../js/model.js');
  const folder = new URL('../../pkg/model/', import.meta.url);
  const manifest = JSON.parse(readFileSync(new URL('manifest.json', folder), 'utf8'));
  for (const encoded of [false, true]) {
    const server = createServer((req, res) => {
      const body = readFileSync(new URL(req.url.slice(1), folder));
      const gz = req.url.endsWith('.gz');
      res.writeHead(200, { 'content-type': gz ? 'application/gzip' : 'application/json', ...(gz && encoded ? { 'content-encoding': 'gzip' } : {}) });
      res.end(body);
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const progress = [];
      const url = `http://127.0.0.1:${server.address().port}/manifest.json`;
      const files = await fetchModelFiles(url, { onProgress: (p) => progress.push(p) });
      const total = modelBytes(manifest);
      assert.ok(progress.length > 10, `${progress.length} progress calls`);
      assert.ok(progress.every((p) => p.total === total), 'one total, the quoted size');
      const loaded = progress.map((p) => p.loaded);
      assert.deepEqual(loaded, [...loaded].sort((a, b) => a - b), 'forward only');
      assert.equal(loaded.at(-1), total, `ends at the quoted size (${encoded ? 'inflated' : 'gzipped'} by the host)`);
      // The bytes are the form the host sent: inflated when it said Content-Encoding.
      assert.equal(files.encoder.length, encoded ? manifest.encoder.inflated.bytes : manifest.encoder.bytes);
    } finally {
      server.close();
    }
  }
});
