// The speed guard's timing: each figure's engine work timed between two runs of the plain-JS
// yardstick, round after round, the figures' order rotated each round. A figure's ratio is the
// median over rounds of its time over the mean of the two yardstick runs around it, so anything
// that drifts during a run (the CPU's clock, caches shared with a busy neighbour) moves both sides
// of a pair. Times are this process's CPU time after a full garbage collection, not wall time (see
// `timed`). Everything runs a few times untimed first, so the JavaScript is optimized and the wasm
// memory has grown before any figure counts.
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { bytesOf } from './workload.mjs';
import { yardstick } from './yardstick.mjs';
import { median } from './compare.mjs';

/** The check must still find the planted copies: a broken engine is not a fast one. */
const PLANTED = 8;

/** The figures: what each times (one sample), in words for the baseline file. */
function figures(engine, workload, checker) {
  const { minhash, Checker } = engine;
  return {
    'minhash-en': {
      what: `minhash(text) of ${workload.en.length} Brown texts, ${(bytesOf(workload.en) / 1e6).toFixed(2)} MB`,
      run: () => workload.en.forEach((text) => minhash(text)),
    },
    'minhash-zh': {
      what: `minhash(text) of ${workload.zh.length} classical Chinese essays, ${(bytesOf(workload.zh) / 1e6).toFixed(2)} MB, 4 times`,
      run: () => {
        for (let pass = 0; pass < 4; pass++) workload.zh.forEach((text) => minhash(text));
      },
    },
    check: {
      what: `check() of a ${workload.paper.split(/\s+/).length}-word paper (${PLANTED} copied passages) against ${workload.references.length} references, default options`,
      run: () => {
        const report = checker.check(workload.paper);
        if (report.sources.length < PLANTED) throw new Error(`the check found ${report.sources.length} sources, not the ${PLANTED} planted: the engine is broken, not slow`);
      },
    },
    index: {
      what: `a new Checker given ${workload.indexing.length} Brown texts (addReference)`,
      run: () => {
        const fresh = new Checker();
        workload.indexing.forEach((text, i) => fresh.addReference({ id: `i${i}`, text }));
        fresh.free();
      },
    },
  };
}

// A full collection before each sample: the garbage one figure leaves (a check's report, a freed
// Checker's wrapper) is otherwise collected during the next sample, by threads whose CPU time this
// process counts, and the yardstick would pay for the engine's garbage.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = globalThis.gc ?? vm.runInNewContext('typeof gc === "function" ? gc : null');
if (!collectGarbage) throw new Error('the speed guard needs V8\'s gc(): run it with node --expose-gc');

/**
 * The CPU time `run` takes (user + system, the whole process, in ms). Not wall time: on a shared
 * machine another process takes the CPU for bursts of a few milliseconds, and a wall clock counts
 * them against whichever side of a pair they hit (per-round wall ratios spread from 0.4 to 6 at a
 * load of 5 on 2 cores); the CPU time this process spends is what the code costs.
 */
const timed = (run) => {
  collectGarbage();
  const start = process.cpuUsage();
  run();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
};

/**
 * Measures every figure over `rounds` rounds after `warmup` untimed runs of everything; returns
 * `{ workload, figures: { name: { ratio, ms, spread, what } }, yardstickMs, seconds }`.
 */
export function measure(engine, workload, { rounds, warmup }) {
  const began = performance.now();
  const checker = new engine.Checker();
  workload.references.forEach((text, i) => checker.addReference({ id: `r${i}`, text }));
  const all = figures(engine, workload, checker);
  const names = Object.keys(all);
  const stick = () => yardstick(workload.yardstick);
  for (let i = 0; i < warmup; i++) {
    stick();
    names.forEach((name) => all[name].run());
  }
  const samples = Object.fromEntries(names.map((name) => [name, { ratios: [], ms: [] }]));
  const yardstickMs = [];
  for (let round = 0; round < rounds; round++) {
    let before = timed(stick);
    yardstickMs.push(before);
    for (let k = 0; k < names.length; k++) {
      const name = names[(round + k) % names.length];
      const ms = timed(all[name].run);
      const after = timed(stick);
      yardstickMs.push(after);
      samples[name].ratios.push(ms / ((before + after) / 2));
      samples[name].ms.push(ms);
      before = after;
    }
  }
  checker.free();
  const result = {};
  for (const name of names) {
    const { ratios, ms } = samples[name];
    result[name] = { ratio: median(ratios), ms: median(ms), spread: [Math.min(...ratios), Math.max(...ratios)], what: all[name].what };
  }
  return { workload: workload.digest, figures: result, yardstickMs: median(yardstickMs), seconds: (performance.now() - began) / 1000 };
}
