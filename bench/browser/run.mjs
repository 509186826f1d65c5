// The browser benchmark (`npm run bench`, after the native benches): plagscope's wasm build in
// headless Chromium next to the npm packages a user would pick instead (minhash, bloom-filters,
// simhash-js) in the same page, on the same real text, and next to the native build's numbers
// for the same operations on the same input (benches/same_input.rs). Prints a table and writes
// target/bench/results.json, and the tables to bench/results/browser.json (FIGURES.md).
//
//   node bench/browser/run.mjs
//   BENCH_RUNS=5             repetitions of each throughput measure (the median is reported)
//   BENCH_CHECKS=20          checks of the paper per reference set (median and p95)
//   BENCH_PARTS=throughput,lsh,checker,pairs,longtasks   the parts to run (all by default)
//   BENCH_LIMIT=50           only the first 50 documents of each input (a quick trial)
//   BENCH_REFS=1000,10000    the reference set sizes of the checker part
//   CHROMIUM_PATH=/usr/bin/chromium
//
// Expects pkg/ (scripts/build.sh) and target/bench/browser/peers.js (rolldown, scripts/bench.sh).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { chromium } from 'playwright-core';
import { buildInput, inputDir, SEPARATOR } from './input.mjs';
import { startBenchServer } from './server.mjs';
import { LONG_TASK_GOAL_MS, appIndexingLongTasks, appLongTasks, appReportLongTasks, twoMegabytePaper } from './long-tasks.mjs';
import { printTable } from './report.mjs';
import { invocation, saveResults } from '../results.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CHECKS = Number(process.env.BENCH_CHECKS ?? 20);
const PARTS = (process.env.BENCH_PARTS ?? 'throughput,lsh,checker,pairs,longtasks').split(',');
const CHECKER_SIZES = (process.env.BENCH_REFS ?? '1000,10000').split(',').map(Number);
// Only the first N documents of each input, for a quick trial of the harness (not for figures).
const LIMIT = Number(process.env.BENCH_LIMIT ?? Infinity);
const out = new URL('../../target/bench/', import.meta.url);
const log = (line) => console.log(`    ${line}`);

async function openBenchPage(browser, url) {
  const page = await browser.newPage();
  page.setDefaultTimeout(1_800_000);
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await page.goto(`${url}bench/index.html`);
  await page.locator('body[data-ready="true"]').waitFor({ state: 'attached', timeout: 120_000 });
  return page;
}

const rate = (result) => result.bytes / 1e6 / result.seconds;

async function throughputPart(page) {
  const operations = await page.evaluate(() => window.bench.operations);
  const results = [];
  for (const input of ['en', 'zh']) {
    for (const operation of operations) {
      const result = await page.evaluate(([o, i, r, l]) => window.bench.throughput(o, i, r, l), [operation, input, RUNS, LIMIT]);
      log(`${operation.padEnd(22)} ${input}  ${result.documents} documents, ${(result.bytes / 1e6).toFixed(1)} MB: ${rate(result).toFixed(2)} MB/s`);
      results.push(result);
    }
  }
  return results;
}

async function lshPart(page) {
  const result = await page.evaluate((limit) => window.bench.lshIndex('en', limit), LIMIT);
  log(`npm minhash LshIndex: ${result.documents} documents, insert ${(result.insertSeconds * 1e6 / result.documents).toFixed(0)} µs, query ${(result.querySeconds * 1e6 / result.documents).toFixed(0)} µs per document`);
  return result;
}

async function checkerPart(browser, url) {
  const results = [];
  for (const count of CHECKER_SIZES) {
    const page = await openBenchPage(browser, url); // a fresh page each: its own wasm memory
    const result = await page.evaluate(([n, c]) => window.bench.checker(n, c), [count, CHECKS]);
    await page.close();
    log(`${count} references: build ${result.buildSeconds.toFixed(1)} s, check median ${(result.checkMedian * 1e3).toFixed(1)} ms, p95 ${(result.checkP95 * 1e3).toFixed(1)} ms`);
    results.push(result);
  }
  return results;
}

async function pairsPart(browser, url) {
  const page = await openBenchPage(browser, url);
  const result = await page.evaluate(() => window.bench.pairs(3));
  await page.close();
  log(`pairs() over ${result.documents} documents: ${result.seconds.toFixed(2)} s`);
  return result;
}

