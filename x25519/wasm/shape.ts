/**
 * Which of the module's two X25519 ladders (x25519/wasm/ladder.ts) this engine runs (issue 15):
 *
 * - `inline` (export `x25519`): the whole step on i64 locals. V8 13 and later: on this machine V8 14.6
 *   (Node 26) and 15.0 (Deno 2.9) ran it in 49–51 µs against 61–65 µs for the call shape.
 * - `calls` (export `x25519_calls`): state in memory, one call per product. Everywhere else: V8 11.3
 *   (Node 20) ran it in 67 µs against 217–306 µs inline (Liftoff alone: 120 µs), JavaScriptCore
 *   (Bun 1.4) in 104–107 µs against 176–178 µs, V8 12.4 (Node 22) in 70 µs against 306 µs. Unknown
 *   engines get `calls` too, at worst 1.3× the inline ladder where that one is fast.
 *
 * Both shapes are in the full module (the same bytes everywhere: `x25519WasmBytes` and the `.wasm`
 * files); a module generated at first use holds only the engine's shape (x25519/wasm/backend.ts). They
 * compute the same function and carry the same proofs (tests/ct/x25519.test.ts).
 * `setX25519LadderShape` forces one, for tests and measurements.
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
