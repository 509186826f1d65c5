// The TypeScript declarations shipped with the package type-check a program using the documented API.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';

test('the package types describe the API (tsc --strict on tests/types/usage.ts)', () => {
  const tsc = new URL('../../node_modules/typescript/bin/tsc', import.meta.url).pathname;
  const project = new URL('../types/tsconfig.json', import.meta.url).pathname;
  const result = spawnSync(process.execPath, [tsc, '-p', project], { encoding: 'utf8' });
  assert.equal(result.status, 0, result.stdout + result.stderr);
});
