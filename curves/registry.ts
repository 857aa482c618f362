/**
 * Every curve's fields, towers and module plans by name: the one registry entry per curve, for what
 * iterates over all of them (scripts/build_wasm.ts, `init()` of mod.ts, tests and benchmarks). Library
 * code of one curve imports that curve's own folder, never this file (so that an app of one curve
 * bundles no other curve).
 * @module
 */
import type { FieldName, FieldParams } from "../field/params.ts";
import type { TowerName, TowerParams } from "../field/tower/params.ts";
import type { ModulePlan } from "../field/wasm/plan.ts";
import * as bls12_381 from "./bls12_381/params.ts";
import * as bn254 from "./bn254/params.ts";
import { BLS12_381_FP_PLAN } from "./bls12_381/plan.ts";
import { BN254_FP_PLAN } from "./bn254/plan.ts";

/** All fields by name. */
export const FIELDS: Readonly<Record<FieldName, FieldParams>> = Object.freeze({
  [bls12_381.FP.name]: bls12_381.FP,
  [bls12_381.FR.name]: bls12_381.FR,
  [bn254.FP.name]: bn254.FP,
  [bn254.FR.name]: bn254.FR,
});

/** All towers by name. */
export const TOWERS: Readonly<Record<TowerName, TowerParams>> = Object.freeze({
  [bls12_381.TOWER.name]: bls12_381.TOWER,
  [bn254.TOWER.name]: bn254.TOWER,
});

/** Field name → the plan of its module (fields not listed: the field alone). */
export const FIELD_PLANS: Readonly<Record<FieldName, ModulePlan>> = Object.freeze({
  [bls12_381.FP.name]: BLS12_381_FP_PLAN,
  [bn254.FP.name]: BN254_FP_PLAN,
});
