// Issue 44, item 5: the largest library one browser handles. For each N, adds N references (the
// scale corpus's documents, ~2,870 words each, or `--words W` words each) in batches of 1,000 and
// reports the time to add (total, per 1,000: first and last batch), the words, the memory growth
// in bytes per reference word (wasm linear memory + the JS side: in Node heapUsed + arrayBuffers,
// in Chromium measureUserAgentSpecificMemory less the wasm), the saved index (exportIndex, bytes
// per word), and 20 checks (after an untimed one) of a 5,000-word paper with three 200-word
// passages planted from references early, midway and last in the library: median, p95, the
// candidates aligned (the total of the check's 'aligning' progress), whether the planted sources
// were found. The same paper without its passages ("clean") is checked too: its candidates are
// chance ones, so its time is the check's cost apart from what was copied. A set past the
// engine's limit of reference text stops at the first refusal, which is reported; the rest is
// measured on what fits. Workload: bench/browser/library-scale-workload.mjs.
//   - Node: the npm package's Node entry, one child process per N (a fresh engine each).
//   - Chromium: the app's own engine client and worker (www/engine.js, www/worker/worker.js) and its
//     IndexedDB persistence (www/persist.js, www/library.js), driven by bench/browser/library-scale.html
//     in a fresh on-disk profile per N: adding is the request, the records and the saved index
//     written to IndexedDB, as when the user adds 1,000 files at a time.
//
//   node bench/library-scale.mjs                       N = 1,000 and 10,000, Node and Chromium
//   node bench/library-scale.mjs --n 100000 --where node --words 400
//   options: --n N[,N...]  --words W (0: corpus lengths)  --checks C (20)  --batch B (1000)
//            --where node,chromium  --pkg DIR (the package root whose js/ and pkg/ are measured;
//            default this repository)  --json FILE (default target/bench/library-scale.json)
// The table and details are also kept in bench/results/library-scale.json (FIGURES.md).
// Expects target/corpus (node scripts/corpus.mjs --bench), pkg/ built, /usr/bin/chromium.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { found, median, percentile, plantedPaper, pool, references } from './browser/library-scale-workload.mjs';
import { invocation, recorder, saveResults } from './results.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));

function parseArgs(argv) {
  const args = { n: [1000, 10000], words: 0, checks: 20, batch: 1000, where: ['node', 'chromium'], pkg: root, json: `${root}target/bench/library-scale.json`, one: null };
  for (let i = 0; i < argv.length; i += 2) {
    const [name, value] = [argv[i].replace(/^--/, ''), argv[i + 1]];
    if (name === 'n') args.n = value.split(',').map(Number);
    else if (name === 'where') args.where = value.split(',');
    else if (name === 'pkg' || name === 'json') args[name] = resolve(value);
    else if (['words', 'checks', 'batch', 'one'].includes(name)) args[name] = Number(value);
    else throw new Error(`unknown option ${argv[i]} (see the top of bench/library-scale.mjs)`);
  }
  return args;
}

/** Adds `n` references in batches; the batch times (ms) and the refusal that stopped it, if any. */
function addAll(checker, sentences, { n, batch, words }) {
  const batches = [];
  let refused = null;
  for (let first = 0; first < n && !refused; first += batch) {
    const list = references(sentences, first, Math.min(batch, n - first), words);
    const start = performance.now();
    for (const reference of list) {
      try {
        checker.addReference(reference);
      } catch (error) {
        if (error.code !== 'PLAGSCOPE_SET_FULL') throw error;
        refused = { at: checker.size, code: error.code, message: error.message };
        break;
      }
    }
    batches.push({ references: list.length, ms: performance.now() - start });
  }
  return { batches, refused };
}

