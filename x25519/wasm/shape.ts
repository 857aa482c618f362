/**
 * Which X25519 ladder (x25519/wasm/ladder.ts, wide.ts) this engine runs (issue 15):
 *
 * - `inline` (export `x25519`): the whole step on i64 locals. V8 13 and later. With the Karatsuba
 *   products of field.ts it is the fastest shape there: 37.8–39.1 µs against 38.9–40.5 µs for a step
 *   that ran four of its squarings as SIMD pairs beside the scalar products (Deno 2.9, V8 15.0, twelve
 *   processes), 38.0–38.2 against 38.7–39.3 µs on Node 26 (V8 14.6, eight processes), on an AMD EPYC
 *   host (2026-12-07, bench/engines/x25519_shapes.mjs with PROCESSES); 69.5–71.8 µs for both on an
 *   Intel Xeon host the same day. That SIMD-pair step (`mixed`: the V8 ≥ 13 shape before the Karatsuba
 *   products, when it ran 69.5–70.0 against 79.5–80.1 µs inline) was removed with its pair products.
 * - `calls` (export `x25519_calls`): state in memory, one call per product. V8 before 13, JavaScriptCore
 *   without wide arithmetic (96.4 µs against 97.9 µs for the SIMD-pair step, Bun 1.4 with the wide
 *   ladder set aside, 2026-12-07), and on unknown engines. V8 11.3 (Node 20), one process alternating
 *   the exports: on an AMD EPYC host (2026-12-07) 50.4–53.9 µs in every process, against 53.5–56.1 µs
 *   for the SIMD-pair step and 150 µs inline; on an Intel Xeon host (2026-12-07) 78.3 µs against
 *   131–175 and 217–306 µs. At worst 1.3× the inline ladder where that one is fast.
 *
 * A further shape, the SIMD-pair step cut into three functions with the state in memory, ran V8 11.3
 * in 73.7–76.2 µs on the Intel host (4–6 % under calls) but was bimodal on the AMD one: 50–52 µs in
 * some processes and 74–146 µs in about a third of them. The slow processes ran the same TurboFan code
 * (perf: the time in the three group functions, spread over their instructions, no hot spot), and
 * with `--no-liftoff`, which fixes the order in which the functions are compiled and so where their
 * code lies, 8 of 8 processes were fast: probably the layout of its 23 kB of code in the loop against
 * the 32 kB instruction cache. It was removed: a shape 4 % faster on one machine and 45 % or more
 * slower in a third of the processes on another is not a default.
 *
 * The published module (`x25519WasmBytes`, the `.wasm` files: the same bytes everywhere) holds both
 * shapes, as does the full module generated at run time; one generated at first use holds only the
 * engine's shape (x25519/wasm/backend.ts); `wide` is a module of its own. They compute the same
 * function and carry the same proofs (tests/ct/x25519.test.ts). `setX25519LadderShape` forces one,
 * for tests and measurements.
 * @module
 */

import { type EngineInfo, thisEngine } from "../../wasm/engine.ts";
import { wideArithmeticSupported } from "../../wasm/emitter.ts";

/** A ladder shape. */
export type LadderShape = "inline" | "calls" | "wide";

/**
 * The shape an engine compiles well (the rule above); first, `wide` (x25519/wasm/wide.ts, a module of
 * its own on 4 × 64-bit limbs) wherever the engine validates wide arithmetic (`wide`, default: this
 * engine's feature test): JavaScriptCore in Bun 1.4 ran it in 61 µs against 102–107 µs with calls
 * (libsodium-wrappers: 115 µs; bench/engines/run.sh bun).
 */
export function ladderShapeFor(engine: EngineInfo, wide: boolean = wideArithmeticSupported()): LadderShape {
  if (wide) return "wide";
  return engine.engine === "v8" && engine.v8Major !== null && engine.v8Major >= 13 ? "inline" : "calls";
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
