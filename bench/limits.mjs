// Measures plagscope's practical limits on this machine: the largest paper and the largest reference
// set that work through the npm API in Node and in the page (Chromium, through the page's engine
// worker and through the real UI), with time and memory, and what happens just past each limit (the
// exact message). Not a test: it prints measurements; tests/js/limits.test.mjs and
// tests/e2e/hostile.test.mjs hold the documented limits as tests.
//
//   node bench/limits.mjs [node] [page]     both by default (npm run bench:limits)
//   LIMITS_BUDGET=900                       seconds each reference-set run may take (default 900)
//   LIMITS_REFS_MAX=400000                  stop a reference-set run after this many references
//   LIMITS_ONLY=UI                          only the cases whose label contains this text
//   LIMITS_MEMORY_CAP=8000                  stop a reference-set run when the process (Node) or the
//                                           browser passes this many MiB, to spare a shared machine
//
// Inputs are synthetic and seeded: English-like text drawn word by word from the Brown corpus's
// vocabulary with its word frequencies (so shingles are as varied as real text's, and texts only
// share what is planted), and Chinese text drawn from the 2,500 common characters. Each paper
// copies three 100-word passages of the reference set, so every check aligns real passages.
// Memory in Node is the process's peak RSS (getrusage), each paper case in a process of its own;
// in the page it is the peak summed PSS of the Chromium process tree (sampled every 250 ms), since
// performance.measureUserAgentSpecificMemory needs cross-origin isolation, which the page lacks.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const MiB = 1 << 20;
const root = new URL('../', import.meta.url);
const BUDGET = Number(process.env.LIMITS_BUDGET ?? 900);
const REFS_MAX = Number(process.env.LIMITS_REFS_MAX ?? 400_000);
const MEMORY_CAP = Number(process.env.LIMITS_MEMORY_CAP ?? 8000);
const selected = (label) => label.includes(process.env.LIMITS_ONLY ?? '');

// --- seeded text generators (also sent to the page as source, so they use nothing from outside) ---

function generators(vocabulary, cumulative, hanzi) {
  // sfc32 (128-bit state) seeded through splitmix32. A 32-bit generator such as mulberry32 walks one
  // cycle of 2^32 states, so two seeds are the same stream shifted: a 64 MiB paper drew 12 million
  // numbers and ran into the stream of one of its 200 references, copying it whole.
  const rng = (seed) => {
    const split = () => {
      seed = (seed + 0x9e3779b9) | 0;
      let z = seed;
      z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
      z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
      return (z ^ (z >>> 15)) >>> 0;
    };
    let [a, b, c, d] = [split(), split(), split(), split()];
    return () => {
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + t) | 0;
      return (t >>> 0) / 4294967296;
    };
  };
  const total = cumulative[cumulative.length - 1];
  /** ASCII English-like text of exactly `bytes` bytes: lines of 150 words, sentences of 15. */
  function english(seed, bytes) {
    const rand = rng(seed);
    const lines = [];
    let length = 0;
    while (length < bytes) {
      const words = [];
      for (let i = 0; i < 150; i++) {
        const x = rand() * total;
        let lo = 0;
        let hi = cumulative.length - 1;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (cumulative[mid] > x) hi = mid;
          else lo = mid + 1;
        }
        words.push(i % 15 === 14 ? `${vocabulary[lo]}.` : vocabulary[lo]);
      }
      const line = words.join(' ');
      lines.push(line);
      length += line.length + 1;
    }
    return lines.join('\n').slice(0, bytes);
  }
  /** Chinese text of exactly `characters` Han characters: a full stop every 20, a line every 500. */
  function chinese(seed, characters) {
    const rand = rng(seed);
    const lines = [];
    for (let done = 0; done < characters; ) {
      let line = '';
      for (let i = 0; i < 500 && done < characters; i++, done++) {
        line += hanzi[Math.floor(rand() * hanzi.length)];
        if (i % 20 === 19) line += '。';
      }
      lines.push(line);
    }
    return lines.join('\n');
  }
  /** A paper of about `bytes` bytes (never more) of `filler`, with three 100-word passages copied from `sources`. */
  function paperOf(filler, sources) {
    const copies = sources.map((text) => text.split(/\s+/).slice(200, 300).join(' '));
    const room = filler.length - copies.reduce((sum, c) => sum + c.length + 2, 0);
    const cut = [0, 0.25, 0.5, 0.75, 1].map((f) => Math.floor(f * room));
    let paper = '';
    for (let i = 0; i < 4; i++) paper += filler.slice(cut[i], cut[i + 1]) + (i < 3 ? `\n${copies[i]}\n` : '');
    return paper;
  }
  return { english, chinese, paperOf };
}

