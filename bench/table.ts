/** Rows of the report, their order, the ratio to the fastest peer, and the text table. */

import { type Backend, BACKENDS_BY_LIB, type Lib, LIBS } from "./case.ts";
import type { CpuInfo } from "./cpu.ts";
import type { Measurement } from "./measure.ts";
import { cyclesPerOp, ratio } from "./stats.ts";

/** One row of `--json` output. The schema is stable: tests/bench checks it. */
export interface Row {
  suite: string;
  op: string;
  lib: Lib;
  backend: Backend;
  nsPerOp: number;
  opsPerSec: number;
  cycles: number | null;
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/** Rows of one operation: isochron first (wasm, then ts), then the peers in `LIBS` order. */
export function toRows(measurements: readonly Measurement[], ghz: number | null): Row[] {
  const rank = (lib: Lib, backend: Backend) => LIBS.indexOf(lib) * 10 + BACKENDS_BY_LIB[lib].indexOf(backend);
  return measurements
    .map((m): Row => ({
      suite: m.case.suite,
      op: m.case.op,
      lib: m.case.lib,
      backend: m.case.backend,
      nsPerOp: round3(m.nsPerOp),
      opsPerSec: round3(1e9 / m.nsPerOp),
      cycles: cyclesPerOp(m.nsPerOp, ghz),
    }))
    .sort((a, b) => rank(a.lib, a.backend) - rank(b.lib, b.backend));
}

/** The fastest peer (non-isochron row) of one operation's rows, or null when there is none. */
export function fastestPeer(rows: readonly Row[]): Row | null {
  let best: Row | null = null;
  for (const r of rows) {
    if (r.lib !== "isochron" && (best === null || r.nsPerOp < best.nsPerOp)) best = r;
  }
  return best;
}

/** `"0.42× noble"`: the row's time over the fastest peer's time, or `"-"` without a peer. */
export function ratioText(row: Row, peer: Row | null): string {
  if (peer === null) return "-";
  const x = ratio(row.nsPerOp, peer.nsPerOp);
  return `${x < 10 ? x.toFixed(2) : x.toFixed(1)}× ${peer.lib}`;
}

function nsText(ns: number): string {
  return ns < 10 ? ns.toFixed(2) : ns < 1000 ? ns.toFixed(1) : ns.toFixed(0);
}

/** Column widths, known before measuring so rows can be printed as soon as an operation is done. */
export interface Widths {
  op: number;
  lib: number;
}

export function libText(lib: Lib, backend: Backend): string {
  return `${lib} (${backend})`;
}

/** The lines of one operation's rows, in the style of constantine's benchmark output. */
export function formatRows(rows: readonly Row[], w: Widths): string[] {
  const peer = fastestPeer(rows);
  return rows.map((r) => {
    const name = `${r.suite} ${r.op}`.padEnd(w.op) + "  " + libText(r.lib, r.backend).padEnd(w.lib);
    const cycles = r.cycles === null ? "n/a" : String(r.cycles);
    return `${name}  ${r.opsPerSec.toFixed(3).padStart(14)} ops/s  ${
      nsText(r.nsPerOp).padStart(11)
    } ns/op  ` +
      `${cycles.padStart(11)} cycles  ${ratioText(r, peer)}`;
  });
}

/** The header: runtime, CPU, clock and the warning that cycles are approximate. */
export function formatHeader(cpu: CpuInfo, timeMs: number): string[] {
  const runtime = `Deno ${Deno.version.deno}, V8 ${Deno.version.v8}, ${Deno.build.os} ${Deno.build.arch}`;
  const clock = cpu.ghz === null
    ? "Clock: unknown (cycles are not reported)"
    : `Clock: ${cpu.ghz.toFixed(3)} GHz, ${cpu.clockSource}`;
  return [
    `isochron benchmark report (${runtime})`,
    `Running on ${cpu.model} (${cpu.cores} logical cores)`,
    clock,
    "",
    "⚠️ Cycles measurements are approximate and use the CPU nominal clock: Turbo-Boost and overclocking will skew them.",
    "i.e. a 20% overclock will be about 20% off (assuming no dynamic frequency scaling)",
    "",
    `Each row: median of samples taken over ~${timeMs} ms after a warm-up; the libraries of one operation`,
    "are sampled in turn. Last column: time relative to the fastest peer of the operation (< 1× = faster).",
    "=".repeat(120),
  ];
}
