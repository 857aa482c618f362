/**
 * The interval analysis (wasm_interval.ts) of X25519's fixed-base functions (x25519/wasm/edwards.ts):
 * `recode` (51 signed radix-32 digits of the clamped scalar, straight-line) and `x25519_base` (clamp,
 * recode, 51 rows of a masked scan of 16 table entries and an inline mixed addition, then
 * u = (Z + Y)/(Z − Y) through fe_add, fe_sub, fe_invert, fe_mul, fe_tobytes).
 *
 * The table is public data the module builds at run time (x25519/wasm/table.ts), so it is declared as
 * two read-only regions of the interpreter ({@linkcode Region}): the entries (TABLE_ROWS·TABLE_COLS
 * records of ENTRY_BYTES, lanes 0–29 the tight limbs of y + x, y − x, 2d·x·y as i32, lanes 30–31
 * zero) and the start point 2^254·B (four elements of ten tight i64 limbs). A read at the scan's
 * symbolic address (row counter i, entry j) must lie inside the region and on a cell of its layout.
 * {@linkcode checkRegions} checks the seeded bounds against the table a real instance builds.
 *
 * The row loop runs to an inductive invariant (the counter to [0, 50] by its exit test), the scan's
 * inner loop (16 entries, constant counter) unrolled; the digit |e_i| ∈ [0, 16] is tabulated, so each
 * mask is exactly −[|e_i| = j] and the scan's or of masked entries is proven to be one entry or 0: its
 * output is within the hull of the entries' bounds. The mixed addition runs inline (every product
 * inline); the epilogue's fe_invert, fe_mul and fe_tobytes apply their proven contracts.
 * @module
 */

import { buildTableInWasm, buildX25519Wasm, x25519Layout as L } from "../internal.ts";
import type { Range, Region, Report } from "./wasm_interval.ts";
import { WasmInterval } from "./wasm_interval.ts";
import { feContract, inside, LOOSE, TIGHT, TWICE_TIGHT } from "./wasm_x25519_analysis.ts";

const LIMBS = 10;

/** The entries' region: lane n is limb n % 10 of field ⌊n / 10⌋ within `bound`, lanes 30, 31 zero. */
export function tableRegion(bound: readonly Range[] = TIGHT, over: Partial<Region> = {}): Region {
  const cells = Array.from({ length: L.ENTRY_LANES }, (_, n) => ({
    offset: 4 * n,
    size: 4,
    range: n < 3 * LIMBS ? bound[n % LIMBS] : { lo: 0n, hi: 0n },
  }));
  return {
    name: "fixed-base table",
    base: L.TABLE,
    stride: L.ENTRY_BYTES,
    count: L.TABLE_ROWS * L.TABLE_COLS,
    cells,
    ...over,
  };
}

/** The start point's region: X, Y, Z, T of 2^254·B, ten i64 limbs each within `bound`. */
export function startRegion(bound: readonly Range[] = TIGHT): Region {
  return {
    name: "start point",
    base: L.START,
    stride: L.FE_BYTES,
    count: 4,
    cells: bound.map((range, k) => ({ offset: 8 * k, size: 8, range })),
  };
}

/** Module bytes per SIMD option (deterministic). */
const bytes = new Map<boolean, Uint8Array>();
export function baseModule(simd: boolean): Uint8Array {
  let b = bytes.get(simd);
  if (!b) bytes.set(simd, b = buildX25519Wasm({ simd }));
  return b;
}

/**
 * Every cell of the regions holds, in a real instance after buildTableInWasm, a value within the
 * cell's range. Returns the number of cells checked; throws naming the first cell outside.
 */
