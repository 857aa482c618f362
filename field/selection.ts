/**
 * Backend selection for the prime-field kernels (ARCHITECTURE.md, "Backends"), without the kernels:
 * the choice, the prebuilt modules, the fields of the loaded curves. The root entry (backend.ts)
 * imports this file only, so that it bundles no field code; field/backend.ts adds `fieldKernel` and
 * re-exports these.
 *
 * - `auto` (the default): WebAssembly where this runtime can compile it from bytes, detected once by
 *   compiling a tiny module (Cloudflare workerd, Vercel Edge and CSP-restricted pages refuse), or where
 *   a prebuilt module was registered with {@linkcode initWasm}; the TypeScript kernel otherwise.
 * - `setBackend("wasm" | "ts")` forces one for the kernels obtained afterwards.
 * @module
 */

import { IsochronError } from "../errors.ts";
import type { Backend } from "./kernel.ts";
import type { FieldDescription, FieldName } from "./params.ts";
import type { ModulePlan } from "./wasm/plan.ts";
import type { WasmModule } from "../wasm/types.ts";
import { redetectWasm, wasmCompilesFromBytes } from "../wasm/compile.ts";

/** A backend choice: a backend, or `auto` (wasm when available, else ts). */
export type BackendChoice = Backend | "auto";

let choice: BackendChoice = "auto";
const prebuilt = new Map<FieldName, WebAssembly.Module>();

/** How init() generates a field's module: set by field/backend.ts when it loads (every curve loads it). */
let moduleBytes: ((field: FieldDescription, plan?: ModulePlan) => Uint8Array<ArrayBuffer>) | null = null;

/**
 * Records the generator of field modules (field/backend.ts: `wasmFieldModuleBytes`), so that this file,
 * which the root entry imports, does not import the generators: an app of X25519 alone does not
 * bundle them.
 */
export function registerModuleBytes(
  generate: (field: FieldDescription, plan?: ModulePlan) => Uint8Array<ArrayBuffer>,
): void {
  moduleBytes = generate;
}

/**
 * A prebuilt module registered for `name` by initWasm or init, if any (typed without the DOM library,
 * wasm/types.ts: the root entry's declarations reach this file).
 */
export function prebuiltModule(name: FieldName): WasmModule | undefined {
  return prebuilt.get(name) as WasmModule | undefined;
}

/** A field of a loaded curve and the plan of its module. */
export interface LoadedField {
  /** The field (its description: init() compiles its module from p; a kernel needs its FieldParams). */
  readonly field: FieldDescription;
  /** The plan its module is compiled under. */
  readonly plan: ModulePlan;
}

/** Fields of the curves this program loaded, by field name and by curve name (its base field). */
const loaded = new Map<string, LoadedField>();
const loadedFieldNames: FieldName[] = [];

/**
 * Records a curve's fields, each with the plan of its module, base field first: the curve's name and
 * the fields' names then resolve through {@linkcode loadedField}. Each curve calls it once, from its
 * plan module (curves/<curve>/plan.ts), so a program knows the curves it loaded and no others: the
 * root entry's `init()` and `getBackend(target)` need no list of every curve, and a bundle of one
 * curve carries no other (ARCHITECTURE.md §1).
 */
export function registerCurve(curve: string, fields: readonly LoadedField[]): void {
  if (fields.length === 0) throw new RangeError(`curve ${curve}: no fields`);
  for (const f of fields) {
    if (!loaded.has(f.field.name)) loadedFieldNames.push(f.field.name);
    loaded.set(f.field.name, f);
  }
  loaded.set(curve, fields[0]);
}

/** A loaded field by its name, or a loaded curve's base field by the curve's name; undefined otherwise. */
export function loadedField(name: string): LoadedField | undefined {
  return loaded.get(name);
}

/** The names of the fields of every loaded curve, in the order they were registered. */
export function loadedFields(): readonly FieldName[] {
  return [...loadedFieldNames];
}