function loadVocabulary() {
  const counts = new Map();
  const corpus = new URL('target/corpus/en/', root);
  for (const name of readdirSync(corpus).filter((n) => n.startsWith('brown-'))) {
    for (const word of readFileSync(new URL(name, corpus), 'utf8').split(/\s+/)) {
      if (/^[A-Za-z]+$/.test(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  const vocabulary = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 30_000);
  let sum = 0;
  const cumulative = vocabulary.map(([, count]) => (sum += count));
  const hanzi = [...readFileSync(new URL('src/methods/data/common_chars_2500.txt', root), 'utf8')].filter((c) => /\p{Script=Han}/u.test(c));
  return { vocabulary: vocabulary.map(([word]) => word), cumulative, hanzi };
}

const REFERENCE_BYTES = 12_000; // about 2,000 words
const PAPER_REFERENCES = 200;

// --- one Node case, run in a child process so its peak RSS is its own ---

async function nodeCase(kind, parameter) {
  const { Checker } = await import('../js/node.js');
  const data = loadVocabulary();
  const { english, chinese, paperOf } = generators(data.vocabulary, data.cumulative, data.hanzi);
  const rss = () => Math.round(process.memoryUsage().rss / MiB);
  const peak = () => Math.round(process.resourceUsage().maxRSS / 1024);
  const checker = new Checker();
  const references = [];
  const out = { kind, parameter };
  if (kind === 'refs') {
    // Adds references until one fails, the budget is spent or the cap is reached; checks a
    // 5,000-word paper at each checkpoint.
    const started = performance.now();
    const paperFiller = english(7, 30_000);
    const checkpoints = [];
    let last = { n: 0, t: started };
    let next = 1000;
    for (let n = 0; n < REFS_MAX; n++) {
      const text = english(1000 + n, REFERENCE_BYTES);
      if (n < 3) references.push(text);
      try {
        checker.addReference({ id: `ref${n}`, text });
      } catch (error) {
        out.failedAt = n;
        out.error = error.message;
        out.secondsToFailure = Math.round((performance.now() - started) / 1000);
        out.rssAtFailure = rss();
        break;
      }
      const overCap = n % 100 === 99 && rss() > MEMORY_CAP;
      if (n + 1 === next || overCap || performance.now() - started > BUDGET * 1000) {
        const now = performance.now();
        const t0 = performance.now();
        const report = checker.check(paperOf(paperFiller, references));
        const checkMs = Math.round(performance.now() - t0);
        const point = { n: n + 1, seconds: Math.round((now - started) / 1000), addMs: +((now - last.t) / (n + 1 - last.n)).toFixed(2), checkMs, sources: report.sources.length, rss: rss() };
        checkpoints.push(point);
        console.error(JSON.stringify(point));
        last = { n: n + 1, t: now };
        next = next < 10_000 ? next * 2 : next + 10_000;
        if (overCap || performance.now() - started > BUDGET * 1000) {
          out.stopped = overCap ? `memory cap of ${MEMORY_CAP} MiB reached` : `budget of ${BUDGET} s spent`;
          break;
        }
      }
    }
    out.checkpoints = checkpoints;
    if (out.error) {
      // What the caller has afterwards: the same Checker, still usable?
      try {
        out.afterFailure = { size: checker.size, sources: checker.check(paperOf(paperFiller, references)).sources.length };
      } catch (error) {
        out.afterFailure = { error: error.message };
      }
    }
    out.peakRss = peak();
    return out;
  }
  for (let i = 0; i < PAPER_REFERENCES; i++) {
    const text = english(1000 + i, REFERENCE_BYTES);
    if (i < 3) references.push(text);
    checker.addReference({ id: `ref${i}`, text });
  }
  let paper;
  if (kind === 'en') paper = paperOf(english(7, parameter), references);
  else if (kind === 'zh') paper = chinese(7, parameter);
  else if (kind === 'expand') paper = '\uFDFA'.repeat(parameter);
  out.utf8MB = +(Buffer.byteLength(paper) / MiB).toFixed(2);
  out.rssBefore = rss();
  const t0 = performance.now();
  try {
    const report = checker.check(paper);
    out.seconds = +((performance.now() - t0) / 1000).toFixed(1);
    out.words = report.totalWords;
    out.sources = report.sources.map((s) => s.id).join(' ');
  } catch (error) {
    out.seconds = +((performance.now() - t0) / 1000).toFixed(1);
    out.error = error.message;
    out.stillWorks = checker.check(paperOf(english(8, 20_000), references)).sources.length === 3;
  }
  out.peakRss = peak();
  return out;
}

function runNodeCase(kind, parameter) {
  const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--case', kind, String(parameter)], {
    cwd: fileURLToPath(root),
    encoding: 'utf8',
    maxBuffer: 64 * MiB,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = child.stdout.trim().split('\n').at(-1);
  if (child.status !== 0 || !line) return { kind, parameter, crashed: `exit ${child.status} signal ${child.signal}` };
  return JSON.parse(line);
}

// --- the page ---

/** Summed PSS (MiB) of the process tree under `pid`: RSS with shared pages split among their users, so the sum counts each page once. */
function treeRss(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  let kb = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop();
    try {
      kb += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      // ended
    }
    stack.push(...(children.get(p) ?? []));
  }
  return Math.round(kb / 1024);
}

/** The browser's main process: the one whose command line carries our marker. */
function browserPid(marker) {
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes(marker) && !cmdline.includes('--type=')) return Number(entry);
    } catch {
      // ended
    }
  }
  throw new Error('the Chromium process was not found');
}

