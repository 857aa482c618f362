/**
 * BN254 (alt_bn128): parameters, and the groups G1 = E(Fp) and G2 ⊂ E'(Fp2) with the Ethereum
 * (EIP-196/197) encoding, plus gnark-crypto's compressed form.
 *
 * E: y² = x³ + 3 over Fp (cofactor 1); E': y² = x³ + 3/ξ over Fp2 with ξ = 9 + u (D-twist). Source:
 * EIP-196, EIP-197 (parameters and the generators below); draft-irtf-cfrg-pairing-friendly-curves-11
 * §4.2.2. G2's cofactor is 2p − r (#E'(Fp2) = r·(2p − r) for BN curves).
 *
 * @example
 * ```ts
 * import { bn254 } from "@isochron/curves/bn254";
 * const { G1 } = bn254;
 * const P = G1.BASE.multiply(7n);
 * if (!G1.fromBytes(P.toBytes()).equals(P) || bn254.fp.bits !== 254) throw new Error("unexpected");
 * ```
 * @module
 */
import { describe, type FieldDescription } from "../../field/params.ts";
import { FP, FR_FIELD, R as r, U as BN254_U } from "./params.ts";
import type { Fp2Value } from "../../field/tower/fp2_value.ts";
import type { Group } from "../group/api.ts";
import { bn254Groups } from "./groups.ts";
import { PAIRING } from "./pairing.ts";
import { type PairingFunctions, pairingFunctions } from "../pairing/pairing.ts";
import { type ScalarField, scalarField } from "../../scalar/fr.ts";
import { bn254Fields } from "./fields.ts";
import type { BigintFields } from "../../field/bigint/fields.ts";
import { type NoblePairingMembers, noblePairingMembers } from "../pairing/noble.ts";
import { seedSecretKey } from "../../scalar/seed_key.ts";

export type * from "../public_types.ts";

/** BN254's public description and groups. */
export interface Bn254 extends PairingFunctions, NoblePairingMembers {
  /** The curve parameter u. */
  readonly u: bigint;
  /** The base field. */
  readonly fp: FieldDescription;
  /** The scalar field (order of G1 and G2). */
  readonly fr: FieldDescription;
  /** Scalars: `random()`, canonical `fromBytes`/`toBytes` (32 bytes big-endian), `ORDER` = r. */
  readonly Fr: ScalarField;
  /**
   * The BigInt fields of noble's `fields` (Fp, Fr, Fp2, Fp6, Fp12: `IField`s, variable-time), built on
   * first access.
   */
  readonly fields: BigintFields;
  /** G1 on the current backend (built on first access). */
  readonly G1: Group<bigint>;
  /** G2 on the current backend (built on first access). */
  readonly G2: Group<Fp2Value>;
}

/** BN254. */
export const bn254: Bn254 = Object.freeze({
  ...pairingFunctions(PAIRING, () => bn254Groups().G2.BASE),
  ...noblePairingMembers(PAIRING, seedSecretKey(r)),
  u: BN254_U,
  fp: describe(FP),
  fr: FR_FIELD,
  Fr: scalarField(r),
  get fields(): BigintFields {
    return bn254Fields();
  },
  get G1(): Group<bigint> {
    return bn254Groups().G1;
  },
  get G2(): Group<Fp2Value> {
    return bn254Groups().G2;
  },
});
