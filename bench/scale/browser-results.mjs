// The figures of bench/scale/browser.mjs: a paper's archive passages against the local check's
// passages for its planted sources, and the summary line over all papers.
//   import { comparePassages, median, summarize } from './browser-results.mjs';

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : Math.round(((sorted[mid - 1] + sorted[mid]) / 2) * 1000) / 1000;
}

const round = (value, places) => Math.round(value * 10 ** places) / 10 ** places;

/** `passages` ([start, end, sourceStart, sourceEnd] arrays) of source `id` in a report's sources. */
function passagesOf(sources, id) {
  return sources.find((s) => s.id === id)?.passages ?? [];
}

/**
 * The archive check's passages against the local check's, for each planted source: equal when
 * both list the same passages at the same offsets in the paper and in the source. `differences`
 * names, per source that differs, the passages only one side has.
 */
export function comparePassages(archiveSources, localSources, planted) {
  const differences = [];
  for (const id of planted) {
    const archive = passagesOf(archiveSources, id);
    const local = passagesOf(localSources, id);
    const key = (p) => p.join(',');
    const inLocal = new Set(local.map(key));
    const inArchive = new Set(archive.map(key));
    const onlyArchive = archive.filter((p) => !inLocal.has(key(p)));
    const onlyLocal = local.filter((p) => !inArchive.has(key(p)));
    if (onlyArchive.length || onlyLocal.length || archive.length !== local.length) {
      differences.push({ source: id, onlyArchive, onlyLocal });
    }
  }
  const count = (sources) => planted.reduce((n, id) => n + passagesOf(sources, id).length, 0);
  return { equal: differences.length === 0, archivePassages: count(archiveSources), localPassages: count(localSources), differences };
}

/** The summary over the papers' figures (browser.mjs's paperFigures). */
export function summarize(checks, totalBytes, args) {
  const all = Object.values(checks);
  const n = all.length;
  const sum = (pick) => all.reduce((s, c) => s + pick(c), 0);
  const max = (pick) => Math.max(...all.map(pick));
  return {
    documents: args.count,
    archive: args.archive,
    archiveBytes: totalBytes,
    papers: n,
    runsPerPaper: args.repeat,
    cache: args.cache,
    http: args.http2 ? 2 : 1,
    recall: round(sum((c) => c.plantedReported) / sum((c) => c.planted), 4),
    otherSourcesReported: sum((c) => c.otherSourcesReported),
    failures: sum((c) => c.failures),
    meanBytes: Math.round(sum((c) => c.bytes) / n),
    meanServerBytes: Math.round(sum((c) => c.serverBytes) / n),
    meanBytesShare: round(sum((c) => c.bytesShare) / n, 5),
    maxBytesShare: max((c) => c.bytesShare),
    meanRequests: round(sum((c) => c.requests) / n, 1),
    meanServerRequests: round(sum((c) => c.serverRequests) / n, 1),
    meanWarmServerRequests: round(sum((c) => c.warmServerRequests) / n, 2),
    medianEngineSeconds: median(all.map((c) => c.engineSeconds)),
    medianColdSeconds: median(all.map((c) => c.coldSeconds)),
    maxColdSeconds: max((c) => c.coldSeconds),
    medianColdWithEngineSeconds: median(all.map((c) => c.coldWithEngineSeconds)),
    medianWarmSeconds: median(all.map((c) => c.warmSeconds)),
    maxWarmSeconds: max((c) => c.warmSeconds),
    medianWarmInPageSeconds: median(all.map((c) => c.warmInPageSeconds)),
    medianLocalSeconds: median(all.map((c) => c.localSeconds)),
    passagesEqual: `${all.filter((c) => c.passages.equal).length}/${n}`,
    warmSameReport: `${all.filter((c) => c.warmSameReport).length}/${n}`,
    medianLoad: median(all.flatMap((c) => c.load)),
  };
}
