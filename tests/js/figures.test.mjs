// FIGURES.md is generated from bench/results/*.json (scripts/figures.mjs), which the benchmarks
// write (bench/results.mjs): it must equal that rendering, so that nobody edits a figure by hand,
// and every results file must say how it was made (issue 45).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { figuresFile, readResults, render } from '../../scripts/figures.mjs';

test('FIGURES.md is the rendering of bench/results (run `node scripts/figures.mjs`)', () => {
  assert.equal(readFileSync(figuresFile, 'utf8'), render());
});

test('every results file has its command, commit, date, machine and output', () => {
  const records = readResults();
  assert.ok(records.length > 0, 'bench/results/ holds no results');
  for (const r of records) {
    assert.equal(r.benchmark, r.name, `${r.name}.json: benchmark`);
    for (const field of ['title', 'command', 'commit']) assert.ok(typeof r[field] === 'string' && r[field].length > 0, `${r.name}.json: ${field}`);
    assert.ok(!Number.isNaN(Date.parse(r.date)), `${r.name}.json: date`);
    for (const field of ['cpu', 'cores', 'memoryGB', 'node']) assert.ok(r.machine?.[field], `${r.name}.json: machine.${field}`);
    assert.ok(Array.isArray(r.output) && r.output.length > 0, `${r.name}.json: output`);
    for (const item of r.output.filter((i) => typeof i !== 'string')) {
      assert.ok(item.rows.every((row) => row.length === item.columns.length), `${r.name}.json: table "${item.title}" has rows of its columns' length`);
    }
  }
});
