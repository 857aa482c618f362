/**
 * The one internal entry of the tests: every library module below the public entry points that a
 * test uses is re-exported here, so a test imports library code only
 * - from this file (internals), or
 * - from a public entry point: {@linkcode PUBLIC_ENTRIES} (`mod.ts`, `backend.ts`, `x25519/mod.ts`,
 *   `curves/bls12_381/mod.ts`, `curves/bn254/mod.ts`, `field/mod.ts`, and the Deno entries of deno/
 *   that deno.json publishes).
 *
 * The exceptions, files under tests/ that import library modules directly
 * ({@linkcode DIRECT_IMPORT_EXCEPTIONS}), each because it checks that module's own properties or must
 * load the library exactly as it is shipped:
 * - `tests/internal.ts`, this file;
 * - `tests/field/ts_deopt_child.ts`: the child of ts_deopt.test.ts, whose V8 deoptimisation trace is
 *   matched by function name, so it loads the generated TypeScript kernels and their driver only;
 * - `tests/field/package_files_child.ts`: the child of packaged.test.ts's permission test, which runs
 *   without permissions and so loads package_files.ts alone;
 * - `tests/deno/entry_child.ts`: the child of embedded.test.ts, which imports the Deno source entries
 *   (deno/entries/) in a fresh process to see their embedded modules through this file's readers
 *   (the published entries run a bundle, with module state of its own).
 *
 * The tooling of tests/ct/ (registry, coverage, access trace, wasm decoder, dudect) imports no library
 * module; its dudect targets import the library through this file. tests/architecture/ reads the
 * source as text. `tests/architecture/internal_entry.test.ts` fails on any other direct import.
 *
 * Names that would be ambiguous here carry their curve or layer (`BLS12_381_X`, `BN254_PAIRING`,
 * `X25519_P`, `x25519Mod`, …); the generated TypeScript kernels are namespaces (`bls12_381_fp`, …).
 * @module
 */

/** The public entry points (repository paths), which tests may import directly. */
export const PUBLIC_ENTRIES: readonly string[] = [
  "mod.ts",
  "backend.ts",
  "x25519/mod.ts",
  "curves/bls12_381/mod.ts",
  "curves/bn254/mod.ts",
  "field/mod.ts",
  "deno/mod.ts",
  "deno/x25519.ts",
  "deno/bls12_381.ts",
  "deno/bn254.ts",
];

/** The files under tests/ that may import any library module (see the module comment for why). */
export const DIRECT_IMPORT_EXCEPTIONS: readonly string[] = [
  "tests/internal.ts",
  "tests/field/ts_deopt_child.ts",
  "tests/field/package_files_child.ts",
  "tests/deno/entry_child.ts",
];

// ---- errors.ts ----
export { expectBytes, IsochronError, type IsochronErrorCode } from "../errors.ts";

// ---- hash/ ----
export { Sha256, sha256, SHA256_IV, SHA256_K } from "../hash/sha256.ts";
export { hkdfExpand, hkdfExtract, hmacSha256 } from "../hash/hkdf.ts";

// ---- wasm/ ----
export {
  FunctionBuilder,
  I32,
  I64,
  ModuleBuilder,
  Op,
  PROBE_CONSTANTS,
  SimdOp,
  simdProbeBytes,
  simdSupported,
  wideArithmeticSupported,
  WideOp,
  wideProbeBytes,
} from "../wasm/emitter.ts";
export { compileWasm, redetectWasm, WasmRefusedError } from "../wasm/compile.ts";
export { readModuleFile, registerModuleFiles } from "../wasm/files.ts";

