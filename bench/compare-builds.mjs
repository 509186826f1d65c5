// Throughput of several builds of the wasm engine side by side, alternating builds so the shared
// machine's noise falls on all of them alike: `minhash(text)` and `simhash(text)` over the English
// and Chinese corpora (target/corpus/en and zh; CORPORA=en,zh,bench-en names others in
// target/corpus), median of 7 rounds, MB/s of UTF-8. In Node, or with --chromium in headless
// Chromium (Debian's /usr/bin/chromium through playwright-core): the JS engine is the same V8, but
// the platform's APIs are not (the TextEncoder the engine reads strings with is Blink's there, and
// gains less than Node's), so a change at the boundary is measured in both.
//
//   node bench/compare-builds.mjs [--chromium] pkg /tmp/other-pkg
//
// Each directory holds a `wasm-bindgen --target web` output (plagscope.js, plagscope_bg.wasm), as
// scripts/build.sh writes into pkg/; build a variant into another directory to compare it (a size
// trade, a speed-up), then compare the ratios, not the absolute figures.
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const chromium = args.includes('--chromium');
const dirs = args.filter((arg) => arg !== '--chromium').map((dir) => resolve(dir));
if (dirs.length === 0) {
  console.error('usage: node bench/compare-builds.mjs [--chromium] PKG_DIR [PKG_DIR...]');
  process.exit(2);
}
const corpus = (lang) => {
  const dir = new URL(`../target/corpus/${lang}/`, import.meta.url);
  return readdirSync(dir).sort().map((name) => readFileSync(new URL(name, dir), 'utf8'));
};
const inputs = (process.env.CORPORA ?? 'en,zh').split(',').map((lang) => {
  const texts = corpus(lang);
  return { lang, texts, megabytes: texts.reduce((n, t) => n + Buffer.byteLength(t), 0) / 1e6 };
});

/** Runs where the builds are (`globalThis.builds`, in Node or in the page): median MB/s per
 * "op lang" and build. Self-contained, so that playwright can send it to the page. */
function measure(inputs) {
  const runs = {};
  for (let round = 0; round < 7; round++) {
    globalThis.builds.forEach((build, i) => {
      for (const { lang, texts, megabytes } of inputs) {
        for (const op of ['minhash', 'simhash']) {
          const start = performance.now();
          for (const text of texts) build[op](text);
          const row = (runs[`${op} ${lang}`] ??= globalThis.builds.map(() => []));
          row[i].push(megabytes / ((performance.now() - start) / 1000));
        }
      }
    });
  }
  const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
  return Object.fromEntries(Object.entries(runs).map(([key, row]) => [key, row.map(median)]));
}

let medians;
if (chromium) {
  const { chromium: browserType } = await import('playwright-core');
  const browser = await browserType.launch({ executablePath: '/usr/bin/chromium' });
  try {
    const page = await browser.newPage();
    for (const [i, dir] of dirs.entries()) {
      // Each build's module keeps its exports on the page under its index.
      const glue = readFileSync(`${dir}/plagscope.js`, 'utf8');
      const keep = `globalThis.builds ??= [];\nglobalThis.builds[${i}] = { initSync, minhash, simhash };`;
      await page.addScriptTag({ type: 'module', content: `${glue}\n${keep}` });
      await page.waitForFunction((i) => globalThis.builds?.[i], i);
      const wasm = [...readFileSync(`${dir}/plagscope_bg.wasm`)];
      await page.evaluate(([i, bytes]) => globalThis.builds[i].initSync({ module: new Uint8Array(bytes) }), [i, wasm]);
    }
    medians = await page.evaluate(measure, inputs);
  } finally {
    await browser.close();
  }
} else {
  globalThis.builds = [];
  for (const dir of dirs) {
    // A query string per directory: each build is its own module instance.
    const engine = await import(`${pathToFileURL(`${dir}/plagscope.js`)}?${globalThis.builds.length}`);
    engine.initSync({ module: readFileSync(`${dir}/plagscope_bg.wasm`) });
    globalThis.builds.push(engine);
  }
  medians = measure(inputs);
}
for (const [key, values] of Object.entries(medians)) {
  const cells = dirs.map((dir, i) => `${dir}: ${values[i].toFixed(1)}`);
  console.log(`${key.padEnd(12)} ${cells.join('  ')}`);
}
