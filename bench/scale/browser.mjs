// The scale benchmark in Chromium (issue 31): the planted papers (papers.mjs) checked against the
// published archive (build.py) served by a local static server (serve.mjs) to headless Chromium,
// which runs the package's browser entry as a page would (page.html, page.js). Per paper:
//   - cold: a fresh browser profile (empty HTTP cache); the archive engine (pkg/archive/) is
//     loaded and timed first, apart, then `checkArchive(url, paper)` is timed from the call to
//     the report (the engine's load is not in it; coldWithEngine adds it);
//   - warm: the same paper again in the same profile (manifest.json revalidated, the rest cached);
//     warmInPage: again, through the page's own memory of the files (page.js), an idea measured;
//   - local: a Checker of the archive's options holding only the paper's planted sources (their
//     texts read from the corpus shards here), and its passages for those sources compared with
//     the archive report's (offsets in the paper and in the source).
// Recall is against truth.json, the generator's record, never plagscope's output. Bytes and
// requests are the package's counts and the server's own.
//
//   node bench/scale/browser.mjs N [--archive DIR] [--repeat R] [--papers K]
//     (default DIR target/scale/archive-N-w2; R runs of each paper, medians kept; the first K papers)
//   --cache memory: incognito-like contexts (an in-memory HTTP cache) instead of fresh profiles;
//   --http2: served over HTTP/2 (TLS, a self-signed certificate), as static hosts serve.
//   -> target/scale/browser-N[-memory][-h2].json, and a summary line on stdout.
// Expects /usr/bin/chromium (scripts/setup.sh --browser), the built package (scripts/build.sh),
// and target/scale/{corpus-N,papers-N,archive-N-w2} (bench/scale/run.sh).
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startScaleServer } from './serve.mjs';
import { readDocuments } from './sources.mjs';
import { comparePassages, median, summarize } from './browser-results.mjs';

const SCALE = 'target/scale';
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];

const USAGE = 'usage: browser.mjs N [--archive DIR] [--repeat R] [--papers K] [--cache disk|memory] [--http2]';

function parseArgs(argv) {
  const args = { count: Number(argv[0]), repeat: 1, papers: Infinity, cache: 'disk', http2: false };
  const rest = argv.slice(1);
  while (rest.length > 0) {
    const flag = rest.shift();
    if (flag === '--http2') args.http2 = true;
    else if (flag === '--archive') args.archive = rest.shift();
    else if (flag === '--repeat') args.repeat = Number(rest.shift());
    else if (flag === '--papers') args.papers = Number(rest.shift());
    else if (flag === '--cache') args.cache = rest.shift();
    else throw new Error(`unknown argument ${flag}; ${USAGE}`);
  }
  if (!Number.isInteger(args.count) || !(args.repeat >= 1) || !['disk', 'memory'].includes(args.cache)) throw new Error(USAGE);
  args.archive ??= join(SCALE, `archive-${args.count}-w2`);
  return args;
}

/** All the archive's bytes (every file under it), the denominator of the bytes share. */
function archiveBytes(dir) {
  return readdirSync(dir, { recursive: true })
    .map((f) => statSync(join(dir, f)))
    .filter((s) => s.isFile())
    .reduce((sum, s) => sum + s.size, 0);
}

const load = () => Math.round(loadavg()[0] * 100) / 100;

/** `step()` in the page, with what the server served meanwhile and the load average before it. */
async function measured(server, step) {
  const loadBefore = load();
  const before = server.traffic();
  const result = await step();
  const served = server.traffic().minus(before);
  return { ...result, served: { ...served.archive, packageRequests: served.package.requests, packageBytes: served.package.bytes }, load: loadBefore };
}

/**
 * An empty browser context: `disk`, a new profile in a temporary folder (Chromium's disk cache, as a
 * user's browser has); `memory`, an incognito-like context (Chromium keeps its HTTP cache in memory).
 */
async function freshContext(server, cache) {
  // The --http2 server's self-signed certificate: its key trusted, so Chromium caches as it would.
  const args = server.spki ? [...LAUNCH_ARGS, `--ignore-certificate-errors-spki-list=${server.spki}`] : LAUNCH_ARGS;
  if (cache === 'memory') {
    const browser = await chromium.launch({ executablePath, headless: true, args });
    const context = await browser.newContext();
    context.once('close', () => browser.close());
    return { context };
  }
  const profile = mkdtempSync(join(tmpdir(), 'plagscope-scale-'));
  return { context: await chromium.launchPersistentContext(profile, { executablePath, headless: true, args }), profile };
}

