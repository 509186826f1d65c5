// The speed regression guard (issue 44), the `speed` layer of scripts/test.sh: times the built npm
// package in Node on a fixed workload (minhash(text) of English and Chinese, a check against 300
// references, indexing 40 texts), divides each time (CPU time of this process) by a plain-JS
// yardstick's timed in the same run (bench/speed-guard/yardstick.mjs) and fails when a ratio is more
// than 25% above the committed baseline's (bench/speed-guard/baseline.json). A ratio, not a time:
// CI machines differ and this one is shared, while the engine's speed relative to the same
// machine's JavaScript does not move unless plagscope's code does. 15-25 s on a 2-core machine.
//
//   node bench/speed-guard.mjs                           measure and compare; exit 1 on a failure
//   node bench/speed-guard.mjs --update --reason "why"   measure three times, write the baseline
//   node bench/speed-guard.mjs --json                    also print the run's figures as JSON
//
// Expects pkg/ (scripts/build.sh) and target/corpus/en (scripts/setup.sh).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import { BASELINE_PATH, TOLERANCE, UPDATE_HOWTO, baselineFrom, compareWithBaseline, formatRows } from './speed-guard/compare.mjs';
import { measure } from './speed-guard/measure.mjs';
import { loadWorkload } from './speed-guard/workload.mjs';

// Optimized wasm from the start: V8 otherwise runs the engine in its baseline compiler and swaps
// in optimized code from background threads, later on a busy machine, so the same work would time
// differently with the load. Set before the package compiles the engine (at import).
v8.setFlagsFromString('--no-wasm-dynamic-tiering');
const engine = await import('../js/node.js');

const ROUNDS = 25;
const WARMUP = 3;
const UPDATE_RUNS = 3;
const root = new URL('../', import.meta.url);
const baselineFile = new URL(BASELINE_PATH, root);

const { values: args } = parseArgs({ options: { update: { type: 'boolean' }, reason: { type: 'string' }, json: { type: 'boolean' } } });
if (args.update && !args.reason?.trim()) {
  console.error('speed guard: --update needs --reason "<why the baseline changes>" (it goes in the file and in the commit message)');
  process.exit(2);
}

const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');
const git = (...command) => {
  try {
    return execFileSync('git', command, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
};

/** One measuring run, printed as it ends. */
function run(workload, label) {
  const result = measure(engine, workload, { rounds: ROUNDS, warmup: WARMUP });
  console.log(`speed guard${label}: ${ROUNDS} rounds in ${result.seconds.toFixed(1)} s, yardstick median ${result.yardstickMs.toFixed(1)} ms of CPU, load average ${load()}`);
  for (const [name, figure] of Object.entries(result.figures)) {
    console.log(`  ${name.padEnd(12)} ${figure.ms.toFixed(1).padStart(7)} ms of CPU  ratio ${figure.ratio.toFixed(3)} (rounds ${figure.spread.map((r) => r.toFixed(3)).join('–')})  ${figure.what}`);
  }
  if (args.json) console.log(JSON.stringify({ workload: result.workload, figures: Object.fromEntries(Object.entries(result.figures).map(([n, f]) => [n, { ratio: f.ratio, ms: f.ms }])), yardstickMs: result.yardstickMs, seconds: result.seconds, load: loadavg()[0] }));
  return result;
}

/** --update: three runs, each figure's median written to the baseline with when, what and why. */
function updateBaseline(workload) {
  const runs = [];
  for (let i = 0; i < UPDATE_RUNS; i++) runs.push(run(workload, ` (baseline run ${i + 1} of ${UPDATE_RUNS})`));
  const about = {
    about: 'The speed guard\'s baseline (bench/speed-guard.mjs): each figure\'s time over the plain-JS yardstick\'s in the same run. Rewrite only with --update, and say why in the commit.',
    commit: git('rev-parse', '--short', 'HEAD'),
    // The engine measured: pkg/ may be a build of uncommitted sources.
    engine: createHash('sha256').update(readFileSync(new URL('pkg/plagscope_bg.wasm', root))).digest('hex').slice(0, 16),
    date: new Date().toISOString(),
    reason: args.reason.trim(),
    machine: { cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, node: process.version, load: load() },
  };
  writeFileSync(baselineFile, `${JSON.stringify(baselineFrom(runs, about), null, 2)}\n`);
  console.log(`speed guard: wrote ${BASELINE_PATH} (the median of ${UPDATE_RUNS} runs). Commit it alone, the reason in the message:`);
  console.log(`  git commit -m "Speed guard: new baseline" -m "<the reason, and the figures>" -- ${BASELINE_PATH}`);
}

function readBaseline() {
  try {
    return JSON.parse(readFileSync(baselineFile, 'utf8'));
  } catch (error) {
    console.error(`speed guard: cannot read ${BASELINE_PATH} (${error.message})`);
    return null;
  }
}

/** The guard itself: one run against the baseline; exits 1 when it fails. */
function guard(workload) {
  const result = run(workload, '');
  const baseline = readBaseline();
  const verdict = compareWithBaseline(baseline, result, baseline?.tolerance ?? TOLERANCE);
  console.log(`against the baseline of ${baseline?.commit ?? '—'} (${baseline?.date?.slice(0, 10) ?? '—'}: ${baseline?.reason ?? '—'}):`);
  for (const line of formatRows(verdict.rows)) console.log(line);
  if (baseline && baseline.machine?.node?.split('.')[0] !== process.version.split('.')[0]) {
    console.log(`  (the baseline was measured with Node ${baseline.machine?.node}, this run ${process.version}: a new V8 can move the ratios)`);
  }
  if (verdict.rows.some((row) => row.verdict === 'faster')) {
    console.log('  a figure is more than 25% faster than its baseline: commit a new baseline (--update) so the guard holds the gain');
  }
  if (!verdict.ok) {
    console.error('\nspeed guard FAILED:');
    for (const problem of verdict.problems) console.error(`  - ${problem}`);
    console.error(`\n${UPDATE_HOWTO.join('\n')}`);
    process.exit(1);
  }
  console.log('speed guard: passed');
}

if (args.update) updateBaseline(loadWorkload());
else guard(loadWorkload());
