// Prints the browser benchmark's results (target/bench/results.json) as readable tables: throughput
// in Chromium with the native figure and the plagscope/peer ratios of the same run, the checker,
// and issue 12's goals with where each stands. Also a script: `node bench/browser/report.mjs`
// prints the tables of the last run again. `printTable` returns what it printed, for
// bench/results/browser.json (bench/results.mjs).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { recorder } from '../results.mjs';

/** What printTable prints (lines and tables), kept for the results file. */
let out = recorder();

const NATIVE_NAMES = { 'plagscope minhash': 'minhash', 'plagscope minhash of hashes': 'minhash of hashes', 'plagscope simhash': 'simhash', 'plagscope winnow': 'winnow', 'plagscope analyze': 'analyze', 'plagscope shingles': 'shingles' };
// Each peer is compared with the plagscope call that does its job.
const PEER_OF = { 'npm minhash': 'plagscope minhash', 'npm minhash of shingles': 'plagscope minhash of hashes', 'bloom-filters MinHash': 'plagscope minhash', 'simhash-js': 'plagscope simhash' };
const LANGUAGES = ['en', 'zh'];

const mbps = (r) => (r ? r.bytes / 1e6 / r.seconds : NaN);
const fixed = (x, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : '—');
const ms = (seconds) => fixed(seconds * 1e3, 1);
const row = (cells, widths) => `  ${cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ')}`;

