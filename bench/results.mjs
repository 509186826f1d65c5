// Where every benchmark keeps its figures: bench/results/<benchmark>.json, with the command that
// made them, the commit measured, the date and the machine; `saveResults` writes one and renders
// FIGURES.md again (scripts/figures.mjs), so running one benchmark refreshes its section.
//
// A record: { benchmark, title, command, commit, date, machine, output, changes?, data? }
// (`changes`: the files that differed from the commit, when any). `output` is what
// the run printed, in order: a line is a string, a table { title, columns, rows } (cells as text);
// FIGURES.md shows it. `data`, when given, is the run's raw numbers (not shown).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFigures } from '../scripts/figures.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
export const resultsDir = `${root}bench/results/`;

const run = (command, args) => {
  try {
    return execFileSync(command, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
};

/**
 * The commit measured: HEAD, with "+changes" when a tracked file other than the docs and the
 * results differs from it.
 */
export function commit() {
  const head = run('git', ['rev-parse', '--short=12', 'HEAD']) ?? 'unknown';
  return changes().length ? `${head}+changes` : head;
}

/** The tracked files (docs and results aside) that differ from HEAD, as `git status` lists them. */
export function changes() {
  const status = run('git', ['status', '--porcelain', '--untracked-files=no', '--', '.', ':!*.md', ':!bench/results']);
  return status ? status.split('\n').filter(Boolean) : [];
}

/** The machine: CPU model, cores, memory, Node; Chromium's and rustc's versions when given or found. */
export function machine({ chromium, rust = false } = {}) {
  let cpu = cpus()[0]?.model;
  try {
    cpu = readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/)?.[1] ?? cpu;
  } catch {}
  const found = { cpu, cores: Number(run('nproc', []) ?? cpus().length), memoryGB: Math.round(totalmem() / 2 ** 30), node: process.version };
  if (chromium) found.chromium = chromium;
  if (rust) found.rustc = run('rustc', ['--version'])?.split(' ')[1] ?? null;
  return found;
}

/** JSON a line a field, with an array of plain values (a table's row) on one line. */
const format = (record) =>
  JSON.stringify(record, null, 1).replace(/\[\n\s*((?:"(?:[^"\\]|\\.)*"|[\d.eE+-]+|true|false|null)(?:,\n\s*(?:"(?:[^"\\]|\\.)*"|[\d.eE+-]+|true|false|null))*)\n\s*\]/g, (_, items) => `[${items.split(/,\n\s*/).join(', ')}]`);

/**
 * This process's command line, as a user would type it again: the BENCH_*, QUALITY_*, LIMITS_* and PAIRS_*
 * variables set, node's flags, the script relative to the repository, its arguments.
 */
export function invocation() {
  const script = relative(root, process.argv[1] ?? '');
  return [...settings(), 'node', ...process.execArgv, script, ...process.argv.slice(2)].join(' ');
}

/** The BENCH_*, QUALITY_*, LIMITS_* and PAIRS_* variables set, as `NAME=value` (BENCH_JSON aside). */
export const settings = () =>
  Object.entries(process.env)
    .filter(([name]) => /^(BENCH|QUALITY|LIMITS|PAIRS)_/.test(name) && name !== 'BENCH_JSON')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${value}`);

/** Collects what a benchmark prints: `say` prints a line and keeps it, `table` keeps a table. */
export function recorder() {
  const output = [];
  return {
    output,
    say(line = '') {
      console.log(line);
      for (const part of String(line).split('\n')) if (part.trim()) output.push(part.trim());
    },
    table(title, columns, rows) {
      output.push(table(title, columns, rows));
    },
  };
}

/** A table of the record's output. */
export const table = (title, columns, rows) => ({ title, columns, rows: rows.map((r) => r.map((c) => String(c ?? ''))) });

/**
 * Writes bench/results/<benchmark>.json and FIGURES.md. `command` is how to run the benchmark
 * again as this run was run.
 */
export function saveResults(benchmark, { title, command, output, data, chromium, rust }) {
  const record = { benchmark, title, command, commit: commit(), date: new Date().toISOString(), machine: machine({ chromium, rust }), output };
  const changed = changes();
  if (changed.length) record.changes = changed;
  if (data !== undefined) record.data = data;
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(`${resultsDir}${benchmark}.json`, `${format(record)}\n`);
  writeFigures();
  console.log(`    results: bench/results/${benchmark}.json, FIGURES.md`);
  return record;
}