const goal = (longestMs) => `longest main-thread task ${longestMs} ms (goal <= ${LONG_TASK_GOAL_MS} ms: ${longestMs <= LONG_TASK_GOAL_MS ? 'met' : 'NOT met'})`;

/** The app's long tasks in the scenarios of tests/e2e/long-tasks.test.mjs (bench/browser/long-tasks.mjs). */
async function longTasksPart(browser) {
  const paper = readFileSync(new URL('en.txt', inputDir), 'utf8').split(SEPARATOR).join('\n\n');
  const longTasks = await appLongTasks(browser, paper);
  log(`app, opening a ${(longTasks.paperBytes / 1e6).toFixed(1)} MB paper: ${goal(longTasks.open.longestMs)}`);
  log(`app, checking it and showing the report: ${goal(longTasks.check.longestMs)}`);
  longTasks.report2MB = await appReportLongTasks(browser, twoMegabytePaper(), { choose: true });
  log(`app, the report of a 2 MB paper: ${goal(longTasks.report2MB.report.longestMs)}; choosing a match and the next: ${goal(longTasks.report2MB.choose.longestMs)}`);
  longTasks.disguised2MB = await appReportLongTasks(browser, twoMegabytePaper({ disguise: true }));
  log(`app, the report of a 2 MB paper in disguise (${longTasks.disguised2MB.marks} marks): ${goal(longTasks.disguised2MB.report.longestMs)}`);
  const references = readFileSync(new URL('refs.txt', inputDir), 'utf8').split(SEPARATOR);
  let total = 0;
  const twentyMB = references.filter((text) => (total += Buffer.byteLength(text)) <= 20e6);
  longTasks.indexing = await appIndexingLongTasks(browser, twentyMB);
  log(`app, ${longTasks.indexing.files} reference files (${(longTasks.indexing.bytes / 1e6).toFixed(1)} MB) added: ${goal(longTasks.indexing.longestMs)}`);
  return longTasks;
}

function machine() {
  const cpu = readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/)?.[1] ?? cpus()[0]?.model;
  const nproc = execFileSync('nproc', { encoding: 'utf8' }).trim();
  return { cpu, nproc: Number(nproc), memoryGB: Math.round(Number(readFileSync('/proc/meminfo', 'utf8').match(/MemTotal:\s*(\d+)/)[1]) / 1e6), node: process.version };
}

async function main() {
  console.log('browser benchmark: input from target/corpus into target/bench/input');
  const input = buildInput();
  log(`English ${(input.en.bytes / 1e6).toFixed(1)} MB in ${input.en.documents} documents, Chinese ${(input.zh.bytes / 1e6).toFixed(1)} MB in ${input.zh.documents}; ${input.references.unique} unique reference texts`);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
  const { server, url } = await startBenchServer();
  const results = { date: new Date().toISOString(), machine: machine(), chromium: browser.version(), runs: RUNS, input };
  try {
    // The bench page (which needs the bundled peers) only for the parts run in it, so the app's
    // long tasks can be measured alone: BENCH_PARTS=longtasks.
    if (PARTS.includes('throughput') || PARTS.includes('lsh')) {
      const page = await openBenchPage(browser, url);
      results.plagscope = await page.evaluate(() => window.bench.version);
      if (PARTS.includes('throughput')) results.throughput = await throughputPart(page);
      if (PARTS.includes('lsh')) results.lshIndex = await lshPart(page);
      await page.close();
    } else {
      results.plagscope = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;
    }
    if (PARTS.includes('checker')) results.checker = await checkerPart(browser, url);
    if (PARTS.includes('pairs')) results.pairs = await pairsPart(browser, url);
    if (PARTS.includes('longtasks')) results.longTasks = await longTasksPart(browser);
  } finally {
    await browser.close();
    server.close();
  }
  const nativeFile = new URL('native-same-input.json', out);
  results.native = existsSync(nativeFile) ? JSON.parse(readFileSync(nativeFile, 'utf8')) : null;
  mkdirSync(out, { recursive: true });
  writeFileSync(new URL('results.json', out), `${JSON.stringify(results, null, 2)}\n`);
  const output = printTable(results);
  console.log('\n    written to target/bench/results.json');
  // A trial on part of the input (BENCH_LIMIT), or of the parts, keeps the figures of the last full run.
  if (Number.isFinite(LIMIT) || process.env.BENCH_PARTS) return;
  saveResults('browser', { title: 'The wasm build in Chromium, beside npm peers and native', command: invocation(), output, chromium: results.chromium });
}

await main();