/** `checks` timed checks of `text` after one untimed one that counts the candidates (ms). */
function timed(checker, text, checks) {
  let candidates = null;
  const report = checker.check(text, undefined, (done, total, stage) => {
    if (stage === 'aligning') candidates = total;
  });
  const times = [];
  for (let run = 0; run < checks; run++) {
    const start = performance.now();
    checker.check(text);
    times.push(performance.now() - start);
  }
  return { median: median(times), p95: percentile(times, 0.95), candidates, sources: report.sources.length, report };
}

/** The planted paper's checks (and whether they found its sources), then the clean paper's. */
function timeChecks(checker, paper, checks) {
  const { report, ...check } = timed(checker, paper.text, checks);
  const { report: _, ...clean } = timed(checker, paper.clean, checks);
  return { check: { ...check, planted: paper.sources, found: found(report, paper.sources) }, clean };
}

/** One N in this process (run as a child by `main`): the figures as one JSON line on stdout. */
async function measureInNode(args) {
  const { Checker } = await import(pathToFileURL(`${args.pkg}/js/node.js`));
  const { initSync } = await import(pathToFileURL(`${args.pkg}/pkg/plagscope.js`));
  const engine = initSync({ module: new Uint8Array() }); // the instance js/node.js loaded
  const sentences = pool();
  globalThis.gc();
  const jsBytes = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers; // wasm memory not included
  const heapBefore = jsBytes();
  const wasmBefore = engine.memory.buffer.byteLength;
  const checker = new Checker();
  const { batches, refused } = addAll(checker, sentences, { ...args, n: args.one });
  globalThis.gc();
  const heapGrowth = jsBytes() - heapBefore;
  const wasmGrowth = engine.memory.buffer.byteLength - wasmBefore;
  let start = performance.now();
  const held = checker.references(); // the list the app's worker sends the page after every change
  const listMs = performance.now() - start;
  const words = held.reduce((sum, r) => sum + r.words, 0);
  start = performance.now();
  let saved = checker.exportIndex();
  const exportMs = performance.now() - start;
  const savedBytes = saved.length;
  start = performance.now();
  let importMs = null;
  try {
    Checker.importIndex(saved).free();
    importMs = performance.now() - start;
  } catch (error) {
    importMs = `failed: ${error.message}`;
  }
  saved = null;
  const checks = timeChecks(checker, plantedPaper(sentences, held.length, args.words), args.checks);
  const result = { where: 'node', asked: args.one, references: held.length, words, batches, refused, wasmGrowth, heapGrowth, wasmTotal: engine.memory.buffer.byteLength, savedBytes, exportMs, importMs, listMs, ...checks };
  console.log(JSON.stringify(result));
}

/** Runs one N in a child Node process (its own engine and memory). */
function inNode(args, n) {
  const flags = ['--expose-gc', '--max-old-space-size=8192', fileURLToPath(import.meta.url), '--one', String(n)];
  for (const name of ['words', 'checks', 'batch', 'pkg']) flags.push(`--${name}`, String(args[name]));
  const out = execFileSync(process.execPath, flags, { encoding: 'utf8', maxBuffer: 1 << 26, stdio: ['ignore', 'pipe', 'inherit'] });
  return JSON.parse(out.trim().split('\n').at(-1));
}

const fixed = (value, digits = 1) => (typeof value === 'number' ? value.toFixed(digits) : String(value));

/** One table row of a result, as cells. */
function row(r) {
  const addMs = r.batches.reduce((sum, b) => sum + b.ms, 0);
  const per1000 = (b) => fixed(b.ms / b.references, 2); // ms a reference = s per 1,000
  const memory = r.where === 'node'
    ? `${fixed(r.wasmGrowth / r.words)} + ${fixed(r.heapGrowth / r.words, 2)}`
    : `${fixed(r.wasmGrowth / r.words)} + ${fixed(r.otherGrowth / r.words, 2)}`;
  const found = `${r.check.found.length}/${r.check.planted.length}`;
  return [r.where, r.asked.toLocaleString('en'), r.references.toLocaleString('en'), `${(r.words / 1e6).toFixed(1)} M`, `${fixed(addMs / 1000)} s (${per1000(r.batches[0])} / ${per1000(r.batches.at(-1))} s)`, memory, fixed(r.savedBytes / r.words, 2), `${fixed(r.check.median)} / ${fixed(r.check.p95)} ms`, String(r.check.candidates), found, `${fixed(r.clean.median)} / ${fixed(r.clean.p95)} ms`, String(r.clean.candidates)];
}

