// The checker benchmark of benches/checker.rs, run on the WebAssembly build through the npm package
// in Node, so native and wasm are measured in the same `npm run bench` run on the same input.
// Prints the times and, when scripts/bench.sh saved the native numbers, the wasm/native ratios;
// keeps them in bench/results/wasm.json (FIGURES.md).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Checker } from '../js/node.js';
import { invocation, recorder, saveResults } from './results.mjs';

const root = new URL('../target/corpus/', import.meta.url);
const corpus = (language) =>
  readdirSync(new URL(`${language}/`, root))
    .filter((name) => name.endsWith('.txt'))
    .sort()
    .map((name) => [name, readFileSync(new URL(`${language}/${name}`, root), 'utf8')]);

// Same selection as benches/checker.rs.
const documents = [...corpus('en'), ...corpus('zh')];
const references = documents.filter(([name], i) => !name.startsWith('factbook') && i < 2000).slice(0, 1000);
const filler = documents
  .filter(([name], i) => name.startsWith('factbook') || i >= 2000)
  .filter(([name]) => name.startsWith('factbook'))
  .flatMap(([, text]) => text.split(/\s+/).filter(Boolean))
  .slice(0, 9000);
let paper = '';
for (let chunk = 0; chunk * 1800 < filler.length; chunk++) {
  paper += `${filler.slice(chunk * 1800, chunk * 1800 + 1800).join(' ')}\n\n`;
  const source = references[(chunk * 97) % references.length][1];
  paper += `${source.split(/\s+/).filter(Boolean).slice(100, 300).join(' ')}\n\n`;
}

let start = performance.now();
const checker = new Checker();
for (const [name, text] of references) checker.addReference({ id: name.replace(/\.txt$/, ''), text });
const indexSeconds = (performance.now() - start) / 1000;
const times = [];
let report;
for (let run = 0; run < 5; run++) {
  start = performance.now();
  report = checker.check(paper);
  times.push((performance.now() - start) / 1000);
}
times.sort((a, b) => a - b);

const out = recorder();
const paperWords = paper.split(/\s+/).filter(Boolean).length;
out.say(`wasm (Node ${process.version}): ${checker.size} references`);
out.say(`  index build                      ${indexSeconds.toFixed(2).padStart(8)} s`);
out.say(`  check a ${paperWords}-word paper          ${times[2].toFixed(3).padStart(8)} s (median of 5)`);
out.say(`    -> ${report.sources.length} sources, overall similarity ${(report.similarity * 100).toFixed(1)}%`);

const nativeFile = new URL('../target/bench/native-checker.txt', import.meta.url);
if (existsSync(nativeFile)) {
  const native = Object.fromEntries(
    [...readFileSync(nativeFile, 'utf8').matchAll(/(\w+)=([\d.]+)/g)].map(([, key, value]) => [key, Number(value)]),
  );
  out.say(`  wasm / native time, same run: index ${(indexSeconds / native.index_seconds).toFixed(2)}x, check ${(times[2] / native.check_seconds).toFixed(2)}x`);
}
saveResults('wasm', { title: 'The checker benchmark on the wasm build in Node, beside native', command: invocation(), output: out.output });
