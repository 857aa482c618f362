/**
 * The module plan of every field whose module holds more than the field itself (field/wasm/plan.ts):
 * the base fields of the curves. For the build of the static `.wasm` files and for `init()`; a curve's
 * own code uses its plan directly.
 * @module
 */
import type { FieldName } from "../field/params.ts";
import type { ModulePlan } from "../field/wasm/plan.ts";
import { BLS12_381_FP_PLAN } from "./bls12_381/plan.ts";
import { BN254_FP_PLAN } from "./bn254/plan.ts";

/** Field name → the plan of its module (fields not listed: the field alone). */
export const FIELD_PLANS: Readonly<Partial<Record<FieldName, ModulePlan>>> = Object.freeze({
  "bls12-381-fp": BLS12_381_FP_PLAN,
  "bn254-fp": BN254_FP_PLAN,
});
