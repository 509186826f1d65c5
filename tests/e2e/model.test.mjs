// End-to-end: the sentence model in headless Chromium, from the app's own origin as the page will
// load it: loadSentenceModel (js/browser.js) fetches pkg/model/manifest.json and both files with
// progress, checks their sha256 (whichever form the server sends), instantiates the translated
// engine (pkg/translated/), and its Checker finds a Chinese translation of an English reference,
// with the same vectors as Node's for the same sentences. The page's own control for it is next.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useApp } from './harness.mjs';
import { NORIAS_EN, NORIAS_ZH } from '../translation.mjs';

const { openApp } = useApp();

const SOURCE = NORIAS_EN;
const TRANSLATION = NORIAS_ZH;

test('the model loads in Chromium with progress and finds a translated copy', async (t) => {
  const page = await openApp(t);
  const reference = JSON.parse(readFileSync(new URL('../../target/model/reference.json', import.meta.url), 'utf8'));
  const sentences = reference.sentences.slice(0, 20);
  const result = await page.evaluate(async ({ SOURCE, TRANSLATION, sentences }) => {
    const { loadSentenceModel } = await import('/js/browser.js');
    const progress = [];
    const model = await loadSentenceModel(undefined, { onProgress: (p) => progress.push(p) });
    const checker = new model.Checker();
    checker.addReference({ id: 'norias', text: SOURCE });
    const report = checker.check(TRANSLATION, { align: { translated: true } });
    const passage = report.sources[0]?.passages[0];
    return {
      progress,
      total: model.manifest.encoder.bytes + model.manifest.lexicon.bytes,
      ids: report.sources.map((s) => s.id),
      evidence: passage?.evidence,
      languages: passage?.languages,
      vectors: Array.from(model.encode(sentences)),
    };
  }, { SOURCE, TRANSLATION, sentences });
  assert.ok(result.progress.length > 10, `${result.progress.length} progress calls`);
  const loaded = result.progress.map((p) => p.loaded);
  assert.deepEqual(loaded, [...loaded].sort((a, b) => a - b), 'progress only moves forward');
  assert.ok(loaded.at(-1) >= result.total, `${loaded.at(-1)} of ${result.total} bytes`);
  assert.deepEqual(result.ids, ['norias']);
  assert.equal(result.evidence, 'translated');
  assert.deepEqual(result.languages, { paper: 'zh', source: 'en' });
  // The same vectors as the reference implementation's, in Chromium's wasm too.
  sentences.forEach((sentence, i) => {
    const expected = reference.vectors[i];
    const cosine = expected.reduce((sum, x, j) => sum + x * result.vectors[i * 512 + j], 0);
    assert.ok(cosine > 1 - 1e-5, `${JSON.stringify(sentence)}: cosine ${cosine}`);
  });
});