async function pageCases(results) {
  const { chromium } = await import('playwright-core');
  const { startServer } = await import('../scripts/serve.mjs');
  const { server, url } = await startServer({ port: 0 });
  const marker = `--plagscope-limits-bench=${process.pid}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', marker],
  });
  const pid = browserPid(marker);
  const data = loadVocabulary();
  const generatorSource = generators.toString();

  /** Runs `work(page)` in a fresh page with the generators installed, sampling the browser's RSS. */
  async function inPage(label, work) {
    if (!selected(label)) return;
    const page = await browser.newPage();
    let crashed = false;
    page.on('crash', () => (crashed = true));
    const opening = Date.now();
    try {
      await page.goto(url);
      await page.locator('body[data-ready="true"]').waitFor({ timeout: 300_000 });
    } catch (error) {
      const out = { case: label, error: `the page did not open: ${error.message.split('\n')[0]}`, browserMemory: treeRss(pid) };
      console.log(JSON.stringify(out));
      results.push(out);
      await page.close().catch(() => {});
      return;
    }
    const openSeconds = Math.round((Date.now() - opening) / 1000);
    await page.evaluate(`window.gen = (${generatorSource})(...${JSON.stringify([data.vocabulary, data.cumulative, data.hanzi])})`);
    const baseline = treeRss(pid);
    let peakRss = baseline;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, treeRss(pid))), 250);
    const started = Date.now();
    let out;
    try {
      out = await work(page);
    } catch (error) {
      out = { error: crashed ? `the tab crashed (${error.message.split('\n')[0]})` : error.message.split('\n')[0] };
    }
    clearInterval(sampler);
    out = { case: label, ...out, openSeconds, wallSeconds: Math.round((Date.now() - started) / 1000), browserMemoryBefore: baseline, browserPeakMemory: peakRss, tabSurvived: !crashed && !page.isClosed() };
    if (out.tabSurvived) {
      // Does the page still answer (the main thread is not stuck)?
      out.tabResponsive = await Promise.race([page.evaluate(() => true), new Promise((r) => setTimeout(() => r(false), 30_000))]).catch(() => false);
    }
    console.log(JSON.stringify(out));
    results.push(out);
    await page.close().catch(() => {});
  }

  // A paper through the engine worker (www/engine.js), as the page's Check button sends it.
  const workerPaper = (kind, parameter) => (page) =>
    page.evaluate(
      async ({ kind, parameter, references, referenceBytes }) => {
        const { startEngine } = await import('/www/engine.js');
        const engine = await startEngine();
        const texts = Array.from({ length: references }, (_, i) => window.gen.english(1000 + i, referenceBytes));
        await engine.request('addReferences', { references: texts.map((text, i) => ({ id: `ref${i}`, text })) });
        const paper =
          kind === 'en' ? window.gen.paperOf(window.gen.english(7, parameter), texts.slice(0, 3))
          : kind === 'zh' ? window.gen.chinese(7, parameter)
          : '\uFDFA'.repeat(parameter);
        const t0 = performance.now();
        try {
          const report = await engine.request('check', { text: paper });
          return { seconds: +((performance.now() - t0) / 1000).toFixed(1), words: report.totalWords, sources: report.sources.map((s) => s.id).join(' ') };
        } catch (error) {
          const seconds = +((performance.now() - t0) / 1000).toFixed(1);
          let stillWorks;
          try {
            stillWorks = (await engine.request('check', { text: window.gen.paperOf(window.gen.english(8, 20_000), texts.slice(0, 3)) })).sources.length === 3;
          } catch (again) {
            stillWorks = `no: ${again.message}`;
          }
          return { seconds, error: error.message, stillWorks };
        }
      },
      { kind, parameter, references: PAPER_REFERENCES, referenceBytes: REFERENCE_BYTES },
    );

  // A paper through the real UI: pasted into the textarea (set in the page), Check clicked, the
  // report and the side-by-side view drawn.
  const uiPaper = (bytes, oneLineFdfa = 0) => async (page) => {
    await page.click('#add-pasted summary');
    const source = await page.evaluate(() => window.gen.english(1000, 12_000));
    await page.fill('#ref-text', source);
    await page.click('#ref-add');
    await page.locator('#ref-list li').waitFor();
    const t0 = Date.now();
    await page.locator('#paper').evaluate(
      (paper, { bytes, oneLineFdfa }) => {
        paper.value = oneLineFdfa ? '\uFDFA'.repeat(oneLineFdfa) : window.gen.paperOf(window.gen.english(7, bytes), [window.gen.english(1000, 12_000)]);
      },
      { bytes, oneLineFdfa },
    );
    // The textarea is drawn before anything else can happen on the main thread.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))), null, { timeout: 600_000 });
    const shown = (Date.now() - t0) / 1000;
    const done = Number((await page.locator('body').getAttribute('data-completed')) ?? 0);
    const t1 = Date.now();
    await page.click('#check', { timeout: 600_000 });
    await page.locator(`body[data-completed="${done + 1}"]`).waitFor({ timeout: 900_000 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))), null, { timeout: 600_000 });
    const error = (await page.locator('#error').isVisible()) ? await page.locator('#error').textContent() : undefined;
    return { textareaSeconds: +shown.toFixed(1), checkAndRenderSeconds: +((Date.now() - t1) / 1000).toFixed(1), overall: await page.locator('#overall').textContent(), error };
  };

  // References added in batches of 500 through the worker until one fails, the tab dies, or the
  // budget is spent.
  const workerRefs = async (page) => {
    page.setDefaultTimeout(BUDGET * 1000 + 600_000);
    await page.evaluate(async () => {
      const { startEngine } = await import('/www/engine.js');
      window.engine = await startEngine();
      window.paperFiller = window.gen.english(7, 30_000);
      window.firstTexts = [];
    });
    const started = Date.now();
    const checkpoints = [];
    let n = 0;
    let next = 1000;
    let last = { n: 0, t: started };
    for (;;) {
      const batch = await page.evaluate(
        async ({ n, size, bytes }) => {
          const references = Array.from({ length: size }, (_, i) => ({ id: `ref${n + i}`, text: window.gen.english(1000 + n + i, bytes) }));
          if (n === 0) window.firstTexts = references.slice(0, 3).map((r) => r.text);
          try {
            const { refusals, refused } = await window.engine.request('addReferences', { references });
            return { errors: refusals.slice(0, 3).map((r) => `${r.titles.length} refused: ${r.error.message}`), added: size - refused };
          } catch (error) {
            return { error: error.message, added: 0 };
          }
        },
        { n, size: 500, bytes: REFERENCE_BYTES },
      );
      n += batch.added;
      const overCap = treeRss(pid) > MEMORY_CAP;
      const over = Date.now() - started > BUDGET * 1000;
      if (batch.error || batch.errors.length || n >= next || over || overCap || n >= REFS_MAX) {
        const now = Date.now();
        const check = await page.evaluate(async () => {
          const t0 = performance.now();
          try {
            const report = await window.engine.request('check', { text: window.gen.paperOf(window.paperFiller, window.firstTexts) });
            return { checkMs: Math.round(performance.now() - t0), sources: report.sources.length, size: (await window.engine.request('references')).length };
          } catch (error) {
            return { checkError: error.message };
          }
        });
        const point = { n, seconds: Math.round((now - started) / 1000), addMs: +((now - last.t) / Math.max(1, n - last.n)).toFixed(2), ...check, browserMemory: treeRss(pid) };
        console.error(JSON.stringify(point));
        checkpoints.push(point);
        last = { n, t: now };
        next = next < 10_000 ? next * 2 : next + 10_000;
        if (batch.error || batch.errors.length) return { failedAt: n, error: batch.error ?? batch.errors.join('; '), checkpoints };
        if (over || overCap || n >= REFS_MAX) {
          return { stopped: overCap ? `memory cap of ${MEMORY_CAP} MiB reached` : over ? `budget of ${BUDGET} s spent` : `cap of ${REFS_MAX}`, checkpoints };
        }
      }
    }
  };

  await inPage('page worker: English paper 1 MiB', workerPaper('en', 1 * MiB));
  await inPage('page worker: English paper 16 MiB', workerPaper('en', 16 * MiB));
  await inPage('page worker: English paper 64 MiB - 1 KiB', workerPaper('en', 64 * MiB - 1024));
  await inPage('page worker: English paper 64 MiB + 1 byte', workerPaper('en', 64 * MiB + 1));
  await inPage('page worker: Chinese paper 15.9 M characters', workerPaper('zh', 15_900_000));
  await inPage('page worker: Chinese paper 16.1 M characters', workerPaper('zh', 16_100_000));
  await inPage('page worker: 4 M x U+FDFA (expands past 64 MiB)', workerPaper('expand', 4_000_000));
  await inPage('page UI: English paper 16 MiB', uiPaper(16 * MiB));
  await inPage('page UI: English paper 64 MiB - 1 KiB', uiPaper(64 * MiB - 1024));
  await inPage('page UI: 100 k x U+FDFA on one line', uiPaper(0, 100_000));
  await inPage('page UI: 400 k x U+FDFA on one line', uiPaper(0, 400_000));
  await inPage('page UI: 1 M x U+FDFA on one line', uiPaper(0, 1_000_000));
  await inPage('page worker: reference set of 12 KB references', workerRefs);
  await browser.close();
  server.close();
}

// --- main ---

if (process.argv[2] === '--case') {
  console.log(JSON.stringify(await nodeCase(process.argv[3], Number(process.argv[4]))));
} else {
  const which = process.argv.slice(2);
  const all = which.length === 0;
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: fileURLToPath(root), encoding: 'utf8' }).stdout.trim();
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'src', 'js', 'www', 'Cargo.toml'], { cwd: fileURLToPath(root), encoding: 'utf8' }).stdout.trim();
  console.log(`plagscope limits, commit ${head}${dirty ? ' + uncommitted changes in src/ js/ www/' : ''}, ${new Date().toISOString()}, node ${process.version}`);
  const results = [];
  if (all || which.includes('node')) {
    for (const [kind, parameter, label] of [
      ['en', 1 * MiB, 'Node: English paper 1 MiB'],
      ['en', 16 * MiB, 'Node: English paper 16 MiB'],
      ['en', 64 * MiB - 1024, 'Node: English paper 64 MiB - 1 KiB'],
      ['en', 64 * MiB + 1, 'Node: English paper 64 MiB + 1 byte'],
      ['zh', 15_900_000, 'Node: Chinese paper 15.9 M characters'],
      ['zh', 16_100_000, 'Node: Chinese paper 16.1 M characters'],
      ['expand', 4_000_000, 'Node: 4 M x U+FDFA (expands past 64 MiB)'],
      ['refs', 0, 'Node: reference set of 12 KB references'],
    ]) {
      if (!selected(label)) continue;
      const result = { case: label, ...runNodeCase(kind, parameter) };
      console.log(JSON.stringify(result));
      results.push(result);
    }
  }
  if (all || which.includes('page')) await pageCases(results);
}
