/**
 * The public types every curve's entry point exports (curves/<curve>/mod.ts re-exports this module
 * whole): groups and points, encodings, pairings and their values, the noble-compatible members, the
 * BigInt fields, scalars and backends. Types only; the list is checked by
 * tests/architecture/public_api.test.ts.
 * @module
 */
export type { Affine, Codec, CurveParams, Group, Point, PointConstructor } from "./group/api.ts";
export type {
  Fp12Value,
  Fp6Value,
  PairingBatchItem,
  PairingFunctions,
  PairingInput,
  PairingResult,
} from "./pairing/pairing.ts";
export type { NoblePairingMembers, NoblePairingParams } from "./pairing/noble.ts";
export type { Fp2Value } from "../field/tower/fp2_value.ts";
export type {
  BigintField,
  BigintFields,
  BigintFp12,
  BigintFp2,
  BigintFp6,
  BigintTower,
  IField,
} from "../field/bigint/types.ts";
export type { ScalarField } from "../scalar/fr.ts";
export type { Backend } from "../field/kernel.ts";
export type { FieldDescription, FieldName } from "../field/params.ts";
