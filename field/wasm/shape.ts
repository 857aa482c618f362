/**
 * The Fp multiplication shape of the generated field modules (issue 15; section 2 of ARCHITECTURE.md).
 * Both shapes are Montgomery product scanning with the same R, slots and results; they differ in the
 * limbs inside the function:
 *
 * - `reduced`: 30-bit limbs, operand products two columns per i64x2, digit products scalar
 *   (emit_mont_reduced_simd.ts, `mul: "reduced-simd"`, w = 30). The default on every engine.
 * - `u32`: 32-bit limbs, two columns at a time in i64x2 lanes (emit_mont_simd.ts). Where p does not fit
 *   30-bit limbs (`radixPlan` refuses it), and for comparison.
 * - `wide`: 64-bit limbs with the wide-arithmetic instructions (emit_mont_wide.ts, `mul: "wide"`),
 *   wherever the engine validates them (`wideArithmeticSupported()`, a feature test: JavaScriptCore in
 *   Bun 1.4 by default, V8 only behind a flag). Before the other rules: on JavaScriptCore the in-wasm
 *   BLS12-381 Fp mul is 50 against 149 ns (reduced) and BN254's 24.5 against 76 ns; on V8 with the
 *   flag 62 against 80 ns.
 *
 * `reduced` is never the slower one measured (bench/field/wasm_variants.ts, BLS12-381 Fp mul in an
 * in-wasm loop): V8 11.3 (Node 20) 67 against 95 ns (u32); JavaScriptCore (Bun 1.4) 125 against 169 ns;
 * V8 14.6 (Node 26) 78 against 85 ns; V8 15.0 (Deno 2.9) 79 against 80 ns on one machine and 182 against
 * 239 ns (sqr 147 against 179) on another, where the G1 rows followed it (ratios to the peers from
 * A/B runs of `npm run bench -- --filter`: g1-mul-ct 0.63 against 0.76× mcl-wasm, G1 bulk sum of 10⁴
 * affine points 1.17–1.32 against 1.71–1.89× blst, fp-mul 0.87 against 0.95× noble; G2 and the
 * pairing, which run the Fp2 lane kernels, unchanged). V8 12.4 (Node 22): the G1 constant-time
 * multiply ran 0.68× mcl-wasm with `reduced` against 1.02–1.12× with `u32` (bench/engines/probe.ts,
 * PROBE_FP_MUL). Without SIMD the scalar FIPS kernel runs, whatever the engine.
 * `setFieldMulShape` forces a shape for tests and measurements (before the first kernel is built).
 * @module
 */

import { wideArithmeticSupported } from "../../wasm/emitter.ts";
import { montConstants } from "./montgomery.ts";
import { radixPlan } from "./limbs.ts";

/** An Fp multiplication shape (the SIMD kernels). */
export type FieldMulShape = "u32" | "reduced" | "wide";

/** The limb bits of the `reduced` shape. */
export const REDUCED_RADIX = 30;

/**
 * The shape this engine compiles best (the rules above), before the prime's own check. `wide`: whether
 * the engine validates wide arithmetic (default: this engine's feature test).
 */
export function fieldMulShapeFor(wide: boolean = wideArithmeticSupported()): FieldMulShape {
  return wide ? "wide" : "reduced";
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
 * The shape of p's module on this engine now (forced, else the engine's); `wide` needs an even number
 * of 32-bit words, `reduced` a p that 30-bit limbs hold, and either falls back to the next (`u32` last).
 */
export function fieldMulShape(p: bigint): FieldMulShape {
  const shape = forced ?? fieldMulShapeFor();
  if (shape === "wide" && wideShapeFits(p)) return "wide";
  return shape === "u32" ? "u32" : portableFieldMulShape(p);
}

/** Whether p's module can take the `wide` shape: 64-bit limbs need an even number of 32-bit words. */
export function wideShapeFits(p: bigint): boolean {
  return montConstants(p).n % 2 === 0;
}

/**
 * Whether p's module on this engine now has the portable shape (that of the prebuilt files), decided
 * without a radix plan unless a shape is forced: unforced, the shape is the wide one where the engine
 * validates it and p takes it, else the portable one by definition. (The plan's exact bounds are
 * BigInt work of 1–2 ms in a cold process, which the prebuilt path would pay only to pick a file name.)
 */
export function portableShapeNow(p: bigint): boolean {
  if (forced === null) return !(fieldMulShapeFor() === "wide" && wideShapeFits(p));
  return fieldMulShape(p) === portableFieldMulShape(p);
}

/**
 * The shape of p's module on every engine with SIMD, wide arithmetic or not (the prebuilt files of
 * scripts/build_wasm.ts): `reduced` where 30-bit limbs hold p, else `u32`.
 */
export function portableFieldMulShape(p: bigint): FieldMulShape {
  return reducedFits(p) ? "reduced" : "u32";
}
