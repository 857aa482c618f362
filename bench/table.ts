/** The text table of the report (Deno front end): units, the ratio to the fastest peer, header. */

import type { Backend, Lib } from "./case.ts";
import type { CpuInfo } from "./cpu.ts";
import { type Row, UNSTABLE_IQR_PCT, UNSTABLE_MARK } from "./rows.ts";
import { ratio } from "./stats.ts";

export { type Row, toRows, UNSTABLE_IQR_PCT, UNSTABLE_MARK } from "./rows.ts";

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

/**
 * `x` scaled by the first of `units` ([suffix, factor], ascending) that keeps three significant digits
 * below 1000: `scaled(1880000, TIME_UNITS)` is `"1.88 ms"`. Past the last unit, whole numbers.
 */
function scaled(x: number, units: readonly (readonly [string, number])[]): string {
  for (const [i, [suffix, factor]] of units.entries()) {
    const v = x / factor;
    const text = v.toPrecision(3);
    if (Number(text) < 1000) return `${text.includes("e") ? v.toFixed(0) : text}${suffix}`;
    if (i === units.length - 1) return `${v.toFixed(0)}${suffix}`;
  }
  return String(x);
}

const TIME_UNITS = [[" ns", 1], [" µs", 1e3], [" ms", 1e6], [" s", 1e9]] as const;
const COUNT_UNITS = [["", 1], [" k", 1e3], [" M", 1e6], [" G", 1e9]] as const;

/** A time in ns, three significant digits in the largest fitting unit: `99.2 ns`, `3.50 µs`, `1.88 ms`. */
export function timeText(ns: number): string {
  return scaled(ns, TIME_UNITS);
}

/** A rate or a count, three significant digits with k, M or G: `84`, `25.6`, `10.1 k`, `3.19 M`. */
export function countText(x: number): string {
  return Number.isInteger(x) && x < 1000 ? String(x) : scaled(x, COUNT_UNITS);
}

/** The spread column: `2.4%`, `12.8%`, `140%`. */
export function iqrText(pct: number): string {
  return `${pct < 100 ? pct.toFixed(1) : pct.toFixed(0)}%`;
}

/** Column widths, known before measuring so rows can be printed as soon as an operation is done. */
export interface Widths {
  op: number;
  lib: number;
}

export function libText(lib: Lib, backend: Backend): string {
  return `${lib} (${backend})`;
}

// Widths of the value columns: time, spread (and its mark), ops/s, cycles.
const TIME_W = 9, IQR_W = 6, MARK_W = UNSTABLE_MARK.length, RATE_W = 8, CYCLES_W = 8;
const GAP = "  ";

const OP_TITLE = "operation", LIB_TITLE = "library";
/** The name columns are at least as wide as their titles. */
const fit = (w: Widths): Widths => ({
  op: Math.max(w.op, OP_TITLE.length),
  lib: Math.max(w.lib, LIB_TITLE.length),
});

/** The column titles, aligned with `formatRows`. */
export function formatColumns(widths: Widths): string {
  const w = fit(widths);
  return [
    OP_TITLE.padEnd(w.op),
    LIB_TITLE.padEnd(w.lib),
    "time/op".padStart(TIME_W),
    "IQR".padStart(IQR_W) + " ".repeat(MARK_W + 1),
    "ops/s".padStart(RATE_W),
    "~cycles".padStart(CYCLES_W),
    "vs fastest peer",
  ].join(GAP);
}

/**
 * The lines of one measured group's rows: time per call in scaled units, its spread (IQR, `!` when
 * unstable), calls per second, approximate cycles, and the ratio to the fastest peer of the row's own
 * operation (a group may hold several operations: `BenchCase.interleaveWith`).
 */
export function formatRows(rows: readonly Row[], widths: Widths): string[] {
  const w = fit(widths);
  const opOf = (r: Row) => `${r.suite} ${r.op}`;
  const peers = new Map<string, Row | null>();
  for (const op of new Set(rows.map(opOf))) peers.set(op, fastestPeer(rows.filter((r) => opOf(r) === op)));
  return rows.map((r) =>
    [
      `${r.suite} ${r.op}`.padEnd(w.op),
      libText(r.lib, r.backend).padEnd(w.lib),
      timeText(r.nsPerOp).padStart(TIME_W),
      iqrText(r.iqrPct).padStart(IQR_W) + " " + (r.unstable ? UNSTABLE_MARK : " ".repeat(MARK_W)),
      countText(r.opsPerSec).padStart(RATE_W),
      (r.cycles === null ? "n/a" : countText(r.cycles)).padStart(CYCLES_W),
      ratioText(r, peers.get(opOf(r)) ?? null),
    ].join(GAP)
  );
}

/**
 * One sentence on the clock behind the cycle counts: where it comes from, and why the counts are only
 * indicative (or why there are none).
 */
export function clockText(cpu: CpuInfo): string {
  if (cpu.ghz === null) {
    return "No cycle counts: the clock is unknown (set ISOCHRON_CPU_GHZ to the CPU's nominal clock in GHz " +
      "for approximate ones).";
  }
  const source = {
    env: "the clock given in ISOCHRON_CPU_GHZ",
    model: "the nominal clock in the CPU's model name",
    cpuinfo: 'the clock one core showed in /proc/cpuinfo ("cpu MHz") at the start, not a nominal one',
    os: "the clock speed os.cpus() reports",
    unknown: "a clock of unknown origin",
  }[cpu.clockSource];
  return `Cycles ≈ time × ${cpu.ghz.toFixed(3)} GHz, ${source}; the real clock moves with turbo, ` +
    "frequency scaling and other work on shared cores, so the cycle counts are indicative only.";
}

/** Splits text into lines of at most `width` characters at spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}

/** The header: CPU, the clock sentence, the legend and the column titles (each runtime has its own line). */
export function formatHeader(cpu: CpuInfo, timeMs: number, w: Widths): string[] {
  const columns = formatColumns(w);
  const width = Math.max(100, columns.length);
  return [
    "isochron benchmark report",
    `Running on ${cpu.model} (${cpu.cores} logical cores)`,
    ...wrap(clockText(cpu), width),
    "",
    ...wrap(
      `time/op: median time of one call over samples (batches of calls) taken for ~${timeMs} ms after a ` +
        "warm-up, the libraries of an operation sampled in turn. IQR: interquartile range of the samples, " +
        `in % of the median; ${UNSTABLE_MARK} marks an unstable row (IQR above ${UNSTABLE_IQR_PCT}%): ` +
        "rerun it, on a quieter machine or with --long. Last column: time over the fastest peer's " +
        "on the same runtime (< 1× = faster). Each runtime runs in its own process, one after the other.",
      width,
    ),
    "",
    columns,
    "=".repeat(width),
  ];
}

/** The line that opens one runtime's rows: `── node20: Node v20.20.2, V8 11.3.244.8, linux x64 ──`. */
export function formatRuntime(id: string, description: string): string {
  return `── ${id}: ${description} ──\n`;
}

/** The closing line: how many rows are unstable. */
export function formatSummary(rows: readonly Row[]): string {
  const unstable = rows.filter((r) => r.unstable).length;
  return unstable === 0
    ? `All ${rows.length} rows stable (IQR at most ${UNSTABLE_IQR_PCT}% of the median).`
    : `${unstable} of ${rows.length} rows marked ${UNSTABLE_MARK} (IQR above ${UNSTABLE_IQR_PCT}% of the median): ` +
      "compare them with care.";
}