export function checkRegions(simd: boolean, regions: readonly Region[]): number {
  const e = new WebAssembly.Instance(new WebAssembly.Module(baseModule(simd) as Uint8Array<ArrayBuffer>), {})
    .exports as unknown as Parameters<typeof buildTableInWasm>[0];
  buildTableInWasm(e);
  const view = new DataView(e.memory.buffer);
  let n = 0;
  for (const g of regions) {
    for (let r = 0; r < g.count; r++) {
      for (const c of g.cells) {
        const at = g.base + g.stride * r + c.offset;
        const v = c.size === 4 ? BigInt(view.getInt32(at, true)) : view.getBigInt64(at, true);
        if (v < c.range.lo || v > c.range.hi) {
          throw new Error(
            `${g.name}: record ${r} offset ${c.offset} holds ${v}, outside [${c.range.lo}, ${c.range.hi}]`,
          );
        }
        n++;
      }
    }
  }
  return n;
}

/** The recode analysis: the 51 digits' ranges and the report. */
export function analyseRecode(): { digits: Range[]; report: Report } {
  const a = new WasmInterval(baseModule(true)).seedData();
  a.seedUnknown(L.KC, 40); // the clamped scalar and the bytes up to KC + 34 its last loads read
  const report = a.run("recode", [L.DIGITS, L.KC]);
  const digits = a.readLimbs(L.DIGITS, 4, L.TABLE_ROWS, true);
  return { digits, report };
}

/** The stated digit bounds (edwards.ts, buildRecode): e_i ∈ [−16, 16) for i < 50, e_50 ∈ [0, 2]. */
export const DIGIT_BOUNDS: readonly Range[] = Array.from(
  { length: L.TABLE_ROWS },
  (_, i) => (i < L.TABLE_ROWS - 1 ? { lo: -16n, hi: 15n } : { lo: 0n, hi: 2n }),
);

/** Options of the driver's analysis (the controls change them). */
export interface BaseOptions {
  readonly simd: boolean;
  readonly regions?: readonly Region[];
  /** The interpreter's tabulation limit (default 64; 0 turns it off, a control). */
  readonly tabulate?: number;
  /** Stop at the first mixed addition (a control: the report and head are then empty). */
  readonly firstRowOnly?: boolean;
}

/** Thrown by the probe to end a firstRowOnly analysis. */
class FirstRow extends Error {}

/** What the driver's analysis found. */
export interface BaseAnalysis {
  readonly report: Report;
  /** The running point h = (X, Y, Z, T) at the row loop's head (the invariant), 40 limbs. */
  readonly head: Range[];
  /** Hull over every visit of the point h and the selected entry t where the mixed addition starts. */
  readonly maddH: Range[];
  readonly maddT: Range[];
  /** The digit's range there. */
  readonly digit: Range;
  /** Visits of the mixed addition's start (one per abstract run of the row body). */
  readonly visits: number;
  /** The output's four words (fe_tobytes' contract). */
  readonly words: Range[];
}

const hull = (a: Range | undefined, b: Range): Range =>
  a ? { lo: a.lo < b.lo ? a.lo : b.lo, hi: a.hi > b.hi ? a.hi : b.hi } : b;

/**
 * Runs x25519_base(out, k) on an unknown scalar over the declared table regions. The locals follow
 * buildBaseDriver's allocation: parameters out, k; h (40 i64), t (30 i64), then i, row, digit, ptr.
 */
