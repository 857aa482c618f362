/**
 * Module plans: which layers a field's one WebAssembly module holds. A wasm kernel is a field plus a
 * plan; its module holds the field kernel functions (module.ts), the constant-time inversion
 * (inverse.ts) and every layer of the plan (the tower, a curve's point formulas, table lookups),
 * generated and compiled once when the kernel is built, or supplied prebuilt (the same bytes, written
 * by scripts/build_wasm.ts). A layer finds its functions by name in that module
 * ({@linkcode layerExports}); no layer compiles a module of its own.
 *
 * The plan is data of whoever owns the field: a curve declares the plan of its base field
 * (curves/bls12_381/plan.ts, curves/bn254/plan.ts), the tower declares its own for tower-only use
 * (field/tower/mod.ts), and a field used alone gets {@linkcode FIELD_ONLY}. Layers that need SIMD are
 * left out of the plan on engines without it (a feature decision made once, from `simdSupported()`),
 * and their JavaScript composition runs instead.
 * @module
 */
import type { FieldKernel } from "../kernel.ts";
import type { WasmLayer } from "./module.ts";
import type { WasmExports } from "../../wasm/types.ts";

/** A named list of layers, as a function of whether the engine has SIMD. */
export interface ModulePlan {
  /** For messages and cache keys, e.g. "bls12-381". */
  readonly name: string;
  /** The layers, in module order (memoised per SIMD flag: the same array every call). */
  layers(simd: boolean): readonly WasmLayer[];
}

/** Makes a plan; `layers` runs at most once per SIMD flag (when a kernel is first built). */
export function modulePlan(name: string, layers: (simd: boolean) => readonly WasmLayer[]): ModulePlan {
  const memo: (readonly WasmLayer[] | undefined)[] = [undefined, undefined];
  return Object.freeze({
    name,
    layers: (simd: boolean) => (memo[simd ? 1 : 0] ??= Object.freeze([...layers(simd)])),
  });
}

/** The plan of a field used on its own: kernel functions and inversion only. */
export const FIELD_ONLY: ModulePlan = modulePlan("field", () => []);

/** What a kernel with a module plan offers to the layers (implemented by the wasm kernel). */
export interface PlannedKernel {
  /** The exports of the module when it holds layer `name`, else null. */
  layer(name: string): WasmExports | null;
  /** Bytes per base slot (address = slot · stride). */
  readonly stride: number;
}

/**
 * The exports of layer `name` in `kernel`'s module, or null: a TypeScript kernel, or a plan without
 * that layer (a bare field, or a SIMD layer on an engine without SIMD).
 */
export function layerExports(kernel: FieldKernel, name: string): WasmExports | null {
  if (kernel.backend !== "wasm") return null;
  return (kernel as FieldKernel & PlannedKernel).layer(name);
}