export { redetectWasm, wasmCompilesFromBytes };

/** Whether a wasm kernel of `field` can be built here (compilation allowed, or a prebuilt module). */
export function wasmAvailable(field: FieldDescription | FieldName): boolean {
  return prebuilt.has(typeof field === "string" ? field : field.name) || wasmCompilesFromBytes();
}

/**
 * Selects the backend of the kernels obtained from now on (see the module doc for what a switch
 * does to existing kernels). Throws `BACKEND_UNAVAILABLE` for "wasm" when this runtime can neither
 * compile wasm nor has any prebuilt module (see {@linkcode initWasm}).
 *
 * @example
 * ```ts
 * import { fieldKernel, getBackend, setBackend } from "./mod.ts";
 * import { FR } from "../curves/bn254/params.ts";
 * setBackend("ts");
 * const k = fieldKernel(FR); // the TypeScript kernel
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

/** The export names of a module, read with the static method as it was at load (a test may replace the constructor). */
const moduleExports: ((m: WebAssembly.Module) => { name: string }[]) | undefined =
  typeof WebAssembly === "object" ? WebAssembly.Module.exports : undefined;

/** Brand check that does not depend on the global constructor (which an embedder or test may replace). */
const isWasmModule = (m: unknown): m is WebAssembly.Module & WasmModule =>
  Object.prototype.toString.call(m) === "[object WebAssembly.Module]";

/** A prebuilt field module (dist/wasm/<field>.wasm, or <field>.nosimd.wasm for engines without SIMD). */
export type PrebuiltModules = WasmModule;

/**
 * Registers prebuilt modules, for runtimes that only accept statically imported `.wasm` files
 * (Cloudflare Workers): `scripts/build_wasm.ts` writes `dist/wasm/<field>.wasm`, the field's one module
 * with every layer of its curve's plan (kernel, inversion, tower, point formulas, table lookups), and
 * `<field>.nosimd.wasm` for engines without SIMD. Call it before the first `fieldKernel` of those
 * fields; a field whose kernel was already built keeps it.
 *
 * @example
 * ```ts ignore
 * import blsFp from "./dist/wasm/bls12-381-fp.wasm";
 * initWasm({ "bls12-381-fp": blsFp });
 * ```
 */
export function initWasm(modules: Partial<Record<FieldName, PrebuiltModules>>): void {
  const checked: [FieldName, WebAssembly.Module][] = [];
  for (const [field, m] of Object.entries(modules) as [FieldName, PrebuiltModules | undefined][]) {
    if (m === undefined) continue;
    // A field module exports the kernel's `mul` and `inv` (a cheap check, before anything is kept).
    const exports = isWasmModule(m) && moduleExports !== undefined ? moduleExports(m).map((e) => e.name) : [];
    if (!exports.includes("mul") || !exports.includes("inv")) {
      throw new IsochronError(
        "INVALID_TYPE",
        `initWasm: ${field} needs a field module (dist/wasm/${field}.wasm)`,
      );
    }
    checked.push([field, m]);
  }
  for (const [field, m] of checked) prebuilt.set(field, m);
}

/**
 * Compiles the modules of `fields` (each under its curve's plan when `plans` names one)
 * asynchronously, off the critical path, and registers them as with {@linkcode initWasm}. Resolves to false (and changes nothing) where compilation from bytes is refused.
 */
export async function init(
  fields: readonly FieldDescription[],
  plans: Partial<Record<FieldName, ModulePlan>> = {},
): Promise<boolean> {
  if (!wasmCompilesFromBytes()) return false;
  for (const field of fields) {
    if (prebuilt.has(field.name)) continue;
    // A loaded field means a loaded curve, which loaded field/backend.ts and so the generator.
    if (moduleBytes === null) throw new Error(`init: no module generator loaded for ${field.name}`);
    prebuilt.set(field.name, await WebAssembly.compile(moduleBytes(field, plans[field.name])));
  }
  return true;
}
