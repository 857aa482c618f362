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
 * import { bls12_381 } from "@isochron/curves/bls12-381";
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
import { describe, type FieldDescription } from "../../field/params.ts";
import { FP, FR_FIELD, R as r, X as BLS12_381_X } from "./params.ts";
import type { Fp2Value } from "../../field/tower/fp2_value.ts";
import type { Codec } from "../group/api.ts";
import type { H2cGroup, HashToCurve } from "../hash_to_curve/suite.ts";
import { bls12_381Groups } from "./groups.ts";
import { PAIRING } from "./pairing.ts";
import { type PairingFunctions, pairingFunctions } from "../pairing/pairing.ts";
import { type ScalarField, scalarField } from "../../scalar/fr.ts";
import { bls12_381Fields } from "./fields.ts";
import type { BigintFields } from "../../field/bigint/fields.ts";
import { keysInG1, keysInG2, signatureSuite } from "./signatures/mod.ts";
import { type NobleBlsSignatures, nobleSignatures, randomSecretKey } from "./signatures/noble.ts";
import { type NoblePairingMembers, noblePairingMembers } from "../pairing/noble.ts";
import { suiteId } from "./signatures/spec.ts";
export type { NobleBlsSignatures, NobleSignatureCoder, PointOrBytes } from "./signatures/noble.ts";
import type { BlsSuiteOptions } from "./signatures/spec.ts";
import type { BlsPopSuite, BlsSuite } from "./signatures/suite.ts";
export type { BlsScheme, BlsSuiteOptions } from "./signatures/spec.ts";
export type {
  BlsBatchItem,
  BlsPointDecoder,
  BlsPopSuite,
  BlsSecretKeys,
  BlsSuite,
} from "./signatures/suite.ts";
export type {
  BlsEncodedPoint,
  BlsGroupName,
  BlsProof,
  BlsPublicKey,
  BlsSecretKey,
  BlsSignature,
} from "./signatures/values.ts";

export type * from "../public_types.ts";
export type { H2cGroup, HashToCurve };
export type { DstArgument, HasherDefaults } from "../hash_to_curve/suite.ts";

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
export interface Bls12_381 extends PairingFunctions, NoblePairingMembers {
  /** The curve parameter x (negative). */
  readonly x: bigint;
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
  readonly G1: H2cGroup<bigint>;
  /** G2 on the current backend (built on first access). */
  readonly G2: H2cGroup<Fp2Value>;
  /** The EIP-2537 encodings of G1 and G2 on the current backend (`G1.codec("eip2537")`, `G2.…`). */
  readonly eip2537: Eip2537Codecs;
  /**
   * BLS signatures, the Ethereum suite `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`: public keys in
   * G1 (48 bytes), signatures in G2 (96 bytes), proofs of possession; on the current backend. Keys,
   * signatures and proofs are opaque values (`sig.SecretKey.fromBytes`, `sig.PublicKey.fromBytes`,
   * `sig.Signature.fromBytes`, and `toBytes()` on each), so a swapped argument throws INVALID_TYPE.
   */
  readonly sig: BlsPopSuite;
  /**
   * Noble's `longSignatures` (keys in G1, signatures in G2), its argument order: `sign(H, sk)`
   * with `H = hash(msg)`, `verify(sig, H, pk)`; default DST `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_`.
   */
  readonly longSignatures: NobleBlsSignatures<bigint, Fp2Value>;
  /** Noble's `shortSignatures` (keys in G2, signatures in G1), as `longSignatures`. */
  readonly shortSignatures: NobleBlsSignatures<Fp2Value, bigint>;
  /**
   * A BLS signature suite of draft-irtf-cfrg-bls-signature-05: public keys in G1 (default) or G2
   * (signatures in G1: drand quicknet, Sui, the Internet Computer), the scheme "pop" (default),
   * "basic" or "aug", and optionally an application's own DSTs. On the current backend.
   * @param options the public-key group, the scheme, and the DSTs `dst` and `popDst` (POP only).
   * @returns the POP suite.
   * @throws {IsochronError} INVALID_TYPE when `options` is not an object, for an unknown group or
   * scheme, a DST that is neither a string nor bytes, or `popDst` outside POP; INVALID_LENGTH for an
   * empty DST.
   *
   * @example
   * ```ts
   * import { bls12_381 } from "@isochron/curves/bls12-381";
   * // drand quicknet: keys in G2, signatures in G1, basic scheme (BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_).
   * const quicknet = bls12_381.signatureSuite({ publicKeyGroup: "G2", scheme: "basic" });
   * const pk = quicknet.PublicKey.fromHex(
   *   "83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a",
   * );
   * const sig = quicknet.Signature.fromHex(
   *   "b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39",
   * );
   * const round = new Uint8Array(8);
   * new DataView(round.buffer).setBigUint64(0, 1000n); // the message is SHA-256(round, 8 bytes big-endian)
   * const msg = new Uint8Array(await crypto.subtle.digest("SHA-256", round));
   * if (!quicknet.verify(pk, msg, sig)) throw new Error("beacon 1000 does not verify");
   * ```
   */
  signatureSuite(options: BlsSuiteOptions & { readonly scheme?: "pop" }): BlsPopSuite;
  /**
   * The basic or message-augmentation suite `options` name (no proofs, no FastAggregateVerify).
   * @param options the public-key group, the scheme and the DST `dst`.
   * @returns the basic or AUG suite.
   * @throws {IsochronError} as the POP form.
   */
  signatureSuite(options: BlsSuiteOptions & { readonly scheme: "basic" | "aug" }): BlsSuite;
}

const pairingBls12_381 = pairingFunctions(PAIRING, () => bls12_381Groups().G2.BASE);

/** BLS12-381. */
export const bls12_381: Bls12_381 = Object.freeze({
  ...pairingBls12_381,
  x: BLS12_381_X,
  fp: describe(FP),
  fr: FR_FIELD,
  Fr: scalarField(r),
  get fields(): BigintFields {
    return bls12_381Fields();
  },
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
  ...noblePairingMembers(PAIRING, randomSecretKey),
  sig: signatureSuite() as BlsPopSuite,
  longSignatures: nobleSignatures(keysInG1(), suiteId("G2", "basic")),
  shortSignatures: nobleSignatures(keysInG2(), suiteId("G1", "basic")),
  signatureSuite: ((options: BlsSuiteOptions) => signatureSuite(options)) as Bls12_381["signatureSuite"],
});
