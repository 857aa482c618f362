/**
 * Which X25519 ladder (x25519/wasm/ladder.ts, ladder_mixed.ts, ladder_grouped.ts, wide.ts) this engine
 * runs (issue 15):
 *
 * - `mixed` (export `x25519_mixed`, ladder_mixed.ts): the inline step with four of its squarings as
 *   SIMD pairs interleaved with scalar products. V8 13 and later with SIMD: V8 15.0 (Deno) and 14.6
 *   (Node 26) 69.5–70.0 µs against 79.5–80.1 µs inline (2026-12-04, one process alternating).
 * - `inline` (export `x25519`): the whole step on i64 locals. V8 13 and later without SIMD: on this
 *   machine V8 14.6 (Node 26) and 15.0 (Deno 2.9) ran it in 49–51 µs against 61–65 µs for the call
 *   shape (another day, a faster machine state).
 * - `simd` (export `x25519_simd`, ladder_grouped.ts): the mixed step split into three functions, the
 *   state in memory; V8 before 13 with SIMD. Measured 2026-12-07, one process alternating the exports
 *   (best of 100 rounds): V8 11.3 (Node 20) 73.7–76.2 µs against 78.3 µs with calls and 131–175 µs
 *   inline or mixed; it replaced a ladder of two elements per v128 (84.4–86.5 µs). V8 12 is taken to
 *   be like 11 (not measured with this shape). It is in the published module only (`x25519WasmBytes`,
 *   the `.wasm` files, which the npm runtime build and the Deno entries load); a module generated at
 *   run time falls back to `calls` (x25519/wasm/backend.ts).
 * - `calls` (export `x25519_calls`): state in memory, one call per product. JavaScriptCore without
 *   wide arithmetic (96.4 µs against 108.6 µs grouped and 97.9 µs mixed, Bun 1.4 with the wide ladder
 *   set aside, 2026-12-07), where SIMD does not validate, in the run-time module of V8 < 13, and on
 *   unknown engines: V8 11.3 67–96 µs against 217–306 µs inline (Liftoff alone: 120 µs), at worst
 *   1.3× the inline ladder where that one is fast.
 *
 * The published module (`x25519WasmBytes`, the `.wasm` files: the same bytes everywhere) holds every
 * shape but `wide` (the no-SIMD variant has neither `x25519_simd` nor `x25519_mixed`); the full module
 * generated at run time holds all but `simd`, and one generated at first use only the engine's shape
 * (x25519/wasm/backend.ts). They compute the same function and carry the same proofs
 * (tests/ct/x25519.test.ts).
 * `setX25519LadderShape` forces one, for tests and measurements.
 * @module
 */

import { type EngineInfo, thisEngine } from "../../wasm/engine.ts";
import { simdSupported, wideArithmeticSupported } from "../../wasm/emitter.ts";

/** A ladder shape. */
export type LadderShape = "inline" | "calls" | "mixed" | "simd" | "wide";

/**
 * The shape an engine compiles well (the rule above); first, `wide` (x25519/wasm/wide.ts, a module of
 * its own on 4 × 64-bit limbs) wherever the engine validates wide arithmetic (`wide`, default: this
 * engine's feature test): JavaScriptCore in Bun 1.4 ran it in 61 µs against 102–107 µs with calls
 * (libsodium-wrappers: 115 µs; bench/engines/run.sh bun). `simd`: whether the engine validates SIMD
 * (default: this engine's feature test).
 */
export function ladderShapeFor(
  engine: EngineInfo,
  wide: boolean = wideArithmeticSupported(),
  simd: boolean = simdSupported(),
): LadderShape {
  if (wide) return "wide";
  if (engine.engine === "v8" && engine.v8Major !== null && engine.v8Major >= 13) {
    return simd ? "mixed" : "inline";
  }
  return engine.engine === "v8" && engine.v8Major !== null && simd ? "simd" : "calls";
}

let forced: LadderShape | null = null;

/** Forces a shape ("auto": the engine's). Internal: tests and benchmarks. */
export function setX25519LadderShape(shape: LadderShape | "auto"): void {
  forced = shape === "auto" ? null : shape;
}

/** The shape in use now. */
export function x25519LadderShape(): LadderShape {
  return forced ?? ladderShapeFor(thisEngine());
}
