// bench/compare-builds.mjs in headless Chromium: `minhash(text)` and `simhash(text)` of several
// builds of the wasm engine over the English and Chinese corpora (CORPORA=en,zh,bench-en names
// others in target/corpus), alternating builds, median of 7 rounds, MB/s of UTF-8. The JS engine
// is the same V8 as Node's, but the platform's APIs are not: TextEncoder.encodeInto, which the
// engine reads its strings with, is Blink's here and gains less than in Node.
//
//   node bench/compare-builds-browser.mjs pkg /tmp/other-pkg
//
// Uses Debian's /usr/bin/chromium (scripts/setup.sh --browser) through playwright-core.
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';

const dirs = process.argv.slice(2).map((dir) => resolve(dir));
if (dirs.length === 0) {
  console.error('usage: node bench/compare-builds-browser.mjs PKG_DIR [PKG_DIR...]');
  process.exit(2);
}
const corpus = (lang) => {
  const dir = new URL(`../target/corpus/${lang}/`, import.meta.url);
  return readdirSync(dir).sort().map((name) => readFileSync(new URL(name, dir), 'utf8'));
};

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  for (const [i, dir] of dirs.entries()) {
    // Each build's wasm-bindgen module, its exports kept on the page under its index.
    const glue = readFileSync(`${dir}/plagscope.js`, 'utf8');
    await page.addScriptTag({
      type: 'module',
      content: `${glue}\nwindow.builds = window.builds ?? [];\nwindow.builds[${i}] = { initSync, minhash, simhash };`,
    });
    await page.waitForFunction((i) => window.builds?.[i], i);
    const wasm = [...readFileSync(`${dir}/plagscope_bg.wasm`)];
    await page.evaluate(([i, bytes]) => window.builds[i].initSync({ module: new Uint8Array(bytes) }), [i, wasm]);
  }
  for (const lang of (process.env.CORPORA ?? 'en,zh').split(',')) {
    const texts = corpus(lang);
    const megabytes = texts.reduce((n, t) => n + Buffer.byteLength(t), 0) / 1e6;
    for (const op of ['minhash', 'simhash']) {
      const medians = await page.evaluate(([texts, op, megabytes]) => {
        const runs = window.builds.map(() => []);
        for (let round = 0; round < 7; round++) {
          window.builds.forEach((build, i) => {
            const start = performance.now();
            for (const text of texts) build[op](text);
            runs[i].push(megabytes / ((performance.now() - start) / 1000));
          });
        }
        return runs.map((values) => values.sort((a, b) => a - b)[values.length >> 1]);
      }, [texts, op, megabytes]);
      const cells = dirs.map((dir, i) => `${dir}: ${medians[i].toFixed(1)}`);
      console.log(`${`${op} ${lang}`.padEnd(12)} ${cells.join('  ')}`);
    }
  }
} finally {
  await browser.close();
}
