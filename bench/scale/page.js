// The scale benchmark's page script (page.html; driven by bench/scale/browser.mjs through
// `window.scaleBench`): the package's browser entry as a page imports it, a check against the
// served archive with `checkArchive`, and a local check with a `Checker` holding given sources.
// It returns only what the driver compares (sources, passages' offsets) and times: each check's
// wall time, and where it went (the archive files' network time from Resource Timing, the engine's
// work on them, timed by wrapping ArchiveQuery's methods, and the alignment after the last file).
import { checkArchive, Checker } from '/js/browser.js';
import { archiveEngine, checkArchiveWith, fetchReader, rememberingReader } from '/js/archive.js';

// Resource Timing keeps 250 entries by default; a check makes about 3,000 requests.
performance.setResourceTimingBufferSize(1_000_000);

/** Milliseconds spent in each wrapped ArchiveQuery method since the last reset. */
const engineMs = { wanted: 0, receive: 0, references: 0, construct: 0 };
const seconds = (ms) => Math.round(ms) / 1000;

/** Loads the archive engine (pkg/archive/) and wraps its ArchiveQuery's methods with timers. */
async function loadEngine() {
  const started = performance.now();
  const { bindings } = await archiveEngine();
  const loaded = performance.now() - started;
  const proto = bindings.ArchiveQuery.prototype;
  for (const name of ['wanted', 'receive', 'references']) {
    const original = proto[name];
    if (original.timed) continue;
    proto[name] = Object.assign(function timed(...args) {
      const t = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        engineMs[name] += performance.now() - t;
      }
    }, { timed: true });
  }
  return { seconds: seconds(loaded) };
}

/** Each source's id and its passages' offsets in the paper and in the source. */
function slim(report) {
  return report.sources.map((s) => ({
    id: s.id,
    passages: s.passages.map((p) => [p.start, p.end, p.sourceStart, p.sourceEnd]),
  }));
}

/** Total length of the union of [start, end] intervals: the time some archive request was in flight. */
function busy(intervals) {
  intervals.sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [s, e] of intervals) {
    if (e > end) total += e - Math.max(s, end);
    end = Math.max(end, e);
  }
  return total;
}

/** Readers with a memory of files (js/archive.js rememberingReader, as the app's worker reads), by URL. */
const memories = new Map();

function memoReader(url) {
  if (!memories.has(url)) memories.set(url, rememberingReader(fetchReader(new URL(url, location.href))));
  return memories.get(url);
}

/**
 * Checks `paper` against the archive at `url` (with `checkArchive`, or through the page's memory of
 * files when `remembered`); the report's sources, the package's counts, and times.
 */
async function archive(url, paper, remembered = false) {
  const base = new URL(url, location.href).href;
  performance.clearResourceTimings();
  for (const key of Object.keys(engineMs)) engineMs[key] = 0;
  const started = performance.now();
  const { report, archive: traffic, checker } = remembered
    ? await checkArchiveWith(memoReader(url), paper)
    : await checkArchive(url, paper);
  const done = performance.now();
  checker.free();
  const files = performance.getEntriesByType('resource').filter((e) => e.name.startsWith(base));
  const lastFile = Math.max(started, ...files.map((e) => e.responseEnd));
  return {
    sources: slim(report),
    archive: { ...traffic, failures: traffic.failures.length },
    seconds: seconds(done - started),
    // From the call to the last archive file's end; then the candidates aligned and reported.
    fetchPhaseSeconds: seconds(lastFile - started),
    afterFetchSeconds: seconds(done - lastFile),
    networkBusySeconds: seconds(busy(files.map((e) => [e.startTime, e.responseEnd]))),
    meanRequestMs: Math.round((files.reduce((sum, e) => sum + e.responseEnd - e.startTime, 0) / Math.max(1, files.length)) * 100) / 100,
    // transferSize 0 with a body: answered by the HTTP cache without asking the server.
    fromCache: files.filter((e) => e.transferSize === 0 && e.decodedBodySize > 0).length,
    engineSeconds: Object.fromEntries(Object.entries(engineMs).map(([k, v]) => [k, seconds(v)])),
  };
}

/** A local check: a Checker of `options` holding `sources` ({ id, title, text }), then `paper`. */
function local(options, sources, paper) {
  const started = performance.now();
  const checker = new Checker(options);
  for (const source of sources) checker.addReference(source);
  const report = checker.check(paper);
  const out = { sources: slim(report), seconds: seconds(performance.now() - started) };
  checker.free?.();
  return out;
}

window.scaleBench = { loadEngine, archive, local };
window.scaleBenchReady = true;
