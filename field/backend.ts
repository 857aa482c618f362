/**
 * Backend selection for the prime-field kernels (ARCHITECTURE.md, "Backends").
 *
 * - `auto` (the default): WebAssembly where this runtime can compile it from bytes, detected once by
 *   compiling a tiny module (Cloudflare workerd, Vercel Edge and CSP-restricted pages refuse), or where
 *   a prebuilt module was registered with {@linkcode initWasm}; the TypeScript kernel otherwise.
 * - `setBackend("wasm" | "ts")` forces one for the kernels obtained afterwards.
 *
 * On a switch: kernels obtained before keep working, on their own slots (a slot belongs to the kernel
 * that allocated it: values are in that kernel's Montgomery radix and arena, so slots never cross
 * kernels); `fieldKernel` calls after the switch return the other backend's kernel. Each (field,
 * backend) kernel is built once and cached, so switching back returns the earlier kernel and its slots.
 * @module
 */

import { IsochronError } from "../errors.ts";
import type { Backend, FieldKernel } from "./kernel.ts";
import { type FieldParams, isFieldParams } from "./params.ts";
import { tsFieldKernel } from "./ts/kernel.ts";
import { wasmFieldKernel, wasmFieldModuleBytes } from "./wasm/kernel.ts";
import { FIELD_ONLY, type ModulePlan } from "./wasm/plan.ts";
import { wasmSupportsModulus } from "./wasm/montgomery.ts";
import { getBackend, prebuiltModule, registerModuleBytes, wasmAvailable } from "./selection.ts";

export {
  type BackendChoice,
  getBackend,
  getBackendChoice,
  init,
  initWasm,
  type LoadedField,
  loadedField,
  loadedFields,
  type PrebuiltModules,
  redetectWasm,
  registerCurve,
  setBackend,
  wasmAvailable,
  wasmCompilesFromBytes,
} from "./selection.ts";

// The root entry's init() generates modules through this (field/selection.ts imports no generator).
registerModuleBytes(wasmFieldModuleBytes);

/**
 * The kernel of `field` on `backend` (default: {@linkcode getBackend}), built on first use and cached
 * per (field, backend, plan). On wasm, `plan` (default: the field alone) names the layers compiled into
 * the field's one module (field/wasm/plan.ts); the TypeScript kernel is the same for every plan.
 * Throws `BACKEND_UNAVAILABLE` if wasm is asked for where it cannot be built, and `INVALID_TYPE` for
 * an unknown field.
 */
export function fieldKernel(
  field: FieldParams,
  backend?: Backend,
  plan: ModulePlan = FIELD_ONLY,
): FieldKernel {
  if (!isFieldParams(field)) {
    throw new IsochronError("INVALID_TYPE", "fieldKernel: expected field parameters");
  }
  // A prime the wasm generator cannot handle (no spare top bit) runs on the TypeScript kernel.
  const b = backend ?? (wasmSupportsModulus(field.p) ? getBackend(field.name) : "ts");
  if (b === "ts") return tsFieldKernel(field);
  if (b !== "wasm") throw new IsochronError("INVALID_TYPE", `backend must be "wasm" or "ts"`);
  if (!wasmSupportsModulus(field.p)) {
    throw new IsochronError(
      "BACKEND_UNAVAILABLE",
      `no WebAssembly kernel for ${field.name}: p has no spare top bit`,
    );
  }
  if (!wasmAvailable(field)) {
    throw new IsochronError(
      "BACKEND_UNAVAILABLE",
      `no WebAssembly for ${field.name}: compilation refused, no prebuilt module`,
    );
  }
  return wasmFieldKernel(field, plan, prebuiltModule(field.name) as WebAssembly.Module | undefined);
}
