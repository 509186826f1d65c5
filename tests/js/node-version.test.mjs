// The minimum Node version is written once, in package.json's "engines" (scripts/setup.sh reads it
// from there); the README must state the same version, and what the package ships with must not
// need a newer one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const read = (path) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const minimum = JSON.parse(read('package.json')).engines.node.replace(/^>=/, '');
const newer = (a, b) => {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  return x[0] - y[0] || (x[1] ?? 0) - (y[1] ?? 0) || (x[2] ?? 0) - (y[2] ?? 0);
};

test('the README states the minimum Node version of package.json', () => {
  assert.match(read('README.md'), new RegExp(`Node\\.js ≥ ${minimum.replaceAll('.', '\\.')}(?![\\d.]\\d)`));
});

test('no runtime dependency needs a newer Node than package.json says', () => {
  const { dependencies = {} } = JSON.parse(read('package.json'));
  const lock = JSON.parse(read('package-lock.json')).packages;
  const runtime = Object.keys(dependencies);
  for (let i = 0; i < runtime.length; i++) {
    const entry = lock[`node_modules/${runtime[i]}`];
    for (const dep of Object.keys(entry.dependencies ?? {})) if (!runtime.includes(dep)) runtime.push(dep);
    const needs = entry.engines?.node?.match(/^>=\s*([\d.]+)$/)?.[1];
    if (needs) assert.ok(newer(minimum, needs) >= 0, `${runtime[i]} needs Node ${needs}; package.json says ${minimum}`);
  }
  assert.ok(runtime.length > 0);
});
