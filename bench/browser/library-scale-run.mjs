// The Chromium half of bench/library-scale.mjs: serves the benchmark's page
// (library-scale.html, library-scale-page.mjs), the app's www/, js/ and pkg/ from the package folder
// measured (`--pkg`), and the workload (/gen/, made here by library-scale-workload.mjs), cross-origin
// isolated so the page may measure its memory; then, per N, a headless Chromium (/usr/bin/chromium,
// or CHROMIUM_PATH) with a fresh on-disk profile adds the references a batch at a time and checks
// the planted paper. Memory: the engine worker's wasm linear memory (read in the worker) and
// measureUserAgentSpecificMemory (the page and its worker), before and after adding.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import sirv from 'sirv';
import { plantedPaper, pool, references } from './library-scale-workload.mjs';

const ISOLATION = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };
const json = (res, value) => res.writeHead(200, { 'content-type': 'application/json', ...ISOLATION }).end(JSON.stringify(value));

/** The workload's answers: /gen/references?first&count&words, /gen/paper?held&words. */
function generator(sentences) {
  return (req, res) => {
    const url = new URL(req.url, 'http://x');
    const number = (name) => Number(url.searchParams.get(name) ?? 0);
    if (url.pathname === '/references') return json(res, references(sentences, number('first'), number('count'), number('words')));
    if (url.pathname === '/paper') return json(res, plantedPaper(sentences, number('held'), number('words')));
    res.writeHead(404).end('not found');
  };
}

/** Starts the server on a free port: resolves with { server, url }. */
function startServer(pkg, sentences) {
  const serve = (dir) => sirv(dir, { dev: true, setHeaders: (res) => Object.entries(ISOLATION).forEach(([k, v]) => res.setHeader(k, v)) });
  const handlers = {
    bench: serve(fileURLToPath(new URL('.', import.meta.url))),
    www: serve(join(pkg, 'www')),
    js: serve(join(pkg, 'js')),
    pkg: serve(join(pkg, 'pkg')),
    gen: generator(sentences),
  };
  const server = createServer((req, res) => {
    const [, folder, ...rest] = new URL(req.url, 'http://x').pathname.split('/');
    if (!handlers[folder] || rest.length === 0) return res.writeHead(404).end('not found');
    req.url = `/${rest.join('/')}${new URL(req.url, 'http://x').search}`;
    handlers[folder](req, res, () => res.writeHead(404).end('not found'));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}/` }));
  });
}

/** The engine worker's wasm memory in bytes (the instance js/browser.js loaded there). */
async function workerWasm(page) {
  const [worker] = page.workers();
  return worker.evaluate(async () => {
    globalThis.gc?.();
    const engine = await (await import('/pkg/plagscope.js')).default();
    return engine.memory.buffer.byteLength;
  });
}

async function memory(page) {
  return { wasm: await workerWasm(page), agent: await page.evaluate(() => window.scale.memory()) };
}

/** Adds `n` references a batch at a time until done or refused; the batches' figures. */
async function addAll(page, { n, batch, words }) {
  const batches = [];
  for (let first = 0; first < n; first += batch) {
    const count = Math.min(batch, n - first);
    const result = await page.evaluate(([f, c, w]) => window.scale.add(f, c, w), [first, count, words]);
    batches.push(result);
    if (result.error) console.error(`    page error after ${first + count}: ${result.error}`);
    if (result.refused) break;
  }
  return batches;
}

/** One N in a fresh Chromium profile. */
async function measure(url, args, n) {
  const profile = mkdtempSync(join(tmpdir(), 'library-scale-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--enable-blink-features=ForceEagerMeasureMemory', '--js-flags=--expose-gc'],
  });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(4 * 3600_000);
    page.on('pageerror', (error) => console.error(`    page error: ${error.message}`));
    await page.goto(`${url}bench/library-scale.html`);
    await page.waitForFunction(() => window.scale?.ready, null, { timeout: 120_000 });
    const before = await memory(page);
    const batches = await addAll(page, { ...args, n });
    const after = await memory(page);
    const held = await page.evaluate(() => window.scale.library());
    const checks = await page.evaluate(([h, w, c]) => window.scale.check(h, w, c), [held.references, args.words, args.checks]);
    const refused = batches.find((b) => b.refused)?.refusal ?? null;
    return {
      where: 'chromium', chromium: context.browser()?.version() ?? null, asked: n, references: held.references, words: held.words, batches, refused,
      wasmGrowth: after.wasm - before.wasm, wasmTotal: after.wasm, agentGrowth: after.agent === null ? null : after.agent - before.agent,
      otherGrowth: after.agent === null ? null : after.agent - before.agent - (after.wasm - before.wasm),
      savedBytes: held.savedBytes, storageUsage: held.storageUsage, ...checks,
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** A runner `(n) => result` for bench/library-scale.mjs, one server for all N; `close()` stops it. */
export function inChromium(args) {
  const sentences = pool();
  const started = startServer(args.pkg, sentences);
  const run = async (n) => measure((await started).url, args, n);
  run.close = async () => (await started).server.close();
  return run;
}
