/**
 * The Fp multiplication shape of the generated field modules per engine (issue 15; engine detection
 * in wasm/engine.ts). Both shapes are Montgomery product scanning with the same R, slots and results
 * (section 2 of ARCHITECTURE.md); they differ in the limbs inside the function:
 *
 * - `u32`: 32-bit limbs, two columns at a time in i64x2 lanes (emit_mont_simd.ts). V8 13 and later.
 * - `reduced`: 30-bit limbs, operand products two columns per i64x2, digit products scalar
 *   (emit_mont_reduced_simd.ts, `mul: "reduced-simd"`, w = 30). Everywhere else.
 * - `wide`: 64-bit limbs with the wide-arithmetic instructions (emit_mont_wide.ts, `mul: "wide"`),
 *   wherever the engine validates them (`wideArithmeticSupported()`, a feature test: JavaScriptCore in
 *   Bun 1.4 by default, V8 only behind a flag). Before the other rules: on JavaScriptCore the in-wasm
 *   BLS12-381 Fp mul is 50 against 149 ns (reduced) and BN254's 24.5 against 76 ns; on V8 with the
 *   flag 62 against 80 ns.
 *
 * Measured on this machine in an in-wasm loop (bench/field/wasm_variants.ts, BLS12-381 Fp mul, best
 * of 300): V8 11.3 (Node 20) 95 ns u32 against 67 ns reduced; JavaScriptCore (Bun 1.4) 169 against
 * 125 ns; V8 14.6 (Node 26) 85 against 78 ns and V8 15.0 (Deno 2.9) 80 against 79 ns (a tie, so the
 * long-tested u32 kernel stays there). V8 12.4 (Node 22): the G1 constant-time multiply ran 0.68× mcl-wasm
 * with `reduced` against 1.02–1.12× with `u32` (bench/engines/probe.ts, PROBE_FP_MUL). Without SIMD the
 * scalar FIPS kernel runs, whatever the engine.
 * A prime that 30-bit limbs cannot hold (`radixPlan` refuses it) keeps `u32`.
 * `setFieldMulShape` forces a shape for tests and measurements (before the first kernel is built).
 * @module
 */

import { type EngineInfo, thisEngine } from "../../wasm/engine.ts";
import { wideArithmeticSupported } from "../../wasm/emitter.ts";
import { montConstants } from "./montgomery.ts";
import { radixPlan } from "./limbs.ts";

/** An Fp multiplication shape (the SIMD kernels). */
export type FieldMulShape = "u32" | "reduced" | "wide";

/** The limb bits of the `reduced` shape. */
export const REDUCED_RADIX = 30;

/**
 * The shape an engine compiles well (the rules above), before the prime's own check. `wide`: whether
 * the engine validates wide arithmetic (default: this engine's feature test).
 */
export function fieldMulShapeFor(
  engine: EngineInfo,
  wide: boolean = wideArithmeticSupported(),
): FieldMulShape {
  if (wide) return "wide";
  return engine.engine === "v8" && engine.v8Major !== null && engine.v8Major >= 13 ? "u32" : "reduced";
}

let forced: FieldMulShape | null = null;

/** Forces a shape ("auto": the engine's). Internal: tests and benchmarks; affects kernels built afterwards. */
export function setFieldMulShape(shape: FieldMulShape | "auto"): void {
  forced = shape === "auto" ? null : shape;
}

/** Whether 30-bit limbs hold p's products (radixPlan's bounds). */
function reducedFits(p: bigint): boolean {
  try {
    radixPlan(p, REDUCED_RADIX);
    return true;
  } catch (e) {
    if (e instanceof RangeError) return false; // a prime the plan cannot hold: u32 limbs
    throw e;
  }
}

/**
 * The shape of p's module on this engine now (forced, else the engine's; `u32` where p does not fit
 * 30-bit limbs, or an odd number of 32-bit words for `wide`).
 */
export function fieldMulShape(p: bigint): FieldMulShape {
  const shape = forced ?? fieldMulShapeFor(thisEngine());
  if (shape === "wide") return montConstants(p).n % 2 === 0 ? "wide" : "u32";
  return shape === "reduced" && !reducedFits(p) ? "u32" : shape;
}