// ---- field/ ----
export type { Backend, FieldKernel } from "../field/kernel.ts";
export { defineField, type FieldName } from "../field/params.ts";
export { loadedField, loadedFields, registerCurve } from "../field/backend.ts";
export {
  BATCH_CHUNK,
  batchInvVartime,
  invFermat,
  isSquareCt,
  powCt,
  sqrtCt,
} from "../field/algorithms/mod.ts";
export { buildTsInverse } from "../field/algorithms/inverse_ts.ts";
export { tsFieldKernel } from "../field/ts/kernel.ts";
export * as bls12_381_fp from "../field/ts/generated/bls12-381-fp.ts";
export * as bls12_381_fr from "../field/ts/generated/bls12-381-fr.ts";
export * as bn254_fp from "../field/ts/generated/bn254-fp.ts";
export * as bn254_fr from "../field/ts/generated/bn254-fr.ts";
export { emitAdd } from "../field/wasm/emit_linear.ts";
export { emitMontMulFips, ref } from "../field/wasm/emit_mont.ts";
export { emitMontMulReducedSimd } from "../field/wasm/emit_mont_reduced_simd.ts";
export { negInverse, type RadixPlan, radixPlan, splitLimbs } from "../field/wasm/limbs.ts";
export { buildWasmInverse, inverseModuleBytes, inverseParams } from "../wasm/inverse.ts";
export { inverseLayer } from "../field/wasm/inverse.ts";
export { sqr4Layer } from "../field/wasm/emit_sqr4.ts";
export {
  createWasmFieldKernel,
  type WasmFieldKernel,
  wasmFieldKernel,
  wasmFieldModuleBytes,
} from "../field/wasm/kernel.ts";
export {
  buildFieldModule,
  type FieldModuleContext,
  type FieldModuleOptions,
  KERNEL_FUNCTIONS,
  SLOT,
  type WasmLayer,
} from "../field/wasm/module.ts";
export { montConstants, wasmFp2SupportsModulus, wasmSupportsModulus } from "../field/wasm/montgomery.ts";
export type { MontConstants } from "../field/wasm/montgomery.ts";
export { combinationReduction, emitSmallCombination, storeLimbs } from "../field/tower/wasm_fp2_emit.ts";
export { type ModulePlan, modulePlan } from "../field/wasm/plan.ts";
export { moduleFileName, packagedModule } from "../field/wasm/packaged.ts";

// ---- package_files.ts (the npm runtime build's reader of dist/wasm/) ----
export { packageFileReader, usePackageFiles } from "../package_files.ts";
export {
  moduleChecksum,
  murmur3,
  murmur3Pair,
  MURMUR_MODULE_HEX,
  murmurBody,
  murmurBodyWasm,
} from "../wasm/checksum.ts";
export { murmurModuleBytes } from "../wasm/checksum_module.ts";
export { addModuleFiles } from "../wasm/files.ts";
export { useEmbeddedModules } from "../deno/embedded.ts";
export { MODULES as DENO_BLS12_381_MODULES } from "../deno/modules/bls12_381.ts";
export { MODULES as DENO_BN254_MODULES } from "../deno/modules/bn254.ts";
export { MODULES as DENO_X25519_MODULES } from "../deno/modules/x25519.ts";

// ---- field/bigint/ ----
export {
  type BigintFields,
  bigintFields,
  type BigintFieldsParams,
  bigintPrimeField,
  bigintTower,
  frobeniusRows,
} from "../field/bigint/fields.ts";

// ---- field/tower/ ----
export { tower, towerLayers } from "../field/tower/mod.ts";
export { defineTower, type TowerName, type TowerParams } from "../field/tower/params.ts";
export { COMPOSED, createTower, type Tower, towerFrobenius } from "../field/tower/tower.ts";
export { fp2MulBig, type FrobeniusTable, frobeniusTable } from "../field/tower/frobenius.ts";
export { FP2_FUNCTIONS, fp2Extras, WasmFp2 } from "../field/tower/wasm_fp2.ts";
export { defaultFp2LaneRadix, FP2_LANE_RADIXES } from "../field/tower/wasm_fp2_lanes.ts";
export { emitFp2Mul, mulInputBounds } from "../field/tower/wasm_fp2_emit.ts";
export { TOWER_FUNCTIONS, wasmTowerPlan } from "../field/tower/wasm_tower.ts";
export { slidingWindow } from "../field/tower/window.ts";

