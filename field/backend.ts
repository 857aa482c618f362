/**
 * Backend selection for the prime-field kernels (DESIGN.md, "Arithmetic: two kernels, one contract").
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
import { type FieldName, FIELDS } from "./params.ts";
import { tsFieldKernel } from "./ts/kernel.ts";
import { type FieldModules, wasmFieldKernel, wasmFieldModuleBytes } from "./wasm/kernel.ts";

/** A backend choice: a backend, or `auto` (wasm when available, else ts). */
export type BackendChoice = Backend | "auto";

let choice: BackendChoice = "auto";
let compileFromBytes: boolean | undefined;
const prebuilt = new Map<FieldName, FieldModules>();

/** The smallest valid module: magic and version (spec §5.5.16). */
const EMPTY_MODULE = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

/**
 * Whether this runtime compiles WebAssembly from bytes (`new WebAssembly.Module(bytes)`), detected on
 * the first call by compiling an empty module and cached.
 */
export function wasmCompilesFromBytes(): boolean {
  if (compileFromBytes === undefined) {
    try {
      compileFromBytes = typeof WebAssembly === "object" && new WebAssembly.Module(EMPTY_MODULE) !== null;
    } catch {
      compileFromBytes = false;
    }
  }
  return compileFromBytes;
}

/**
 * Runs the detection of {@linkcode wasmCompilesFromBytes} again (e.g. after a page's CSP changed, or in
 * tests that stub `WebAssembly.Module`) and returns it. Kernels already built are not affected.
 */
export function redetectWasm(): boolean {
  compileFromBytes = undefined;
  return wasmCompilesFromBytes();
}

/** Whether a wasm kernel of `field` can be built here (compilation allowed, or a prebuilt module). */
export function wasmAvailable(field: FieldName): boolean {
  return prebuilt.has(field) || wasmCompilesFromBytes();
}

/**
 * Selects the backend of the kernels obtained from now on (see the module doc for what a switch
 * does to existing kernels). Throws `BACKEND_UNAVAILABLE` for "wasm" when this runtime can neither
 * compile wasm nor has any prebuilt module (see {@linkcode initWasm}).
 *
 * @example
 * ```ts
 * import { fieldKernel, getBackend, setBackend } from "./mod.ts";
 * setBackend("ts");
 * const k = fieldKernel("bn254-fr"); // the TypeScript kernel
 * if (k.backend !== "ts" || getBackend() !== "ts") throw new Error("unexpected");
 * setBackend("auto");
 * ```
 */
export function setBackend(backend: BackendChoice): void {
  if (backend !== "wasm" && backend !== "ts" && backend !== "auto") {
    throw new IsochronError("INVALID_TYPE", `backend must be "wasm", "ts" or "auto"`);
  }
  if (backend === "wasm" && prebuilt.size === 0 && !wasmCompilesFromBytes()) {
    throw new IsochronError(
      "BACKEND_UNAVAILABLE",
      "this runtime refuses to compile WebAssembly from bytes: pass prebuilt modules to initWasm()",
    );
  }
  choice = backend;
}

/** The current choice, as set by {@linkcode setBackend} ("auto" by default). */
export function getBackendChoice(): BackendChoice {
  return choice;
}

/**
 * The backend `fieldKernel(field)` uses now: the forced one, or under "auto" wasm if available for
 * `field` (any field if omitted: compilation from bytes works), else ts.
 */
export function getBackend(field?: FieldName): Backend {
  if (choice !== "auto") return choice;
  const wasm = field === undefined ? wasmCompilesFromBytes() : wasmAvailable(field);
  return wasm ? "wasm" : "ts";
}

/**
 * The kernel of `field` on `backend` (default: {@linkcode getBackend}), built on first use and cached
 * per (field, backend). Throws `BACKEND_UNAVAILABLE` if wasm is asked for where it cannot be built, and
 * `INVALID_TYPE` for an unknown field.
 */
export function fieldKernel(field: FieldName, backend?: Backend): FieldKernel {
  if (!Object.hasOwn(FIELDS, field)) throw new IsochronError("INVALID_TYPE", `unknown field ${field}`);
  const b = backend ?? getBackend(field);
  if (b === "ts") return tsFieldKernel(field);
  if (b !== "wasm") throw new IsochronError("INVALID_TYPE", `backend must be "wasm" or "ts"`);
  if (!wasmAvailable(field)) {
    throw new IsochronError(
      "BACKEND_UNAVAILABLE",
      `no WebAssembly for ${field}: compilation refused, no prebuilt module`,
    );
  }
  return wasmFieldKernel(field, prebuilt.get(field));
}

/** Brand check that does not depend on the global constructor (which an embedder or test may replace). */
const isWasmModule = (m: unknown): m is WebAssembly.Module =>
  Object.prototype.toString.call(m) === "[object WebAssembly.Module]";

/** A prebuilt kernel module (dist/wasm/<field>.wasm), or it with its inversion module (<field>-inv.wasm). */
export type PrebuiltModules = WebAssembly.Module | FieldModules;

/**
 * Registers prebuilt modules, for runtimes that only accept statically imported `.wasm` files
 * (Cloudflare Workers): `scripts/build_wasm.ts` writes `dist/wasm/<field>.wasm` (kernel) and
 * `<field>-inv.wasm` (constant-time inversion; without it `inv` uses Fermat's little theorem). Call it
 * before the first `fieldKernel` of those fields; a field whose kernel was already built keeps it.
 *
 * @example
 * ```ts ignore
 * import blsFp from "./dist/wasm/bls12-381-fp.wasm";
 * import blsFpInv from "./dist/wasm/bls12-381-fp-inv.wasm";
 * initWasm({ "bls12-381-fp": { kernel: blsFp, inverse: blsFpInv } });
 * ```
 */
export function initWasm(modules: Partial<Record<FieldName, PrebuiltModules>>): void {
  for (const [field, m] of Object.entries(modules) as [FieldName, PrebuiltModules | undefined][]) {
    if (!Object.hasOwn(FIELDS, field)) throw new IsochronError("INVALID_TYPE", `unknown field ${field}`);
    if (m === undefined) continue;
    const mods: FieldModules = isWasmModule(m) ? { kernel: m } : m;
    if (!isWasmModule(mods.kernel) || (mods.inverse !== undefined && !isWasmModule(mods.inverse))) {
      throw new IsochronError("INVALID_TYPE", `initWasm: ${field} needs a WebAssembly.Module`);
    }
    prebuilt.set(field, mods);
  }
}

/**
 * Compiles the modules of `fields` (default: all four) asynchronously, off the critical path, and
 * registers them as with {@linkcode initWasm}. Resolves to false (and changes nothing) where
 * compilation from bytes is refused.
 */
export async function init(
  fields: readonly FieldName[] = Object.keys(FIELDS) as FieldName[],
): Promise<boolean> {
  if (!wasmCompilesFromBytes()) return false;
  for (const field of fields) {
    if (prebuilt.has(field)) continue;
    const bytes = wasmFieldModuleBytes(field);
    const [kernel, inverse] = await Promise.all([
      WebAssembly.compile(bytes.kernel),
      WebAssembly.compile(bytes.inverse as BufferSource),
    ]);
    prebuilt.set(field, { kernel, inverse });
  }
  return true;
}