/** One run of a paper in a fresh profile: the engine's load, cold, warm, and (if asked) local. */
async function runPaper(server, paper, sources, options, withLocal, cache) {
  const { context, profile } = await freshContext(server, cache);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await page.goto(`${server.url}bench/page.html`);
    await page.waitForFunction(() => window.scaleBenchReady === true, null, { timeout: 60_000 });
    const engine = await measured(server, () => page.evaluate(() => window.scaleBench.loadEngine()));
    const check = (remembered) => () => page.evaluate(([text, r]) => window.scaleBench.archive('/archive/', text, r), [paper, remembered]);
    const cold = await measured(server, check(false));
    const warm = await measured(server, check(false));
    // Twice through the page's own memory of files: the first fills it (from the HTTP cache).
    await page.evaluate(([text]) => window.scaleBench.archive('/archive/', text, true), [paper]);
    const warmInPage = await measured(server, check(true));
    const local = withLocal
      ? await page.evaluate(([o, s, text]) => window.scaleBench.local(o, s, text), [options, sources, paper])
      : undefined;
    return { engine, cold, warm, warmInPage, local };
  } finally {
    await context.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  }
}

/** A paper's figures from its runs: the first run's reports and counts, the runs' median times. */
function paperFigures(runs, planted, totalBytes) {
  const [first] = runs;
  const reported = first.cold.sources.map((s) => s.id);
  const times = (pick) => median(runs.map(pick));
  return {
    planted: planted.length,
    plantedReported: planted.filter((id) => reported.includes(id)).length,
    otherSourcesReported: reported.filter((id) => !planted.includes(id)).length,
    bytes: first.cold.archive.bytes,
    serverBytes: first.cold.served.bytes,
    bytesShare: Math.round((first.cold.served.bytes / totalBytes) * 1e5) / 1e5,
    requests: first.cold.archive.requests,
    serverRequests: first.cold.served.requests,
    partitions: first.cold.archive.partitions,
    failures: first.cold.archive.failures,
    warmServerRequests: first.warm.served.requests,
    warmServerBytes: first.warm.served.bytes,
    warmFromCache: first.warm.fromCache,
    warmSameReport: JSON.stringify(first.warm.sources) === JSON.stringify(first.cold.sources),
    engineSeconds: times((r) => r.engine.seconds),
    coldSeconds: times((r) => r.cold.seconds),
    coldWithEngineSeconds: Math.round(times((r) => r.cold.seconds + r.engine.seconds) * 1000) / 1000,
    warmSeconds: times((r) => r.warm.seconds),
    warmInPageSeconds: times((r) => r.warmInPage.seconds),
    localSeconds: first.local.seconds,
    passages: comparePassages(first.cold.sources, first.local.sources, planted),
    load: runs.map((r) => r.cold.load),
    runs: runs.map(({ engine, cold, warm, warmInPage }) => ({ engine, ...Object.fromEntries(
      Object.entries({ cold, warm, warmInPage }).map(([k, v]) => [k, { ...v, sources: undefined }])) })),
  };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!existsSync(executablePath)) throw new Error(`Chromium not found at ${executablePath}; run scripts/setup.sh --browser`);
  const papersDir = join(SCALE, `papers-${args.count}`);
  const truth = JSON.parse(readFileSync(join(papersDir, 'truth.json'), 'utf8'));
  const names = Object.keys(truth).sort().slice(0, args.papers);
  const options = JSON.parse(readFileSync(join(args.archive, 'manifest.json'), 'utf8')).options;
  const totalBytes = archiveBytes(args.archive);
  const texts = await readDocuments(join(SCALE, `corpus-${args.count}`), names.flatMap((n) => truth[n].sources));
  const server = await startScaleServer(args.archive, { http2: args.http2 });
  const checks = {};
  try {
    for (const name of names) {
      const paper = readFileSync(join(papersDir, name), 'utf8');
      const planted = truth[name].sources;
      const runs = [];
      for (let r = 0; r < args.repeat; r++) {
        runs.push(await runPaper(server, paper, planted.map((id) => texts.get(id)), options, r === 0, args.cache));
      }
      checks[name] = paperFigures(runs, planted, totalBytes);
      const { runs: _, passages, ...line } = checks[name];
      console.log(name, JSON.stringify({ ...line, passagesEqual: passages.equal }));
    }
  } finally {
    await server.close();
  }
  const summary = summarize(checks, totalBytes, args);
  const out = join(SCALE, `browser-${args.count}${args.cache === 'memory' ? '-memory' : ''}${args.http2 ? '-h2' : ''}.json`);
  writeFileSync(out, `${JSON.stringify({ summary, checks }, null, 1)}\n`);
  console.log(`${out}: ${JSON.stringify(summary)}`);
}

await main();