// ---- scalar/ ----
export { BaseDigits, type ScalarDigits } from "../scalar/decompose.ts";
export { BarrettDivisor } from "../scalar/barrett.ts";
export { determinant, LatticeDigits } from "../scalar/lattice.ts";
export { SCALAR_LIMBS, scalarBigintVartime, scalarBytes, ScalarReducer } from "../scalar/reduce.ts";
export { WideScalarReducer } from "../scalar/reduce_wide.ts";
export { limbs16Vartime } from "../scalar/limbs16.ts";
export { lessThanBytes, scalarField } from "../scalar/fr.ts";

// ---- curves/group/, curves/codecs/, curves/pairing/, curves/hash_to_curve/ ----
export { GENERIC_BASE_USES, GroupImpl, PointImpl, STORE_POINTS } from "../curves/group/group.ts";
export { type CoordField, fp2Coords, type Fp2Value } from "../curves/group/coord_field.ts";
export { Projective } from "../curves/group/projective.ts";
export { affineTableCt, affineTableScratch } from "../curves/group/affine_multiples.ts";
export { jacAdd, jacDbl, jacField, jacMadd, Jacobian } from "../curves/group/jacobian.ts";
export { Phi, Psi } from "../curves/group/endomorphism.ts";
export {
  ENDO_ENTRIES,
  EndoScratch,
  mulCt,
  mulEndoCt,
  mulVartime,
  selectPoint,
  selectWindow,
  WINDOW_ENTRIES,
  WindowScratch,
} from "../curves/group/scalar_mul.ts";
export { FixedBaseTable, selectRow } from "../curves/group/fixed_base.ts";
export { type SumTuning, sumVartime } from "../curves/group/sum.ts";
export { type B3Coefficients, b3Coefficients, pointModuleBytes } from "../curves/group/wasm_point.ts";
export {
  selectExtras,
  selectModuleBytes,
  selectName,
  type SelectShape,
  wasmSelector,
} from "../curves/group/wasm_select.ts";
export { fp2IO64 } from "../curves/codecs/eip2537.ts";
export { FinalExp } from "../curves/pairing/final_exp.ts";
export { millerAddStep, millerDblStep, STEP_SCRATCH } from "../curves/pairing/miller_steps.ts";
export { wasmMillerFunctions } from "../curves/pairing/wasm_miller.ts";
export type {
  PairingFunctions,
  PairingInput,
  PairingParams,
  PairingResult,
} from "../curves/pairing/pairing.ts";
export { dstBytes, expandMessageXmd } from "../curves/hash_to_curve/expand.ts";
export { fp2H2c, HashToField } from "../curves/hash_to_curve/field.ts";
export { SqrtRatio } from "../curves/hash_to_curve/sswu.ts";
export { Isogeny, type IsogenyCoefficients } from "../curves/hash_to_curve/isogeny.ts";
export type { HashingGroup } from "../curves/hash_to_curve/suite.ts";

// ---- the curves' data ----
export { FIELD_PLANS, FIELDS, TOWERS } from "../curves/registry.ts";
export { X as BLS12_381_X } from "../curves/bls12_381/params.ts";
export { BLS12_381_FP_PLAN } from "../curves/bls12_381/plan.ts";
export { g1Phi as bls12_381Phi } from "../curves/bls12_381/endomorphism.ts";
export { PAIRING as BLS12_381_PAIRING } from "../curves/bls12_381/pairing.ts";
export { H_EFF_G1, SWU_G1, swuG2 } from "../curves/bls12_381/hash_to_curve.ts";
export { ISO_G1, ISO_G2 } from "../curves/bls12_381/isogeny.ts";
export { checkSecretKey, keyGen } from "../curves/bls12_381/signatures/keygen.ts";
export { signatureSuite } from "../curves/bls12_381/signatures/mod.ts";
export { popTag, suiteId, suiteSpec } from "../curves/bls12_381/signatures/spec.ts";
export { blsSuite } from "../curves/bls12_381/signatures/suite.ts";
export { SecretKeyImpl } from "../curves/bls12_381/signatures/values.ts";
/** The Ethereum suite's DSTs (draft-irtf-cfrg-bls-signature-05 §4.2.3), spelled out for tests. */
export const BLS_POP_DST = "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";
export const BLS_POP_PROOF_DST = "BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";
export { U as BN254_U } from "../curves/bn254/params.ts";
export {
  G1_LAMBDA as BN254_G1_LAMBDA,
  g1Basis as bn254G1Basis,
  g1Phi as bn254Phi,
  G2_SUBGROUP_RELATION as BN254_G2_SUBGROUP_RELATION,
  g2Basis as bn254G2Basis,
} from "../curves/bn254/endomorphism.ts";
export { PAIRING as BN254_PAIRING } from "../curves/bn254/pairing.ts";
export { BN254_FP_PLAN } from "../curves/bn254/plan.ts";

