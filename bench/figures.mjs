// The figures of issue 44 through the npm package in Node, beside the npm `minhash` package as a
// yardstick in the same process: the whole pipeline (`minhash(text)`) over 25 MB of English
// prose, a 5,000-word paper checked against 1,000 references of 2,000 words (median and p95, with
// default options and with `align.rewritten` off), the saved index and the memory per reference
// word, the Japanese case (a help page against the 100 largest other pages, target/corpus/bench-ja,
// when `node scripts/corpus.mjs --bench` could fetch it) and the engine's gzipped size. Writes the
// workloads to target/bench/figures/ and figures-ja/ so that native profiling
// (examples/check-profile.rs) runs on the same text.
// Run: `node --expose-gc bench/figures.mjs` (part of `npm run bench`); `--check-only` skips the
// pipeline. What it prints is kept in bench/results/figures.json (FIGURES.md) after a whole run.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { execFileSync } from 'node:child_process';
import { Checker, minhash } from '../js/node.js';
import { initSync } from '../pkg/plagscope.js';
import { invocation, recorder, saveResults } from './results.mjs';

const root = new URL('../', import.meta.url);
const REFERENCES = 1000;
const REFERENCE_WORDS = 2000;
const PIPELINE_BYTES = 25e6;
const CHECKS = 30;
// The engine js/node.js loaded (initSync hands back the instance it has): its memory is measured.
const engine = initSync({ module: new Uint8Array() });
const { Minhash } = createRequire(new URL('bench/package.json', root))('minhash');

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.ceil(p * values.length) - 1];
const words = (text) => text.split(/\s+/).filter(Boolean);

/** The English prose of the test corpus (Brown and Factbook, then news), one text a document, in name order. */
function englishDocuments() {
  const folder = (name) => new URL(`target/corpus/${name}/`, root);
  return ['en', 'bench-en'].flatMap((name) =>
    readdirSync(folder(name))
      .filter((file) => file.endsWith('.txt'))
      .sort()
      .map((file) => ({ name: `${name}/${file}`, text: readFileSync(new URL(file, folder(name)), 'utf8') })),
  );
}

/**
 * The check's workload: five Brown documents held out for the paper, the rest cut into
 * 2,000-word references; the paper is 800 words of each held-out document followed by 200 words
 * copied from a reference (5,000 words, 1,000 of them copied).
 */
function checkWorkload(documents) {
  const heldOut = documents.filter(({ name }) => /^en\/brown-c[a-e]0[1-5]\b/.test(name)).slice(0, 5);
  const rest = words(documents.filter((doc) => !heldOut.includes(doc)).map(({ text }) => text).join(' '));
  const references = Array.from({ length: REFERENCES }, (_, i) => rest.slice(i * REFERENCE_WORDS, (i + 1) * REFERENCE_WORDS).join(' '));
  if (heldOut.length < 5 || references.at(-1).length === 0) throw new Error('target/corpus is incomplete: run `node scripts/corpus.mjs --bench`');
  const paper = heldOut
    .map(({ text }, i) => `${words(text).slice(0, 800).join(' ')}\n\n${words(references[137 + i * 173]).slice(600, 800).join(' ')}`)
    .join('\n\n');
  return { references, paper };
}

/** `minhash(text)` per document over PIPELINE_BYTES of the documents (cycled), MB/s; npm minhash on the first MB. */
function pipeline(documents) {
  const texts = [];
  for (let bytes = 0, i = 0; bytes < PIPELINE_BYTES; i++) {
    texts.push(documents[i % documents.length].text);
    bytes += Buffer.byteLength(texts.at(-1));
  }
  const total = texts.reduce((n, text) => n + Buffer.byteLength(text), 0);
  texts.slice(0, 200).forEach((text) => minhash(text)); // warm-up
  const runs = [];
  for (let run = 0; run < 3; run++) {
    const start = performance.now();
    texts.forEach((text) => minhash(text));
    runs.push(total / 1e6 / ((performance.now() - start) / 1000));
  }
  const sample = [];
  for (let bytes = 0, i = 0; bytes < 1e6; i++) sample.push(texts[i]), (bytes += Buffer.byteLength(texts[i]));
  const sampleBytes = sample.reduce((n, text) => n + Buffer.byteLength(text), 0);
  const start = performance.now();
  sample.forEach(npmMinhash);
  const npm = sampleBytes / 1e6 / ((performance.now() - start) / 1000);
  return { megabytes: total / 1e6, runs, npm };
}

/** npm `minhash` as its README shows: word 5-shingles, 128 permutations, `update` per shingle. */
function npmMinhash(text) {
  const tokens = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const sketch = new Minhash({ numPerm: 128 });
  for (let i = 0; i + 5 <= tokens.length; i++) sketch.update(tokens.slice(i, i + 5).join(' '));
  return sketch;
}

