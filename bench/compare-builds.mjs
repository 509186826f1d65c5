// Throughput of several builds of the wasm engine side by side, in Node, alternating builds so the
// shared machine's noise falls on all of them alike: `minhash(text)` and `simhash(text)` over the
// English and Chinese corpora (target/corpus/en and zh; CORPORA=en,zh,bench-en names others in
// target/corpus), median of 5 rounds, MB/s of UTF-8.
//
//   node bench/compare-builds.mjs pkg /tmp/other-pkg
//
// Each directory holds a `wasm-bindgen --target web` output (plagscope.js, plagscope_bg.wasm), as
// scripts/build.sh writes into pkg/; build a variant into another directory to compare it (a size
// trade, a speed-up), then compare the ratios, not the absolute figures.
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const dirs = process.argv.slice(2).map((dir) => resolve(dir));
if (dirs.length === 0) {
  console.error('usage: node bench/compare-builds.mjs PKG_DIR [PKG_DIR...]');
  process.exit(2);
}
const corpus = (lang) => {
  const dir = new URL(`../target/corpus/${lang}/`, import.meta.url);
  return readdirSync(dir).sort().map((name) => readFileSync(new URL(name, dir), 'utf8'));
};
const inputs = Object.fromEntries(
  (process.env.CORPORA ?? 'en,zh').split(',').map((name) => [name, corpus(name)]),
);
const megabytes = (texts) => texts.reduce((n, t) => n + Buffer.byteLength(t), 0) / 1e6;

const engines = [];
for (const dir of dirs) {
  // A query string per directory: each build is its own module instance.
  const engine = await import(`${pathToFileURL(`${dir}/plagscope.js`)}?${engines.length}`);
  engine.initSync({ module: readFileSync(`${dir}/plagscope_bg.wasm`) });
  engines.push(engine);
}
const runs = engines.map(() => ({}));
for (let round = 0; round < 5; round++) {
  engines.forEach((engine, i) => {
    for (const [lang, texts] of Object.entries(inputs)) {
      for (const op of ['minhash', 'simhash']) {
        const start = performance.now();
        for (const text of texts) engine[op](text);
        const seconds = (performance.now() - start) / 1000;
        (runs[i][`${op} ${lang}`] ??= []).push(megabytes(texts) / seconds);
      }
    }
  });
}
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
for (const key of Object.keys(runs[0])) {
  const cells = dirs.map((dir, i) => `${dir}: ${median(runs[i][key]).toFixed(1)}`);
  console.log(`${key.padEnd(12)} ${cells.join('  ')}`);
}