/** What the table leaves out: the steps of adding the last batch, export and import, storage. */
function details(r) {
  const last = r.batches.at(-1);
  const s = (ms) => `${fixed(ms / 1000, 2)} s`;
  if (r.where === 'node') return `node, N = ${r.asked}: exportIndex ${s(r.exportMs)}, importIndex ${typeof r.importMs === 'number' ? s(r.importMs) : r.importMs}, references() ${fixed(r.listMs)} ms; wasm memory ${fixed(r.wasmTotal / 2 ** 20, 0)} MiB`;
  return `chromium, N = ${r.asked}: last batch of ${last.references}: ${s(last.ms)} = request ${s(last.engineMs)} (indexing, then the worker's exportIndex of the whole library) + records ${s(last.recordsMs)} + snapshot ${s(last.snapshotMs)}; IndexedDB ${fixed(r.storageUsage / r.words, 2)} B/word; wasm memory ${fixed(r.wasmTotal / 2 ** 20, 0)} MiB, page and worker ${fixed(r.agentGrowth / 2 ** 20, 0)} MiB grown`;
}

/** Prints the table and the details; returns what it printed, for bench/results/library-scale.json. */
function printTable(results) {
  const out = recorder();
  const columns = ['where', 'N asked', 'references held', 'words', 'time to add (per 1,000: first / last batch)', 'memory B/word (wasm + JS)', 'saved B/word', 'check median / p95', 'candidates', 'planted found', 'clean paper: check median / p95', 'its candidates'];
  const rows = results.map(row);
  console.log(`| ${columns.join(' | ')} |`);
  console.log(`|${columns.map(() => '---').join('|')}|`);
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  out.table('', columns, rows);
  console.log('');
  for (const r of results) out.say(details(r));
  for (const r of results.filter((x) => x.refused)) out.say(`${r.where}, N = ${r.asked}: refused at reference ${r.refused.at}: ${r.refused.code}: ${r.refused.message}`);
  for (const r of results) out.say(`${r.where}, N = ${r.asked}: load average ${fixed(r.loadAverage)} after the run`);
  return out.output;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.one) return measureInNode(args);
  const results = [];
  const log = (r) => console.error(`  ${r.where} N=${r.asked}: ${r.references} references, ${r.words} words, check median ${fixed(r.check.median)} ms, ${r.check.candidates} candidates, found ${r.check.found.length}/${r.check.planted.length}; clean ${fixed(r.clean.median)} ms, ${r.clean.candidates} candidates`);
  console.error(`library scale: N = ${args.n.join(', ')}, ${args.words || 'corpus-length'} words a reference, package ${args.pkg}`);
  for (const where of args.where) {
    const run = where === 'node' ? (n) => inNode(args, n) : (await import('./browser/library-scale-run.mjs')).inChromium(args);
    for (const n of args.n) {
      const result = await run(n);
      result.loadAverage = loadavg()[0]; // other work on the machine, after the run
      log(result);
      results.push(result);
    }
    await run.close?.();
  }
  mkdirSync(dirname(args.json), { recursive: true });
  writeFileSync(args.json, JSON.stringify({ date: new Date().toISOString(), args, results }, null, 1) + '\n');
  const output = printTable(results);
  // Another package's engine (--pkg) is not this commit's: its figures stay out of FIGURES.md.
  if (args.pkg === root) {
    const chromium = results.find((r) => r.chromium)?.chromium;
    saveResults('library-scale', { title: 'The largest library, in Node and in Chromium', command: invocation(), output, chromium });
  }
}

await main();
