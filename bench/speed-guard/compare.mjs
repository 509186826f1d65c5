// The speed guard's verdict, kept apart from any timing so tests/js/speed-guard.test.mjs can hold it
// with made-up figures: each figure is a ratio (engine time over the yardstick's time in the same
// run), compared with the committed baseline's ratio for that figure. Slower by more than the
// tolerance fails; so does a figure the baseline has and the run lacks (or the reverse) and a
// workload other than the baseline's, since then the numbers measure different things.

/** A figure may take this many times its baseline ratio (25% slower) before the guard fails. */
export const TOLERANCE = 1.25;

/** The baseline file, relative to the repository's root. */
export const BASELINE_PATH = 'bench/speed-guard/baseline.json';

/** How to commit a new baseline, said by every failure. */
export const UPDATE_HOWTO = [
  'If the slowdown is intended (a capability that costs time) or the workload changed on purpose, make it the new',
  `baseline deliberately: \`node bench/speed-guard.mjs --update --reason "<why>"\` rewrites ${BASELINE_PATH}`,
  '(three runs, the median of each figure); commit that file alone, with the reason in the commit message.',
  'Otherwise find what made it slower: the figures name the operation, `npm run bench` has the detail.',
];

const isRatio = (value) => typeof value === 'number' && Number.isFinite(value) && value > 0;

/** Compares one figure; returns its row for the table. */
function compareFigure(name, base, now, tolerance) {
  if (!isRatio(base?.ratio)) {
    return { name, now: now.ratio, verdict: 'new', problem: `figure "${name}" has no ratio in the baseline: a figure was added or the baseline is damaged` };
  }
  if (!isRatio(now?.ratio)) {
    return { name, baseline: base.ratio, verdict: 'missing', problem: `figure "${name}" of the baseline was not measured (the guard no longer produced it)` };
  }
  const change = now.ratio / base.ratio;
  if (change > tolerance) {
    const percent = Math.round((change - 1) * 100);
    return { name, baseline: base.ratio, now: now.ratio, change, verdict: 'slower', problem: `figure "${name}" is ${percent}% slower than the baseline (ratio ${now.ratio.toFixed(3)}, baseline ${base.ratio.toFixed(3)}; more than ${Math.round((tolerance - 1) * 100)}% fails)` };
  }
  return { name, baseline: base.ratio, now: now.ratio, change, verdict: change < 1 / tolerance ? 'faster' : 'ok' };
}

/**
 * Compares a run's figures with the baseline's. `baseline` and `measured` are `{ workload, figures:
 * { name: { ratio } } }`; returns `{ ok, rows, problems }`, a row per figure in either, and a
 * problem (a sentence) for each reason to fail.
 */
export function compareWithBaseline(baseline, measured, tolerance = TOLERANCE) {
  const problems = [];
  if (!baseline || typeof baseline.figures !== 'object' || baseline.figures === null) {
    return { ok: false, rows: [], problems: [`no baseline figures in ${BASELINE_PATH}`] };
  }
  if (baseline.workload !== measured.workload) {
    problems.push(`the workload changed (digest ${measured.workload}, the baseline's ${baseline.workload}): the corpus or the guard's inputs are not the ones the baseline measured`);
  }
  const names = [...new Set([...Object.keys(baseline.figures), ...Object.keys(measured.figures)])];
  const rows = names.map((name) => {
    const now = measured.figures[name];
    return now === undefined
      ? compareFigure(name, baseline.figures[name], {}, tolerance)
      : compareFigure(name, baseline.figures[name], now, tolerance);
  });
  problems.push(...rows.filter((row) => row.problem).map((row) => row.problem));
  return { ok: problems.length === 0, rows, problems };
}

/** The table printed after a run: each figure's ratio against the baseline's. */
export function formatRows(rows) {
  const cell = (value, digits = 3) => (value === undefined ? '—' : value.toFixed(digits));
  return rows.map((row) => {
    const change = row.change === undefined ? '' : `${row.change >= 1 ? '+' : ''}${Math.round((row.change - 1) * 100)}%`;
    return `  ${row.name.padEnd(12)} ratio ${cell(row.now).padStart(7)}  baseline ${cell(row.baseline).padStart(7)}  ${change.padStart(5)}  ${row.verdict}`;
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * A baseline from several runs (`{ workload, figures }` each): each figure's median ratio, with the
 * lowest and highest seen so a reader sees how noisy it was; `about` is commit, date, reason, machine.
 */
export function baselineFrom(runs, about) {
  const workloads = new Set(runs.map((run) => run.workload));
  if (workloads.size !== 1) throw new Error(`the runs measured different workloads: ${[...workloads].join(', ')}`);
  const figures = {};
  for (const name of Object.keys(runs[0].figures)) {
    const ratios = runs.map((run) => run.figures[name].ratio);
    const ms = runs.map((run) => run.figures[name].ms);
    figures[name] = { ratio: Number(median(ratios).toFixed(4)), runs: ratios.map((r) => Number(r.toFixed(4))), ms: Number(median(ms).toFixed(1)), what: runs[0].figures[name].what };
  }
  return { ...about, workload: runs[0].workload, tolerance: TOLERANCE, figures };
}

export { median };
