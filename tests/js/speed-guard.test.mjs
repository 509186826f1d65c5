// The speed guard's verdict (bench/speed-guard/compare.mjs) on made-up figures, with nothing timed:
// a figure 2x slower than its baseline fails, 1.1x passes, the 25% tolerance is the edge, a figure
// missing on either side or another workload fails with a sentence naming it; and the committed
// baseline says when, at which commit and why it was taken, for the workload the guard reads now.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BASELINE_PATH, TOLERANCE, UPDATE_HOWTO, baselineFrom, compareWithBaseline, formatRows } from '../../bench/speed-guard/compare.mjs';
import { loadWorkload } from '../../bench/speed-guard/workload.mjs';

const baseline = { workload: 'w1', figures: { 'minhash-en': { ratio: 1.6 }, check: { ratio: 1.4 } } };
const run = (factors, workload = 'w1') => ({
  workload,
  figures: Object.fromEntries(Object.entries(factors).map(([name, factor]) => [name, { ratio: baseline.figures[name].ratio * factor }])),
});

test('a figure 2x slower than its baseline fails and says by how much', () => {
  const verdict = compareWithBaseline(baseline, run({ 'minhash-en': 2, check: 1 }));
  assert.equal(verdict.ok, false);
  assert.deepEqual(verdict.rows.map((row) => row.verdict), ['slower', 'ok']);
  assert.equal(verdict.problems.length, 1);
  assert.match(verdict.problems[0], /^figure "minhash-en" is 100% slower than the baseline \(ratio 3\.200, baseline 1\.600; more than 25% fails\)$/);
});

test('1.1x slower passes; so does exactly the tolerance, and a bit more fails', () => {
  assert.equal(TOLERANCE, 1.25);
  assert.equal(compareWithBaseline(baseline, run({ 'minhash-en': 1.1, check: 1.1 })).ok, true);
  assert.equal(compareWithBaseline(baseline, run({ 'minhash-en': 1.25, check: 0.9 })).ok, true);
  assert.equal(compareWithBaseline(baseline, run({ 'minhash-en': 1, check: 1.26 })).ok, false);
});

test('much faster passes, marked so a new baseline can hold the gain', () => {
  const verdict = compareWithBaseline(baseline, run({ 'minhash-en': 0.5, check: 1 }));
  assert.equal(verdict.ok, true);
  assert.deepEqual(verdict.rows.map((row) => row.verdict), ['faster', 'ok']);
  assert.match(formatRows(verdict.rows)[0], /minhash-en +ratio +0\.800 +baseline +1\.600 +-50% +faster/);
});

test('a figure the run lacks fails clearly, and so does one the baseline lacks', () => {
  const missing = compareWithBaseline(baseline, { workload: 'w1', figures: { 'minhash-en': { ratio: 1.6 } } });
  assert.equal(missing.ok, false);
  assert.deepEqual(missing.problems, ['figure "check" of the baseline was not measured (the guard no longer produced it)']);
  const added = compareWithBaseline(baseline, { workload: 'w1', figures: { ...run({ 'minhash-en': 1, check: 1 }).figures, index: { ratio: 2 } } });
  assert.equal(added.ok, false);
  assert.match(added.problems[0], /^figure "index" has no ratio in the baseline/);
  const broken = compareWithBaseline(baseline, { workload: 'w1', figures: { 'minhash-en': { ratio: Number.NaN }, check: { ratio: 1.4 } } });
  assert.equal(broken.ok, false, 'a ratio that is not a positive number is no measurement');
});

test('another workload, or no baseline, fails instead of comparing', () => {
  const other = compareWithBaseline(baseline, run({ 'minhash-en': 1, check: 1 }, 'w2'));
  assert.equal(other.ok, false);
  assert.match(other.problems[0], /^the workload changed \(digest w2, the baseline's w1\)/);
  assert.deepEqual(compareWithBaseline(null, run({ 'minhash-en': 1, check: 1 })).problems, [`no baseline figures in ${BASELINE_PATH}`]);
});

test('the failure message says how to commit a new baseline deliberately', () => {
  const text = UPDATE_HOWTO.join('\n');
  assert.match(text, /node bench\/speed-guard\.mjs --update --reason/);
  assert.match(text, /with the reason in the commit message/);
});

test('a baseline is the median of its runs, each run kept', () => {
  const runs = [1.5, 1.7, 1.6].map((ratio) => ({ workload: 'w1', figures: { check: { ratio, ms: ratio * 10, what: 'a check' } } }));
  const made = baselineFrom(runs, { commit: 'abc1234', reason: 'why' });
  assert.deepEqual(made.figures.check, { ratio: 1.6, runs: [1.5, 1.7, 1.6], ms: 16, what: 'a check' });
  assert.equal(made.workload, 'w1');
  assert.equal(made.commit, 'abc1234');
  assert.throws(() => baselineFrom([runs[0], { ...runs[1], workload: 'w2' }], {}), /different workloads/);
});

test('the committed baseline names its commit, date and reason, for the workload read now', () => {
  const committed = JSON.parse(readFileSync(new URL(`../../${BASELINE_PATH}`, import.meta.url), 'utf8'));
  assert.match(committed.commit, /^[0-9a-f]{7,}$/);
  assert.ok(!Number.isNaN(Date.parse(committed.date)), committed.date);
  assert.ok(committed.reason.length > 10, committed.reason);
  assert.deepEqual(Object.keys(committed.figures).sort(), ['check', 'index', 'minhash-en', 'minhash-zh']);
  for (const figure of Object.values(committed.figures)) assert.ok(figure.ratio > 0);
  assert.equal(committed.workload, loadWorkload().digest, 'the corpus or the guard\'s inputs changed since the baseline: run the guard with --update');
});
