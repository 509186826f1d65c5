#!/usr/bin/env node
// Runs a Rust bench and keeps what it printed as bench/results/<benchmark>.json (bench/results.mjs):
// the bench writes its lines and tables to the file BENCH_JSON names (benches/record/mod.rs), this
// adds the command, commit, date and machine and renders FIGURES.md. The bench's exit status is
// passed on (the quality bench's 1 for a missed target is recorded too).
//   node bench/record.mjs quality "Detection quality" -- cargo bench --bench quality
// The command recorded is the one run, after the BENCH_*, QUALITY_*, LIMITS_* and PAIRS_* variables set.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { saveResults, settings } from './results.mjs';

const [benchmark, title, dashes, ...command] = process.argv.slice(2);
if (!benchmark || !title || dashes !== '--' || command.length === 0) {
  console.error('usage: node bench/record.mjs <benchmark> <title> -- <command...>');
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), 'plagscope-bench-'));
const file = join(dir, 'output.json');
const done = spawnSync(command[0], command.slice(1), { stdio: 'inherit', env: { ...process.env, BENCH_JSON: file } });
if (existsSync(file)) {
  const { output } = JSON.parse(readFileSync(file, 'utf8'));
  saveResults(benchmark, { title, command: [...settings(), ...command].join(' '), output, rust: true });
} else {
  console.error(`bench/record.mjs: ${command.join(' ')} wrote no results (BENCH_JSON); bench/results/${benchmark}.json left as it was`);
}
rmSync(dir, { recursive: true, force: true });
process.exit(done.status ?? 1);
