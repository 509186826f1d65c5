// The bench page's measurements, driven step by step by bench/browser/run.mjs through
// `window.bench`: plagscope through its npm package's browser entry (js/browser.js, which loads
// pkg/), one call per document as a user would make them, next to the npm peers
// (peers-measure.mjs) on the same documents in the same page. Inputs come from target/bench/input/
// (bench/browser/input.mjs), served under /input/. Times are seconds, from performance.now().
import * as plagscope from '/js/browser.js';
import init from '/pkg/plagscope.js';
import { bloomFiltersMinhash, lshIndexTimes, npmMinhash, npmMinhashOfShingles, simhashJs } from './peers-measure.mjs';

// The package has initialized the engine already; init() hands back its exports (and its memory).
const engine = await init();
const SEPARATOR = '\u001e';
const inputs = new Map();
const encoder = new TextEncoder();
// Untimed warm-up before an operation's timed runs: the documents in order until this long has
// passed (or all of them). V8 compiles wasm in tiers, the optimized code in the background: after
// 50 documents (the warm-up before 2026-11-26) the first operation measured still ran its first
// timed runs in part on the baseline code (English minhash(text): 40, 51, 54, 64, 65 MB/s).
const WARM_UP_MS = 1000;

async function load(name) {
  if (!inputs.has(name)) {
    const response = await fetch(`/input/${name}.txt`);
    if (!response.ok) throw new Error(`/input/${name}.txt: ${response.status}`);
    inputs.set(name, (await response.text()).split(SEPARATOR));
  }
  return inputs.get(name);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.ceil(p * values.length) - 1];
const wasmBytes = () => engine.memory.buffer.byteLength;

/**
 * Every operation timed per document: a factory, given the documents, makes the per-document
 * function `(text, i)` (set-up untimed).
 */
const OPERATIONS = {
  'plagscope minhash': () => (text) => plagscope.minhash(text),
  // MinHash-128 alone, over each document's word 5-shingle hashes computed untimed beforehand.
  'plagscope minhash of hashes': (documents) => {
    const hashes = documents.map((text) => plagscope.shingleHashes(text));
    return (_, i) => plagscope.minhash(hashes[i]);
  },
  'plagscope simhash': () => (text) => plagscope.simhash(text),
  'plagscope winnow': () => (text) => plagscope.winnow(text),
  'plagscope analyze': () => (text) => plagscope.analyze(text),
  'plagscope shingles': () => (text) => plagscope.shingles(text),
  'npm minhash': () => npmMinhash,
  'npm minhash of shingles': npmMinhashOfShingles,
  'bloom-filters MinHash': bloomFiltersMinhash,
  'simhash-js': simhashJs,
};

/** Runs `operation` over the documents of input `name` `runs` times; the time of each run. */
async function throughput(operation, name, runs, limit = Infinity) {
  const documents = (await load(name)).slice(0, limit);
  const bytes = documents.reduce((n, text) => n + encoder.encode(text).length, 0);
  const warmUp = OPERATIONS[operation](documents);
  const warmUpStart = performance.now();
  for (let i = 0; i < documents.length && performance.now() - warmUpStart < WARM_UP_MS; i++) {
    warmUp(documents[i], i); // tiers the code up, untimed
  }
  const times = [];
  for (let run = 0; run < runs; run++) {
    const sketch = OPERATIONS[operation](documents);
    const start = performance.now();
    documents.forEach((text, i) => sketch(text, i));
    times.push((performance.now() - start) / 1000);
    await new Promise((resolve) => setTimeout(resolve)); // let the page breathe between runs
  }
  return { operation, input: name, documents: documents.length, bytes, times, seconds: median(times) };
}

/** npm minhash's LshIndex over the signatures of the documents of `name` (signing untimed). */
async function lshIndex(name, limit = Infinity) {
  const signatures = (await load(name)).slice(0, limit).map(npmMinhash);
  return { input: name, documents: signatures.length, ...lshIndexTimes(signatures) };
}

/** The page's memory by performance.measureUserAgentSpecificMemory (needs cross-origin isolation), or null. */
async function userAgentMemory() {
  if (!globalThis.crossOriginIsolated || !performance.measureUserAgentSpecificMemory) return null;
  const timeout = new Promise((resolve) => setTimeout(() => resolve(null), 60_000));
  const result = await Promise.race([performance.measureUserAgentSpecificMemory(), timeout]);
  return result?.bytes ?? null;
}

/** References 0..count-1 from the unique reference texts, cycled with distinct ids past the end. */
async function referenceSet(count) {
  const texts = await load('refs');
  return Array.from({ length: count }, (_, i) => ({ id: `ref-${i}`, text: texts[i % texts.length] }));
}

/** Index build, memory, checks (median, p95), export and import at `count` references. */
async function checker(count, checks) {
  const references = await referenceSet(count);
  const [paper] = await load('paper');
  const memoryBefore = wasmBytes();
  const agentBefore = await userAgentMemory();
  let start = performance.now();
  const index = new plagscope.Checker();
  for (const reference of references) index.addReference(reference);
  const buildSeconds = (performance.now() - start) / 1000;
  const memoryAfter = wasmBytes();
  const agentAfter = await userAgentMemory();
  const referenceWords = index.references().reduce((n, r) => n + r.words, 0);
  const report = index.check(paper); // warm-up, not timed
  const times = [];
  for (let i = 0; i < checks; i++) {
    start = performance.now();
    index.check(paper);
    times.push((performance.now() - start) / 1000);
  }
  start = performance.now();
  const saved = index.exportIndex();
  const exportSeconds = (performance.now() - start) / 1000;
  start = performance.now();
  const loaded = plagscope.Checker.importIndex(saved);
  const importSeconds = (performance.now() - start) / 1000;
  if (loaded.size !== index.size) throw new Error('the imported index differs');
  return {
    references: count,
    uniqueTexts: Math.min(count, (await load('refs')).length),
    referenceWords,
    referenceBytes: references.reduce((n, r) => n + encoder.encode(r.text).length, 0),
    buildSeconds,
    wasmMemoryBefore: memoryBefore,
    wasmMemoryAfter: memoryAfter,
    userAgentMemoryBefore: agentBefore,
    userAgentMemoryAfter: agentAfter,
    checks: times,
    checkMedian: median(times),
    checkP95: percentile(times, 0.95),
    sources: report.sources.length,
    similarity: report.similarity,
    exportBytes: saved.length,
    exportSeconds,
    importSeconds,
  };
}

/** `pairs()` over the documents of pairs.txt, `runs` times, with its progress callback counted. */
async function pairs(runs) {
  const documents = await load('pairs');
  const memoryBefore = wasmBytes();
  let start = performance.now();
  const index = new plagscope.Checker();
  documents.forEach((text, i) => index.addReference({ id: `doc-${i}`, text }));
  const buildSeconds = (performance.now() - start) / 1000;
  const times = [];
  let found = 0;
  let progressCalls = 0;
  for (let run = 0; run < runs; run++) {
    start = performance.now();
    found = index.pairs({}, () => { progressCalls += 1; }).length;
    times.push((performance.now() - start) / 1000);
  }
  return {
    documents: documents.length,
    buildSeconds,
    times,
    seconds: median(times),
    pairs: found,
    progressCallsPerRun: progressCalls / runs,
    wasmMemoryGrowth: wasmBytes() - memoryBefore,
  };
}

window.bench = { throughput, lshIndex, checker, pairs, version: plagscope.version(), operations: Object.keys(OPERATIONS) };
document.body.dataset.ready = 'true';
