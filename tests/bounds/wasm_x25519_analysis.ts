/**
 * The interval analysis (wasm_interval.ts) applied to X25519's wasm module (x25519/wasm/module.ts):
 * its field functions on ten signed limbs of 26/25 bits (bounds "tight" and "loose" of
 * x25519/wasm/field.ts, WASM_BOUNDS), the inversion and both ladders. Elements are ten i64 cells of
 * 8 bytes (FE_BYTES = 80); inputs are seeded per limb in [−bound_k, bound_k], outputs read signed.
 *
 * Composite functions are proven modularly: fe_invert calls fe_tobytes, the inversion on bytes
 * (wasm/inverse.ts) and fe_frombytes; the callees' contracts are proven by their own analyses first
 * and then applied at each call ({@linkcode feContract}), which checks the operands. The inline ladder `x25519` runs every product inline; `x25519_calls` applies the
 * contracts of fe_mul, fe_sq and fe_mul_a24. Both loops run to an inductive invariant.
 * @module
 */

import { buildX25519Wasm, WASM_BOUNDS, x25519Layout } from "../internal.ts";
import { type Contract, log2, type Range, type Report, WasmInterval } from "./wasm_interval.ts";

/** Per-limb ranges of a symmetric bound. */
const sym = (b: { lo: readonly number[]; hi: readonly number[] }): Range[] =>
  b.lo.map((lo, k) => ({ lo: BigInt(lo), hi: BigInt(b.hi[k]) }));
export const TIGHT: readonly Range[] = sym(WASM_BOUNDS.tight);
export const LOOSE: readonly Range[] = sym(WASM_BOUNDS.loose);
/** The sum or difference of two tight values (fe_add, fe_sub of tight operands). */
export const TWICE_TIGHT: readonly Range[] = TIGHT.map((r) => ({ lo: 2n * r.lo, hi: 2n * r.hi }));

const FE = x25519Layout.FE_BYTES;
export const slotAt = (s: number): number => s * FE;

/** Whether every range lies within the corresponding bound. */
export function inside(got: readonly Range[], want: readonly Range[]): boolean {
  return got.every((r, k) => r.lo >= want[k].lo && r.hi <= want[k].hi);
}

/** Largest |limb| of ranges, as log2 (for the printed lines). */
export function widest(rs: readonly Range[]): string {
  const m = rs.reduce((acc, r) => [acc, -r.lo, r.hi].reduce((x, y) => (x > y ? x : y)), 0n);
  return `2^${log2(m)}`;
}

/**
 * The contract of an element function: every operand (argument indices `inputs`) within `accept`
 * (else it throws, naming the call), the result (argument `output`) fresh within `result`.
 */
export function feContract(
  name: string,
  inputs: readonly number[],
  output: number,
  accept: readonly Range[],
  result: readonly Range[],
): Contract {
  return (a, args) => {
    for (const j of inputs) {
      const got = a.readLimbs(args[j], 8, 10, true);
      got.forEach((r, k) => {
        if (r.lo < accept[k].lo || r.hi > accept[k].hi) {
          throw new Error(
            `contract ${name}: operand ${j} limb ${k} in [${r.lo}, ${r.hi}] outside [${accept[k].lo}, ${
              accept[k].hi
            }]`,
          );
        }
      });
    }
    a.writeLimbs(args[output], 8, result);
  };
}

/** The module's bytes (deterministic) and a fresh interpreter on them. */
let cached: Uint8Array | null = null;
export function x25519Interpreter(): WasmInterval {
  cached ??= buildX25519Wasm();
  return new WasmInterval(cached).seedData();
}

/** One element function's analysis. */
export interface FeAnalysis {
  readonly fn: string;
  readonly inputs: readonly (readonly Range[])[];
  readonly out: Range[];
  readonly report: Report;
}

/**
 * Runs element function `fn` (export name or index) with operands seeded at slots 1, 2, … and the
 * result at slot 0; `contracts` apply to the callees (function index → contract).
 */
export function analyseFe(
  fn: string | number,
  inputs: readonly (readonly Range[])[],
  contracts: ReadonlyMap<number, Contract> = new Map(),
): FeAnalysis {
  const a = x25519Interpreter();
  for (const [i, c] of contracts) a.contracts.set(i, c);
  inputs.forEach((ranges, j) => a.seedLimbs(slotAt(j + 1), 8, ranges));
  const report = a.run(fn, [slotAt(0), ...inputs.map((_, j) => slotAt(j + 1))]);
  return { fn: String(fn), inputs, out: a.readLimbs(slotAt(0), 8, 10, true), report };
}

/** The function indices that `fn`'s body calls. */
export function callees(a: WasmInterval, fn: number): number[] {
  const f = a.module.functions[fn - a.module.imports.length];
  return [...new Set(f.body.filter((i) => i.name === "call").map((i) => Number(i.imm[0])))];
}
