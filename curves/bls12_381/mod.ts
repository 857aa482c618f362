/**
 * BLS12-381: parameters, and the groups G1 ⊂ E(Fp) and G2 ⊂ E'(Fp2) with the ZCash encoding (the
 * default: `fromBytes`, `toBytes`) and the EIP-2537 one (`bls12_381.eip2537.G1`, `.G2`).
 *
 * E: y² = x³ + 4 over Fp; E': y² = x³ + 4(1 + u) over Fp2 (M-twist, b' = 4ξ with ξ = 1 + u). Source:
 * Bowe 2017, "BLS12-381: New zk-SNARK Elliptic Curve Construction"; draft-irtf-cfrg-pairing-friendly-
 * curves-11 §4.2.1 (parameters and the generators below).
 *
 * @example
 * ```ts
 * import { bls12_381 } from "./mod.ts";
 * const { G1 } = bls12_381;
 * const P = G1.BASE.multiply(5n);
 * const Q = G1.fromBytes(P.toBytes());
 * if (!Q.equals(G1.BASE.add(G1.BASE.double().double())) || bls12_381.fp.bits !== 381) {
 *   throw new Error("unexpected");
 * }
 * const { eip2537 } = bls12_381; // the EVM precompiles' encoding
 * const e = eip2537.G1.encode(P); // 128 bytes
 * if (e.length !== 128 || !eip2537.G1.decode(e).equals(P)) throw new Error("unexpected");
 * ```
 * @module
 */
import { describe, type FieldDescription, type FieldName } from "../../field/params.ts";
import { FP, FR, X as BLS12_381_X } from "./params.ts";
import type { Backend } from "../../field/kernel.ts";
import type { Fp2Value } from "../../field/tower/fp2_value.ts";
import type { Affine, Codec, Group, Point } from "../group/api.ts";
import type { H2cGroup, HashToCurve } from "../hash_to_curve/suite.ts";
import { bls12_381Groups } from "./groups.ts";
import { PAIRING } from "./pairing.ts";
import { type PairingFunctions, pairingFunctions } from "../pairing/pairing.ts";
import { type ScalarField, scalarField } from "../../scalar/fr.ts";
import { type BlsSignatures, blsSignatures } from "./signatures.ts";

export type { PairingFunctions, PairingInput, PairingResult } from "../pairing/pairing.ts";
export type { Affine, Backend, Codec, FieldDescription, FieldName, Fp2Value, Group, Point, ScalarField };
export type { BlsSignatures, H2cGroup, HashToCurve };

const r = FR.p;

/**
 * The EIP-2537 (EVM BLS12-381 precompiles) encodings: each Fp element a 64-byte big-endian integer
 * whose top 16 bytes are zero, Fp2 as c0‖c1, a point as x ‖ y, all zeros = infinity; no compressed
 * form. `decode` checks padding, field range, curve and subgroup (the MSM and pairing precompiles),
 * `decodeUnchecked` all but the subgroup (the ADD precompiles).
 */
export interface Eip2537Codecs {
  /** G1 points, 128 bytes. */
  readonly G1: Codec<bigint>;
  /** G2 points, 256 bytes. */
  readonly G2: Codec<Fp2Value>;
}

/** BLS12-381's public description and groups. */
export interface Bls12_381 extends PairingFunctions {
  /** The curve parameter x (negative). */
  readonly x: bigint;
  /** The base field. */
  readonly fp: FieldDescription;
  /** The scalar field (order of G1 and G2). */
  readonly fr: FieldDescription;
  /** Scalars: `random()`, canonical `fromBytes`/`toBytes` (32 bytes big-endian), `ORDER` = r. */
  readonly Fr: ScalarField;
  /** G1 on the current backend (built on first access). */
  readonly G1: H2cGroup<bigint>;
  /** G2 on the current backend (built on first access). */
  readonly G2: H2cGroup<Fp2Value>;
  /** The EIP-2537 encodings of G1 and G2 on the current backend (`G1.codec("eip2537")`, `G2.…`). */
  readonly eip2537: Eip2537Codecs;
  /**
   * BLS signatures, the Ethereum suite (BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_): public keys in
   * G1 (48 bytes), signatures in G2 (96 bytes); on the current backend. See curves/bls12_381/signatures.ts.
   */
  readonly sig: BlsSignatures;
}

const pairingBls12_381 = pairingFunctions(PAIRING);

/** BLS12-381. */
export const bls12_381: Bls12_381 = Object.freeze({
  ...pairingBls12_381,
  x: BLS12_381_X,
  fp: describe(FP),
  fr: describe(FR),
  Fr: scalarField(r),
  get G1(): H2cGroup<bigint> {
    return bls12_381Groups().G1;
  },
  get G2(): H2cGroup<Fp2Value> {
    return bls12_381Groups().G2;
  },
  eip2537: Object.freeze({
    get G1(): Codec<bigint> {
      return bls12_381Groups().G1.codec("eip2537");
    },
    get G2(): Codec<Fp2Value> {
      return bls12_381Groups().G2.codec("eip2537");
    },
  }),
  sig: blsSignatures(() => bls12_381Groups(), pairingBls12_381.pairingCheck),
});