/** Index the references, then time CHECKS checks of the paper after one untimed one, per option set. */
function check({ references, paper }) {
  globalThis.gc?.();
  // The process's memory for the index: the engine's linear memory (which holds all of it) and
  // what the JS side keeps, its heap and the ArrayBuffers outside it (js/guard.js keeps the saved
  // index there, to restart a trapped engine with the library; wasm memory is in neither).
  // Resident size is no measure here: V8 hands freed pages back late.
  const jsBytes = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const heapBefore = jsBytes();
  const wasmBefore = engine.memory.buffer.byteLength;
  let start = performance.now();
  const checker = new Checker();
  references.forEach((text, i) => checker.addReference({ id: `r${i}`, text }));
  const indexSeconds = (performance.now() - start) / 1000;
  globalThis.gc?.();
  const heapGrowth = jsBytes() - heapBefore;
  const wasmGrowth = engine.memory.buffer.byteLength - wasmBefore;
  const saved = checker.exportIndex().length;
  const timed = (options) => {
    const report = checker.check(paper, options);
    const times = [];
    for (let run = 0; run < CHECKS; run++) {
      start = performance.now();
      checker.check(paper, options);
      times.push(performance.now() - start);
    }
    return { median: median(times), p95: percentile(times, 0.95), sources: report.sources.length, similarity: report.similarity };
  };
  return { indexSeconds, heapGrowth, wasmGrowth, saved, defaults: timed(undefined), noRewritten: timed({ align: { rewritten: false } }) };
}

/** The Japanese case: the help page against the 100 largest other pages, CHECKS checks after an untimed one. */
function japanese() {
  const folder = new URL('target/corpus/bench-ja/', root);
  if (!existsSync(folder)) return null;
  const read = (file) => readFileSync(new URL(file, folder), 'utf8');
  const files = readdirSync(folder).filter((file) => file.startsWith('ref-')).sort();
  const checker = new Checker();
  files.forEach((file) => checker.addReference({ id: file, text: read(file) }));
  const paper = read('paper.txt');
  // For `cargo run --release --example check-profile -- 30 default ja`.
  const profiled = new URL('target/bench/figures-ja/', root);
  mkdirSync(profiled, { recursive: true });
  writeFileSync(new URL('references.txt', profiled), files.map(read).join('\n\u001e\n'));
  writeFileSync(new URL('paper.txt', profiled), paper);
  const report = checker.check(paper);
  const times = [];
  for (let run = 0; run < CHECKS; run++) {
    const start = performance.now();
    checker.check(paper);
    times.push(performance.now() - start);
  }
  checker.free();
  const characters = (text) => [...text].length;
  return {
    paper: characters(paper), references: files.length, bytes: files.reduce((n, file) => n + Buffer.byteLength(read(file)), 0),
    median: median(times), p95: percentile(times, 0.95), sources: report.sources.length,
  };
}

const documents = englishDocuments();
const workload = checkWorkload(documents);
const out = new URL('target/bench/figures/', root);
mkdirSync(out, { recursive: true });
writeFileSync(new URL('references.txt', out), workload.references.join('\n\u001e\n'));
writeFileSync(new URL('paper.txt', out), workload.paper);

const referenceWords = workload.references.reduce((n, text) => n + words(text).length, 0);
// GNU gzip, as size-budget.json measures (node:zlib's level 9 is about 2% larger).
const gzipped = execFileSync('gzip', ['-9', '-c', new URL('pkg/plagscope_bg.wasm', root).pathname], { maxBuffer: 1 << 30 }).length;
const fixed = (value, digits = 1) => value.toFixed(digits);
const printed = recorder();
printed.say(`issue 44 figures, wasm in Node ${process.version}, at ${new Date().toISOString()}`);
if (!process.argv.includes('--check-only')) {
  const { megabytes, runs, npm } = pipeline(documents);
  printed.say(`  minhash(text), ${fixed(megabytes)} MB of English prose  ${runs.map((r) => fixed(r)).join(' / ')} MB/s (${fixed(median(runs) / npm, 0)}x npm minhash at ${fixed(npm, 2)} MB/s)`);
}
const result = check(workload);
const paperWords = words(workload.paper).length;
printed.say(`  ${REFERENCES} references, ${referenceWords} words: indexed in ${fixed(result.indexSeconds, 2)} s`);
for (const [label, figures] of [['default options', result.defaults], ['align.rewritten off', result.noRewritten]]) {
  printed.say(`  check of a ${paperWords}-word paper, ${label}: median ${fixed(figures.median)} ms, p95 ${fixed(figures.p95)} ms (${figures.sources} sources, ${fixed(figures.similarity * 100)}%)`);
}
printed.say(`  saved index ${fixed(result.saved / referenceWords, 2)} B per reference word; memory grew ${fixed(result.wasmGrowth / referenceWords)} B (wasm) + ${fixed(result.heapGrowth / referenceWords, 2)} B (JS heap and ArrayBuffers) per reference word`);
const ja = japanese();
if (ja) {
  printed.say(`  Japanese: a ${ja.paper}-character help page against ${ja.references} pages (${fixed(ja.bytes / 1e6, 2)} MB): median ${fixed(ja.median)} ms, p95 ${fixed(ja.p95)} ms (${ja.sources} sources)`);
} else {
  printed.say('  Japanese: target/corpus/bench-ja is missing (`node scripts/corpus.mjs --bench` fetches it with apt-get)');
}
printed.say(`  engine pkg/plagscope_bg.wasm, gzip -9: ${gzipped} bytes`);
if (!process.argv.includes('--check-only')) {
  saveResults('figures', { title: 'The npm package in Node: pipeline, check, index, Japanese, engine size', command: invocation(), output: printed.output });
}
