/**
 * Backend selection for X25519: WebAssembly when this runtime can compile it (tried once, at the first
 * operation), else TypeScript, with an explicit switch for tests and for runtimes that must use a
 * prebuilt module (Cloudflare Workers forbid compiling WebAssembly from bytes).
 * @module
 */

import { IsochronError } from "../errors.ts";
import { WasmRefusedError } from "../wasm/compile.ts";
import type { WasmModule } from "../wasm/types.ts";
import type { X25519Backend, X25519Kernel } from "./kernel.ts";
import { tsKernel } from "./ts/backend.ts";
import { createWasmKernel } from "./wasm/backend.ts";
import { registerX25519Selection, type X25519BackendChoice } from "./choice.ts";

export type { X25519BackendChoice };

let choice: X25519BackendChoice = "auto";
let wasm: X25519Kernel | null | undefined; // undefined: not tried yet; null: failed
let active: X25519Kernel | null = null;

/** The wasm kernel, compiled at the first call; null if this runtime cannot compile it. */
function tryWasm(): X25519Kernel | null {
  if (wasm === undefined) {
    try {
      wasm = createWasmKernel();
    } catch (e) {
      if (!(e instanceof WasmRefusedError)) throw e; // an emitter bug surfaces; only a refusal falls back
      wasm = null;
    }
  }
  return wasm;
}

/**
 * Chooses the X25519 backend. "auto" (the default) uses WebAssembly when it compiles, else TypeScript;
 * "wasm" requires WebAssembly to compile here (or a module from `initX25519Wasm`). Both backends give
 * the same results; the switch exists for tests and measurements.
 * @param backend "auto", "wasm" or "ts".
 * @throws {IsochronError} INVALID_TYPE for another value; BACKEND_UNAVAILABLE for "wasm" when
 * WebAssembly cannot be compiled here and no module was given (the choice is unchanged then).
 *
 * @example
 * ```ts
 * import { getX25519Backend, scalarMultBase, setX25519Backend } from "@isochron/curves/x25519";
 * const k = crypto.getRandomValues(new Uint8Array(32));
 * setX25519Backend("ts");
 * const a = scalarMultBase(k);
 * if (getX25519Backend() !== "ts") throw new Error("not switched");
 * setX25519Backend("auto");
 * const b = scalarMultBase(k);
 * if (a.some((x, i) => x !== b[i])) throw new Error("backends differ");
 * ```
 */
export function setX25519Backend(backend: X25519BackendChoice): void {
  if (backend !== "auto" && backend !== "wasm" && backend !== "ts") {
    throw new IsochronError("INVALID_TYPE", `unknown X25519 backend ${String(backend)}`);
  }
  if (backend === "wasm" && tryWasm() === null) {
    throw new IsochronError("BACKEND_UNAVAILABLE", "WebAssembly cannot be compiled in this runtime");
  }
  choice = backend;
  active = null;
}

/**
 * Uses a WebAssembly module compiled elsewhere from `x25519WasmBytes()` (e.g. a `.wasm` file imported
 * statically where compiling from bytes is forbidden, as on Cloudflare Workers), and selects the wasm
 * backend.
 * @param module the module compiled from `x25519WasmBytes()` (either variant).
 * @throws {IsochronError} INVALID_TYPE when `module` is not a `WebAssembly.Module` of this realm, or
 * not X25519's (it must export `memory`, `x25519` and `x25519_base`); nothing changes then.
 *
 * @example
 * ```ts
 * import { getX25519Backend, initX25519Wasm, setX25519Backend, x25519WasmBytes } from "@isochron/curves/x25519";
 * // Elsewhere: Deno.writeFileSync("x25519.wasm", x25519WasmBytes()); then import the file statically.
 * const module = new WebAssembly.Module(x25519WasmBytes() as Uint8Array<ArrayBuffer>);
 * initX25519Wasm(module);
 * if (getX25519Backend() !== "wasm") throw new Error("not selected");
 * setX25519Backend("auto");
 * ```
 */
export function initX25519Wasm(module: WasmModule): void {
  if (!(module instanceof WebAssembly.Module)) {
    throw new IsochronError("INVALID_TYPE", "initX25519Wasm expects a WebAssembly.Module");
  }
  // The X25519 module exports its memory and ladder: anything else is refused before it is used.
  const names = WebAssembly.Module.exports(module).map((e) => e.name);
  if (!names.includes("memory") || !names.includes("x25519") || !names.includes("x25519_base")) {
    throw new IsochronError("INVALID_TYPE", "initX25519Wasm: not an X25519 module (from x25519WasmBytes)");
  }
  wasm = createWasmKernel(module as WebAssembly.Module & WasmModule);
  choice = "wasm";
  active = null;
}

/**
 * The backend currently in use ("auto" resolved: compiling WebAssembly is tried at the first call).
 * @returns "wasm" or "ts".
 *
 * @example
 * ```ts
 * import { getX25519Backend } from "@isochron/curves/x25519";
 * const backend = getX25519Backend(); // "wasm" where WebAssembly compiles, else "ts"
 * if (backend !== "wasm" && backend !== "ts") throw new Error("unexpected");
 * ```
 */
export function getX25519Backend(): X25519Backend {
  return kernel().backend;
}

/** The kernel of the current choice. */
export function kernel(): X25519Kernel {
  if (active === null) active = choice === "ts" ? tsKernel : (tryWasm() ?? tsKernel);
  return active;
}

/** The kernel of a given backend, for tests (throws BACKEND_UNAVAILABLE like setX25519Backend). */
export function kernelFor(backend: X25519Backend): X25519Kernel {
  if (backend === "ts") return tsKernel;
  const k = tryWasm();
  if (k === null) {
    throw new IsochronError("BACKEND_UNAVAILABLE", "WebAssembly cannot be compiled in this runtime");
  }
  return k;
}

// The root entry's backend functions reach this selection through x25519/choice.ts.
registerX25519Selection({ set: setX25519Backend, init: initX25519Wasm, get: getX25519Backend });
