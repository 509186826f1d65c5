// How often a long check tells its progress: a paper of about 20 MB (Brown corpus texts with a
// passage of a demo reference every 6,000 characters) checked in Node against the demo set with
// the wasm engine; prints each gap over 300 ms between progress calls, and the check's time.
// Run after `bash scripts/build.sh`: `node bench/progress-gaps.mjs [megabytes]`.
import { readFileSync, readdirSync } from 'node:fs';
import { Checker } from '../js/node.js';

const size = Number(process.argv[2] ?? 20) * 1e6;
const demo = JSON.parse(readFileSync(new URL('../pkg/demo-refs.json', import.meta.url), 'utf8'));
const corpus = new URL('../target/corpus/en/', import.meta.url);
const checker = new Checker();
for (const reference of demo.references) checker.addReference(reference);
const names = readdirSync(corpus).filter((n) => n.startsWith('brown-')).sort().slice(0, 40);
const text = names.map((n) => readFileSync(new URL(n, corpus), 'utf8')).join('\n\n');
let paper = '';
for (let i = 0; paper.length < size; i++) {
  const at = (i * 7919) % 200_000;
  const copied = demo.references[i % 30].text.split(/\s+/).slice(60 + (i % 7) * 90, 140 + (i % 7) * 90).join(' ');
  paper += `${text.slice(at, at + 6000)}\n\n${copied}\n\n`;
}
const started = performance.now();
let last = started;
let lastStep = 'the start';
let longest = 0;
const report = checker.check(paper, {}, (done, total, stage) => {
  const now = performance.now();
  if (now - last > 300) console.log(`${(now - last).toFixed(0)} ms before ${stage} ${done}/${total} (after ${lastStep})`);
  longest = Math.max(longest, now - last);
  [last, lastStep] = [now, `${stage} ${done}/${total}`];
});
longest = Math.max(longest, performance.now() - last);
console.log(`${(paper.length / 1e6).toFixed(1)} MB paper: checked in ${((performance.now() - started) / 1000).toFixed(1)} s, ` +
  `${report.sources.length} sources; the longest wait for progress ${longest.toFixed(0)} ms`);
