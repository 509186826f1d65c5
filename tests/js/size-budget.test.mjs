// The wasm engines stay within their size budgets (size-budget.json, issue 44): each file gzipped
// as PERFORMANCE.md's goal measures it, `gzip -9 -c FILE | wc -c`. GNU gzip, not node:zlib: Node's
// zlib (Chromium's fork) makes the engine about 2% larger at level 9 than gzip does, so its figure
// would not be the goal's. pkg/ is built before this layer runs (scripts/test.sh); a missing file
// fails, so a budget is never passed by an engine that was not built.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const { budgets } = JSON.parse(readFileSync(`${root}size-budget.json`, 'utf8'));

/** Bytes of `gzip -9 -c path`. */
const gzipped = (path) => execFileSync('gzip', ['-9', '-c', path], { maxBuffer: 1 << 30 }).length;

/** Why `file`, `size` bytes gzipped, breaks its budget of `limit` bytes; null when it does not. */
function overBudget(file, size, limit) {
  if (size <= limit) return null;
  return `${file} is ${size} bytes gzipped (gzip -9), ${size - limit} over its budget of ${limit} ` +
    `(size-budget.json): a change that grows it raises the budget in its own commit, with the reason`;
}

test('a file over its budget fails with its size, the excess and what to do; at the budget it passes', () => {
  assert.equal(overBudget('pkg/e.wasm', 300_000, 300_000), null);
  assert.match(overBudget('pkg/e.wasm', 300_001, 300_000), /^pkg\/e\.wasm is 300001 bytes gzipped \(gzip -9\), 1 over its budget of 300000 \(size-budget\.json\): a change that grows it raises the budget in its own commit, with the reason$/);
});

test('every budget is a positive number of bytes, with its reason', () => {
  assert.ok(Object.keys(budgets).length > 0, 'size-budget.json holds a budget');
  for (const [file, { gzipBytes, reason }] of Object.entries(budgets)) {
    assert.ok(Number.isInteger(gzipBytes) && gzipBytes > 0, `${file}: gzipBytes is a positive integer`);
    assert.ok(typeof reason === 'string' && reason.length > 0, `${file}: the budget says why it is what it is`);
  }
});

for (const [file, { gzipBytes }] of Object.entries(budgets)) {
  test(`${file} is within its budget of ${gzipBytes} bytes gzipped`, () => {
    const path = `${root}${file}`;
    assert.ok(existsSync(path), `${file} is missing: scripts/build.sh builds it (and scripts/test.sh runs this layer after it)`);
    const problem = overBudget(file, gzipped(path), gzipBytes);
    if (problem) assert.fail(problem);
  });
}