function table(title, header, rows) {
  out.table(title, header, rows);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  console.log(`\n${title}`);
  console.log(row(header, widths));
  console.log(`  ${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  rows.forEach((r) => console.log(row(r, widths)));
}

/** { operation: { en: result, zh: result } } from the list of throughput results. */
export function byOperation(results) {
  const out = {};
  for (const r of results ?? []) (out[r.operation] ??= {})[r.input] = r;
  return out;
}

/** The native result of a plagscope operation in `language`, or undefined. */
const nativeOf = (results, operation, language) => results.native?.throughput?.[language]?.[NATIVE_NAMES[operation]];

function throughputTable(results) {
  const ops = byOperation(results.throughput);
  const rows = Object.entries(ops).map(([operation, by]) => {
    const cells = [operation];
    for (const language of LANGUAGES) {
      const native = nativeOf(results, operation, language);
      const peer = PEER_OF[operation];
      cells.push(fixed(mbps(by[language]), 2));
      cells.push(native ? fixed(mbps(native)) : '');
      cells.push(native ? `${fixed(by[language].seconds / native.seconds, 2)}x` : peer ? `${fixed(mbps(ops[peer]?.[language]) / mbps(by[language]))}x` : '');
    }
    return cells;
  });
  const [en, zh] = LANGUAGES.map((l) => ops['plagscope minhash']?.[l] ?? { bytes: NaN, documents: 0 });
  table(
    `Throughput in Chromium ${results.chromium}, MB/s of UTF-8 input, per-document calls, median of ${results.runs} runs ` +
      `(English ${fixed(en.bytes / 1e6, 2)} MB / ${en.documents} documents, Chinese ${fixed(zh.bytes / 1e6, 2)} MB / ${zh.documents} documents). ` +
      'Last columns: plagscope rows wasm time / native time; peer rows plagscope / peer throughput (same run)',
    ['operation', 'en MB/s', 'native', 'ratio', 'zh MB/s', 'native', 'ratio'],
    rows,
  );
}

function checkerTable(results) {
  const rows = (results.checker ?? []).map((c, i) => {
    const native = results.native?.checker?.[i];
    const growth = c.wasmMemoryAfter - c.wasmMemoryBefore;
    return [
      `${c.references.toLocaleString('en')} refs (${c.uniqueTexts.toLocaleString('en')} unique texts, ${fixed(c.referenceWords / 1e6, 2)} M words)`,
      `${fixed(c.buildSeconds, 2)} s = ${fixed(c.referenceBytes / 1e6 / c.buildSeconds)} MB/s${native ? ` (native ${fixed(native.buildSeconds, 2)} s)` : ''}`,
      `${ms(c.checkMedian)} / ${ms(c.checkP95)}${native ? ` (native ${ms(native.checkMedian)} / ${ms(native.checkP95)})` : ''}`,
      fixed(growth / c.referenceWords, 2),
      c.userAgentMemoryAfter != null ? fixed((c.userAgentMemoryAfter - c.userAgentMemoryBefore) / c.referenceWords, 2) : '—',
      fixed(c.exportBytes / c.referenceWords, 2),
      fixed(c.referenceBytes / c.referenceWords, 2),
      `${ms(c.importSeconds)}${native ? ` (native ${ms(native.importSeconds)})` : ''}`,
    ];
  });
  table(
    `Checker in Chromium: a ${results.input.paper.words}-word paper with 5 copied 200-word passages, ${results.checker?.[0]?.checks.length ?? 0} checks`,
    ['reference set', 'index build', 'check median / p95 ms', 'wasm mem B/word', 'UA mem B/word', 'saved B/word', 'text B/word', 'import ms'],
    rows,
  );
  if (results.pairs) {
    const native = results.native?.pairs;
    const p = results.pairs;
    out.say(`  pairs() over ${p.documents} documents of ${results.input?.pairs?.words ?? '?'} words: ${fixed(p.seconds, 2)} s${native ? ` (native ${fixed(native.seconds, 2)} s, ${fixed(p.seconds / native.seconds, 2)}x)` : ''}, ${p.pairs} pairs, ${fixed(p.progressCallsPerRun, 0)} progress calls a run; indexing them ${fixed(p.buildSeconds, 2)} s; wasm memory growth ${fixed(p.wasmMemoryGrowth / 1e6, 0)} MB`);
  }
  if (results.lshIndex) {
    const l = results.lshIndex;
    out.say(`  npm minhash LshIndex (bands of 4) over ${l.documents} English signatures: insert ${fixed((l.insertSeconds * 1e6) / l.documents, 0)} µs, query ${fixed((l.querySeconds * 1e6) / l.documents, 0)} µs per document`);
  }
}

/** Issue 12's goals, each with the figure of this run and whether it is met. */
export function goals(results) {
  const ops = byOperation(results.throughput);
  const [small, large] = results.checker ?? [];
  const lt = results.longTasks;
  const worst = (fn) => Math.min(...LANGUAGES.map((l) => fn(l)));
  const ratio = (op, l) => ops[op]?.[l] && nativeOf(results, op, l) ? ops[op][l].seconds / nativeOf(results, op, l).seconds : NaN;
  const wasmNative = Object.keys(NATIVE_NAMES).flatMap((op) => LANGUAGES.map((l) => ratio(op, l))).filter(Number.isFinite);
  const perOperation = Object.entries(NATIVE_NAMES).map(([op, name]) => `${name} ${LANGUAGES.map((l) => fixed(ratio(op, l), 1)).join('/')}`);
  const checkRatios = (results.checker ?? []).map((c, i) => results.native?.checker?.[i] && c.checkMedian / results.native.checker[i].checkMedian).filter(Boolean);
  const speedUp = (l, ours, peer) => mbps(ops[ours]?.[l]) / mbps(ops[peer]?.[l]);
  const perWord = (c, bytes) => (c ? bytes / c.referenceWords : NaN);
  return [
    ['full pipeline (minhash(text): analyze, 5-shingles, 128 slots; en / zh) >= 60 MB/s', `${fixed(mbps(ops['plagscope minhash']?.en))} / ${fixed(mbps(ops['plagscope minhash']?.zh))}`, worst((l) => mbps(ops['plagscope minhash']?.[l])) >= 60],
    ['MinHash-128 >= 120 MB/s (minhash(hashes) over given word 5-shingle hashes; MB of their text)', `${fixed(mbps(ops['plagscope minhash of hashes']?.en))} / ${fixed(mbps(ops['plagscope minhash of hashes']?.zh))}`, worst((l) => mbps(ops['plagscope minhash of hashes']?.[l])) >= 120],
    ['MinHash-128 >= 50x npm minhash (from text; and of given shingles)', LANGUAGES.map((l) => `${fixed(speedUp(l, 'plagscope minhash', 'npm minhash'))}x, ${fixed(speedUp(l, 'plagscope minhash of hashes', 'npm minhash of shingles'))}x`).join(' / '), worst((l) => Math.min(speedUp(l, 'plagscope minhash', 'npm minhash'), speedUp(l, 'plagscope minhash of hashes', 'npm minhash of shingles'))) >= 50],
    ['check p95 <= 50 ms @1,000 refs', small ? `${ms(small.checkP95)} ms` : '—', small?.checkP95 <= 0.05],
    ['check p95 <= 200 ms @10,000 refs', large ? `${ms(large.checkP95)} ms` : '—', large?.checkP95 <= 0.2],
    ['<= 4 B per reference word in memory (wasm growth @10,000)', `${fixed(perWord(large, large?.wasmMemoryAfter - large?.wasmMemoryBefore), 1)} B`, perWord(large, large?.wasmMemoryAfter - large?.wasmMemoryBefore) <= 4],
    ['<= 4 B per reference word on disk (exportIndex @10,000)', `${fixed(perWord(large, large?.exportBytes), 1)} B`, perWord(large, large?.exportBytes) <= 4],
    ['wasm within 1.6x of native (time; en/zh, check @1,000/@10,000)', wasmNative.length ? `${perOperation.join(', ')}; check ${checkRatios.map((r) => fixed(r, 1)).join('/')}` : '—', wasmNative.length > 0 && Math.max(...wasmNative, ...checkRatios) <= 1.6],
    ['pairs() over 10,000 documents of 1,000 words < 30 s, with progress', results.pairs ? `${fixed(results.pairs.seconds, 1)} s over ${results.pairs.documents}, ${fixed(results.pairs.progressCallsPerRun, 0)} progress calls` : '—', results.pairs?.documents >= 10000 && results.pairs.seconds < 30 && results.pairs.progressCallsPerRun > 0],
    ['no main-thread task > 200 ms (app: a 10 MB paper; the report of a 2 MB paper, plain and disguised; indexing 20 MB)', lt ? longTaskRow(lt) : '—', lt?.indexing ? Math.max(...longestOf(lt)) <= 200 : false],
  ].map(([goal, measured, met]) => ({ goal, measured, met: Boolean(met) }));
}

/** The longest task of every long-task scenario measured (the browser's own file-list task aside). */
const longestOf = (lt) => [lt.open.longestMs, lt.check.longestMs, lt.report2MB?.report.longestMs, lt.report2MB?.choose?.longestMs, lt.disguised2MB?.report.longestMs, lt.indexing?.longestMs].filter((v) => v !== undefined);

const longTaskRow = (lt) =>
  `${lt.check.longestMs} ms (opening the file: ${lt.open.longestMs} ms; 2 MB report: ${lt.report2MB?.report.longestMs ?? '—'} ms, choosing matches ${lt.report2MB?.choose?.longestMs ?? '—'} ms; disguised: ${lt.disguised2MB?.report.longestMs ?? '—'} ms; indexing: ${lt.indexing?.longestMs ?? '—'} ms after the browser's ${lt.indexing?.chooserTaskMs ?? '—'} ms file-list task)`;

/** Each scenario of bench/browser/long-tasks.mjs against the 200 ms goal (issue 12). */
function longTasksTable(lt) {
  const { open, check, paperBytes, references } = lt;
  out.say(`\nLong tasks in the app (index.html, ${references}), a ${fixed(paperBytes / 1e6)} MB paper: opening it as a file (${fixed(open.seconds)} s) ${open.count} tasks over 50 ms, longest ${open.longestMs} ms; check and render (${fixed(check.seconds)} s) ${check.count} tasks, longest ${check.longestMs} ms`);
  const indexing = lt.indexing;
  if (indexing) out.say(`Adding ${indexing.files} reference files (${fixed(indexing.bytes / 1e6)} MB) to an empty library (${fixed(indexing.seconds)} s, "${indexing.heading}"): the task that delivers the chosen files ${indexing.chooserTaskMs} ms (the browser building their FileList: a bare file input given them, ${indexing.bareFileListMs} ms); after it ${indexing.count} tasks over 50 ms, longest ${indexing.longestMs} ms`);
  const row = (scenario, m) => (m ? [scenario, String(m.count), `${m.longestMs} ms`, m.longestMs <= 200 ? 'yes' : 'no'] : [scenario, '—', '—', '—']);
  const mb = (bytes) => `${fixed((bytes ?? NaN) / 1e6, 1)} MB`;
  const millions = (count) => `${fixed((count ?? NaN) / 1e6, 1)} million`;
  table('Main-thread tasks against the 200 ms goal (the scenarios of tests/e2e/long-tasks.test.mjs)', ['scenario', 'tasks > 50 ms', 'longest', '<= 200 ms'], [
    row(`opening a ${mb(paperBytes)} paper`, open),
    row('checking it, showing its report', check),
    row(`the report of a paper of ${millions(lt.report2MB?.paperCharacters)} characters`, lt.report2MB?.report),
    row('choosing a match in it, then the next', lt.report2MB?.choose),
    row(`the same in disguise (${lt.disguised2MB?.marks ?? '—'} marks)`, lt.disguised2MB?.report),
    row(`indexing ${mb(indexing?.bytes)} of files (after the browser's file-list task)`, indexing),
  ]);
}

export function printTable(results) {
  out = recorder();
  out.say(`\nplagscope ${results.plagscope} in headless Chromium ${results.chromium}; ${results.machine.nproc} cores (${results.machine.cpu}), ${results.date}`);
  if (results.throughput) throughputTable(results);
  if (results.checker || results.pairs) checkerTable(results);
  if (results.longTasks) longTasksTable(results.longTasks);
  table('Issue 12 goals', ['goal', 'this run', 'met'], goals(results).map((g) => [g.goal, g.measured, g.met ? 'yes' : 'no']));
  return out.output;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  printTable(JSON.parse(readFileSync(new URL('../../target/bench/results.json', import.meta.url), 'utf8')));
}
