/**
 * The field layer's entry point: prime-field kernels for BLS12-381 and BN254 (Fp and Fr) on the
 * WebAssembly or TypeScript backend, selected automatically (see backend.ts), plus a checked decoder.
 *
 * @example
 * ```ts
 * import { fieldKernel } from "./mod.ts";
 * import { FR } from "../curves/bls12_381/params.ts";
 * const k = fieldKernel(FR);
 * const [a, b] = [k.alloc(1), k.alloc(1)];
 * k.setBigintVartime(a, 3n);
 * k.inv(b, a);
 * k.mul(b, b, a);
 * if (k.toBigintVartime(b) !== 1n) throw new Error("3 · 3⁻¹ ≠ 1");
 * ```
 * @module
 */

import { checkBytes, IsochronError } from "../errors.ts";
import type { FieldKernel } from "./kernel.ts";
import { lazyState } from "./lazy_state.ts";

export type { Backend, FieldKernel } from "./kernel.ts";
export { defineField, type FieldDescription, type FieldName, type FieldParams } from "./params.ts";
export {
  type BackendChoice,
  fieldKernel,
  getBackend,
  getBackendChoice,
  init,
  initWasm,
  type PrebuiltModules,
  redetectWasm,
  setBackend,
  wasmAvailable,
  wasmCompilesFromBytes,
} from "./backend.ts";

/** A scratch element per kernel for the decoder. */
const decodeScratch = lazyState((k: FieldKernel) => k.alloc(1));

/**
 * out ← the field element encoded by `bytes` (canonical big-endian, exactly `k.byteLength` bytes), in
 * constant time for valid input. Throws `INVALID_TYPE` (not a Uint8Array), `INVALID_LENGTH` or
 * `NON_CANONICAL` (value ≥ p); `out` is then unchanged.
 */
export function decodeFieldElement(k: FieldKernel, out: number, bytes: Uint8Array): void {
  checkBytes(bytes, `${k.name} element`, k.byteLength); // read only
  const tmp = decodeScratch(k);
  const ok = k.fromBytes(tmp, bytes);
  // Validity is revealed by the throw anyway: a branch on it leaks nothing more.
  if (ok !== 1) throw new IsochronError("NON_CANONICAL", `${k.name} element is not below the modulus`);
  k.copy(out, tmp);
  k.wipe(tmp, 1);
}
