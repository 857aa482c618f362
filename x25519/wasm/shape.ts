/**
 * Which X25519 ladder (x25519/wasm/ladder.ts, ladder_mixed.ts, wide.ts) this engine runs (issue 15):
 *
 * - `mixed` (export `x25519_mixed`, ladder_mixed.ts): the inline step with four of its squarings as
 *   SIMD pairs interleaved with scalar products. V8 13 and later with SIMD: V8 15.0 (Deno) and 14.6
 *   (Node 26) 69.5–70.0 µs against 79.5–80.1 µs inline (2026-12-04, one process alternating).
 * - `inline` (export `x25519`): the whole step on i64 locals. V8 13 and later without SIMD: on this
 *   machine V8 14.6 (Node 26) and 15.0 (Deno 2.9) ran it in 49–51 µs against 61–65 µs for the call
 *   shape (another day, a faster machine state).
 * - `calls` (export `x25519_calls`): state in memory, one call per product. V8 before 13, JavaScriptCore
 *   without wide arithmetic (96.4 µs against 97.9 µs mixed, Bun 1.4 with the wide ladder set aside,
 *   2026-12-07), where SIMD does not validate, and on unknown engines. V8 11.3 (Node 20), one process
 *   alternating the exports (bench/engines/x25519_shapes.mjs): on an AMD EPYC host (2026-12-07) 50.4–53.9
 *   µs in every process, against 53.5–56.1 mixed and 150 inline; on an Intel Xeon host (2026-12-07)
 *   78.3 µs against 131–175 mixed and 217–306 inline. At worst 1.3× the inline ladder where that one
 *   is fast.
 *
 * A fourth shape, the mixed step in three functions with the state in memory, ran V8 11.3 in 73.7–76.2
 * µs on the Intel host (4–6 % under calls) but was bimodal on the AMD one: 50–52 µs in some processes
 * and 74–146 µs in about a third of them. The slow processes ran the same TurboFan code (perf: the
 * time in the three group functions, spread over their instructions, no hot spot), and with
 * `--no-liftoff`, which fixes the order in which the functions are compiled and so where their code
 * lies, 8 of 8 processes were fast: probably the layout of its 23 kB of code in the loop against the
 * 32 kB instruction cache. It was removed: a shape 4 % faster on one machine and 45 % or more slower
 * in a third of the processes on another is not a default.
 *
 * The published module (`x25519WasmBytes`, the `.wasm` files: the same bytes everywhere) holds every
 * shape but `wide` (the no-SIMD variant lacks `x25519_mixed`), as does the full module generated at
 * run time; one generated at first use holds only the engine's shape (x25519/wasm/backend.ts). They compute the same function and carry the same proofs
 * (tests/ct/x25519.test.ts).
 * `setX25519LadderShape` forces one, for tests and measurements.
 * @module
 */

import { type EngineInfo, thisEngine } from "../../wasm/engine.ts";
import { simdSupported, wideArithmeticSupported } from "../../wasm/emitter.ts";

/** A ladder shape. */
export type LadderShape = "inline" | "calls" | "mixed" | "wide";

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
  return "calls";
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
