// The npm package in a user's browser app: tests/bundler is bundled with Vite (which copies the wasm
// next to the bundle through the browser entry's `new URL(..., import.meta.url)`), served statically,
// and run in headless Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { build } from 'vite';
import { chromium } from 'playwright-core';
import { executablePath } from './harness.mjs';

test('a Vite-bundled browser app imports plagscope and checks a paper', async (t) => {
  const config = fileURLToPath(new URL('../bundler/vite.config.mjs', import.meta.url));
  await build({ configFile: config });
  const dist = fileURLToPath(new URL('../../target/bundler-dist', import.meta.url));
  const files = sirv(dist);
  const server = createServer((req, res) => files(req, res, () => res.writeHead(404).end()));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => server.close());
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'],
  });
  t.after(() => browser.close());
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.locator('#out', { hasText: '{' }).waitFor();
  const result = JSON.parse(await page.locator('#out').textContent());
  assert.deepEqual(errors, []);
  assert.equal(result.source, 'src');
  assert.match(result.passage, /^winnowing selects fingerprints .* is detected$/);
  assert.match(result.version, /^\d+\.\d+\.\d+$/);
});
