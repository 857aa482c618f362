/**
 * The module plan of BN254's base field (field/wasm/plan.ts): which layers its one WebAssembly module
 * holds beside the field kernel, from the curve's public data; and G2's b' = 3/ξ, derived here once.
 * @module
 */
import { towerLayers } from "../../field/tower/mod.ts";
import { wasmFp2SupportsModulus } from "../../field/wasm/montgomery.ts";
import { FP, FR_FIELD, P as p, TOWER } from "./params.ts";
import { FIELD_ONLY, type ModulePlan, modulePlan } from "../../field/wasm/plan.ts";
import { registerCurve } from "../../field/backend.ts";
import type { Fp2Value } from "../group/coord_field.ts";
import { pointLayer } from "../group/wasm_point.ts";
import { millerLayer } from "../pairing/wasm_miller.ts";
import { selectLayer, TABLE_SHAPES } from "../group/wasm_select.ts";
import { endoStepLayer } from "../group/wasm_endo_step.ts";
import { endoLoop } from "../group/endomorphism.ts";
import { G1_ENDOMORPHISM, G2_ENDOMORPHISM } from "./endomorphism.ts";

/** a^(p−2) = a⁻¹ mod p (public constants only). */
function invModP(a: bigint): bigint {
  let r = 1n, b = ((a % p) + p) % p;
  for (let e = p - 2n; e > 0n; e >>= 1n, b = (b * b) % p) if (e & 1n) r = (r * b) % p;
  return r;
}
/** b' = 3/ξ of G2 (D-twist) in Fp[u]/(u² + 1): 1/(x0 + x1·u) = (x0 − x1·u)/(x0² + x1²). */
const { c0: XI0, c1: XI1 } = TOWER.xi;
const XI_NORM_INV = invModP(XI0 * XI0 + XI1 * XI1);
export const B_G2: Fp2Value = { c0: (3n * XI0 * XI_NORM_INV) % p, c1: (3n * (p - XI1) * XI_NORM_INV) % p };
/** 3b' of G2 as canonical Fp coordinates (data of the G2 point and Miller-step layers). */
const B3_G2 = [(3n * B_G2.c0) % p, (3n * B_G2.c1) % p];

/**
 * The plan of BN254's base-field module (field/wasm/plan.ts): the tower, the G1 and G2 point formulas,
 * the Miller-loop steps and the table lookups, compiled once with the field kernel (SIMD layers as in curves/bls12_381/plan.ts).
 */
export const BN254_FP_PLAN: ModulePlan = modulePlan("bn254", (simd) => [
  ...towerLayers(TOWER, simd),
  pointLayer("bn254 G1", 1, [9n], p),
  ...(simd && wasmFp2SupportsModulus(p)
    ? [pointLayer("bn254 G2", 2, B3_G2, p), millerLayer("bn254", B3_G2, p)]
    : []),
  selectLayer(TABLE_SHAPES, simd),
  // The endomorphism loops' positions (m sub-scalars: 2 on G1, 4 on G2, as in endomorphism.ts), after
  // the point and select layers they call.
  endoStepLayer("bn254 G1", 1, [9n], p, 2, endoLoop(G1_ENDOMORPHISM)),
  ...(simd && wasmFp2SupportsModulus(p)
    ? [endoStepLayer("bn254 G2", 2, B3_G2, p, 4, endoLoop(G2_ENDOMORPHISM))]
    : []),
]);

// This program now knows the curve: the root entry's init() and getBackend(target) find its fields here.
registerCurve(TOWER.name, [{ field: FP, plan: BN254_FP_PLAN }, { field: FR_FIELD, plan: FIELD_ONLY }]);
