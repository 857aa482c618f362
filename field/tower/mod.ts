/**
 * The extension towers Fp2 → Fp6 → Fp12 of BLS12-381 and BN254 (see params.ts), on the field kernel of
 * either backend. On the wasm backend the tower's hot operations are compiled into the base field's
 * module (wasm_fp2.ts, wasm_tower.ts: one JS→wasm call per Fp2/Fp6/Fp12 multiplication); where that is
 * impossible (no run-time compilation, no SIMD) the tower composes the kernel's operations, like on the
 * TypeScript backend.
 *
 * @example
 * ```ts
 * import { tower } from "./mod.ts";
 * import { TOWER } from "../../curves/bls12_381/params.ts";
 * const { fp2, fp12 } = tower(TOWER);
 * const [a, b] = [fp2.alloc(), fp2.alloc()];
 * fp2.setBigintVartime(a, { c0: 3n, c1: 4n }); // 3 + 4u
 * fp2.inv(b, a);
 * fp2.mul(b, b, a);
 * const one = fp12.alloc();
 * fp12.setOne(one);
 * if (fp2.toBigintVartime(b).c0 !== 1n || fp12.isOne(one) !== 1) throw new Error("unexpected");
 * ```
 * @module
 */
import { IsochronError } from "../../errors.ts";
import type { Backend, FieldKernel } from "../kernel.ts";
import { fieldKernel } from "../backend.ts";
import { layerExports, type ModulePlan, modulePlan } from "../wasm/plan.ts";
import type { WasmFieldKernel } from "../wasm/kernel.ts";
import { COMPOSED, createTower, type Tower, type TowerFactories, towerFrobenius } from "./tower.ts";
import type { TowerParams } from "./params.ts";
import { lazyState } from "../lazy_state.ts";
import { wasmFp2SupportsModulus } from "../wasm/montgomery.ts";
import { towerLayer, wasmTowerFactories } from "./wasm_tower.ts";

export type { Backend, FieldKernel } from "../kernel.ts";
export type { FieldName, FieldParams } from "../params.ts";
export { Fp2, type Fp2Ops } from "./fp2.ts";
export { Fp6 } from "./fp6.ts";
export { Fp12 } from "./fp12.ts";
export type { Tower } from "./tower.ts";
export { defineTower, type TowerName, type TowerParams } from "./params.ts";
export type { FrobeniusTable } from "./frobenius.ts";
export type { Fp2Value } from "./fp2_value.ts";

/**
 * The layers for kernel `fp`: the wasm functions of its module's "tower" layer when its plan has one
 * (a wasm kernel with SIMD, see towerLayer), else the composition of the kernel's operations.
 */
function factoriesFor(fp: FieldKernel): TowerFactories {
  const x = layerExports(fp, "tower");
  if (x === null) return COMPOSED;
  return wasmTowerFactories(
    x as unknown as Parameters<typeof wasmTowerFactories>[0],
    (fp as WasmFieldKernel).stride,
  );
}

/**
 * The tower layer of `params` for a module plan: on SIMD engines, for a p the wasm Fp2 emitters handle
 * (`wasmFp2SupportsModulus`); else none, and the tower composes the kernel's operations.
 */
export function towerLayers(params: TowerParams, simd: boolean): ReturnType<typeof towerLayer>[] {
  return simd && wasmFp2SupportsModulus(params.p) ? [towerLayer(params, towerFrobenius(params))] : [];
}

/** The plan of a tower used on its own (a curve's plan holds its tower layer too), per tower. */
const towerPlan = lazyState((params: TowerParams) =>
  modulePlan(`${params.name} tower`, (simd) => towerLayers(params, simd))
);

/**
 * The tower `params` over its base-field kernel on `backend` (default: the field layer's current
 * choice), built on first use and cached per kernel. On wasm the kernel's module holds the tower
 * (plan `plan`, default: the tower alone; a curve passes its own plan).
 */
export function tower(params: TowerParams, backend?: Backend, plan?: ModulePlan): Tower {
  if (typeof params !== "object" || params === null || typeof params.xi !== "object") {
    throw new IsochronError("INVALID_TYPE", "tower: expected tower parameters");
  }
  const fp = fieldKernel(params.fp, backend, plan ?? towerPlan(params));
  return towerOver(fp, params);
}

/** The tower `params` over a given base-field kernel (its modulus must be the tower's p). */
export function towerOver(fp: FieldKernel, params: TowerParams): Tower {
  return createTower(fp, params, lazyFactories(fp));
}

/** Defers the (wasm) factory choice to the first build: createTower returns a cached tower otherwise. */
function lazyFactories(fp: FieldKernel): TowerFactories {
  let f: TowerFactories | null = null;
  const get = () => (f ??= factoriesFor(fp));
  return {
    fp2: (k, p) => get().fp2(k, p),
    fp6: (fp2, t) => get().fp6(fp2, t),
    fp12: (fp6, t) => get().fp12(fp6, t),
  };
}