// ---- x25519/ ----
export type { LimbBounds, X25519Backend, X25519Kernel } from "../x25519/kernel.ts";
export { kernelFor as x25519KernelFor } from "../x25519/backend.ts";
export {
  A24,
  A_MONT,
  BASE_U,
  edwardsAddVartime,
  edwardsBase,
  edwardsD,
  type ExtendedPoint,
  invVartime as x25519InvVartime,
  mod as x25519Mod,
  montgomeryU,
  P as X25519_P,
  sqrtM1,
  toAffineVartime,
} from "../x25519/curve.ts";
export { baseTable, ENTRY_ENCODED_BYTES, TABLE_COLS, TABLE_ROWS } from "../x25519/base_table.ts";
export { LIMBS as X25519_TS_LIMBS } from "../x25519/ts/field.ts";
export * as x25519TsField from "../x25519/ts/field.ts";
export { select as x25519TsSelect, TS_BOUNDS } from "../x25519/ts/backend.ts";
export { CARRY_ORDER, LIMBS as X25519_WASM_LIMBS, WIDTHS } from "../x25519/wasm/field.ts";
export { OFFSETS as X25519_WASM_OFFSETS, TIGHT as X25519_WASM_TIGHT } from "../x25519/wasm/field.ts";
export {
  createWasmKernel as createX25519WasmKernel,
  GENERIC_BASE_USES as X25519_GENERIC_BASE_USES,
  WASM_BOUNDS,
} from "../x25519/wasm/backend.ts";
export { buildTableInWasm } from "../x25519/wasm/table.ts";
export * as x25519Layout from "../x25519/wasm/layout.ts";
export { buildX25519Wasm } from "../x25519/wasm/module.ts";
export { X25519_WIDE, x25519WideBytes } from "../x25519/wasm/wide.ts";
export { packagedX25519Module } from "../x25519/wasm/packaged.ts";
export {
  type LadderShape as X25519LadderShape,
  ladderShapeFor as x25519LadderShapeFor,
  setX25519LadderShape,
  x25519LadderShape,
} from "../x25519/wasm/shape.ts";
export { detectEngine, type EngineInfo, thisEngine } from "../wasm/engine.ts";
export {
  type FieldMulShape,
  fieldMulShape,
  fieldMulShapeFor,
  portableFieldMulShape,
  portableShapeNow,
  REDUCED_RADIX,
  setFieldMulShape,
} from "../field/wasm/shape.ts";
export { generateFieldTs } from "../x25519/gen/field_ts.ts";
export { type Bls12_381Groups, bls12_381Groups } from "../curves/bls12_381/groups.ts";
export { type Bn254Groups, bn254Groups } from "../curves/bn254/groups.ts";
export type { H2cGroup } from "../curves/hash_to_curve/suite.ts";
export type { Codec } from "../curves/group/api.ts";
// ---- tests/bounds/ (call-level bound analysis) ----
export { JAC_SCRATCH } from "../curves/group/jacobian.ts";
export { SUM_LEVEL_SCRATCH } from "../curves/group/wasm_sum.ts";