export function analyseBase(opts: BaseOptions): BaseAnalysis {
  const a = new WasmInterval(baseModule(opts.simd)).seedData();
  a.regions.push(...(opts.regions ?? [tableRegion(), startRegion()]));
  a.tabulate = opts.tabulate ?? 64;
  a.unrollNested = 16;
  // The epilogue's calls by their proven contracts (x25519_wasm.test.ts, X25519_LEAF_BOUNDS).
  for (const fn of ["fe_mul", "fe_invert"]) {
    a.contracts.set(a.indexOf(fn), feContract(fn, fn === "fe_mul" ? [1, 2] : [1], 0, LOOSE, TIGHT));
  }
  for (const fn of ["fe_add", "fe_sub"]) {
    a.contracts.set(a.indexOf(fn), feContract(fn, [1, 2], 0, TIGHT, TWICE_TIGHT));
  }
  const words = [0, 1, 2, 3].map((j) => ({ lo: 0n, hi: j === 3 ? (1n << 63n) - 1n : (1n << 64n) - 1n }));
  const check = feContract("fe_tobytes", [1], 1, LOOSE, LOOSE);
  a.contracts.set(a.indexOf("fe_tobytes"), (x, args) => {
    const operand = x.readLimbs(args[1], 8, LIMBS, true);
    check(x, [args[0], args[1]]);
    x.writeLimbs(args[1], 8, operand);
    x.writeLimbs(args[0], 8, words);
  });
  const fn = a.module.functions[a.indexOf("x25519_base") - a.module.imports.length];
  const [H, T, DIGIT] = [2, 2 + 4 * LIMBS, 2 + 7 * LIMBS + 2];
  if (fn.localTypes.slice(H, T + 3 * LIMBS).some((t) => t !== 0x7e) || fn.localTypes[DIGIT] !== 0x7f) {
    throw new Error("x25519_base: locals not as buildBaseDriver allocates them");
  }
  // The mixed addition starts at the first i64.const after the scan's (inner) loop.
  const loops = fn.body.flatMap((ins, pc) => (ins.name === "loop" ? [pc] : []));
  if (loops.length !== 2) {
    throw new Error(`x25519_base: ${loops.length} loops, expected the rows' and the scan's`);
  }
  let depth = 0, innerEnd = -1;
  for (let pc = loops[1]; pc < fn.body.length; pc++) {
    const n = fn.body[pc].name;
    if (n === "loop" || n === "block" || n === "if") depth++;
    else if (n === "end" && --depth === 0) {
      innerEnd = pc;
      break;
    }
  }
  const madd = fn.body.slice(innerEnd).find((ins) => ins.name === "i64.const")!;
  const maddH: Range[] = [], maddT: Range[] = [];
  let digit: Range | undefined, visits = 0;
  a.probes.set(madd.offset, (locals) => {
    visits++;
    for (let k = 0; k < 4 * LIMBS; k++) maddH[k] = hull(maddH[k], locals[H + k]!);
    for (let k = 0; k < 3 * LIMBS; k++) maddT[k] = hull(maddT[k], locals[T + k]!);
    digit = hull(digit, locals[DIGIT]!);
    if (opts.firstRowOnly) throw new FirstRow();
  });
  a.seedUnknown(L.K, 32);
  a.seedUnknown(L.U, 8); // recode's last loads read KC + 32 … KC + 34 (masked away)
  let report: Report;
  try {
    report = a.run("x25519_base", [L.OUT, L.K]);
  } catch (e) {
    if (!(e instanceof FirstRow)) throw e;
    const empty = { wraps: [], reinterprets: [], stores: [], maxBits: 0, steps: 0, loops: [], heads: [] };
    return { report: empty, head: [], maddH, maddT, digit: digit!, visits, words: [] };
  }
  if (report.heads.length !== 1) throw new Error(`x25519_base: ${report.heads.length} loop invariants`);
  const head = report.heads[0].locals.slice(H, T) as Range[];
  return { report, head, maddH, maddT, digit: digit!, visits, words: a.readLimbs(L.OUT, 8, 4) };
}

/** The madd's stated input bounds (edwards.ts, emitMadd: inputs tight) as a list of violations. */
export function maddViolations(x: BaseAnalysis): string[] {
  const out: string[] = [];
  const tight4 = [...TIGHT, ...TIGHT, ...TIGHT, ...TIGHT];
  x.maddH.forEach((r, k) => {
    if (!inside([r], [tight4[k]])) out.push(`h limb ${k} in [${r.lo}, ${r.hi}]`);
  });
  x.maddT.forEach((r, k) => {
    if (!inside([r], [TIGHT[k % LIMBS]])) out.push(`selected entry limb ${k} in [${r.lo}, ${r.hi}]`);
  });
  return out;
}
