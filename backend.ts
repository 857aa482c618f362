/**
 * The library's one backend switch: `setBackend` chooses for every kernel (the prime fields of the
 * curves and X25519), `getBackend` tells which backend a field, a curve or X25519 uses now. The layers
 * keep their own selection (field/backend.ts, x25519/backend.ts); this file only joins them.
 * @module
 */
import { IsochronError } from "./errors.ts";
import {
  type BackendChoice,
  getBackend as fieldBackend,
  getBackendChoice,
  setBackend as setFieldBackend,
} from "./field/backend.ts";
import type { Backend } from "./field/kernel.ts";
import { wasmSupportsModulus } from "./field/wasm/montgomery.ts";
import { getX25519Backend, setX25519Backend } from "./x25519/backend.ts";
import { FIELDS, TOWERS } from "./curves/registry.ts";

export type { Backend, BackendChoice };

/** What {@linkcode getBackend} can be asked about: a field ("bls12-381-fp"), a curve ("bn254"), "x25519". */
export type BackendTarget = string;

/**
 * Selects the backend of every kernel obtained from now on, X25519's included: "wasm", "ts", or
 * "auto" (the default: WebAssembly where this runtime compiles it or a prebuilt module was given,
 * else TypeScript). Throws `BACKEND_UNAVAILABLE` for "wasm" where neither the fields nor X25519 can
 * run WebAssembly (nothing is changed then), `INVALID_TYPE` for another value.
 *
 * @example
 * ```ts
 * import { getBackend, setBackend } from "./mod.ts";
 * setBackend("ts");
 * if (getBackend("bls12-381") !== "ts" || getBackend("x25519") !== "ts") throw new Error("not switched");
 * setBackend("auto");
 * ```
 */
export function setBackend(choice: BackendChoice): void {
  if (choice !== "wasm" && choice !== "ts" && choice !== "auto") {
    throw new IsochronError("INVALID_TYPE", `backend must be "wasm", "ts" or "auto"`);
  }
  const before = getBackendChoice();
  setFieldBackend(choice); // throws before changing anything when wasm is impossible
  try {
    setX25519Backend(choice);
  } catch (e) {
    setFieldBackend(before); // all or nothing
    throw e;
  }
}

/**
 * The backend that `target` runs on now: a field by name, a curve (its base field's kernels), or
 * "x25519". Without a target: the backend a field gets that has no prebuilt module (under "auto":
 * wasm where this runtime compiles WebAssembly). Prebuilt modules (`initWasm`) and primes outside the
 * wasm generator's range are taken into account per target. Throws `INVALID_TYPE` for an unknown target.
 *
 * @example
 * ```ts
 * import { getBackend } from "./mod.ts";
 * const b = getBackend("bls12-381"); // "wasm" where WebAssembly compiles, else "ts"
 * if (b !== "wasm" && b !== "ts") throw new Error("unexpected");
 * ```
 */
export function getBackend(target?: BackendTarget): Backend {
  if (target === undefined) return fieldBackend();
  if (target === "x25519") return getX25519Backend();
  const field = Object.hasOwn(FIELDS, target)
    ? FIELDS[target]
    : Object.hasOwn(TOWERS, target)
    ? TOWERS[target].fp
    : undefined;
  if (field === undefined) {
    throw new IsochronError("INVALID_TYPE", `unknown backend target ${String(target)}`);
  }
  return wasmSupportsModulus(field.p) ? fieldBackend(field.name) : "ts";
}
