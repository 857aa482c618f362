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
 * import { bn254 } from "./mod.ts";
 * const { G1 } = bn254;
 * const P = G1.BASE.multiply(7n);
 * if (!G1.fromBytes(P.toBytes()).equals(P) || bn254.fp.bits !== 254) throw new Error("unexpected");
 * ```
 * @module
 */
import { describe, type FieldDescription, type FieldName } from "../../field/params.ts";
import { FP, FR, P as p, R as r, TOWER, U as BN254_U } from "./params.ts";
import type { Backend, FieldKernel, SlotStore } from "../../field/kernel.ts";
import { type Tower, tower } from "../../field/tower/mod.ts";
import { G1_ENDOMORPHISM, G2_ENDOMORPHISM } from "./endomorphism.ts";
import { lazyState } from "../../field/lazy_state.ts";
import { B_G2, BN254_FP_PLAN } from "./plan.ts";
import { type CoordField, fp2Coords, type Fp2Value, fpCoords } from "../group/coord_field.ts";
import { fp2IO, fpIO } from "../codecs/elem_io.ts";
import { type Affine, Group, Point } from "../group/group.ts";
import type { Codec, CodecSpec, CodecSpecs, Compression } from "../group/codec.ts";
import type { Projective } from "../group/projective.ts";
import { PAIRING } from "./pairing.ts";
import { type PairingFunctions, pairingFunctions } from "../pairing/pairing.ts";
export type { PairingFunctions, PairingInput, PairingResult } from "../pairing/pairing.ts";
import { ethCodec } from "../codecs/eth.ts";
import { type ScalarField, scalarField } from "../../scalar/fr.ts";
export type { ScalarField };

export type { FieldDescription, FieldName };
export type { Affine, Backend, CoordField, FieldKernel, Fp2Value, Projective, SlotStore };
export type { Codec, CodecSpec, CodecSpecs, Compression };
export { Group, Point };

/** The generators, EIP-196 (G1 = (1, 2)) and EIP-197 (G2). */
const G1_GEN: Affine<bigint> = { x: 1n, y: 2n };
const G2_GEN: Affine<Fp2Value> = {
  x: {
    c0: 10857046999023057135944570762232829481370756359578518086990519993285655852781n,
    c1: 11559732032986387107991004021392285783925812861821192530917403151452391805634n,
  },
  y: {
    c0: 8495653923123431417604973247489272438418190587263600148770280649306958101930n,
    c1: 4082367875863433681332203403145435568316851327593401208105741076214120093531n,
  },
};

/** G1 and G2 on one backend's kernels. */
export interface Bn254Groups {
  /** G1 = E(Fp), points with bigint coordinates. */
  readonly G1: Group<bigint>;
  /** G2 ⊂ E'(Fp2). */
  readonly G2: Group<Fp2Value>;
}

/** G1 and G2 on `backend` (default: the field layer's current choice), built on first use and cached. */
export function bn254Groups(backend?: Backend): Bn254Groups {
  return groupsOf(tower(TOWER, backend, BN254_FP_PLAN));
}

/** The groups of a tower's kernel (built once per kernel). */
const groupsOf = lazyState((tw: Tower): Bn254Groups => {
  const b = 3n;
  const f = tw.fp2;
  const G1 = new Group<bigint>({
    name: "bn254 G1",
    F: fpCoords(tw.fp),
    b,
    generator: G1_GEN,
    r,
    h: 1n,
    codecs: { default: ethCodec(fpIO(tw.fp)) },
    endomorphism: G1_ENDOMORPHISM,
  });
  const G2 = new Group<Fp2Value>({
    name: "bn254 G2",
    F: fp2Coords(f),
    b: B_G2,
    generator: G2_GEN,
    r,
    h: 2n * p - r,
    codecs: { default: ethCodec(fp2IO(f)) },
    endomorphism: G2_ENDOMORPHISM,
  });
  return Object.freeze({ G1, G2 });
});

/** BN254's public description and groups. */
export interface Bn254 extends PairingFunctions {
  /** The curve parameter u. */
  readonly u: bigint;
  /** The base field. */
  readonly fp: FieldDescription;
  /** The scalar field (order of G1 and G2). */
  readonly fr: FieldDescription;
  /** Scalars: `random()`, canonical `fromBytes`/`toBytes` (32 bytes big-endian), `ORDER` = r. */
  readonly Fr: ScalarField;
  /** G1 on the current backend (built on first access). */
  readonly G1: Group<bigint>;
  /** G2 on the current backend (built on first access). */
  readonly G2: Group<Fp2Value>;
}

/** BN254. */
export const bn254: Bn254 = Object.freeze({
  ...pairingFunctions(PAIRING),
  u: BN254_U,
  fp: describe(FP),
  fr: describe(FR),
  Fr: scalarField(r),
  get G1(): Group<bigint> {
    return bn254Groups().G1;
  },
  get G2(): Group<Fp2Value> {
    return bn254Groups().G2;
  },
});
