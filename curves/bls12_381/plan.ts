/**
 * The module plan of BLS12-381's base field (field/wasm/plan.ts): which layers its one WebAssembly
 * module holds beside the field kernel, from the curve's public data.
 * @module
 */
import { towerLayers } from "../../field/tower/mod.ts";
import { wasmFp2SupportsModulus } from "../../field/wasm/montgomery.ts";
import { FP, FR_FIELD, P as p, TOWER } from "./params.ts";
import { FIELD_ONLY, type ModulePlan, modulePlan } from "../../field/wasm/plan.ts";
import { registerCurve } from "../../field/backend.ts";
import { pointLayer } from "../group/wasm_point.ts";
import { millerLayer } from "../pairing/wasm_miller.ts";
import { selectLayer, TABLE_SHAPES } from "../group/wasm_select.ts";
import { endoStepLayer } from "../group/wasm_endo_step.ts";
import { endoLoop } from "../group/endomorphism.ts";
import { G1_ENDOMORPHISM, G2_ENDOMORPHISM } from "./endomorphism.ts";

/** 3b of G1 and of G2 (b' = 4ξ, M-twist), as canonical Fp coordinates: data of the point layers. */
const B3_G1 = [12n], B3_G2 = [TOWER.xi.c0, TOWER.xi.c1].map((c) => (12n * c) % p);

/**
 * The plan of BLS12-381's base-field module (field/wasm/plan.ts): the tower, the G1 and G2 point
 * formulas, the Miller-loop steps and the table lookups, compiled once with the field kernel. The tower and the Fp2 formulas
 * need SIMD: without it their JavaScript compositions run.
 */
export const BLS12_381_FP_PLAN: ModulePlan = modulePlan("bls12-381", (simd) => [
  ...towerLayers(TOWER, simd),
  pointLayer("bls12-381 G1", 1, B3_G1, p),
  ...(simd && wasmFp2SupportsModulus(p)
    ? [pointLayer("bls12-381 G2", 2, B3_G2, p), millerLayer("bls12-381", B3_G2, p)]
    : []),
  selectLayer(TABLE_SHAPES, simd),
  // The endomorphism loops' positions (m sub-scalars: 2 on G1, 4 on G2, as in endomorphism.ts), after
  // the point and select layers they call.
  endoStepLayer("bls12-381 G1", 1, B3_G1, p, 2, endoLoop(G1_ENDOMORPHISM)),
  ...(simd && wasmFp2SupportsModulus(p)
    ? [endoStepLayer("bls12-381 G2", 2, B3_G2, p, 4, endoLoop(G2_ENDOMORPHISM))]
    : []),
]);

// This program now knows the curve: the root entry's init() and getBackend(target) find its fields here.
registerCurve(TOWER.name, [{ field: FP, plan: BLS12_381_FP_PLAN }, { field: FR_FIELD, plan: FIELD_ONLY }]);
