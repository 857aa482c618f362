/**
 * Register a secret-data function with the constant-time proofs in a line or two. Each call defines
 * a `Deno.test` named `ct flow: …`, `ct access: …` or `ct wasm: …`.
 *
 * IMPORTANT: import this module before any library module in the test file (it starts V8 block
 * coverage on import; functions compiled earlier would have call counts only, which the flow proof
 * detects and reports as a failure).
 *
 * @example
 * ```ts ignore
 * import { ctAccess, ctFlow, ctWasm, secretIndices, standardSecrets32 } from "./registry.ts";
 * import { x25519 } from "../../x25519/mod.ts";
 * ctFlow("x25519 scalarMult", (k) => x25519.scalarMult(k, U), standardSecrets32());
 * ctAccess("window lookup", (i, t) => lookup(out, t.wrap(table), 16, 10, i), secretIndices(16), { fullScan: true });
 * ctWasm("fp381 kernel", () => fp381WasmBytes(), { straightLine: ["mul", "sqr"], countedLoops: ["ladder"] });
 * ```
 * @module
 */

import { type AccessOptions, type AccessTrace, assertSameAccessSequence } from "./access_trace.ts";
import { assertConstantFlow, type FlowOptions } from "./coverage.ts";
import { assertCountedLoopsOnly, assertNoBranches } from "./wasm_rules.ts";

export { type AccessTrace, assertSameAccessSequence } from "./access_trace.ts";
export { assertConstantFlow, isLibraryScript, LIBRARY_ROOT } from "./coverage.ts";
export { secretIndices, secretsForModulus, standardSecrets32 } from "./secrets.ts";
export { assertCountedLoopsOnly, assertNoBranches } from "./wasm_rules.ts";

/** Secrets, or a function producing them when the test runs (to keep setup out of module load). */
export type Secrets<S> = readonly S[] | (() => readonly S[]);
const resolve = <S>(s: Secrets<S>): readonly S[] => (typeof s === "function" ? s() : s);

/**
 * Control-flow proof: every block of every library function runs equally often for every secret.
 * `run` performs the operation on one secret (set up public inputs outside it, or inside: both
 * are measured the same way for every secret).
 */
export function ctFlow<S>(
  name: string,
  run: (secret: S) => unknown,
  secrets: Secrets<S>,
  opts?: FlowOptions,
): void {
  Deno.test(`ct flow: ${name}`, async () => {
    await assertConstantFlow(name, run, resolve(secrets), opts);
  });
}

/**
 * Memory-access proof: `run(secret, trace)` wraps its tables with `trace.wrap(table)` and looks up
 * with the secret; the sequence of indices read and written must not depend on the secret.
 */
export function ctAccess<S>(
  name: string,
  run: (secret: S, trace: AccessTrace) => unknown,
  secrets: Secrets<S>,
  opts?: AccessOptions,
): void {
  Deno.test(`ct access: ${name}`, () => {
    assertSameAccessSequence(name, run, resolve(secrets), opts);
  });
}

/** Which exports of a wasm module obey which rule (see wasm_rules.ts). */
export interface WasmRules {
  /** Exports that must be straight-line (fully unrolled field kernels). */
  straightLine?: readonly string[];
  /** Exports that may loop, on loop counters compared with constants only (ladders). */
  countedLoops?: readonly string[];
}

/** wasm proof: decode the module's bytecode and check the named exports against their rule. */
export function ctWasm(
  name: string,
  bytes: Uint8Array | (() => Uint8Array | Promise<Uint8Array>),
  rules: WasmRules,
): void {
  Deno.test(`ct wasm: ${name}`, async () => {
    const straight = rules.straightLine ?? [];
    const counted = rules.countedLoops ?? [];
    if (straight.length + counted.length === 0) throw new Error(`ct wasm "${name}": no export named`);
    const b = typeof bytes === "function" ? await bytes() : bytes;
    if (straight.length > 0) assertNoBranches(b, straight);
    if (counted.length > 0) assertCountedLoopsOnly(b, counted);
  });
}
