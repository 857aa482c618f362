/**
 * Rows of the report (runtime-neutral: the Deno front end and the runner on every runtime use it):
 * the `--json` schema, their order and their rounding.
 */

import { type Backend, BACKENDS_BY_LIB, type Lib, LIBS } from "./case.ts";
import type { Measurement } from "./measure.ts";
import { cyclesPerOp } from "./stats.ts";

/** One row of `--json` output. The schema is stable: tests/bench checks it. */
export interface Row {
  /**
   * The runtime the row was measured on: `deno`, `bun`, or `node<major>` (`node20` for the machine's
   * Node, `node26` for the current Node the report installs). Ratios are taken within one runtime.
   */
  runtime: string;
  suite: string;
  op: string;
  lib: Lib;
  backend: Backend;
  /** Median time of one call, in ns. */
  nsPerOp: number;
  opsPerSec: number;
  /** Approximate cycles per call at the detected clock, null when the clock is unknown. */
  cycles: number | null;
  /** Spread: the interquartile range of the samples in % of the median (0.1 % steps). */
  iqrPct: number;
  /** Number of samples (batches of calls) behind the median and the spread. */
  samples: number;
  /** The spread exceeds `UNSTABLE_IQR_PCT`: the row is marked `UNSTABLE_MARK` in the table. */
  unstable: boolean;
}

/** A row whose IQR is above this percentage of its median is unstable. */
export const UNSTABLE_IQR_PCT = 10;
/** The mark of an unstable row in the table. */
export const UNSTABLE_MARK = "!";

const round3 = (x: number): number => Math.round(x * 1000) / 1000;
const round1 = (x: number): number => Math.round(x * 10) / 10;

/** Rows of one operation on `runtime`: isochron first (wasm, then ts), then the peers in `LIBS` order. */
export function toRows(measurements: readonly Measurement[], ghz: number | null, runtime = "deno"): Row[] {
  const rank = (lib: Lib, backend: Backend) => LIBS.indexOf(lib) * 10 + BACKENDS_BY_LIB[lib].indexOf(backend);
  return measurements
    .map((m): Row => {
      const iqrPct = round1(m.iqrPct);
      return {
        runtime,
        suite: m.case.suite,
        op: m.case.op,
        lib: m.case.lib,
        backend: m.case.backend,
        nsPerOp: round3(m.nsPerOp),
        opsPerSec: round3(1e9 / m.nsPerOp),
        cycles: cyclesPerOp(m.nsPerOp, ghz),
        iqrPct,
        samples: m.samples,
        unstable: iqrPct > UNSTABLE_IQR_PCT,
      };
    })
    .sort((a, b) => rank(a.lib, a.backend) - rank(b.lib, b.backend));
}
