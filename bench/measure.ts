/**
 * Measurement engine: warm-up and batch calibration per case, then samples taken round-robin across
 * the libraries of one operation (so that machine noise hits them alike), reduced to the median and
 * the interquartile range.
 */

import type { BenchCase, BenchFn } from "./case.ts";
import { iqrPercent, median } from "./stats.ts";

/** Timing plan derived from the time budget of one measurement (`--time`). */
export interface Plan {
  /** Budget for the samples of one row, in ms. */
  timeMs: number;
  /** Target duration of one sample (a batch of calls), in ms. */
  sampleMs: number;
  /** Minimum warm-up per row, in ms (also used to calibrate the batch size). */
  warmupMs: number;
  minSamples: number;
  maxSamples: number;
}

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

export function makePlan(timeMs: number): Plan {
  return {
    timeMs,
    sampleMs: clamp(timeMs / 25, 0.5, 10),
    warmupMs: clamp(timeMs / 4, 20, 250),
    minSamples: 5,
    maxSamples: 1000,
  };
}

export interface Measurement {
  case: BenchCase;
  /** Median time of one call over all samples, in ns. */
  nsPerOp: number;
  /** Interquartile range of the per-call times of the samples, in % of the median. */
  iqrPct: number;
  samples: number;
  /** Calls per sample. */
  batch: number;
}

export type FailureStage = "setup" | "measurement" | "teardown";
export type OnFailure = (c: BenchCase, stage: FailureStage, error: unknown) => void;

// Every result is stored here so that the JIT cannot drop the timed work as dead code.
let sink: unknown;
/** The last result stored by the runner (read by the report so the sink stays observable). */
export function sinkValue(): unknown {
  return sink;
}

type Runner = (n: number) => number | Promise<number>;

function runSync(fn: BenchFn, n: number): number {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) sink = fn();
  return performance.now() - t0;
}

async function runAsync(fn: BenchFn, n: number): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) sink = await fn();
  return performance.now() - t0;
}

/**
 * Warm-up while growing the batch until one batch lasts about `sampleMs` and `warmupMs` has passed
 * (at least three batches), then size the batch from the last timing.
 */
async function calibrate(run: Runner, plan: Plan): Promise<{ batch: number; perOpMs: number }> {
  const start = performance.now();
  let n = 1;
  let last = 0;
  let runs = 0;
  for (;;) {
    last = await run(n);
    runs++;
    if (last < plan.sampleMs / 2 && n < 1e9) {
      const guess = Math.ceil((n * plan.sampleMs) / Math.max(last, 1e-3));
      n = Math.min(n * 10, Math.max(n * 2, guess));
      continue;
    }
    if (performance.now() - start >= plan.warmupMs && runs >= 3) break;
  }
  const perOpMs = last / n;
  return { batch: Math.max(1, Math.round(plan.sampleMs / perOpMs)), perOpMs };
}

interface State {
  case: BenchCase;
  run: Runner;
  batch: number;
  target: number;
  perOp: number[];
  failed: boolean;
}

/**
 * Measures the cases of one operation. A case whose setup or measurement throws is reported through
 * `onFailure` and gets no measurement; the others go on. Every case's `teardown` runs at the end (a
 * throwing teardown is reported and keeps the row).
 */
export async function measureGroup(
  cases: readonly BenchCase[],
  plan: Plan,
  onFailure: OnFailure,
): Promise<Measurement[]> {
  if (cases.length > 1 && cases.every((c) => c.sequential === true)) {
    const out: Measurement[] = [];
    for (const c of cases) {
      out.push(...await measureGroup([c], plan, onFailure));
      collectGarbage(); // this library's inputs, before the next one's are built
    }
    return out;
  }
  const states: State[] = [];
  for (const c of cases) {
    let stage: FailureStage = "setup";
    try {
      const fn = await c.setup();
      if (typeof fn !== "function") throw new TypeError("setup did not return a function");
      stage = "measurement";
      if (c.selfTimed !== undefined) {
        // One call is one sample and reports its own time (no batching: it is cold by design).
        const run: Runner = async () => Number(await fn());
        states.push({ case: c, run, batch: 1, target: c.selfTimed, perOp: [], failed: false });
        continue;
      }
      const run: Runner = c.async ? (n) => runAsync(fn, n) : (n) => runSync(fn, n);
      const { batch, perOpMs } = await calibrate(run, plan);
      const sampleMs = Math.max(batch * perOpMs, 1e-6);
      const target = Math.round(clamp(plan.timeMs / sampleMs, plan.minSamples, plan.maxSamples));
      states.push({ case: c, run, batch, target, perOp: [], failed: false });
    } catch (e) {
      onFailure(c, stage, e);
    }
  }
  // Round-robin: one sample of each library in turn until each has its count.
  for (;;) {
    let pending = false;
    for (const s of states) {
      if (s.failed || s.perOp.length >= s.target) continue;
      pending = true;
      try {
        const t = await s.run(s.batch);
        s.perOp.push(t / s.batch);
      } catch (e) {
        s.failed = true;
        onFailure(s.case, "measurement", e);
      }
    }
    if (!pending) break;
  }
  for (const c of cases) {
    if (c.teardown === undefined) continue;
    try {
      await c.teardown();
    } catch (e) {
      onFailure(c, "teardown", e);
    }
  }
  return states.filter((s) => !s.failed).map((s) => ({
    case: s.case,
    nsPerOp: median(s.perOp) * 1e6,
    iqrPct: iqrPercent(s.perOp),
    samples: s.perOp.length,
    batch: s.batch,
  }));
}

/**
 * A full garbage collection where the runtime offers one (V8 started with --expose-gc, as the bench
 * task starts Deno; Bun's `Bun.gc`): between operations, and between the libraries of a sequential
 * one, so that the inputs measured last are gone before the next ones are built.
 */
export function collectGarbage(): void {
  const g = globalThis as { gc?: () => void; Bun?: { gc(force: boolean): void } };
  if (typeof g.gc === "function") g.gc();
  else g.Bun?.gc(true);
}
