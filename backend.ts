/**
 * The library's one backend switch: `setBackend` chooses for every kernel (the prime fields of the
 * curves and X25519), `getBackend` tells which backend a field, a curve or X25519 uses now, `initWasm`
 * takes the prebuilt modules of fields and X25519, `init` compiles them ahead of use. The layers keep
 * their own selection (field/backend.ts, x25519/backend.ts); this file only joins them. It names no
 * curve and loads no kernel: the curves a program loaded register their fields (`registerCurve`), and
 * X25519 its selection (x25519/choice.ts), so an app bundles only the curves it imports.
 * @module
 */
import { IsochronError } from "./errors.ts";
import {
  type BackendChoice,
  getBackend as fieldBackend,
  getBackendChoice,
  init as initFields,
  initWasm as initFieldWasm,
  loadedField,
  loadedFields,
  type PrebuiltModules,
  setBackend as setFieldBackend,
} from "./field/selection.ts";
import type { Backend } from "./field/kernel.ts";
import type { FieldName } from "./field/params.ts";
import type { ModulePlan } from "./field/wasm/plan.ts";
import { wasmSupportsModulus } from "./field/wasm/montgomery.ts";
import { initX25519Module, isX25519Module, setX25519Choice, x25519Backend } from "./x25519/choice.ts";

export type { Backend, BackendChoice };

/** What {@linkcode getBackend} can be asked about: a field ("bls12-381-fp"), a curve ("bn254"), "x25519". */
export type BackendTarget = string;

/**
 * Selects the backend of every kernel obtained from now on, X25519's included: "wasm", "ts", or
 * "auto" (the default: WebAssembly where this runtime compiles it or a prebuilt module was given,
 * else TypeScript).
 * @param choice "wasm", "ts" or "auto".
 * @throws {IsochronError} INVALID_TYPE for another value; BACKEND_UNAVAILABLE for "wasm" where this
 * runtime does not compile WebAssembly from bytes and either no field module was given to `initWasm`
 * or X25519 (when imported) has no module (nothing is changed then).
 *
 * @example
 * ```ts
 * import { getBackend, setBackend } from "@isochron/curves";
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
    setX25519Choice(choice);
  } catch (e) {
    setFieldBackend(before); // all or nothing
    throw e;
  }
}

/**
 * The backend that `target` runs on now: a field by name, a curve (its base field's kernels), or
 * "x25519". Without a target: the backend a field gets that has no prebuilt module (under "auto":
 * wasm where this runtime compiles WebAssembly). Prebuilt modules (`initWasm`) and primes outside the
 * wasm generator's range are taken into account per target.
 * @param target a field ("bls12-381-fp"), a curve ("bn254") or "x25519"; omitted: the default.
 * @returns "wasm" or "ts".
 * @throws {IsochronError} INVALID_TYPE for an unknown target, or one this program does not import (a
 * bundle of one curve knows that curve only).
 *
 * @example
 * ```ts
 * import { getBackend } from "@isochron/curves";
 * const b = getBackend("bls12-381"); // "wasm" where WebAssembly compiles, else "ts"
 * if (b !== "wasm" && b !== "ts") throw new Error("unexpected");
 * ```
 */
export function getBackend(target?: BackendTarget): Backend {
  if (target === undefined) return fieldBackend();
  if (target === "x25519") return x25519Backend();
  const field = typeof target === "string" ? loadedField(target)?.field : undefined;
  if (field === undefined) {
    throw new IsochronError(
      "INVALID_TYPE",
      `unknown backend target ${String(target)}: expected "x25519", or a curve or field this program imports`,
    );
  }
  return wasmSupportsModulus(field.p) ? fieldBackend(field.name) : "ts";
}

/**
 * Registers prebuilt WebAssembly modules, for runtimes that compile none from bytes but accept `.wasm`
 * files imported statically (Cloudflare Workers): by field name, the field's module
 * (`isochron/wasm/<field>.wasm`, or `<field>.nosimd.wasm` for engines without SIMD), and under
 * `"x25519"` X25519's (`isochron/wasm/x25519.wasm` or `x25519.nosimd.wasm`). Call it before the first
 * operation on those fields; a field whose kernel was already built keeps it, X25519 switches to the
 * given module.
 * @param modules prebuilt `WebAssembly.Module`s by field name, and X25519's under `"x25519"`.
 * @throws {IsochronError} INVALID_TYPE (and registers nothing) when `modules` is not an object or a
 * value is not the module its key names.
 *
 * @example
 * ```ts ignore
 * import { initWasm } from "isochron";
 * import blsFp from "isochron/wasm/bls12-381-fp.wasm";
 * import x25519Wasm from "isochron/wasm/x25519.wasm";
 * initWasm({ "bls12-381-fp": blsFp, x25519: x25519Wasm });
 * ```
 */
export function initWasm(modules: Partial<Record<FieldName | "x25519", PrebuiltModules>>): void {
  if (typeof modules !== "object" || modules === null) {
    throw new IsochronError("INVALID_TYPE", "initWasm: expected an object of modules by name");
  }
  const { x25519, ...fields } = modules;
  if (x25519 !== undefined && !isX25519Module(x25519)) {
    throw new IsochronError("INVALID_TYPE", "initWasm: x25519 needs the X25519 module (x25519.wasm)");
  }
  initFieldWasm(fields); // checks every field module before it registers any
  if (x25519 !== undefined) initX25519Module(x25519);
}

/**
 * Compiles the WebAssembly modules of `fields` (default: every field of the curves this program
 * imports) asynchronously, each under its curve's module plan, off the critical path, and registers
 * them as `initWasm` does. Resolves to false (and changes nothing) where this runtime refuses to
 * compile WebAssembly from bytes.
 * @param fields field names, e.g. "bls12-381-fp"; omitted: every field of the imported curves.
 * @returns a promise of true once the modules are registered, false where compilation is refused.
 * @throws {IsochronError} not synchronously: the promise rejects with INVALID_TYPE for a field no
 * imported curve has (nothing is registered then). A `fields` that is not iterable throws a
 * `TypeError`.
 *
 * @example
 * ```ts
 * import { bls12_381, init } from "@isochron/curves";
 * await init(["bls12-381-fp"]);
 * if (!bls12_381.G1.BASE.double().equals(bls12_381.G1.BASE.add(bls12_381.G1.BASE))) throw new Error("bad");
 * ```
 */
export function init(fields: readonly FieldName[] = loadedFields()): Promise<boolean> {
  if (!Array.isArray(fields)) {
    return Promise.reject(new IsochronError("INVALID_TYPE", "init: fields must be an array of field names"));
  }
  const plans: Record<FieldName, ModulePlan> = {};
  const params = [];
  for (const f of fields) {
    const entry = typeof f === "string" && f !== "x25519" ? loadedField(f) : undefined;
    if (entry === undefined || entry.field.name !== f) {
      return Promise.reject(new IsochronError("INVALID_TYPE", `init: unknown field ${String(f)}`));
    }
    params.push(entry.field);
    plans[f] = entry.plan;
  }
  return initFields(params, plans);
}
